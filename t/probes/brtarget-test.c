/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * brtarget-test: the landing addresses probes/brtarget.c finds in
 * t/targets/fp-into (fp-into.S says what each function is): the rel8
 * jmp from fi_a into fi_b's second instruction, the symbol fi_c2 at
 * fi_c's second, the jmp from fi_e past fi_d's 10-byte first
 * instruction, the address of fi_g's second instruction that fi_f takes
 * with a lea; and no spurious one where bytes only look like a branch.
 * The syscall sites' scan (pb_brt_new_sys) on t/targets/sc-into: the
 * same answers as the full scan just before each syscall.
 * Run from the build directory (make check).
 */
#include "config.h"

#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/brtarget.h"
#include "probes/elfsym.h"
#include "t/check.h"

static uint64_t
sym(pb_elf_t *e, const char *name)
{
	const pb_sym_t *s;
	size_t n, i;

	if (pb_elf_symbols(e, PB_SYMTAB, &s, &n, NULL, 0) < 0)
		return 0;
	for (i = 0; i < n; i++)
		if (strcmp(s[i].sy_name, name) == 0)
			return s[i].sy_value;
	return 0;
}

/*
 * pb_elf_release_range, which brtarget.c calls as it reads: the bytes
 * of a section read the same after their pages went (the file's, read
 * again), and memory that is not the file's mapping is left alone (a
 * MADV_DONTNEED there would zero it).  On this test's own program,
 * whose .text spans pages.
 */
static void
release_check(const char *self)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	Elf_Data *d = NULL;
	unsigned char *copy, *heap;
	char err[256];
	pb_elf_t *el = pb_elf_open(self, err, sizeof(err));
	const char *name;
	size_t shstr;

	CHECKF(el != NULL, "%s: %s", self, err);
	if (el == NULL)
		return;
	CHECK(elf_getshdrstrndx(pb_elf_libelf(el), &shstr) == 0);
	while ((scn = elf_nextscn(pb_elf_libelf(el), scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL)
			continue;
		name = elf_strptr(pb_elf_libelf(el), shstr, sh.sh_name);
		if (name != NULL && strcmp(name, ".text") == 0) {
			d = elf_getdata(scn, NULL);
			break;
		}
	}
	CHECKF(d != NULL && d->d_size > 3 * 4096, "%s: no .text of 3 pages",
	    self);
	if (d == NULL || d->d_size <= 3 * 4096) {
		pb_elf_close(el);
		return;
	}
	copy = malloc(d->d_size);
	heap = malloc(3 * 4096);
	if (copy == NULL || heap == NULL)
		exit(1);
	memcpy(copy, d->d_buf, d->d_size);
	pb_elf_release_range(el, d->d_buf, d->d_size);
	CHECK(memcmp(copy, d->d_buf, d->d_size) == 0);
	memset(heap, 0x5a, 3 * 4096);
	pb_elf_release_range(el, heap, 3 * 4096);
	CHECK(heap[0] == 0x5a && heap[4096] == 0x5a && heap[2 * 4096] == 0x5a);
	free(heap);
	free(copy);
	pb_elf_close(el);
}

/*
 * pb_brt_new_sys on t/targets/sc-into: just before si_get's syscall the
 * last landing address is its `mov $110,%al`, which si_enter jumps to
 * from a page away (sc-into.S), as the full scan says; si_ok's syscall
 * has none past its function's start.
 */
