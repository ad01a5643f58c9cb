/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * retsite on hand-assembled byte arrays: exact instruction offsets,
 * return-site offsets and kinds (an indirect jmp, a jump table's or a
 * tail call's, is a site of kind ind), and the refusals (undecodable
 * bytes, data, size 0).  No process, no ELF.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "probes/retsite.h"

#define START	0x401000ULL

#include "t/check.h"

struct want {
	const char *name;
	const unsigned char *code;
	size_t size;
	const char *insns;	/* "0 4 5" */
	const char *rets;	/* "e:ret 12:tail"; kinds ret tail got jcc ind */
	const char *why;	/* NULL: must be safe */
	const pb_range_t *inside;	/* a .cold part */
};

static const char *kname[] = { "?", "ret", "tail", "got", "jcc", "ind" };

static void
fmt_insns(const pb_fnscan_t *fs, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < fs->fs_ninsn && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%x", i ? " " : "",
		    fs->fs_insn[i]);
}

static void
fmt_rets(const pb_fnscan_t *fs, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < fs->fs_nret && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%llx:%s", i ? " " : "",
		    (unsigned long long)fs->fs_ret[i].rs_off,
		    kname[fs->fs_ret[i].rs_kind]);
}

static void
run(const struct want *w)
{
	pb_fnscan_t fs;
	char buf[512];

	if (pb_retsite_scan(w->code, w->size, START, w->inside,
	    w->inside ? 1 : 0, &fs) != 0) {
		CHECKF(0, "%s: scan failed", w->name);
		return;
	}
	if (w->insns != NULL) {
		fmt_insns(&fs, buf, sizeof(buf));
		CHECKF(strcmp(buf, w->insns) == 0, "%s: insns '%s', want '%s'",
		    w->name, buf, w->insns);
	}
	fmt_rets(&fs, buf, sizeof(buf));
	CHECKF(strcmp(buf, w->rets) == 0, "%s: rets '%s', want '%s'",
	    w->name, buf, w->rets);
	if (w->why == NULL)
		CHECKF(!fs.fs_unsafe && fs.fs_why[0] == '\0',
		    "%s: refused: %s", w->name, fs.fs_why);
	else
		CHECKF(fs.fs_unsafe && strcmp(fs.fs_why, w->why) == 0,
		    "%s: why '%s', want '%s'", w->name, fs.fs_why, w->why);
	printf("%-14s insns [%s] rets [%s]%s%s\n", w->name,
	    w->insns ? w->insns : "-", w->rets, fs.fs_unsafe ? " refused: " :
	    "", fs.fs_why);
	pb_fnscan_free(&fs);
}

/* endbr64; push %rbp; mov %rsp,%rbp; mov $0,%eax; pop %rbp; ret;
 * then fill: nopw 0(%rax,%rax); int3; int3 */
static const unsigned char plain[] = {
	0xf3, 0x0f, 0x1e, 0xfa, 0x55, 0x48, 0x89, 0xe5,
	0xb8, 0x00, 0x00, 0x00, 0x00, 0x5d, 0xc3,
	0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00, 0xcc, 0xcc,
};
/* test %edi,%edi; je 7 (inside); xor %eax,%eax; ret; mov $1,%eax; ret */
static const unsigned char tworets[] = {
	0x85, 0xff, 0x74, 0x03, 0x31, 0xc0, 0xc3,
	0xb8, 0x01, 0x00, 0x00, 0x00, 0xc3,
};
/* xor %eax,%eax; rep ret */
static const unsigned char repret[] = { 0x31, 0xc0, 0xf3, 0xc3 };
/* ret $8; bnd ret */
static const unsigned char retimm[] = { 0xc2, 0x08, 0x00, 0xf2, 0xc3 };
/* add $8,%rsp; jmp rel32 out (tail call); jmp rel8 out */
static const unsigned char tail[] = {
	0x48, 0x83, 0xc4, 0x08, 0xe9, 0x00, 0x01, 0x00, 0x00,
	0xeb, 0x10,
};
/* test %edi,%edi; jne rel32 out (conditional tail call); ret */
static const unsigned char jcc[] = {
	0x85, 0xff, 0x0f, 0x85, 0x00, 0x02, 0x00, 0x00, 0xc3,
};
/* xor %eax,%eax; jmp 5 (inside); jmp 0 (back to the start: a loop);
 * nop; ret */
