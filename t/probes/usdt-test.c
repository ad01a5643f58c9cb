/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * usdt: argument specifications parsed and evaluated against a register
 * set and a fake memory, sign and zero extension by the size's sign,
 * every register width, the malformed ones refused with one line; the
 * notes of t/targets/usdt-args read from the file (provider, names,
 * semaphore, .stapsdt.base) and the "__" names shown with "-".
 */
#include "config.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/user.h>

#include "probes/elfsym.h"
#include "probes/usdt.h"
#include "t/check.h"

/* 64 bytes of fake memory at 0x1000. */
static unsigned char mem[64];

static int
readmem(void *arg, uint64_t addr, void *buf, size_t len)
{
	(void)arg;
	if (addr < 0x1000 || addr + len > 0x1000 + sizeof(mem))
		return -1;
	memcpy(buf, mem + (addr - 0x1000), len);
	return 0;
}

static int
syms(void *arg, const char *name, uint64_t *v)
{
	(void)arg;
	if (strcmp(name, "CheckpointStats") == 0) {
		*v = 0x1000;	/* link-time; the bias moves it */
		return 0;
	}
	return -1;
}

static struct user_regs_struct regs;

/* Parse spec (one argument), evaluate, compare with want. */
static void
one(const char *spec, uint64_t bias, uint64_t want)
{
	pb_usdt_arg_t a[PB_USDT_MAXARGS];
	char err[256] = "";
	uint64_t v = 0xdead;
	int n;

	n = pb_usdt_args_parse(spec, a, syms, NULL, err, sizeof(err));
	CHECKF(n == 1, "%s: n=%d %s", spec, n, err);
	if (n != 1)
		return;
	CHECKF(pb_usdt_arg_eval(a, &regs, bias, readmem, NULL, &v) == 0,
	    "%s: eval failed", spec);
	CHECKF(v == want, "%s: got 0x%" PRIx64 " want 0x%" PRIx64, spec, v,
	    want);
}

static void
bad(const char *spec, const char *want)
{
	pb_usdt_arg_t a[PB_USDT_MAXARGS];
	char err[256] = "";
	int n;

	n = pb_usdt_args_parse(spec, a, syms, NULL, err, sizeof(err));
	CHECKF(n == -1, "%s: accepted (n=%d)", spec, n);
	CHECKF(strcmp(err, want) == 0, "%s: error '%s', want '%s'", spec, err,
	    want);
}

