/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/metrics-render: the tracing thread's cost of one Prometheus
 * rendering (cmd/metrics.c), in process.  Fills KEYS keys of a count()
 * and a quantize() through dsl_eval_fire(), then renders the exposition text
 * (the best of five), and prints ns per rendering and per line, with the
 * ratio to a floor: the same number of lines printed with fprintf
 * alone into the same kind of memory stream.
 *
 *	bench/metrics-render [keys]
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dsl/dsl.h"
#include "cmd/metrics.h"

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int
main(int argc, char **argv)
{
	static const char text[] = "pid1:a.out:Put:entry "
	    "{ @calls[arg0] = count(); @lat[arg0] = quantize(arg1); }";
	dsl_src_t src = { "bench.d", text, sizeof(text) - 1 };
	long keys = argc > 1 ? atol(argv[1]) : 1000, i;
	uint64_t best = UINT64_MAX, floor = UINT64_MAX, t0;
	dsl_copts_t co;
	dsl_host_t host;
	dsl_prog_t *pg;
	dsl_rt_t *rt;
	dsl_ctx_t cx;
	char err[512], *buf = NULL;
	size_t len = 0, lines = 0, d;
	uint32_t id;
	int r;

	memset(&co, 0, sizeof(co));
	co.co_target = 1;
	if ((pg = dsl_compile(&src, 1, &co, err, sizeof(err))) == NULL) {
		fprintf(stderr, "bench: %s\n", err);
		return 1;
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = fopen("/dev/null", "w");
	rt = dsl_rt_create(pg, &host);
	dsl_rt_add_probe(rt, "dtrace", "", "", "BEGIN");
	dsl_rt_add_probe(rt, "dtrace", "", "", "END");
	dsl_rt_add_probe(rt, "dtrace", "", "", "ERROR");
	id = dsl_rt_add_probe(rt, "pid1", "a.out", "Put", "entry");
	for (d = 0; d < dsl_prog_ndescs(pg); d++)
		dsl_rt_enable(rt, id, d);
	memset(&cx, 0, sizeof(cx));
	cx.cx_pid = cx.cx_tid = 1;
	cx.cx_nargs = 2;
	for (i = 0; i < keys * 20; i++) {
		cx.cx_args[0] = (uint64_t)(i % keys);
		cx.cx_args[1] = (uint64_t)(i * 7919 % 100000);
		cx.cx_timestamp = (uint64_t)i + 1;
		dsl_eval_fire(rt, id, &cx);
	}
	for (r = 0; r < 5; r++) {
		FILE *fp = open_memstream(&buf, &len);

		t0 = now_ns();
		metrics_render(rt, fp);
		fclose(fp);
		if (now_ns() - t0 < best)
			best = now_ns() - t0;
		lines = 0;
		for (d = 0; d < len; d++)
			lines += buf[d] == '\n';
		free(buf);
		buf = NULL;
	}
	for (r = 0; r < 5; r++) {
		FILE *fp = open_memstream(&buf, &len);

		t0 = now_ns();
		for (d = 0; d < lines; d++)
			fprintf(fp, "pidtrace_lat_bucket{key0=\"%zu\",le=\"%zu\"} "
			    "%zu\n", d % 1000, d, d);
		fclose(fp);
		if (now_ns() - t0 < floor)
			floor = now_ns() - t0;
		free(buf);
		buf = NULL;
	}
	printf("keys %ld: %zu lines, %zu bytes\n", keys, lines, len);
	printf("rendering: %.3f ms (%.0f ns a line)\n", (double)best / 1e6,
	    (double)best / (double)lines);
	printf("floor, fprintf of as many lines: %.3f ms\n",
	    (double)floor / 1e6);
	printf("ratio rendering/floor: %.2f\n", (double)best / (double)floor);
	dsl_rt_destroy(rt);
	dsl_prog_free(pg);
	return 0;
}