static const unsigned char inside[] = {
	0x31, 0xc0, 0xeb, 0x01, 0xeb, 0xfa, 0x90, 0xc3,
};
/* mov %edi,%edi; jmp *0x0(,%rdi,8); ret */
static const unsigned char jtab[] = {
	0x89, 0xff, 0xff, 0x24, 0xfd, 0x00, 0x00, 0x00, 0x00, 0xc3,
};
/* mov (%rdi),%rax; notrack jmp *%rax */
static const unsigned char jreg[] = { 0x48, 0x8b, 0x07, 0x3e, 0xff, 0xe0 };
/* jmp *0x1000(%rip): a PLT stub's first instruction */
static const unsigned char got[] = { 0xff, 0x25, 0x00, 0x10, 0x00, 0x00 };
/* xor %eax,%eax; (bad: push %es is invalid in 64-bit mode); ret */
static const unsigned char bad[] = { 0x31, 0xc0, 0x06, 0xc3 };
/* xor %eax,%eax; ret; then zeros: data */
static const unsigned char zeros[] = { 0x31, 0xc0, 0xc3, 0x00, 0x00, 0x00 };
/* mov $1,%eax; ret, but the symbol's size cuts the mov in two */
static const unsigned char cut[] = { 0xc3, 0xb8, 0x01, 0x00 };

/* The tail-call bytes again, the rel32 jmp's target (START + 0x109)
 * being the function's .cold part: not a return. */
/*
 * Go's stack checks (pb_stackcheck_end).  go1: cmp rsp,[r14+0x10]; jbe
 * 8; push rbp; ret; 8: mov [rsp+8],rax; call; mov rax,[rsp+8]; jmp 0.
 */
static const unsigned char go1[] = {
	0x49, 0x3b, 0x66, 0x10, 0x76, 0x02, 0x55, 0xc3,
	0x48, 0x89, 0x44, 0x24, 0x08, 0xe8, 0x00, 0x00, 0x00, 0x00,
	0x48, 0x8b, 0x44, 0x24, 0x08, 0xeb, 0xe7,
};
/* go2: lea r12,[rsp-8]; cmp r12,[r14+0x10]; jbe 13; push rbp; ret;
 * 13: call; jmp 0. */
static const unsigned char go2[] = {
	0x4c, 0x8d, 0x64, 0x24, 0xf8, 0x4d, 0x3b, 0x66, 0x10, 0x76, 0x02,
	0x55, 0xc3, 0xe8, 0x00, 0x00, 0x00, 0x00, 0xeb, 0xec,
};
/* go1 whose block jumps back to 6, not to the first byte. */
static const unsigned char gonotback[] = {
	0x49, 0x3b, 0x66, 0x10, 0x76, 0x02, 0x55, 0xc3,
	0x48, 0x89, 0x44, 0x24, 0x08, 0xe8, 0x00, 0x00, 0x00, 0x00,
	0x48, 0x8b, 0x44, 0x24, 0x08, 0xeb, 0xed,
};
/* The check, but a block with no call: not morestack's. */
static const unsigned char gonocall[] = {
	0x49, 0x3b, 0x66, 0x10, 0x76, 0x02, 0x55, 0xc3, 0xeb, 0xf6,
};
/* cmp rsp,[r14+0x18]: not the guard. */
static const unsigned char gooff[] = {
	0x49, 0x3b, 0x66, 0x18, 0x76, 0x02, 0x55, 0xc3,
	0x48, 0x89, 0x44, 0x24, 0x08, 0xe8, 0x00, 0x00, 0x00, 0x00,
	0x48, 0x8b, 0x44, 0x24, 0x08, 0xeb, 0xe7,
};