static void
evaluation(void)
{
	int64_t m = -5;

	regs.rax = 0x1122334455667788;
	regs.rdi = 0xffffffff80000001;
	regs.rsi = 0x00000000000000ff;
	regs.rbx = 0x1000;
	regs.rcx = 2;
	regs.rsp = 0x1010;
	regs.r8 = 0xfffe;
	regs.r15 = 0x8000000000000000;
	memset(mem, 0, sizeof(mem));
	memcpy(mem + 16, &m, 8);	/* 0x1010 = (%rsp) */
	mem[40] = 0xfe;			/* 0x1028 = 40+CheckpointStats */
	mem[41] = 0xff;
	mem[42] = 0xff;
	mem[43] = 0xff;
	mem[60] = 0x80;			/* 0x103c: 60(%rbx) */

	/* registers, every width, both signs */
	one("8@%rax", 0, 0x1122334455667788);
	one("-4@%eax", 0, 0x55667788);
	one("4@%eax", 0, 0x55667788);
	one("-2@%ax", 0, 0x7788);
	one("-1@%al", 0, 0xffffffffffffff88);
	one("1@%al", 0, 0x88);
	one("1@%ah", 0, 0x77);
	one("-4@%edi", 0, 0xffffffff80000001);
	one("4@%edi", 0, 0x80000001);
	one("-1@%sil", 0, 0xffffffffffffffff);
	one("1@%sil", 0, 0xff);
	one("-2@%r8w", 0, 0xfffffffffffffffe);
	one("2@%r8w", 0, 0xfffe);
	one("-4@%r8d", 0, 0xfffe);
	one("1@%r8b", 0, 0xfe);
	one("8@%r15", 0, 0x8000000000000000);
	one("%rdi", 0, 0xffffffff80000001);	/* no size: a long */
	/* immediates */
	one("-4@$42", 0, 42);
	one("-4@$-1", 0, UINT64_MAX);
	one("2@$-1", 0, 65535);
	one("-1@$-128", 0, (uint64_t)-128);
	one("8@$-9223372036854775808", 0, 0x8000000000000000);
	one("8@$18446744073709551615", 0, UINT64_MAX);
	one("4@$0x10", 0, 16);
	/* memory */
	one("-8@(%rsp)", 0, (uint64_t)-5);
	one("8@(%rsp)", 0, (uint64_t)-5);
	one("-4@(%rsp)", 0, (uint64_t)-5);
	one("4@(%rsp)", 0, 0xfffffffb);
	one("1@60(%rbx)", 0, 0x80);
	one("-1@60(%rbx)", 0, 0xffffffffffffff80);
	one("4@60(%rbx)", 0, 0x80);
	one("-8@-16(%rsp,%rcx,8)", 0, (uint64_t)-5);
	one("8@(%rbx,%rcx,8)", 0, (uint64_t)-5);
	one("-8@0(%rbx,%rcx,8)", 0, (uint64_t)-5);
	one("-4@40+CheckpointStats(%rip)", 0, (uint64_t)-2);
	one("-4@CheckpointStats+40(%rip)", 0, (uint64_t)-2);
	one("4@CheckpointStats+40(%rip)", 0, 0xfffffffe);
	one("-4@CheckpointStats+8(%rip)", 0x20, (uint64_t)-2);	/* bias */
	one("-8@CheckpointStats(%rip)", 0x10, (uint64_t)-5);
	/* displacements wrap, as the assembler's do (no overflow) */
	one("8@9223372036854775807+9223372036854775825(%rbx)", 0,
	    (uint64_t)-5);
}

static void
parsing(void)
{
	pb_usdt_arg_t a[PB_USDT_MAXARGS];
	char err[256];
	uint64_t v;

	CHECK(pb_usdt_args_parse("", a, NULL, NULL, err, sizeof(err)) == 0);
	CHECK(pb_usdt_args_parse("  ", a, NULL, NULL, err, sizeof(err)) == 0);
	CHECK(pb_usdt_args_parse("-4@%edi 8@%rsi -2@8(%rbp)", a, NULL, NULL,
	    err, sizeof(err)) == 3);
	CHECK(a[2].ua_kind == PB_UA_MEM && a[2].ua_size == -2 &&
	    a[2].ua_disp == 8);
	CHECK(pb_usdt_args_parse("1@%al 1@%al 1@%al 1@%al 1@%al 1@%al 1@%al "
	    "1@%al 1@%al 1@%al 1@%al 1@%al", a, NULL, NULL, err,
	    sizeof(err)) == 12);
	CHECK(sizeof(pb_usdt_arg_t) == 16);
	/* a memory operand that cannot be read: -1, value 0 */
	regs.rbx = 0x9000;
	CHECK(pb_usdt_args_parse("8@(%rbx)", a, NULL, NULL, err,
	    sizeof(err)) == 1);
	CHECK(pb_usdt_arg_eval(a, &regs, 0, readmem, NULL, &v) == -1 &&
	    v == 0);

	bad("3@%rdi", "argument 1 '3@%rdi': size must be 1, 2, 4 or 8, "
	    "negative when signed");
	bad("8@%rdi x@%rsi", "argument 2 'x@%rsi': size must be 1, 2, 4 or "
	    "8, negative when signed");
	bad("4@%xmm0", "argument 1 '4@%xmm0': unknown register 'xmm0'");
	bad("4@%r16d", "argument 1 '4@%r16d': unknown register 'r16d'");
	bad("8@%r4294967304", "argument 1 '8@%r4294967304': unknown register "
	    "'r4294967304'");
	bad("8@%rip", "argument 1 '8@%rip': %rip is not a value");
	bad("8@8(%rip)", "argument 1 '8@8(%rip)': %rip operand without a "
	    "symbol");
	bad("8@nosuch(%rip)", "argument 1 '8@nosuch(%rip)': no symbol "
	    "'nosuch'");
	bad("8@(%rbx,%rcx,3)", "argument 1 '8@(%rbx,%rcx,3)': scale must be "
	    "1, 2, 4 or 8");
	bad("8@(%ebx)", "argument 1 '8@(%ebx)': address register is not "
	    "64-bit");
	bad("8@4(%rbx", "argument 1 '8@4(%rbx': cannot parse the operand");
	bad("8@$", "argument 1 '8@$': bad immediate ''");
	bad("8@%rdi)", "argument 1 '8@%rdi)': cannot parse the operand");
	bad("8@foo", "argument 1 '8@foo': cannot parse the operand");
	bad("1@%al 1@%al 1@%al 1@%al 1@%al 1@%al 1@%al 1@%al 1@%al 1@%al "
	    "1@%al 1@%al 1@%al", "more than 12 arguments");
}

