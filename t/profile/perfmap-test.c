/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * perfmap-test: cmd/trace/addrsym.c names JIT code from
 * /tmp/perf-PID.map as perf does (perf's "JIT Interface": one "START
 * SIZE name" line per function, hex, appended as the JIT compiles):
 * this process maps anonymous memory, writes its own map and looks
 * addresses up.
 * Asserts: a line names its range and nothing past it; of two lines
 * for one start the later wins; a line appended later is read (only
 * the new bytes) once the map is looked at again; a line still being
 * written is not read until its newline comes; a map rewritten shorter
 * (a new process with the pid) is read anew.
 */
#include <config.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "cmd/trace/addrsym.h"
#include "t/check.h"

#define CHECK_STR(got, want) do { \
	const char *g_ = (got), *w_ = (want); \
	CHECKF(strcmp(g_, w_) == 0, "got [%s], want [%s]", g_, w_); \
} while (0)

static char path[64];

static void
put(const char *mode, const char *text)
{
	FILE *f = fopen(path, mode);

	CHECK(f != NULL);
	if (f == NULL)
		return;
	fputs(text, f);
	fclose(f);
}

/* The map is looked at again at most every 10 ms: let that pass. */
static void
later(void)
{
	struct timespec ts = { 0, 25 * 1000 * 1000 };

	nanosleep(&ts, NULL);
}

static const char *
name(trace_addrsym_t *a, uint64_t addr)
{
	static char buf[256];

	if (trace_addrsym_lookup(a, addr, 0, buf, sizeof(buf)) != 1)
		return "-";
	return buf;
}

int
main(void)
{
	char line[256];
	uint64_t base;
	trace_addrsym_t *a;
	void *m;

	m = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE |
	    MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return 1;
	base = (uint64_t)(uintptr_t)m;
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());

	snprintf(line, sizeof(line), "%" PRIx64 " 100 JS:*old\n"
	    "%" PRIx64 " 100 JS:*hot /a.js:7\n"
	    "%" PRIx64 " 10 LazyCompile:cold\n", base, base, base + 0x1000);
	put("w", line);
	a = trace_addrsym_new(getpid(), 0);
	CHECK(a != NULL);
	CHECK_STR(name(a, base), "JS:*hot /a.js:7");
	CHECK_STR(name(a, base + 0xff), "JS:*hot /a.js:7");
	CHECK_STR(name(a, base + 0x100), "-");
	CHECK_STR(name(a, base + 0x1009), "LazyCompile:cold");

	/* appended: a half line first, then its end */
	snprintf(line, sizeof(line), "0x%" PRIx64 " 0x20 long Hot.hot",
	    base + 0x2000);
	put("a", line);
	later();
	CHECK_STR(name(a, base + 0x2000), "-");
	put("a", "Loop(long)\n");
	later();
	CHECK_STR(name(a, base + 0x2010), "long Hot.hotLoop(long)");
	CHECK_STR(name(a, base + 0x50), "JS:*hot /a.js:7");

	/* rewritten shorter: read anew, the old names gone */
	snprintf(line, sizeof(line), "%" PRIx64 " 8 new\n", base + 0x3000);
	put("w", line);
	later();
	CHECK_STR(name(a, base + 0x3004), "new");
	later();
	CHECK_STR(name(a, base + 0x2010), "-");

	trace_addrsym_free(a);
	unlink(path);
	munmap(m, 65536);
	return failures != 0;
}