static const pb_range_t cold = { START + 0x100, START + 0x140 };

int
main(void)
{
	static const struct want w[] = {
		{ "plain", plain, sizeof(plain), "0 4 5 8 d e f 15 16",
		    "e:ret", NULL },
		{ "two-rets", tworets, sizeof(tworets), "0 2 4 6 7 c",
		    "6:ret c:ret", NULL },
		{ "rep-ret", repret, sizeof(repret), "0 2", "2:ret", NULL },
		{ "ret-imm16", retimm, sizeof(retimm), "0 3",
		    "0:ret 3:ret", NULL },
		{ "tail-call", tail, sizeof(tail), "0 4 9",
		    "4:tail 9:tail", NULL },
		{ "jmp-to-cold", tail, sizeof(tail), "0 4 9", "9:tail", NULL,
		    &cold },
		{ "jcc-out", jcc, sizeof(jcc), "0 2 8", "2:jcc 8:ret", NULL },
		{ "jmp-inside", inside, sizeof(inside), "0 2 4 6 7", "7:ret",
		    NULL },
		{ "got-tail", got, sizeof(got), "0", "0:got", NULL },
		{ "jump-table", jtab, sizeof(jtab), "0 2 9", "2:ind 9:ret",
		    NULL },
		{ "jmp-reg", jreg, sizeof(jreg), "0 3", "3:ind", NULL },
		{ "undecodable", bad, sizeof(bad), "0", "",
		    "undecodable bytes at offset 0x2" },
		{ "zeros", zeros, sizeof(zeros), "0 2 3", "",
		    "bytes that look like data at offset 0x3" },
		{ "cut", cut, sizeof(cut), "0", "",
		    "undecodable bytes at offset 0x1" },
		{ "size-0", plain, 0, "", "", "symbol size is 0" },
	};
	pb_fnscan_t fs;
	size_t i;

	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		run(&w[i]);

	/* Offset probes: 0x4 is an instruction of plain, 0x3 is not. */
	if (pb_retsite_scan(plain, sizeof(plain), START, NULL, 0, &fs) == 0) {
		CHECKF(pb_fnscan_is_boundary(&fs, 0x4), "0x4 boundary");
		CHECKF(!pb_fnscan_is_boundary(&fs, 0x3), "0x3 not boundary");
		CHECKF(pb_fnscan_is_boundary(&fs, 0x16), "0x16 boundary");
		CHECKF(!pb_fnscan_is_boundary(&fs, 0x17), "0x17 past end");
		CHECKF(fs.fs_ret[0].rs_len == 1, "ret len %u",
		    fs.fs_ret[0].rs_len);
		pb_fnscan_free(&fs);
	}
	CHECKF(pb_stackcheck_end(go1, sizeof(go1), START) == 6, "go1: %llu",
	    (unsigned long long)pb_stackcheck_end(go1, sizeof(go1), START));
	CHECKF(pb_stackcheck_end(go2, sizeof(go2), START) == 11, "go2: %llu",
	    (unsigned long long)pb_stackcheck_end(go2, sizeof(go2), START));
	CHECKF(pb_stackcheck_end(gonotback, sizeof(gonotback), START) == 0,
	    "gonotback");
	CHECKF(pb_stackcheck_end(gonocall, sizeof(gonocall), START) == 0,
	    "gonocall");
	CHECKF(pb_stackcheck_end(gooff, sizeof(gooff), START) == 0, "gooff");
	CHECKF(pb_stackcheck_end(plain, sizeof(plain), START) == 0, "plain");
	CHECKF(pb_stackcheck_end(go1, 6, START) == 0, "go1 cut at 6");
	if (pb_retsite_scan(repret, sizeof(repret), START, NULL, 0, &fs) == 0) {
		CHECKF(fs.fs_ret[0].rs_len == 2, "rep ret len %u",
		    fs.fs_ret[0].rs_len);
		pb_fnscan_free(&fs);
	}
	return failures ? 1 : 0;
}
