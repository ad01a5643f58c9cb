/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/fast/clock.c: the time of a fast-path record.  A trampoline reads the
 * raw TSC (rdtsc: 10 ns here, no call, nothing below rsp); pidtrace turns
 * it into CLOCK_MONOTONIC with a line through (tsc, monotonic) pairs it
 * samples itself.  Each pair is the reading bracketed by the narrowest of
 * a few rdtsc pairs; the slope comes from two pairs at least 0.5 ms
 * apart, the first taken when the fast path is configured (before the
 * process is launched or attached), and the line is refitted over spans
 * 16 times longer each time (16 ms, 256 ms) up to a second, then at
 * least once a second, since a fit drifts tens of ns over seconds.
 * Set-up sleeps for the check of the line and for the first span only
 * as long as they are short of 0.5 ms (two spins of 5 ms were a quarter
 * of what `pidtrace -c true` with a syscall probe cost, every run; a
 * sleep of 0.5 ms with the process stopped, still a few per cent): the
 * second sample may come from the tracer passing by (tr_clock_mid)
 * while a launched command runs its loader's first calls.  Only
 * when the kernel's clocksource reads the TSC (tsc, or kvm-clock and
 * Hyper-V's TSC page, which scale it) and the CPU says constant_tsc and
 * nonstop_tsc: then CLOCK_MONOTONIC is the TSC scaled, and the line is
 * exact but for NTP's slewing and the hypervisor's updates between
 * refits.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "tracer/fast/fast.h"

typedef struct pair {
	uint64_t	p_tsc;
	uint64_t	p_ns;
} pair_t;

static pair_t anchor, older;	/* the line: through anchor, slope to older */
static double slope;		/* ns per tick */
static int64_t mult;		/* slope * 2^32, what the line is used as */
static int64_t walloff;		/* CLOCK_REALTIME - CLOCK_MONOTONIC */
static uint64_t gen;		/* lines fitted so far */
static bool fitted;
static pair_t truth;		/* the last sample: where the line heads */
static uint64_t every;		/* ns between refits: grows to a second */

/*
 * The set-up's span, at least.  Its samples are each within a bracket of
 * tens of ns, so the first slope is good to 100 ppm (1.6 us at the first
 * refit, 16 ms on), and the early refits bring it to the long spans'
 * precision.
 */
#define SPAN_NS		500000ull	/* 0.5 ms */
static bool begun;		/* older holds tr_clock_begin's sample */
static bool mid;		/* anchor holds tr_clock_mid's */
#define EVERY_MAX	1000000000ull	/* 1 s */

static void	set_mult(void);

/*
 * The line in integers, as clause code in the tracee computes it: both
 * must turn one rdtsc into the same nanosecond.
 */
static void
set_line(void)
{
	slope = (double)(anchor.p_ns - older.p_ns) /
		(double)(anchor.p_tsc - older.p_tsc);
	set_mult();
}

static void
set_mult(void)
{
	struct timespec mono, real;

	mult = (int64_t)(slope * 4294967296.0 + 0.5);
	clock_gettime(CLOCK_REALTIME, &real);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	walloff = ((int64_t)real.tv_sec - (int64_t)mono.tv_sec) *
		  1000000000LL + ((int64_t)real.tv_nsec -
				  (int64_t)mono.tv_nsec);
	gen++;
}

uint64_t
tr_clock_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Sleep (never spin) until CLOCK_MONOTONIC reaches ns. */
static void
sleep_until(uint64_t ns)
{
	struct timespec ts;

	ts.tv_sec = (time_t)(ns / 1000000000ull);
	ts.tv_nsec = (long)(ns % 1000000000ull);
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) ==
	       EINTR)
		;
}

/* The narrowest-bracketed of a few (tsc, monotonic) readings. */
static pair_t
sample(void)
{
	uint64_t t0, t1, ns, best = UINT64_MAX;
	pair_t p = { 0, 0 };
	int i;

	for (i = 0; i < 8; i++) {
		t0 = __rdtsc();
		ns = tr_clock_mono();
		t1 = __rdtsc();
		if (t1 - t0 < best) {
			best = t1 - t0;
			p.p_tsc = t0 + (t1 - t0) / 2;
			p.p_ns = ns;
		}
	}
	return p;
}

static bool
file_has(const char *path, const char *word)
{
	char line[4096];
	bool yes = false;
	FILE *f = fopen(path, "re");

	if (f == NULL)
		return false;
	while (!yes && fgets(line, sizeof(line), f) != NULL) {
		char *p = strstr(line, word);
		size_t n = strlen(word);

		for (; p != NULL; p = strstr(p + 1, word))
			if ((p == line || p[-1] == ' ' || p[-1] == '\t') &&
			    (p[n] == ' ' || p[n] == '\n' || p[n] == '\0')) {
				yes = true;
				break;
			}
	}
	fclose(f);
	return yes;
}

/*
 * The clocksources whose vDSO reads the TSC and scales it: CLOCK_MONOTONIC
 * is then a line in the TSC between the kernel's updates.  kvm-clock and
 * Hyper-V's page only with a stable TSC: checked by the fit itself (a
 * third sample must sit on the line) and by the cost of a read (a syscall
 * fallback costs hundreds of ns).
 */
static const char *const clocksources[] = {
	"tsc", "kvm-clock", "hyperv_clocksource_tsc_page", NULL,
};

/*
 * The fit's first sample, taken as early as the fast path is wanted: by
 * set-up, launching or attaching the process has made the first span
 * and no sleep is needed for it.  Once; a sample from a clock that is
 * not usable is never used.
 */
void
tr_clock_begin(void)
{
	if (begun)
		return;
	begun = true;
	older = sample();
}

