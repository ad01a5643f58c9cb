/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/aggmem: bytes per aggregation key.  Compiles a clause, fires it
 * with N (1000000) distinct arg0 values through dsl_eval_fire(), and prints
 * the heap (mallinfo2) and RSS growth per key, with the ratio to the
 * floor: the key and the value alone (16 bytes for @[arg0] = count()).
 * Goal: < 200 bytes a key.
 *
 *	bench/aggmem [N]
 */
#include <config.h>

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/dsl.h"

static long
rss_kb(void)
{
	char line[256];
	long kb = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "VmRSS: %ld", &kb) == 1)
			break;
	if (f != NULL)
		fclose(f);
	return kb;
}

static void
one(const char *name, const char *text, long n, double rawkey)
{
	dsl_src_t src = { "aggmem.d", text, strlen(text) };
	dsl_copts_t co;
	dsl_host_t host;
	dsl_prog_t *pg;
	dsl_rt_t *rt;
	dsl_ctx_t cx;
	char err[512];
	uint32_t id;
	size_t d, h0, h1;
	long r0, r1, i;

	memset(&co, 0, sizeof(co));
	co.co_target = 1;
	if ((pg = dsl_compile(&src, 1, &co, err, sizeof(err))) == NULL) {
		fprintf(stderr, "aggmem: %s\n", err);
		exit(1);
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = fopen("/dev/null", "w");
	rt = dsl_rt_create(pg, &host);
	dsl_rt_add_probe(rt, "dtrace", "", "", "BEGIN");
	dsl_rt_add_probe(rt, "dtrace", "", "", "END");
	dsl_rt_add_probe(rt, "dtrace", "", "", "ERROR");
	id = dsl_rt_add_probe(rt, "pid1", "a.out", "Put", "entry");
	for (d = 0; d < dsl_prog_ndescs(pg); d++)
		if (dsl_prog_desc_match(dsl_prog_desc(pg, d), "pid1", "a.out",
		    "Put", "entry"))
			dsl_rt_enable(rt, id, d);
	memset(&cx, 0, sizeof(cx));
	cx.cx_pid = 1;
	cx.cx_tid = 1;
	cx.cx_execname = "aggmem";
	cx.cx_nargs = 6;
	malloc_trim(0);
	h0 = mallinfo2().uordblks;
	r0 = rss_kb();
	for (i = 0; i < n; i++) {
		cx.cx_args[0] = (uint64_t)i * 7919;
		cx.cx_args[1] = (uint64_t)i;
		cx.cx_timestamp = (uint64_t)i + 1;
		dsl_eval_fire(rt, id, &cx);
	}
	h1 = mallinfo2().uordblks;
	r1 = rss_kb();
	printf("%-28s heap %6.1f B/key  rss %6.1f B/key  (%.1fx the "
	    "%.0f bytes of key and value)\n", name,
	    (double)(h1 - h0) / n, (double)(r1 - r0) * 1024 / n,
	    (double)(h1 - h0) / n / rawkey, rawkey);
	dsl_rt_destroy(rt);
	dsl_prog_free(pg);
	fclose(host.dh_out);
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;

	if (n <= 0)
		n = 1000000;
	printf("%ld distinct keys (goal < 200 B/key)\n", n);
	one("@[arg0] = count()",
	    "pid$target::Put:entry { @[arg0] = count(); }", n, 16);
	one("@[arg0, arg1] = sum(arg1)",
	    "pid$target::Put:entry { @[arg0, arg1] = sum(arg1); }", n, 24);
	one("@[arg0] = avg(arg1)",
	    "pid$target::Put:entry { @[arg0] = avg(arg1); }", n, 24);
	return 0;
}
