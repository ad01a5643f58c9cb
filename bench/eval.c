/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/eval: the cost of a firing, in process.  Compiles a clause once,
 * fires it millions of times through dsl_eval_fire(), prints ns per firing
 * (the best of five rounds) and the ratio to two floors: a plain C loop doing the increment, and
 * dsl_eval_fire() on a probe with no clause.  Goal: < 100 ns each.
 *
 *	bench/eval [millions [name]]	name: only the cases whose name
 *					has it (valgrind's counts of one)
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dsl/dsl.h"

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* put's key and the slice that points at it, as bench/put.sh's target
 * passes them: the clause copies both in from "the process", this one */
static char put_key[] = "key123456";
static struct {
	char	*data;
	size_t	size;
} put_slice = { put_key, sizeof(put_key) - 1 };

static int
readself(void *cookie, uint64_t addr, void *buf, size_t len)
{
	(void)cookie;
	memcpy(buf, (const void *)(uintptr_t)addr, len);
	return 0;
}

typedef struct bench {
	dsl_prog_t	*b_pg;
	dsl_rt_t	*b_rt;
	uint32_t	b_entry, b_return, b_none;
} bench_t;

static void
setup(bench_t *b, const char *text)
{
	dsl_src_t src = { "bench.d", text, strlen(text) };
	dsl_copts_t co;
	dsl_host_t host;
	char err[512];
	size_t d;

	memset(&co, 0, sizeof(co));
	co.co_target = 1;
	b->b_pg = dsl_compile(&src, 1, &co, err, sizeof(err));
	if (b->b_pg == NULL) {
		fprintf(stderr, "bench: %s\n", err);
		exit(1);
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = fopen("/dev/null", "w");
	host.dh_readmem = readself;
	b->b_rt = dsl_rt_create(b->b_pg, &host);
	dsl_rt_add_probe(b->b_rt, "dtrace", "", "", "BEGIN");
	dsl_rt_add_probe(b->b_rt, "dtrace", "", "", "END");
	dsl_rt_add_probe(b->b_rt, "dtrace", "", "", "ERROR");
	b->b_entry = dsl_rt_add_probe(b->b_rt, "pid1", "a.out", "Put",
	    "entry");
	b->b_return = dsl_rt_add_probe(b->b_rt, "pid1", "a.out", "Put",
	    "return");
	b->b_none = dsl_rt_add_probe(b->b_rt, "pid1", "a.out", "Get", "entry");
	for (d = 0; d < dsl_prog_ndescs(b->b_pg); d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(b->b_pg, d);

		if (dsl_prog_desc_match(pd, "pid1", "a.out", "Put", "entry"))
			dsl_rt_enable(b->b_rt, b->b_entry, d);
		if (dsl_prog_desc_match(pd, "pid1", "a.out", "Put", "return"))
			dsl_rt_enable(b->b_rt, b->b_return, d);
	}
}

static void
teardown(bench_t *b)
{
	dsl_rt_destroy(b->b_rt);
	dsl_prog_free(b->b_pg);
}

#define ROUNDS	5	/* the best of: the machine is shared */

/* ns per firing of the probes in ids[], alternated, n times. */
static double
run(bench_t *b, const uint32_t *ids, int nids, long n)
{
	dsl_ctx_t cx;
	uint64_t t0, t1;
	double best = 1e30;
	long i;
	int r;

	memset(&cx, 0, sizeof(cx));
	cx.cx_pid = 1;
	cx.cx_tid = 1;
	cx.cx_execname = "bench";
	cx.cx_args[0] = (uint64_t)(uintptr_t)put_key;
	cx.cx_args[1] = put_slice.size;
	cx.cx_args[2] = (uint64_t)(uintptr_t)&put_slice;
	cx.cx_nargs = 3;
	for (r = 0; r < ROUNDS; r++) {
		t0 = now_ns();
		for (i = 0; i < n; i++) {
			/* a host passes the time of the stop: no clock
			 * read here */
			cx.cx_timestamp = (uint64_t)i * 1000 + 1;
			dsl_eval_fire(b->b_rt, ids[i % nids], &cx);
		}
		t1 = now_ns();
		if ((double)(t1 - t0) / (double)n < best)
			best = (double)(t1 - t0) / (double)n;
	}
	return best;
}

int
main(int argc, char **argv)
{
	static const struct {
		const char *name, *text;
		int alternate;
	} cases[] = {
		{ "@ = count()",
		  "pid$target::Put:entry { @ = count(); }", 0 },
		{ "self->ts = timestamp",
		  "pid$target::Put:entry { self->ts = timestamp; }", 0 },
		{ "/self->ts/ @[probefunc] = quantize(..) (entry+return)",
		  "pid$target::Put:entry { self->ts = timestamp; }\n"
		  "pid$target::Put:return /self->ts/ {\n"
		  "  @[probefunc] = quantize(timestamp - self->ts);\n"
		  "  self->ts = 0;\n}\n", 1 },
		{ "@[arg0 % 64] = sum(arg1)",
		  "pid$target::Put:entry { @[arg0 % 64] = sum(arg1); }", 0 },
		{ "put.d: printf of copyinstr(), copyin() (to /dev/null)",
		  "#pragma D option quiet\n"
		  "struct slice { uintptr_t data; size_t size; };\n"
		  "pid$target::Put:entry {\n"
		  "  this->k = (struct slice *)copyin(arg2,"
		  " sizeof (struct slice));\n"
		  "  this->v = (struct slice *)copyin(arg2,"
		  " sizeof (struct slice));\n"
		  "  printf(\"put %s value %d bytes\\n\",\n"
		  "      copyinstr(this->k->data, this->k->size),"
		  " this->v->size);\n}\n", 0 },
	};
	long n = (argc > 1 ? atol(argv[1]) : 5) * 1000000L;
	volatile uint64_t counter = 0;
	double floor_c, floor_fire, ns;
	uint64_t t0;
	bench_t b;
	size_t k;
	long i;

	if (n <= 0)
		n = 1000000;
	floor_c = 1e30;
	for (k = 0; k < ROUNDS; k++) {
		t0 = now_ns();
		for (i = 0; i < n; i++)
			counter = counter + 1;
		if ((double)(now_ns() - t0) / (double)n < floor_c)
			floor_c = (double)(now_ns() - t0) / (double)n;
	}

	setup(&b, "pid$target::Put:entry { @ = count(); }");
	floor_fire = run(&b, &b.b_none, 1, n);
	teardown(&b);

	printf("floor: C increment %.2f ns, dsl_eval_fire with no clause "
	    "%.2f ns\n", floor_c, floor_fire);
	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		uint32_t ids[2];

		if (argc > 2 && strstr(cases[k].name, argv[2]) == NULL)
			continue;
		setup(&b, cases[k].text);
		ids[0] = b.b_entry;
		ids[1] = b.b_return;
		ns = run(&b, ids, cases[k].alternate ? 2 : 1, n);
		printf("%-56s %7.1f ns/firing  x%.1f C  x%.1f empty fire\n",
		    cases[k].name, ns, ns / floor_c, ns / floor_fire);
		teardown(&b);
	}
	return 0;
}