/*
 * The fit's second sample, when the tracer passes by a span or more
 * after the first and before set-up (a launched command's stops before
 * its thread pointer is set): set-up then sleeps only for what is left
 * of the check's span.
 */
void
tr_clock_mid(void)
{
	if (!begun || mid || fitted || tr_clock_mono() < older.p_ns + SPAN_NS)
		return;
	anchor = sample();
	mid = true;
}

bool
tr_clock_usable(char *why, size_t len)
{
	static bool checked, ok;
	static char reason[128];
	uint64_t n0;
	pair_t check;
	int64_t err;
	int i, try;

	if (checked) {
		snprintf(why, len, "%s", reason);
		return ok;
	}
	checked = true;
	for (i = 0; clocksources[i] != NULL; i++)
		if (file_has("/sys/devices/system/clocksource/clocksource0/"
			     "current_clocksource", clocksources[i]))
			break;
	if (clocksources[i] == NULL) {
		snprintf(reason, sizeof(reason), "the clocksource does not "
			 "read the TSC");
		goto out;
	}
	if (!file_has("/proc/cpuinfo", "constant_tsc") ||
	    !file_has("/proc/cpuinfo", "nonstop_tsc")) {
		snprintf(reason, sizeof(reason), "the TSC is not constant "
			 "(constant_tsc, nonstop_tsc)");
		goto out;
	}
	/*
	 * A read through the vDSO: tens of ns; a syscall: hundreds.  The
	 * fastest of many short tries of 100 reads: a preemption (a loaded
	 * machine) spoils a try, and a short try is seldom preempted, so
	 * some of them run clean even at a load of 15 on 2 CPUs, where 8
	 * tries of 1000 reads were each spoilt once; a syscall fallback is
	 * slow every time.
	 */
	for (try = 0; try < 64; try++) {
		n0 = tr_clock_mono();
		for (i = 0; i < 100; i++)
			tr_clock_mono();
		check = sample();
		if (check.p_ns - n0 <= 20000)
			break;
	}
	if (try == 64) {
		snprintf(reason, sizeof(reason), "clock_gettime is a syscall "
			 "here (the clocksource is not stable)");
		goto out;
	}
	/*
	 * The line through two samples at least 0.5 ms apart (the first
	 * tr_clock_begin's if there was one, taken with the clock as fast
	 * as this check found it) must hold a third 0.5 ms later, within
	 * 1 us (a sample is off by tens of ns, an unstable TSC by far
	 * more).  A sample is the narrowest of eight brackets, but a
	 * preempted run of them can still miss: three fits, the last one
	 * decides.  A sleep that oversleeps (a loaded machine) only
	 * lengthens the span.
	 */
	for (try = 0; try < 3; try++) {
		if (try > 0 || !begun)
			older = sample();
		if (try > 0 || !mid) {
			sleep_until(older.p_ns + SPAN_NS);
			anchor = sample();
		}
		set_line();
		sleep_until(anchor.p_ns + SPAN_NS);
		check = sample();
		err = (int64_t)(tr_clock_ns(check.p_tsc) - check.p_ns);
		if (err <= 1000 && err >= -1000)
			break;
	}
	if (try == 3) {
		snprintf(reason, sizeof(reason), "CLOCK_MONOTONIC is not "
			 "linear in the TSC (%lld ns off after 0.5 ms)",
			 (long long)err);
		goto out;
	}
	older = anchor;
	anchor = check;
	set_line();
	truth = anchor;
	every = 16000000ull;	/* 16 ms */
	fitted = ok = true;
out:
	snprintf(why, len, "%s", reason);
	return ok;
}

/*
 * After every (16 ms, then 16 times longer each time up to a second,
 * then each second), a new line, continuous with the old one: a
 * timestamp taken in the thread never goes back across a refit (an
 * entry before it and a return after it measured -32 ns when the new
 * line went through the new sample).  It starts where the old line is
 * now and heads for the clock one second on, with the slope measured
 * over the last span, as NTP slews; a line off by more than a
 * millisecond (a suspended VM) starts over from the sample.
 */
void
tr_clock_refit(void)
{
	double measured;
	int64_t err;
	pair_t p;

	if (!fitted || tr_clock_mono() - anchor.p_ns < every)
		return;
	p = sample();
	if (p.p_tsc <= anchor.p_tsc || p.p_tsc <= truth.p_tsc)
		return;
	every = every * 16 < EVERY_MAX ? every * 16 : EVERY_MAX;
	measured = (double)(p.p_ns - truth.p_ns) /
		   (double)(p.p_tsc - truth.p_tsc);
	err = (int64_t)(p.p_ns - tr_clock_ns(p.p_tsc));
	if (err > 1000000 || err < -1000000 || measured <= 0) {
		older = truth;
		anchor = truth = p;
		set_line();
		return;
	}
	truth = p;
	anchor.p_ns = tr_clock_ns(p.p_tsc);
	anchor.p_tsc = p.p_tsc;
	slope = measured * (1e9 + (double)err) / 1e9;
	set_mult();
}

uint64_t
tr_clock_ns(uint64_t tsc)
{
	__int128 d = (__int128)(int64_t)(tsc - anchor.p_tsc) * mult;

	return anchor.p_ns + (uint64_t)(int64_t)(d >> 32);
}

uint64_t
tr_clock_gen(void)
{
	return gen;
}

bool
tr_fast_clock(uint64_t *tsc0, uint64_t *ns0, int64_t *m, int64_t *wo)
{
	if (!fitted)
		return false;
	*tsc0 = anchor.p_tsc;
	*ns0 = anchor.p_ns;
	*m = mult;
	*wo = walloff;
	return true;
}
