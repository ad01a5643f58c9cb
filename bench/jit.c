/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/jit: the cost of a firing of D clauses run as code in the traced
 * thread (dsl/jit.c), against the interpreter's cost of the same firing
 * from a record (dsl_eval_fire, what pidtrace pays per record today), in the
 * same run.  This process plays the tracee (t/inproc/harness.h): the
 * code runs on a context built once, entered by jmp as a trampoline
 * enters it; the record side is given the same firings.
 *
 * For each program: ns per firing of each side (the best chunk of
 * CHUNK firings over five rounds: the cost without preemption), their
 * ratio, the floor (the code of a clause whose predicate
 * is false: the entry, the checks, the way back), then the same code
 * from THREADS threads at once, and the drops; count() is checked
 * against the firings made.
 *
 *	bench/jit [millions]
 */
#include <config.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "t/inproc/harness.h"

#define ROUNDS	5
#define CHUNK	20000	/* firings timed at once: the best chunk is the
			 * cost without preemption, on a busy machine */
#define THREADS	8

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Firing i of a run: entry and return alternate when alt. */
static void
firing(hr_firing_t *f, long i, bool alt, uint32_t key)
{
	memset(f, 0, sizeof(*f));
	f->hf_probe = alt && (i & 1) ? HP_FOO_RETURN : HP_FOO_ENTRY;
	f->hf_key = key;
	f->hf_tsc = 1000 + (uint64_t)i * 37;
	f->hf_args[0] = (uint64_t)i;
	f->hf_args[1] = (uint64_t)i * 7;
}

/* Keep the best ns per firing of a chunk that ended at i. */
static void
chunk(uint64_t *t0, long i, double *best)
{
	uint64_t t;
	double ns;

	if ((i + 1) % CHUNK != 0)
		return;
	t = now_ns();
	ns = (double)(t - *t0) / CHUNK;
	if (ns < *best)
		*best = ns;
	*t0 = t;
}

/* ns per firing of the code, n firings a round, ROUNDS rounds. */
static double
run_jit(hr_t *h, long n, bool alt, uint32_t key)
{
	dsl_jctx_t jc[2];
	double best = 1e30;
	uint64_t t0;
	long i;
	int r, k;

	for (k = 0; k < 2; k++) {
		memset(&jc[k], 0, sizeof(jc[k]));
		jc[k].jc_key = key;
	}
	for (r = 0; r < ROUNDS; r++) {
		t0 = now_ns();
		for (i = 0; i < n; i++) {
			dsl_jctx_t *c = &jc[alt ? i & 1 : 0];

			/* what the trampoline stores: time and arguments */
			c->jc_tsc = 1000 + (uint64_t)i * 37;
			c->jc_args[0] = (uint64_t)i;
			c->jc_args[1] = (uint64_t)i * 7;
			hr_call(h, alt && (i & 1) ? HP_FOO_RETURN :
			    HP_FOO_ENTRY, c);
			chunk(&t0, i, &best);
		}
	}
	return best;
}

/* ns per firing of the interpreter on the same firings. */
static double
run_ref(hr_t *h, long n, bool alt)
{
	double best = 1e30;
	hr_firing_t f;
	uint64_t t0;
	long i;
	int r;

	for (r = 0; r < ROUNDS; r++) {
		t0 = now_ns();
		for (i = 0; i < n; i++) {
			firing(&f, i, alt, 1);
			hr_fire_ref(h, &f);
			chunk(&t0, i, &best);
		}
	}
	return best;
}

typedef struct tharg {
	hr_t		*ta_h;
	long		ta_n;
	bool		ta_alt;
	uint32_t	ta_key;
	double		ta_ns;
} tharg_t;

static void *
thread_main(void *p)
{
	tharg_t *ta = p;

	ta->ta_ns = run_jit(ta->ta_h, ta->ta_n, ta->ta_alt, ta->ta_key);
	return NULL;
}

static void
bench(const char *name, const char *text, bool alt, long n, bool check)
{
	static const char *const floor_text =
	    "pid1:a.out:foo:entry /arg0 == -1/ { @ = count(); }";
	pthread_t th[THREADS];
	tharg_t ta[THREADS];
	double jit, ref, flo, worst = 0;
	uint64_t t0, wall;
	hr_t h, f;
	char *out = NULL;
	size_t len = 0;
	FILE *fp;
	int t;

	if (hr_open(&h, text, NULL, NULL) != 0 || !h.hr_inproc[HP_FOO_ENTRY] ||
	    (alt && !h.hr_inproc[HP_FOO_RETURN])) {
		fprintf(stderr, "bench/jit: %s: not in process: %s\n", name,
		    h.hr_err);
		exit(1);
	}
	if (hr_open(&f, floor_text, NULL, NULL) != 0) {
		fprintf(stderr, "bench/jit: floor: %s\n", f.hr_err);
		exit(1);
	}
	jit = run_jit(&h, n, alt, 1);
	ref = run_ref(&h, n, alt);
	flo = run_jit(&f, n, false, 1);
	printf("%-44s code %6.1f ns  interpreter %6.1f ns  ratio %5.1fx  "
	    "floor %4.1f ns\n", name, jit, ref, ref / jit, flo);

	/* THREADS threads at once: the buffers are the threads' own */
	t0 = now_ns();
	for (t = 0; t < THREADS; t++) {
		ta[t].ta_h = &h;
		ta[t].ta_n = n;
		ta[t].ta_alt = alt;
		ta[t].ta_key = 100 + (uint32_t)t;
		pthread_create(&th[t], NULL, thread_main, &ta[t]);
	}
	for (t = 0; t < THREADS; t++) {
		pthread_join(th[t], NULL);
		if (ta[t].ta_ns > worst)
			worst = ta[t].ta_ns;
	}
	wall = now_ns() - t0;
	fp = open_memstream(&out, &len);
	if (fp != NULL) {
		(void)dsl_ip_drops(h.hr_ip, fp, HR_PID);
		fclose(fp);
	}
	printf("%-44s %d threads: %.1f ns a firing in each, %.0f M "
	    "firings/s in all, %s", "", THREADS, worst,
	    (double)THREADS * ROUNDS * (double)n / (double)wall * 1e3,
	    out != NULL && *out != '\0' ? out : "0 drops\n");
	free(out);
	if (check) {
		/* every firing counted: one thread's rounds, then all */
		unsigned long long got = 0, want = (unsigned long long)n *
		    ROUNDS * (THREADS + 1);

		hr_end(&h);
		if (sscanf(h.hr_jit.hs_obuf, " %llu", &got) != 1 ||
		    got != want) {
			printf("bench/jit: counted %llu of %llu firings\n",
			    got, want);
			exit(1);
		}
		printf("%-44s counted %llu of %llu firings\n", "", got, want);
	}
	hr_close(&f);
	hr_close(&h);
}

int
main(int argc, char **argv)
{
	long n = (argc > 1 ? atol(argv[1]) : 2) * 1000000L;

	if (n <= 0)
		n = 1000000;
	bench("@ = count()",
	    "pid1:a.out:foo:entry { @ = count(); }", false, n, true);
	bench("latency: self->ts, @[probefunc] = quantize()",
	    "pid1:a.out:foo:entry { self->ts = timestamp; }\n"
	    "pid1:a.out:foo:return /self->ts/ { @[probefunc] = "
	    "quantize(timestamp - self->ts); self->ts = 0; }", true, n,
	    false);
	bench("@[arg0 % 64] = sum(arg1)",
	    "pid1:a.out:foo:entry { @[arg0 % 64] = sum(arg1); }", false, n,
	    false);
	return 0;
}
