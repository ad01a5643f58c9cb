/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * elfsym-test: probes/elfsym from the inside.
 *
 *   elfsym-test self            checks on this very program (below)
 *   elfsym-test build-id FILE   prints the build-id, or "none"
 *   elfsym-test open FILE       prints "ok E_TYPE MACHINE CLASS" or the
 *                               error string pb_elf_open() gives
 *   elfsym-test mem FILE        lists FILE's .symtab and .dynsym opened
 *                               from memory: "NAME TYPE VALUE" lines
 *   elfsym-test list FILE       the same, opened by path
 *
 * "self" asserts that a function's symbol, relocated by the load bias
 * pb_elf_bias() computes from /proc/self/maps, is the function's
 * run-time address, and that pb_elf_read() at its link-time address
 * gives the bytes the process runs.
 */
#include <config.h>

#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probes/elfsym.h"
#include "t/check.h"

/* The function whose bytes and address we look for. */
__attribute__((noinline, used)) int elfsym_probe_fn(int x);

int
elfsym_probe_fn(int x)
{
	return x * 7 + 3;
}

static const pb_sym_t *
find(pb_elf_t *e, int table, const char *name)
{
	const pb_sym_t *s;
	size_t n, i;
	char err[256];

	if (pb_elf_symbols(e, table, &s, &n, err, sizeof(err)) != 0) {
		printf("FAIL: symbols: %s\n", err);
		failures++;
		return NULL;
	}
	for (i = 0; i < n; i++)
		if (strcmp(s[i].sy_name, name) == 0)
			return &s[i];
	return NULL;
}

static int
self(void)
{
	char err[256], line[4096], exe[4096], file[4096], perms[8];
	unsigned long long start, end, off;
	unsigned char bytes[32];
	const pb_load_t *loads;
	const pb_sym_t *s;
	size_t nloads;
	uint64_t bias = 0;
	bool found = false;
	pb_elf_t *e;
	ssize_t len;
	FILE *maps;

	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	CHECK(len > 0);
	exe[len > 0 ? len : 0] = '\0';
	e = pb_elf_open("/proc/self/exe", err, sizeof(err));
	if (e == NULL) {
		printf("FAIL: open /proc/self/exe: %s\n", err);
		return 1;
	}
	CHECK(pb_elf_machine(e) == EM_X86_64);
	CHECK(pb_elf_class(e) == ELFCLASS64);
	CHECK(pb_elf_type(e) == ET_DYN || pb_elf_type(e) == ET_EXEC);
	CHECK(pb_elf_has_table(e, PB_SYMTAB) && pb_elf_has_table(e, PB_DYNSYM));
	pb_elf_loads(e, &loads, &nloads);
	CHECK(nloads >= 2);

	s = find(e, PB_SYMTAB, "elfsym_probe_fn");
	CHECK(s != NULL);
	if (s == NULL)
		return 1;
	CHECK(s->sy_type == 'T');
	CHECK(s->sy_flags & PB_SYF_FUNC);
	CHECK(!(s->sy_flags & PB_SYF_UNDEF));
	CHECK(GELF_ST_TYPE(s->sy_info) == STT_FUNC);
	CHECK(s->sy_size > 0 && s->sy_size < 4096);
	CHECK(s->sy_version == NULL);
	s = find(e, PB_SYMTAB, "elfsym_probe_fn");	/* loaded once */

	/* The first mapping of our file gives the bias. */
	maps = fopen("/proc/self/maps", "r");
	CHECK(maps != NULL);
	while (maps && fgets(line, sizeof(line), maps)) {
		file[0] = '\0';
		if (sscanf(line, "%llx-%llx %7s %llx %*s %*s %4095s", &start,
		    &end, perms, &off, file) == 5 && strcmp(file, exe) == 0) {
			unsigned fl = (perms[0] == 'r' ? PF_R : 0) |
			    (perms[1] == 'w' ? PF_W : 0) |
			    (perms[2] == 'x' ? PF_X : 0);

			CHECK(pb_elf_bias(e, start, off, fl, &bias) == 0);
			found = true;
			break;
		}
	}
	if (maps)
		fclose(maps);
	CHECK(found);
	CHECK(s->sy_value + bias == (uintptr_t)elfsym_probe_fn);

	/* The file's bytes are the running bytes. */
	CHECK(pb_elf_read(e, s->sy_value, bytes, sizeof(bytes)) == 0);
	CHECK(memcmp(bytes, (void *)elfsym_probe_fn, sizeof(bytes)) == 0);
	/* Addresses in no PT_LOAD, and a range that wraps around. */
	CHECK(pb_elf_read(e, 0xffffffffffff0000ULL, bytes, 8) == -1);
	CHECK(pb_elf_read(e, UINT64_MAX - 2, bytes, 8) == -1);
	CHECK(pb_elf_bias(e, 0x1000, 0x7fffffffffff000ULL, 0, &bias) == -1);

	/* An undefined import from libelf (sanitizers intercept libc's):
	 * 'U', a version, printed after one '@'. */
	s = find(e, PB_DYNSYM, "elf_version");
	CHECK(s != NULL && s->sy_type == 'U' && (s->sy_flags & PB_SYF_UNDEF) &&
	    s->sy_version != NULL &&
	    strncmp(s->sy_version, "ELFUTILS_", 9) == 0 &&
	    (s->sy_flags & PB_SYF_VERAT));
	pb_elf_close(e);
	pb_elf_close(NULL);
	if (failures == 0)
		printf("elfsym-test self: all checks passed\n");
	return failures != 0;
}

static int
list(const char *path, bool from_mem)
{
	char err[256];
	struct stat st;
	unsigned char *buf;
	const pb_sym_t *s;
	size_t n, i;
	pb_elf_t *e;
	int fd, t;

	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) != 0)
		return 2;
	buf = malloc(st.st_size + 1);
	if (buf == NULL || read(fd, buf, st.st_size) != st.st_size)
		return 2;
	close(fd);
	if (from_mem)
		e = pb_elf_open_mem(buf, st.st_size, err, sizeof(err));
	else
		e = pb_elf_open(path, err, sizeof(err));
	if (e == NULL) {
		printf("%s\n", err);
		return 1;
	}
	for (t = PB_SYMTAB; t <= PB_DYNSYM; t++) {
		if (pb_elf_symbols(e, t, &s, &n, err, sizeof(err)) != 0) {
			printf("%s\n", err);
			return 1;
		}
		for (i = 0; i < n; i++)
			printf("%s %c %016" PRIx64 "\n", s[i].sy_name,
			    s[i].sy_type, s[i].sy_value);
	}
	pb_elf_close(e);
	free(buf);
	return 0;
}

int
main(int argc, char **argv)
{
	char err[256];
	const char *id;
	pb_elf_t *e;

	if (argc == 2 && strcmp(argv[1], "self") == 0)
		return self();
	if (argc != 3) {
		fprintf(stderr, "usage: elfsym-test self|build-id|open|mem|list FILE\n");
		return 2;
	}
	if (strcmp(argv[1], "mem") == 0)
		return list(argv[2], true);
	if (strcmp(argv[1], "list") == 0)
		return list(argv[2], false);
	e = pb_elf_open(argv[2], err, sizeof(err));
	if (e == NULL) {
		printf("%s\n", err);
		return 1;
	}
	if (strcmp(argv[1], "build-id") == 0) {
		id = pb_elf_build_id(e);
		printf("%s\n", id ? id : "none");
	} else {
		printf("ok %d %d %d\n", pb_elf_type(e), pb_elf_machine(e),
		    pb_elf_class(e));
	}
	pb_elf_close(e);
	return 0;
}