static void
sys_check(void)
{
	const char *path = "t/targets/sc-into";
	uint64_t get, ok, p1, p2, n1, n2;
	pb_brt_t *full, *sys;
	pb_elf_t *el;
	char err[256];

	el = pb_elf_open(path, err, sizeof(err));
	CHECKF(el != NULL, "%s: %s", path, err);
	if (el == NULL)
		return;
	get = sym(el, "si_get");
	ok = sym(el, "si_ok");
	CHECK(get && ok);
	full = pb_brt_new(el, NULL, err, sizeof(err));
	sys = pb_brt_new_sys(el, NULL, err, sizeof(err));
	CHECKF(full != NULL && sys != NULL, "%s", err);
	if (full != NULL && sys != NULL && get && ok) {
		/* push; pop; xor (2); mov $110,%al (2); syscall */
		pb_brt_near(full, get + 5, &p1, &n1);
		pb_brt_near(sys, get + 5, &p2, &n2);
		CHECKF(p1 == get + 4 && p2 == p1 && n2 == n1,
		    "si_get: full %#llx %#llx, sys %#llx %#llx",
		    (unsigned long long)(p1 - get),
		    (unsigned long long)(n1 - get),
		    (unsigned long long)(p2 - get),
		    (unsigned long long)(n2 - get));
		pb_brt_near(full, ok + 5, &p1, &n1);
		pb_brt_near(sys, ok + 5, &p2, &n2);
		CHECKF(p1 == ok && p2 == p1 && n2 == n1,
		    "si_ok: full %#llx %#llx, sys %#llx %#llx",
		    (unsigned long long)(p1 - ok),
		    (unsigned long long)(n1 - ok),
		    (unsigned long long)(p2 - ok),
		    (unsigned long long)(n2 - ok));
	}
	pb_brt_free(full);
	pb_brt_free(sys);
	pb_elf_close(el);
}

int
main(int argc, char **argv)
{
	const char *path = "t/targets/fp-into";
	uint64_t a, b, c, c2, d, e, g, prev, next;
	pb_brt_stats_t st;
	pb_elf_t *el;
	pb_brt_t *bt;
	char err[256];

	(void)argc;
	release_check(argv[0]);
	el = pb_elf_open(path, err, sizeof(err));
	if (el == NULL) {
		printf("SKIP: %s: %s\n", path, err);
		return 77;
	}
	a = sym(el, "fi_a");
	b = sym(el, "fi_b");
	c = sym(el, "fi_c");
	c2 = sym(el, "fi_c2");
	d = sym(el, "fi_d");
	e = sym(el, "fi_e");
	g = sym(el, "fi_g");
	CHECK(a && b && c && c2 && d && e && g);
	bt = pb_brt_new(el, NULL, err, sizeof(err));
	CHECKF(bt != NULL, "%s", err);
	if (bt == NULL)
		return 1;

	/* fi_a's `jmp .Lb2` lands at fi_b + 3, inside a jump at fi_b. */
	pb_brt_near(bt, b, &prev, &next);
	CHECKF(prev == b && next == b + 3, "fi_b: %#llx %#llx",
	    (unsigned long long)(prev - b), (unsigned long long)(next - b));
	/* fi_b's ret at + 6: the last landing address before it is + 3. */
	pb_brt_near(bt, b + 6, &prev, &next);
	CHECKF(prev == b + 3, "fi_b's ret: prev %#llx",
	    (unsigned long long)(prev - b));
	/* The symbol fi_c2, 4 bytes into fi_c. */
	CHECK(c2 == c + 4);
	pb_brt_near(bt, c, &prev, &next);
	CHECKF(next == c2, "fi_c: next %#llx", (unsigned long long)(next - c));
	/* fi_e's jmp lands past fi_d's 10-byte movabs. */
	pb_brt_near(bt, d, &prev, &next);
	CHECKF(next == d + 10, "fi_d: next %#llx",
	    (unsigned long long)(next - d));
	/* fi_f's lea takes the address of fi_g + 3. */
	pb_brt_near(bt, g, &prev, &next);
	CHECKF(next == g + 3, "fi_g: next %#llx",
	    (unsigned long long)(next - g));
	/* Nothing lands inside fi_a's first 16 bytes but fi_c's start. */
	pb_brt_near(bt, a, &prev, &next);
	CHECKF(prev == a && next == (c - a < PB_BRT_REACH ? c :
	    a + PB_BRT_REACH), "fi_a: %#llx %#llx",
	    (unsigned long long)(prev - a), (unsigned long long)(next - a));

	sys_check();

	/* Every candidate checked was decoded; some were not branches. */
	pb_brt_stats(bt, &st);
	printf("candidates %zu, symbols %zu, checked %zu, real %zu\n",
	    st.bs_candidates, st.bs_symbols, st.bs_checked, st.bs_real);
	CHECK(st.bs_candidates > 0 && st.bs_checked <= st.bs_candidates);
	CHECK(st.bs_real <= st.bs_checked);
	pb_brt_free(bt);
	pb_elf_close(el);
	return failures != 0;
}
