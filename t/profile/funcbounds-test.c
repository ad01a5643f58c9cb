/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * funcbounds-test: trace_addrsym_func (cmd/trace/addrsym.c), which
 * gives the syscall sites' functions their bounds, in this process.
 * A module whose names were not read yet is answered by a scan of its
 * symbol tables; once read (a %a look-up), by the sorted table.
 * Asserts: for libc functions that are not IFUNCs, every byte of each
 * is in the function the dynamic linker says (dladdr1's symbol: start
 * and st_size), the byte past its end is not in it, both ways agree on
 * every 16th byte of 256 KB of libc's text around them (bounds and
 * name), and an address in no module is -1 both ways.
 */
#define _GNU_SOURCE
#include <config.h>

#include <dlfcn.h>
#include <inttypes.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/trace/addrsym.h"
#include "t/check.h"

static const char *const fns[] = {
	"getppid", "syscall", "read", "write", "close", "fork", "nanosleep",
};

int
main(void)
{
	trace_addrsym_t *scan = trace_addrsym_new(getpid(), 0);
	trace_addrsym_t *table = trace_addrsym_new(getpid(), 0);
	uint64_t lo, hi, lo2, hi2, base = 0;
	char name[256], name2[256], buf[512];
	size_t i;

	if (scan == NULL || table == NULL)
		return 99;
	for (i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
		void *f = dlsym(RTLD_DEFAULT, fns[i]);
		const ElfW(Sym) *sym = NULL;
		Dl_info info;
		uint64_t a, start, end;

		if (f == NULL || dladdr1(f, &info, (void **)&sym,
		    RTLD_DL_SYMENT) == 0 || sym == NULL ||
		    info.dli_saddr != f || sym->st_size == 0) {
			printf("SKIP: no dladdr1 symbol for %s\n", fns[i]);
			return 77;
		}
		start = (uint64_t)(uintptr_t)f;
		end = start + sym->st_size;
		if (base == 0)
			base = start;
		for (a = start; a < end; a++) {
			CHECKF(trace_addrsym_func(scan, a, &lo, &hi, name,
			    sizeof(name)) == 0, "%s+%" PRIu64, fns[i],
			    a - start);
			CHECKF(lo == start && hi == end, "%s+%" PRIu64
			    ": [%" PRIx64 ", %" PRIx64 ") want [%" PRIx64
			    ", %" PRIx64 ")", fns[i], a - start, lo, hi,
			    start, end);
			if (lo != start || hi != end)
				break;
		}
		if (trace_addrsym_func(scan, end, &lo, &hi, name,
		    sizeof(name)) == 0)
			CHECKF(lo >= end, "%s's end in [%" PRIx64 ", %" PRIx64
			    ")", fns[i], lo, hi);
	}
	/* the sorted table: read by a look-up by name */
	CHECK(trace_addrsym_lookup(table, base, 0, buf, sizeof(buf)) == 0);
	for (i = 0; i < 256 * 1024; i += 16) {
		uint64_t a = base - 128 * 1024 + i;
		int r1 = trace_addrsym_func(scan, a, &lo, &hi, name,
		    sizeof(name));
		int r2 = trace_addrsym_func(table, a, &lo2, &hi2, name2,
		    sizeof(name2));

		CHECKF(r1 == r2, "%" PRIx64 ": %d and %d", a, r1, r2);
		if (r1 == 0 && r2 == 0)
			CHECKF(lo == lo2 && hi == hi2 &&
			    strcmp(name, name2) == 0, "%" PRIx64 ": %s [%"
			    PRIx64 ", %" PRIx64 ") and %s [%" PRIx64 ", %"
			    PRIx64 ")", a, name, lo, hi, name2, lo2, hi2);
	}
	CHECK(trace_addrsym_func(scan, 8, &lo, &hi, name, sizeof(name)) == -1);
	CHECK(trace_addrsym_func(table, 8, &lo, &hi, name, sizeof(name)) ==
	    -1);
	trace_addrsym_free(scan);
	trace_addrsym_free(table);
	if (failures == 0)
		printf("PASS: funcbounds\n");
	return failures != 0;
}
