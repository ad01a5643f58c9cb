/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * brtprefetch-test: the landing scans of the dynamic loader and the C
 * library begun ahead of need (pb_brt_prefetch_libc, probes/brtarget.c),
 * in this process, at every `syscall` byte pair of their text (0f 05,
 * at any position: what a syscall site's first patch asks about).
 * Asserts:
 *  - before the prefetch, pb_brt_func has no scan at hand (1), nor
 *    any scan (pb_brt_any);
 *  - after it, pb_brt_func answers at every site, with the bounds (or
 *    the -1) of the symbolizer's own look-up, trace_addrsym_func
 *    (cmd/trace/addrsym.c), which the syscall sites used before;
 *  - pb_brt_landings from the prefetched scan equals, at every site,
 *    pb_brt_landings from a scan made on demand once the prefetch is
 *    dropped (pb_brt_prefetch_end, pb_brt_flush);
 *  - a module that is not the prefetched file (this test's own
 *    executable) has no scan at hand.
 */
#define _GNU_SOURCE
#include <config.h>

#include <inttypes.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/trace/addrsym.h"
#include "probes/brtarget.h"
#include "t/check.h"

#define MAXSITES	4096

/* The text of libc (0) and of the loader (1). */
static uint64_t text_lo[2], text_hi[2];

static int
find_text(struct dl_phdr_info *info, size_t size, void *arg)
{
	const char *base;
	int i, k;

	(void)size;
	(void)arg;
	if (info->dlpi_name == NULL ||
	    (base = strrchr(info->dlpi_name, '/')) == NULL)
		return 0;
	k = strncmp(base, "/libc.so.", 9) == 0 ? 0 :
	    strncmp(base, "/ld-", 4) == 0 ? 1 : -1;
	for (i = 0; k >= 0 && i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
			text_lo[k] = info->dlpi_addr + ph->p_vaddr;
			text_hi[k] = text_lo[k] + ph->p_memsz;
			break;
		}
	}
	return 0;
}

static void
pass(void)
{
}

/* pb_brt_func on this process's modules as they are now */
static int
func(uint64_t a, uint64_t *lo, uint64_t *hi, bool *cancel)
{
	pb_modlist_t ml;
	int rc;

	if (pb_modules_read(getpid(), &ml) != 0)
		return 99;
	rc = pb_brt_func(getpid(), &ml, a, lo, hi, cancel);
	pb_modlist_free(&ml);
	return rc;
}

int
main(void)
{
	static uint64_t site[MAXSITES], prev[MAXSITES], next[MAXSITES];
	trace_addrsym_t *as = trace_addrsym_new(getpid(), 0);
	uint64_t a, lo, hi, lo2, hi2, p, n;
	size_t nsite = 0, i, k, nfunc = 0, nland = 0, nmod[2] = { 0, 0 };
	char name[256];
	bool cancel;
	int r1, r2;

	if (as == NULL)
		return 99;
	dl_iterate_phdr(find_text, NULL);
	if (text_lo[0] == 0 || text_lo[1] == 0) {
		printf("SKIP: no libc.so or ld-*.so mapped in this test\n");
		return 77;
	}
	for (k = 0; k < 2; k++)
		for (a = text_lo[k]; a + 2 <= text_hi[k] && nsite < MAXSITES;
		    a++)
			if (((const uint8_t *)(uintptr_t)a)[0] == 0x0f &&
			    ((const uint8_t *)(uintptr_t)a)[1] == 0x05) {
				site[nsite++] = a;
				nmod[k]++;
			}
	CHECKF(nmod[0] >= 50 && nmod[1] >= 10 && nsite < MAXSITES,
	    "%zu syscall byte pairs in libc's text, %zu in the loader's",
	    nmod[0], nmod[1]);

	CHECK(func(site[0], &lo, &hi, &cancel) == 1 && !pb_brt_any());
	CHECK(pb_brt_prefetch_libc(getpid()) == 0);
	CHECK(pb_brt_any());
	/* one file a run */
	CHECK(pb_brt_prefetch_libc(getpid()) == -1);

	for (i = 0; i < nsite; i++) {
		r1 = func(site[i], &lo, &hi, &cancel);
		r2 = trace_addrsym_func(as, site[i], &lo2, &hi2, name,
		    sizeof(name));
		CHECKF(r1 == r2, "%" PRIx64 ": pb_brt_func %d, "
		    "trace_addrsym_func %d", site[i], r1, r2);
		if (r1 == 0 && r2 == 0) {
			CHECKF(lo == lo2 && hi == hi2, "%" PRIx64 ": [%"
			    PRIx64 ", %" PRIx64 ") against %s [%" PRIx64
			    ", %" PRIx64 ")", site[i], lo, hi, name, lo2,
			    hi2);
			CHECKF(cancel == (strncmp(name,
			    "__syscall_cancel_arch", 21) == 0), "%s", name);
			nfunc++;
		}
		if (pb_brt_landings(getpid(), site[i] - 1, &prev[i],
		    &next[i]) == 0)
			nland++;
		else
			prev[i] = next[i] = 0;
	}
	CHECKF(nfunc >= 50, "%zu sites in functions", nfunc);
	CHECKF(nland == nsite, "%zu of %zu sites with landings", nland,
	    nsite);

	/* the same scan made on demand, with the prefetch gone */
	pb_brt_prefetch_end();
	pb_brt_flush();
	for (i = 0; i < nsite; i++) {
		if (pb_brt_landings(getpid(), site[i] - 1, &p, &n) != 0)
			p = n = 0;
		CHECKF(p == prev[i] && n == next[i], "%" PRIx64 ": prefetched"
		    " (%" PRIx64 ", %" PRIx64 "), on demand (%" PRIx64 ", %"
		    PRIx64 ")", site[i], prev[i], next[i], p, n);
	}

	/* this executable: not the prefetched file, never scanned */
	CHECK(func((uint64_t)(uintptr_t)pass, &lo, &hi, &cancel) == 1);
	pb_brt_flush();
	trace_addrsym_free(as);
	if (failures == 0)
		printf("PASS: brtprefetch (%zu sites in libc, %zu in the "
		    "loader, %zu in functions)\n", nmod[0], nmod[1], nfunc);
	return failures != 0;
}
