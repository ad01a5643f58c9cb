/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz-usdt: probes/usdt on arbitrary bytes.  An input starting with
 * "\177ELF" is opened as a file and its stapsdt notes read, each note's
 * specification parsed and evaluated; any other input is one
 * specification.  Evaluation runs against made-up registers and a
 * memory reader over a small buffer.  Any crash, leak or undefined
 * behaviour is a bug: pidtrace reads the notes of whatever a process
 * maps.
 */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/user.h>

#include "probes/elfsym.h"
#include "probes/usdt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned char mem[256];

static int
readmem(void *arg, uint64_t addr, void *buf, size_t len)
{
	(void)arg;
	if (addr < 0x1000 || addr - 0x1000 > sizeof(mem) ||
	    len > sizeof(mem) - (addr - 0x1000))
		return -1;
	memcpy(buf, mem + (addr - 0x1000), len);
	return 0;
}

static int
syms(void *arg, const char *name, uint64_t *v)
{
	(void)arg;
	*v = 0x1000 + (uint64_t)strlen(name);
	return name[0] == 'n' ? -1 : 0;
}

static volatile uint64_t sink;

static void
spec(const char *s)
{
	pb_usdt_arg_t a[PB_USDT_MAXARGS];
	struct user_regs_struct r;
	char err[256], dash[64];
	uint64_t v;
	int n, i;

	memset(&r, 0, sizeof(r));
	r.rsp = 0x1010;
	r.rbx = 0x1000;
	r.rcx = 3;
	r.rax = 0xfffffffffffffff0;
	n = pb_usdt_args_parse(s, a, syms, NULL, err, sizeof(err));
	if (n < 0)
		sink += strlen(err);
	for (i = 0; i < n; i++)
		if (pb_usdt_arg_eval(&a[i], &r, 0x10, readmem, NULL, &v) == 0)
			sink += v;
	sink += strlen(pb_usdt_dashname(s, dash, sizeof(dash)));
	sink += (uint64_t)pb_usdt_name_match("a-*", s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pb_usdt_file_t f;
	char err[256], *s;
	pb_elf_t *e;
	void *copy;
	size_t i;

	copy = malloc(size + 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	((char *)copy)[size] = '\0';
	if (size < 4 || memcmp(data, "\177ELF", 4) != 0) {
		s = copy;
		spec(s);
		free(copy);
		return 0;
	}
	e = pb_elf_open_mem(copy, size, err, sizeof(err));
	if (e != NULL) {
		if (pb_usdt_file_read(e, &f, err, sizeof(err)) == 0) {
			for (i = 0; i < f.uf_n; i++) {
				spec(f.uf_notes[i].un_args);
				spec(f.uf_notes[i].un_name);
				sink += f.uf_notes[i].un_pc + f.uf_notes[i].un_sem +
				    strlen(f.uf_notes[i].un_provider);
			}
			pb_usdt_file_free(&f);
		} else {
			sink += strlen(err);
		}
		pb_elf_close(e);
	}
	free(copy);
	return 0;
}