static void
names(void)
{
	char b[64];

	CHECK(strcmp(pb_usdt_dashname("function__entry", b, sizeof(b)),
	    "function-entry") == 0);
	CHECK(strcmp(pb_usdt_dashname("a___b", b, sizeof(b)), "a-_b") == 0);
	CHECK(strcmp(pb_usdt_dashname("gc_start", b, sizeof(b)),
	    "gc_start") == 0);
	CHECK(pb_usdt_name_match("function-entry", "function__entry"));
	CHECK(pb_usdt_name_match("function__entry", "function__entry"));
	CHECK(pb_usdt_name_match("function-*", "function__entry"));
	CHECK(pb_usdt_name_match("", "x"));
	CHECK(!pb_usdt_name_match("function-return", "function__entry"));
}

/* The notes of our own target, as readelf -n shows them. */
static void
notes(const char *path)
{
	char err[256] = "";
	pb_elf_t *e = pb_elf_open(path, err, sizeof(err));
	pb_usdt_file_t f;
	size_t i, nsem = 0;
	int seen = 0;

	CHECKF(e != NULL, "%s: %s", path, err);
	if (e == NULL)
		return;
	CHECKF(pb_usdt_file_read(e, &f, err, sizeof(err)) == 0, "%s", err);
	CHECKF(f.uf_n == 8, "%zu notes", f.uf_n);
	for (i = 0; i < f.uf_n; i++) {
		const pb_usdt_note_t *n = &f.uf_notes[i];
		pb_usdt_arg_t a[PB_USDT_MAXARGS];
		uint8_t nop;
		int k;

		CHECK(strcmp(n->un_provider, "ut") == 0);
		/* sys/sdt.h puts a nop at each site */
		CHECKF(pb_elf_read(e, n->un_pc, &nop, 1) == 0 && nop == 0x90,
		    "%s at 0x%" PRIx64, n->un_name, n->un_pc);
		k = pb_usdt_args_parse(n->un_args, a, NULL, NULL, err,
		    sizeof(err));
		if (strcmp(n->un_name, "mem") == 0)
			CHECKF(k == -1 && strstr(err, "no symbol 'stats'"),
			    "mem: %d %s", k, err);	/* no symfn here */
		else
			CHECKF(k >= 0, "%s: %s", n->un_name, err);
		if (strcmp(n->un_name, "twelve") == 0) {
			CHECK(k == 12);
			seen |= 1;
		}
		if (strcmp(n->un_name, "sizes") == 0) {
			CHECK(k == 8);
			seen |= 2;
		}
		if (strcmp(n->un_name, "zero") == 0) {
			CHECK(k == 0);
			seen |= 4;
		}
		if (strcmp(n->un_name, "dash__name") == 0)
			seen |= 8;
		if (n->un_sem != 0) {
			CHECK(strcmp(n->un_name, "gated") == 0);
			nsem++;
		}
	}
	CHECKF(seen == 15, "seen %#x", seen);
	CHECK(nsem == 2);	/* gated, in two functions */
	pb_usdt_file_free(&f);
	pb_elf_close(e);
}

int
main(void)
{
	const char *b = getenv("top_builddir");
	char path[4096];

	evaluation();
	parsing();
	names();
	snprintf(path, sizeof(path), "%s/t/targets/usdt-args",
	    b != NULL ? b : ".");
	notes(path);
	printf("%s\n", failures ? "FAIL" : "ok");
	return failures != 0;
}
