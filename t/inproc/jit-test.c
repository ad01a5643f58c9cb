/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jit-test: D's clauses as code in the process, against the interpreter.
 *
 * Each program runs on the same firings twice (harness.h): once through
 * dsl_eval_fire alone, as `-x fastpath=off` runs it, once with the clauses
 * the plan puts in process run as generated code over a shared area
 * and the rest from records.  The printed output, stdout and stderr,
 * must be the same byte for byte, and every clause the test means to
 * run in process must be planned there (a silent fallback fails).
 * The interpreter's own output is checked against dtrace's behaviour by
 * t/dsl; here it is the reference.  Where the two must differ (drops,
 * which only the in-process side has) the expected text is dtrace's
 * wording.
 */
#include <config.h>

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <unistd.h>

#include "t/inproc/harness.h"
#include "t/inproc/randd.h"

#include "t/check.h"

/* A small deterministic generator for the firings' values. */
static uint64_t rng = 0x853c49e6748fea9bULL;

static uint64_t
rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Values that find the edges: 0, +-1, the ends of each width, else
 * random of a random magnitude. */
static uint64_t
value(void)
{
	static const uint64_t edge[] = {
		0, 1, (uint64_t)-1, 2, 3, 7, 8, 100, 1000, 65535, 65536,
		0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
		0x7fffffffffffffffULL, 0x8000000000000000ULL,
		(uint64_t)-100, (uint64_t)-65536, (uint64_t)-0x80000000LL,
	};
	uint64_t r = rnd();

	if (r % 4 == 0)
		return edge[(r >> 8) % (sizeof(edge) / sizeof(edge[0]))];
	return rnd() >> (r % 64);
}

static void
mkfiring(hr_firing_t *f, uint32_t probe, uint32_t key, uint64_t tsc)
{
	int i;

	memset(f, 0, sizeof(*f));
	f->hf_probe = probe;
	f->hf_key = key;
	f->hf_tsc = tsc;
	for (i = 0; i < 6; i++)
		f->hf_args[i] = value();
}

/* The paths the test means: every enabling of probes in `inproc` runs
 * in process. */
static bool
planned(hr_t *h, const uint32_t *inproc, const char *name)
{
	bool ok = true;

	for (; *inproc != 0; inproc++) {
		const char *why;
		uint32_t i;

		for (i = 0; i < 16; i++) {
			int p = dsl_plan_path(h->hr_ip, *inproc, i, &why);

			if (why == NULL && p != DSL_PATH_INPROC)
				break;	/* past its enablings */
			CHECKF(p == DSL_PATH_INPROC, "%s: probe %u clause %u "
			    "runs in pidtrace: %s", name, *inproc, i,
			    why != NULL ? why : "?");
			ok = ok && p == DSL_PATH_INPROC;
		}
	}
	return ok;
}

typedef void (*mkf_t)(hr_firing_t *, int i, uint64_t tsc);

/* Random firings of the four pid probes by threads 1..4. */
static void
mk_random(hr_firing_t *f, int i, uint64_t tsc)
{
	(void)i;
	mkfiring(f, HP_FOO_ENTRY + (uint32_t)(rnd() % 4),
	    1 + (uint32_t)(rnd() % 4), tsc);
}

/*
 * Run text on n firings made by mk (timestamps going up), then END;
 * both sides must print the same.  inproc lists the probes whose
 * clauses must all run in process.
 */
static void
diff_opts(const char *name, const char *text, int n, mkf_t mk,
    const uint32_t *inproc, const dsl_ip_opts_t *o)
{
	static const uint32_t none[] = { 0 };
	hr_t h;
	hr_firing_t f;
	uint64_t tsc = 5000;
	int i;

	if (hr_open(&h, text, NULL, o) != 0) {
		CHECKF(false, "%s: %s", name, h.hr_err);
		hr_close(&h);
		return;
	}
	(void)planned(&h, inproc != NULL ? inproc : none, name);
	for (i = 0; i < n; i++) {
		tsc += rnd() % 100000;
		mk(&f, i, tsc);
		hr_fire(&h, &f);
	}
	hr_end(&h);
	CHECKF(hr_same(&h, stdout), "%s: the outputs differ", name);
	hr_close(&h);
}

static void
diff_with(const char *name, const char *text, int n, mkf_t mk,
    const uint32_t *inproc)
{
	diff_opts(name, text, n, mk, inproc, NULL);
}

static void
diff(const char *name, const char *text, int n, const uint32_t *inproc)
{
	diff_with(name, text, n, mk_random, inproc);
}

static const uint32_t pids[] = { HP_FOO_ENTRY, HP_FOO_RETURN,
	HP_BAR_ENTRY, HP_BAR_RETURN, 0 };

static void
test_aggs(void)
{
	diff("count", "pid1:::entry { @ = count(); }", 1000, pids);
	diff("count by probe", "pid1::: { @[probefunc, probename] = "
	    "count(); @n[probename] = count(); @p[probeprov, probemod] = "
	    "count(); @lit[\"all\", 3, pid] = count(); }", 1000, pids);
	diff("count by ints", "pid1::: { @[arg0 & 15] = count(); "
	    "@b[(char)arg1, (short)arg2, (int)arg3, arg4 % 3] = count(); }",
	    3000, pids);
	diff("sum avg", "pid1::: { @s = sum(arg0); @a[probefunc] = "
	    "avg(arg1); @s2[arg2 & 3] = sum((int)arg3); }", 2000, pids);
	diff("min max", "pid1::: { @mn = min(arg0); @mx = max(arg1); "
	    "@m[probename] = min((int)arg2); @x[arg3 & 1] = max(arg4); }",
	    2000, pids);
	diff("stddev", "pid1::: { @sd = stddev(arg0 >> 40); "
	    "@t[probefunc] = stddev((int)arg1); }", 2000, pids);
	diff("quantize", "pid1::: { @q = quantize(arg0); "
	    "@w[probefunc] = quantize((int)arg1, arg2 & 7); }", 3000, pids);
	diff("lquantize", "pid1::: { @l = lquantize(arg0, 0, 100, 10); "
	    "@n = lquantize((int)arg1, -1000, 1000, 7); "
	    "@i[probename] = lquantize(arg2 & 255, 10, 200, 1, arg3 & 3); }",
	    3000, pids);
	diff("llquantize", "pid1::: { @a = llquantize(arg0, 10, 0, 6, 20); "
	    "@b = llquantize((int)arg1, 2, 0, 30, 2); "
	    "@c = llquantize(arg2 >> 20, 10, 2, 8, 10); "
	    "@d = llquantize((short)arg3, 4, 1, 5, 16, arg4 & 3); }",
	    3000, pids);
}

static void
test_exprs(void)
{
	diff("arith", "pid1::: { @[(arg0 + arg1) * 3 - (arg2 ^ arg3)] = "
	    "count(); @b[~arg0 | (arg1 & 0xff00), -arg4] = count(); "
	    "@c[arg1 << (arg2 & 63), arg3 >> (arg4 & 63)] = count(); "
	    "@d[(int)arg0 >> 3, (uint32_t)arg1 >> 3] = count(); }", 2000,
	    pids);
	diff("compare", "pid1::: /arg0 < arg1/ { @lt = count(); } "
	    "pid1::: /(int)arg2 <= (int)arg3 && arg4 != 0/ { @le = count(); } "
	    "pid1::: /(uint32_t)arg0 > 5 || (char)arg1 >= 'a'/ "
	    "{ @o = count(); } "
	    "pid1::: /!(arg2 == arg3) ^^ arg4 == 0/ { @x = count(); } "
	    "pid1::: { @t[arg0 > 0 ? 1 : arg1 < 0 ? 2 : 3] = count(); }",
	    3000, pids);
	diff("div", "pid1::: /arg1 != 0/ { @[arg0 / arg1, arg0 % arg1] = "
	    "count(); @u[(uint64_t)arg0 / (uint64_t)arg1] = count(); "
	    "@i[(int)arg2 / (int)(arg3 | 1), (int)arg2 % (int)(arg3 | 1)] = "
	    "count(); }", 3000, pids);
	diff("casts", "pid1::: { @[(char)arg0, (unsigned char)arg1, "
	    "(short)arg2, (uint16_t)arg3] = count(); @w[(long long)"
	    "((int)arg0 + (int)arg1)] = count(); @x[+(char)arg4, "
	    "-(uint8_t)arg4] = count(); }", 2000, pids);
	diff("strings", "pid1::: /probefunc == \"foo\"/ { @f = count(); } "
	    "pid1::: /probename != \"entry\" && probemod == \"a.out\"/ "
	    "{ @r = count(); } pid1::: /probefunc < \"c\"/ { @c = count(); } "
	    "pid1::: { @k[arg0 & 1 ? probefunc : \"other\"] = count(); }",
	    2000, pids);
	diff("builtins", "pid1::: { @[tid, pid, id, epid] = count(); "
	    "@ts = max(timestamp); @m = min(timestamp); }", 2000, pids);
}

static void
test_vars(void)
{
	diff("latency", "pid1:a.out:foo:entry { self->ts = timestamp; }\n"
	    "pid1:a.out:foo:return /self->ts/ { @[probefunc] = "
	    "quantize(timestamp - self->ts); self->ts = 0; }", 3000, pids);
	diff("self", "pid1:::entry { self->d++; self->a += arg0; "
	    "self->b = arg1 ? arg1 : self->b; }\n"
	    "pid1:::return /self->d/ { @d[self->d] = count(); @a = "
	    "sum(self->a); @b[self->b & 7] = count(); self->d--; }", 3000,
	    pids);
	diff("this", "pid1::: { this->x = arg0 & 0xffff; this->y = "
	    "this->x * 3; } pid1::: /this->y > 1000/ { @[this->x % 7] = "
	    "sum(this->y); } pid1::: { @z[this->z] = count(); this->z = 1; }",
	    2000, pids);
	/* total is assigned before += reads it, as dtrace requires */
	diff("globals", "int n; BEGIN { n = 5; total = 0; } pid1:::entry { "
	    "n++; total += arg0 & 0xff; } pid1:::return /n > 10/ { @[n % 3] = "
	    "count(); } END { printf(\"%d %d\\n\", n, total); }", 2000, pids);
	/* read, never assigned: 0, not the first variable's value */
	diff("unassigned", "pid1::: { this->a = arg0 & 7; self->x = arg1 & 7; "
	    "@[this->b, self->y] = count(); }\n"
	    "pid1:::entry /this->c == 0 && self->z == 0/ { @n = count(); }",
	    1000, pids);
	diff("incdec", "pid1::: { @pre[++self->i] = count(); @post[self->i++] "
	    "= count(); @g[g--] = count(); @c[g += 2, g *= 3, g >>= 1] = "
	    "count(); g &= 0xffff; }", 1000, pids);
}

/* --- memory, faults ------------------------------------------------ */

struct rec {
	char		c;
	short		h;
	int		i;
	long		l;
	unsigned char	uc;
	struct rec	*next;
	int		arr[4];
};

static struct rec recs[8];
static uint8_t *nopage;		/* a page nothing may read */

static void
recs_init(void)
{
	int i;

	for (i = 0; i < 8; i++) {
		recs[i].c = (char)(i * 37);
		recs[i].h = (short)(-1000 * i);
		recs[i].i = i * 100000 - 3;
		recs[i].l = (long)0x123456789LL * i;
		recs[i].uc = (unsigned char)(250 + i);
		recs[i].arr[0] = i;
		recs[i].arr[3] = -i;
		/* 7's next is bad: a fault two reads deep */
		recs[i].next = i == 7 ? (struct rec *)(uintptr_t)0x18 :
		    &recs[(i + 1) % 8];
	}
	nopage = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (nopage != MAP_FAILED)
		(void)mprotect(nopage + 4096, 4096, PROT_NONE);
}

/* arg0: a rec, or an address whose reads fault: NULL, low memory, an
 * unreadable page, 2 bytes before one (a read across the edge). */
static void
mk_mem(hr_firing_t *f, int i, uint64_t tsc)
{
	uint64_t r = rnd() % 16;

	mk_random(f, i, tsc);
	if (r < 10)
		f->hf_args[0] = (uint64_t)(uintptr_t)&recs[r % 8];
	else if (r == 10)
		f->hf_args[0] = 0;
	else if (r == 11)
		f->hf_args[0] = 0x10;
	else if (r == 12 && nopage != MAP_FAILED)
		f->hf_args[0] = (uint64_t)(uintptr_t)(nopage + 4096);
	else if (r == 13 && nopage != MAP_FAILED)
		f->hf_args[0] = (uint64_t)(uintptr_t)(nopage + 4094);
	f->hf_args[1] = (uint64_t)(uintptr_t)&recs[rnd() % 8];
}

static const char structs[] =
    "struct rec { char c; short h; int i; long l; unsigned char uc; "
    "struct rec *next; int arr[4]; };\n";

static void
test_memory(void)
{
	char text[2048];

	snprintf(text, sizeof(text), "%s"
	    "pid1:::entry { this->p = (struct rec *)arg0; "
	    "@a[this->p->c, this->p->h] = count(); @b = sum(this->p->i); }\n"
	    "pid1:::entry { @c = max(this->p->l); "
	    "@d[this->p->arr[arg2 & 3]] = count(); }\n"
	    "pid1:::entry { @e[*(int *)arg0, *(unsigned char *)(arg0 + 1)] = "
	    "count(); @f = sum(this->p->next->i); }\n"
	    "pid1:::return { this->q = (struct rec *)arg1; "
	    "@g[(long)&this->q->arr[2] - (long)this->q] = count(); "
	    "@h[this->q->uc, (*this->q).i] = count(); }\n"
	    "ERROR { @err[arg4] = count(); }\n", structs);
	diff_with("member reads and bad addresses", text, 3000, mk_mem, pids);
}

/*
 * The check's race: a page readable when the kernel is asked, PROT_NONE
 * by the load (the racing gate takes it away in between).  The load
 * faults, the harness fixes it up as pidtrace does, and the read is the
 * invalid address the interpreter meets on the page as it is after:
 * each firing one fault fixed up, the outputs the same.
 */
static void
test_race(void)
{
	static const char text[] = "pid1:::entry { @[*(int *)arg0] = "
	    "count(); }\nERROR { @err[arg4] = count(); }\n";
	unsigned long fixed = hr_fixups;
	hr_firing_t f;
	hr_t h;
	uint8_t *page;
	int i, n = 20;

	page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECKF(page != MAP_FAILED, "race: mmap");
	if (page == MAP_FAILED)
		return;
	*(int *)(void *)(page + 64) = 42;
	hr_racegate = true;
	if (hr_open(&h, text, NULL, NULL) != 0) {
		CHECKF(false, "race: %s", h.hr_err);
		hr_racegate = false;
		hr_close(&h);
		return;
	}
	hr_racegate = false;
	for (i = 0; i < n; i++) {
		CHECKF(mprotect(page, 4096, PROT_READ | PROT_WRITE) == 0,
		    "race: mprotect");
		mkfiring(&f, HP_FOO_ENTRY, 1, 5000 + (uint64_t)i * 1000);
		f.hf_args[0] = (uint64_t)(uintptr_t)(page + 64);
		hr_fire_jit(&h, &f);
		hr_fire_ref(&h, &f);
	}
	hr_end(&h);
	CHECKF(hr_same(&h, stdout), "race: the outputs differ");
	printf("jit-test: the check's race: %lu faults fixed up in %d "
	    "firings\n", hr_fixups - fixed, n);
	CHECKF(hr_fixups - fixed == (unsigned long)n,
	    "race: %lu faults fixed up, not %d", hr_fixups - fixed, n);
	hr_close(&h);
	munmap(page, 4096);
}

static void	drops(hr_t *, char *, size_t);

/*
 * A check the kernel gives no answer (-ENOSYS): the read goes to
 * process_vm_readv, the output is the interpreter's, and the slower path
 * is said, one line with the count, as drops are.
 */
static void
test_noanswer(void)
{
	static const char text[] = "pid1:::entry { @[*(int *)arg0] = "
	    "count(); }\nERROR { @err[arg4] = count(); }\n";
	char buf[512], want[256];
	hr_firing_t f;
	hr_t h;
	int i, n = 30;

	hr_mutegate = true;
	if (hr_open(&h, text, NULL, NULL) != 0) {
		CHECKF(false, "no answer: %s", h.hr_err);
		hr_mutegate = false;
		hr_close(&h);
		return;
	}
	hr_mutegate = false;
	for (i = 0; i < n; i++) {
		mkfiring(&f, HP_FOO_ENTRY, 1, 5000 + (uint64_t)i * 1000);
		/* good ints, and a PROT_NONE page every third */
		f.hf_args[0] = i % 3 == 2 && nopage != MAP_FAILED ?
		    (uint64_t)(uintptr_t)(nopage + 4096) :
		    (uint64_t)(uintptr_t)&recs[i % 8].i;
		hr_fire(&h, &f);
	}
	hr_end(&h);
	CHECKF(hr_same(&h, stdout), "no answer: the outputs differ");
	drops(&h, buf, sizeof(buf));
	snprintf(want, sizeof(want), "pidtrace: %d memory reads in pid %d "
	    "went to process_vm_readv: the kernel gave the readability "
	    "check no answer\n", n, HR_PID);
	CHECKF(strcmp(buf, want) == 0, "no answer: said '%s', not '%s'",
	    buf, want);
	drops(&h, buf, sizeof(buf));
	CHECKF(buf[0] == '\0', "no answer: said twice: %s", buf);
	hr_close(&h);
}

static void
test_faults(void)
{
	/* an if's condition faults with the number of the last statement
	 * run, which the branch taken before decides */
	diff("fault places", "pid1::: { x = 1; if (arg0 & 1) { y = 2; } "
	    "if (arg1 / (arg2 & 1)) { z = 3; } w = 4 / (arg3 & 1); }\n"
	    "pid1::: /arg4 % (arg5 & 1)/ { @ = count(); }\n"
	    "ERROR { @e[arg1, arg2, arg3, arg4] = count(); }", 2000, pids);
}

/* --- mixed paths: records around in-process clauses ------------------- */

static void
test_mixed(void)
{
	static const uint32_t none[] = { 0 };
	static const char text[] =
	    "pid1:::entry { @c = count(); }\n"
	    "pid1:::entry /arg0 & 1/ { printf(\"%d %d\\n\", arg0 & 0xff, "
	    "tid); }\n"
	    "pid1:::entry { @d[arg1 / (arg2 & 3)] = count(); }\n"
	    "pid1:::entry /arg3 & 1/ { printf(\"after %d\\n\", "
	    "arg3 & 0xffff); }\n"
	    "pid1:::return { trace(arg1 & 0xff); }\n";
	hr_t h;

	diff("mixed paths", text, 2000, none);
	if (hr_open(&h, text, NULL, NULL) != 0) {
		CHECKF(false, "mixed: %s", h.hr_err);
		hr_close(&h);
		return;
	}
	CHECK(dsl_plan_path(h.hr_ip, HP_FOO_ENTRY, 0, NULL) ==
	    DSL_PATH_INPROC);
	CHECK(dsl_plan_path(h.hr_ip, HP_FOO_ENTRY, 1, NULL) ==
	    DSL_PATH_PIDTRACE);
	CHECK(dsl_plan_path(h.hr_ip, HP_FOO_ENTRY, 2, NULL) ==
	    DSL_PATH_INPROC);
	CHECK(dsl_plan_path(h.hr_ip, HP_FOO_ENTRY, 3, NULL) ==
	    DSL_PATH_PIDTRACE);
	CHECK(dsl_plan_records(h.hr_ip, HP_FOO_ENTRY));
	CHECK(!dsl_plan_inproc(h.hr_ip, HP_FOO_RETURN));
	hr_close(&h);
}

/* --- the partition rule --------------------------------------------- */

static void
expect_path(const char *text, uint32_t id, uint32_t i, int path,
    const char *why)
{
	const char *got;
	hr_t h;
	int p;

	if (hr_open(&h, text, NULL, NULL) != 0) {
		CHECKF(false, "%s: %s", text, h.hr_err);
		hr_close(&h);
		return;
	}
	p = dsl_plan_path(h.hr_ip, id, i, &got);
	CHECKF(p == path, "%s: probe %u clause %u: path %d, want %d (%s)",
	    text, id, i, p, path, got != NULL ? got : "");
	if (why != NULL)
		CHECKF(got != NULL && strcmp(got, why) == 0, "%s: why \"%s\", "
		    "want \"%s\"", text, got != NULL ? got : "(none)", why);
	else
		CHECKF(got == NULL, "%s: why \"%s\"", text, got);
	hr_close(&h);
}

/* A new plan (after a dlopen, a site that fell back to int3) says
 * whether a path changed: then the code must be made again. */
static void
replan(void)
{
	uint8_t kinds[HP_N] = { DSL_PK_HOST, DSL_PK_HOST, DSL_PK_TRACEE,
		DSL_PK_FAST, DSL_PK_FAST, DSL_PK_FAST, DSL_PK_FAST,
		DSL_PK_HOST };
	hr_t h;

	if (hr_open(&h, "pid1::foo:entry { self->ts = timestamp; }\n"
	    "pid1::foo:return /self->ts/ { @ = quantize(timestamp - "
	    "self->ts); self->ts = 0; }", NULL, NULL) != 0) {
		CHECKF(false, "replan: %s", h.hr_err);
		return;
	}
	CHECK(dsl_plan(h.hr_ip, kinds, HP_N) == 0);	/* as hr_open's */
	kinds[HP_FOO_RETURN - 1] = DSL_PK_TRACEE;	/* now int3 */
	CHECK(dsl_plan(h.hr_ip, kinds, HP_N) == 1);
	/* the return stops the thread: the entry's self->ts goes too */
	CHECK(dsl_plan_path(h.hr_ip, HP_FOO_ENTRY, 0, NULL) ==
	    DSL_PATH_PIDTRACE);
	CHECK(!dsl_plan_inproc(h.hr_ip, HP_FOO_ENTRY));
	CHECK(dsl_plan(h.hr_ip, kinds, HP_N) == 0);
	hr_close(&h);
}

static void
test_partition(void)
{
	/* self->ts written in process and read from records: both sides
	 * of it in pidtrace */
	expect_path("pid1::foo:entry { self->ts = timestamp; }\n"
	    "pid1::foo:return /self->ts/ { printf(\"%d\", timestamp - "
	    "self->ts); self->ts = 0; }", HP_FOO_ENTRY, 0, DSL_PATH_PIDTRACE,
	    "self->ts is also used by the clause of pid1::foo:return at "
	    "line 2, which runs in pidtrace");
	/* printa() in a record clause sees updates after its firing */
	expect_path("pid1::foo:entry { @a = count(); }\n"
	    "pid1::foo:return { printa(@a); }", HP_FOO_ENTRY, 0,
	    DSL_PATH_PIDTRACE, "@a is printed or cleared by the clause of "
	    "pid1::foo:return at line 2, which runs in pidtrace");
	/* ... not in a tick: it folds first */
	expect_path("pid1::foo:entry { @a = count(); }\n"
	    "tick-1s { printa(@a); clear(@a); }", HP_FOO_ENTRY, 0,
	    DSL_PATH_INPROC, NULL);
	expect_path("pid1::foo:entry { @a = count(); }\n"
	    "pid1::bar:return { exit(0); }", HP_FOO_ENTRY, 0,
	    DSL_PATH_PIDTRACE, "exit() in the clause of pid1::bar:return at "
	    "line 2 runs in pidtrace");
	/* globals BEGIN and END share: in process */
	expect_path("BEGIN { n = 1; } pid1::foo:entry /n/ { n++; }\n"
	    "END { trace(n); }", HP_FOO_ENTRY, 0, DSL_PATH_INPROC, NULL);
	/* a read on both sides, no writer: fine */
	expect_path("BEGIN { n = 1; } pid1::foo:entry /n/ { @ = count(); }\n"
	    "pid1::bar:entry /n/ { printf(\"bar\"); }", HP_FOO_ENTRY, 0,
	    DSL_PATH_INPROC, NULL);
	/* what the subset lacks, said */
	expect_path("pid1::foo:entry { printf(\"%d\", arg0); }",
	    HP_FOO_ENTRY, 0, DSL_PATH_PIDTRACE,
	    "it records data (printf, trace...)");
	expect_path("pid1::foo:entry { @[execname] = count(); }",
	    HP_FOO_ENTRY, 0, DSL_PATH_PIDTRACE, "a string made at run time "
	    "(only probe names and literals in keys)");
	expect_path("pid1::foo:entry { a[arg0] = 1; }",
	    HP_FOO_ENTRY, 0, DSL_PATH_PIDTRACE, "associative arrays");
	expect_path("pid1::foo:entry { @ = sum(arg7); }",
	    HP_FOO_ENTRY, 0, DSL_PATH_PIDTRACE, "an argument past arg5");
	expect_path("pid1::foo:entry { self->s = \"x\"; }",
	    HP_FOO_ENTRY, 0, DSL_PATH_PIDTRACE, "a string value");
	expect_path("pid1::foo:entry { @ = sum(strlen(\"x\")); }",
	    HP_FOO_ENTRY, 0, DSL_PATH_PIDTRACE, "strlen()");
	/* BEGIN stays pidtrace's */
	expect_path("BEGIN { @ = count(); }", HP_BEGIN, 0, DSL_PATH_HOST,
	    NULL);
	replan();
}

/* --- threads without a key, ticks ------------------------------------- */

/* Some threads without a TCB (key 0): pidtrace runs their firings. */
static void
mk_nokey(hr_firing_t *f, int i, uint64_t tsc)
{
	mk_random(f, i, tsc);
	if (rnd() % 5 == 0)
		f->hf_key = 0;
}

/* A tick every 100 firings. */
static void
mk_tick(hr_firing_t *f, int i, uint64_t tsc)
{
	mk_random(f, i, tsc);
	if (i % 100 == 99)
		f->hf_probe = HP_TICK;
}

static void
test_host(void)
{
	diff_with("threads without a key", "pid1:a.out:foo:entry "
	    "{ self->ts = timestamp; n++; }\n"
	    "pid1:a.out:foo:return /self->ts/ { @[probefunc, tid] = "
	    "quantize(timestamp - self->ts); self->ts = 0; @n = max(n); }\n"
	    "END { trace(n); }", 2000, mk_nokey, pids);
	/* exit() in a tick: no firing after it counts, on either side */
	diff_with("exit in a tick", "pid1::: { @c[probefunc] = count(); "
	    "@s = sum(arg0 & 0xff); } tick-1s /++n == 3/ { exit(0); }", 1000,
	    mk_tick, pids);
	diff_with("ticks print, clear and trunc", "pid1::: { @mx[probefunc] "
	    "= max(arg0 & 0xffff); @mn = min((int)arg1); @c[arg2 & 7] = "
	    "count(); @q = quantize(arg3 & 0xfff); @s[arg4 & 3] = sum(1); }\n"
	    "tick-1s { printa(@mx); printa(@c); clear(@mx); trunc(@c, 3); "
	    "printa(@mn); trunc(@mn); printa(@s); trunc(@s, 1); clear(@q); }",
	    3000, mk_tick, pids);
}

/* --- drops ------------------------------------------------------------ */

/* The drop lines dsl_ip_drops prints now, in buf. */
static void
drops(hr_t *h, char *buf, size_t len)
{
	char *m = NULL;
	size_t n = 0;
	FILE *fp = open_memstream(&m, &n);

	if (fp == NULL) {
		buf[0] = '\0';
		return;
	}
	(void)dsl_ip_drops(h->hr_ip, fp, HR_PID);
	fclose(fp);
	snprintf(buf, len, "%s", m != NULL ? m : "");
	free(m);
}

/* The jit side of a against the interpreter side of b. */
static bool
same_as(hr_t *a, hr_t *b)
{
	return a->hr_jit.hs_olen == b->hr_ref.hs_olen &&
	    memcmp(a->hr_jit.hs_obuf, b->hr_ref.hs_obuf,
	    a->hr_jit.hs_olen) == 0;
}

static void
fire_keys(hr_t *h, bool jit, uint32_t k0, uint32_t k1, int times)
{
	hr_firing_t f;
	uint32_t k;
	int t;

	for (k = k0; k <= k1; k++)
		for (t = 0; t < times; t++) {
			mkfiring(&f, HP_FOO_ENTRY, k, 100000 * k + t);
			f.hf_args[0] = k;
			if (jit)
				hr_fire_jit(h, &f);
			else
				hr_fire_ref(h, &f);
			f.hf_probe = HP_FOO_RETURN;
			if (jit)
				hr_fire_jit(h, &f);
			else
				hr_fire_ref(h, &f);
		}
}

static void
test_drops(void)
{
	static const char dyn[] = "pid1::foo:entry { self->x = 1; }\n"
	    "pid1::foo:return /self->x/ { @ = count(); @t[tid] = count(); }";
	dsl_ip_opts_t o;
	hr_t h, r;
	char msg[256];
	unsigned long long nd = 0;

	/* self->: 16 entries, 40 threads: the first 16 count */
	memset(&o, 0, sizeof(o));
	o.io_dynvarsize = 16 * 16;	/* one self-> slot: 16 bytes each */
	o.io_aggsize = 256 << 10;
	o.io_nabuf = 64;
	if (hr_open(&h, dyn, NULL, &o) != 0 || hr_open(&r, dyn, NULL, NULL)
	    != 0) {
		CHECKF(false, "drops: %s %s", h.hr_err, r.hr_err);
		return;
	}
	fire_keys(&h, true, 1, 40, 1);
	fire_keys(&r, false, 1, 16, 1);
	hr_end(&h);
	hr_end(&r);
	CHECKF(same_as(&h, &r), "dynvarsize: %s\nwant\n%s", h.hr_jit.hs_obuf,
	    r.hr_ref.hs_obuf);
	drops(&h, msg, sizeof(msg));
	/* dtrace: "%llu dynamic variable drop%s" */
	CHECKF(strcmp(msg, "pidtrace: 24 dynamic variable drops\n") == 0,
	    "got \"%s\"", msg);
	drops(&h, msg, sizeof(msg));
	CHECKF(msg[0] == '\0', "said twice: \"%s\"", msg);
	/* the area goes before its drops are said (an exec, the end):
	 * they are said after; a new area counts from 0 */
	fire_keys(&h, true, 41, 50, 1);
	dsl_ip_detach(h.hr_ip);
	drops(&h, msg, sizeof(msg));
	CHECKF(strcmp(msg, "pidtrace: 10 dynamic variable drops\n") == 0,
	    "after detach: \"%s\"", msg);
	/* -x droptags: dtrace's tag first, as on the runtime's own lines */
	{
		static const char *const tags[] = { "droptags", NULL };
		hr_t g;

		if (hr_open(&g, dyn, tags, &o) != 0)
			CHECKF(false, "droptags: %s", g.hr_err);
		else {
			fire_keys(&g, true, 1, 40, 1);
			hr_end(&g);
			drops(&g, msg, sizeof(msg));
			CHECKF(strcmp(msg, "pidtrace: [DTRACEDROP_DYNAMIC] 24 "
			    "dynamic variable drops\n") == 0,
			    "droptags: \"%s\"", msg);
			hr_close(&g);
		}
	}
	{
		size_t sz = dsl_ip_size(h.hr_ip);
		void *a2 = mmap(NULL, sz, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);

		CHECK(a2 != MAP_FAILED && dsl_ip_attach(h.hr_ip, a2,
		    (uint64_t)(uintptr_t)a2) == 0);
		drops(&h, msg, sizeof(msg));
		CHECKF(msg[0] == '\0', "a new area: \"%s\"", msg);
		dsl_ip_detach(h.hr_ip);
		if (a2 != MAP_FAILED)
			munmap(a2, sz);
	}
	hr_close(&h);
	hr_close(&r);

	/* a thread's buffer of 8 KB: keys past its room are dropped,
	 * every one of them counted */
	o.io_dynvarsize = 1 << 20;
	o.io_aggsize = 8192;
	if (hr_open(&h, "pid1::foo:entry { @[arg0] = count(); }", NULL,
	    &o) != 0) {
		CHECKF(false, "aggsize: %s", h.hr_err);
		return;
	}
	{
		hr_firing_t f;
		int k;

		for (k = 0; k < 300; k++) {
			mkfiring(&f, HP_FOO_ENTRY, 1, 1000 + k);
			f.hf_args[0] = (uint64_t)k;
			hr_fire_jit(&h, &f);
		}
	}
	hr_end(&h);
	drops(&h, msg, sizeof(msg));
	CHECKF(sscanf(msg, "pidtrace: %llu aggregation drops\n",
	    &nd) == 1 && nd > 0 && nd < 300, "got \"%s\"", msg);
	if (hr_open(&r, "pid1::foo:entry { @[arg0] = count(); }", NULL,
	    NULL) == 0) {
		hr_firing_t f;
		int k;

		/* the keys that found room: the first ones */
		for (k = 0; k < 300 - (int)nd; k++) {
			mkfiring(&f, HP_FOO_ENTRY, 1, 1000 + k);
			f.hf_args[0] = (uint64_t)k;
			hr_fire_ref(&r, &f);
		}
		hr_end(&r);
		CHECKF(same_as(&h, &r), "aggsize: the kept keys differ");
	}
	hr_close(&h);
	hr_close(&r);

	/* an 8 KB buffer has room for one static histogram: the next
	 * keyless one and those keyed by probefunc go by hash */
	diff_opts("static area full", "pid1::: { @a = quantize(arg0); "
	    "@b = quantize(arg1); @d[probefunc] = quantize(arg3); }", 2000,
	    mk_random, pids, &o);

	/* two buffers, five threads: three threads' updates dropped */
	o.io_aggsize = 256 << 10;
	o.io_nabuf = 2;
	if (hr_open(&h, "pid1::foo:entry { @ = count(); }", NULL, &o) != 0 ||
	    hr_open(&r, "pid1::foo:entry { @ = count(); }", NULL, NULL) != 0) {
		CHECKF(false, "nabuf: %s", h.hr_err);
		return;
	}
	fire_keys(&h, true, 1, 5, 10);
	fire_keys(&r, false, 1, 2, 10);
	hr_end(&h);
	hr_end(&r);
	CHECK(same_as(&h, &r));
	drops(&h, msg, sizeof(msg));
	CHECKF(strcmp(msg, "pidtrace: 30 aggregation drops\n") == 0,
	    "got \"%s\"", msg);
	hr_close(&h);
	hr_close(&r);
}

/*
 * A thread's exit folds its buffer and frees it for the next thread: two
 * buffers, threads 1 and 2 take them, 1 exits, 3 takes its buffer.  Its
 * static, keyed and histogram entries must start from zero there: the
 * totals equal the reference run's (pidtrace's own runtime, every
 * firing), which a buffer left with thread 1's entries would not (3's
 * first min(), where 1's was, would keep 1's smaller value).
 */
static void
test_reuse(void)
{
	static const char text[] = "pid1::foo:entry { @ = count(); "
	    "@k[arg0] = sum(arg0); @q = quantize(arg0); @a[tid] = avg(arg0); "
	    "@n[arg0] = min(arg0); }";
	dsl_ip_opts_t o;
	hr_t h, r;
	char msg[256];

	memset(&o, 0, sizeof(o));
	o.io_aggsize = 256 << 10;
	o.io_nabuf = 2;
	if (hr_open(&h, text, NULL, &o) != 0 ||
	    hr_open(&r, text, NULL, NULL) != 0) {
		CHECKF(false, "reuse: %s", h.hr_err);
		return;
	}
	fire_keys(&h, true, 1, 2, 7);
	fire_keys(&r, false, 1, 2, 7);
	dsl_ip_thread_gone(h.hr_ip, 1);
	fire_keys(&h, true, 3, 3, 5);
	fire_keys(&r, false, 3, 3, 5);
	dsl_ip_thread_gone(h.hr_ip, 3);
	fire_keys(&h, true, 4, 4, 3);
	fire_keys(&r, false, 4, 4, 3);
	hr_end(&h);
	hr_end(&r);
	CHECKF(same_as(&h, &r), "reuse: got \"%.*s\" want \"%.*s\"",
	    (int)h.hr_jit.hs_olen, h.hr_jit.hs_obuf, (int)r.hr_ref.hs_olen,
	    r.hr_ref.hs_obuf);
	drops(&h, msg, sizeof(msg));
	CHECKF(msg[0] == '\0', "reuse: drops \"%s\"", msg);
	hr_close(&h);
	hr_close(&r);
}

/*
 * dsl_ip_written: folds skip the buffers whose header was never written
 * (here: still all zeros, as a hole of the memfd reads) and ask about
 * each at most until it is seen written.  Eight buffers, two threads:
 * the totals are the reference's, and the six unused buffers are asked
 * about at each fold, the two taken only until they are seen.
 */
static unsigned nasked;

static bool
nonzero(void *arg, const void *p, size_t len)
{
	const uint8_t *b = p;
	size_t i;

	(void)arg;
	nasked++;
	for (i = 0; i < len; i++)
		if (b[i] != 0)
			return true;
	return false;
}

static void
test_written(void)
{
	static const char text[] = "pid1::foo:entry { @ = count(); "
	    "@k[arg0] = sum(arg0); }";
	dsl_ip_opts_t o;
	hr_t h, r;
	unsigned before;

	memset(&o, 0, sizeof(o));
	o.io_aggsize = 256 << 10;
	o.io_nabuf = 8;
	if (hr_open(&h, text, NULL, &o) != 0 ||
	    hr_open(&r, text, NULL, NULL) != 0) {
		CHECKF(false, "written: %s", h.hr_err);
		return;
	}
	dsl_ip_written(h.hr_ip, nonzero, NULL);
	fire_keys(&h, true, 1, 2, 9);
	fire_keys(&r, false, 1, 2, 9);
	nasked = 0;
	dsl_ip_fold(h.hr_ip);
	CHECKF(nasked == 8, "first fold asked %u times", nasked);
	before = nasked;
	dsl_ip_fold(h.hr_ip);
	CHECKF(nasked - before == 6, "second fold asked %u times",
	    nasked - before);
	hr_end(&h);
	hr_end(&r);
	CHECKF(same_as(&h, &r), "written: got \"%.*s\" want \"%.*s\"",
	    (int)h.hr_jit.hs_olen, h.hr_jit.hs_obuf, (int)r.hr_ref.hs_olen,
	    r.hr_ref.hs_obuf);
	hr_close(&h);
	hr_close(&r);
}

/* --- the end, muted threads, wall time, thread exit -------------------- */

static void
test_control(void)
{
	hr_t h;
	hr_firing_t f;
	dsl_jctx_t jc;
	char want[128];

	if (hr_open(&h, "#pragma D option quiet\n"
	    "pid1::foo:entry { @ = count(); self->n = 1; "
	    "w = walltimestamp - timestamp; t = timestamp; }\n"
	    "END { printf(\"%d %d\\n\", w, t); }", NULL, NULL) != 0) {
		CHECKF(false, "control: %s", h.hr_err);
		return;
	}
	mkfiring(&f, HP_FOO_ENTRY, 5, 123456);
	hr_run(&h, &f, &jc);
	CHECK(jc.jc_status == 0 && jc.jc_nev == 0);
	CHECK(dsl_ip_self(h.hr_ip, 5, 0) == 1);
	/* a thread's exit frees its self-> (and folds its buffer) */
	dsl_ip_thread_gone(h.hr_ip, 5);
	CHECK(dsl_ip_self(h.hr_ip, 5, 0) == 0);

	/* a vfork child borrowing key 6: nothing, not even a record */
	CHECK(dsl_ip_mute(h.hr_ip, 6, true) == 0);
	f.hf_key = 6;
	hr_run(&h, &f, &jc);
	CHECK(jc.jc_status == 0 && dsl_ip_self(h.hr_ip, 6, 0) == 0);
	f.hf_key = 7;
	hr_run(&h, &f, &jc);
	CHECK(dsl_ip_self(h.hr_ip, 7, 0) == 1);
	CHECK(dsl_ip_mute(h.hr_ip, 6, false) == 0);
	f.hf_key = 6;
	hr_run(&h, &f, &jc);
	CHECK(dsl_ip_self(h.hr_ip, 6, 0) == 1);

	/* no key: all of it from the record */
	f.hf_key = 0;
	hr_run(&h, &f, &jc);
	CHECK(jc.jc_status == (DSL_JIT_RECORD | DSL_JIT_ALL));

	/* after exit(): nothing */
	dsl_ip_end(h.hr_ip);
	f.hf_key = 8;
	hr_run(&h, &f, &jc);
	CHECK(jc.jc_status == 0 && dsl_ip_self(h.hr_ip, 8, 0) == 0);

	hr_end(&h);
	/* 3 counted (keys 5, 7, 6), the wall clock = the line's offset */
	snprintf(want, sizeof(want), "1700000000000000000 %llu\n\n"
	    "                3\n", (unsigned long long)hr_ns(&h, 123456));
	CHECKF(strcmp(h.hr_jit.hs_obuf, want) == 0, "got \"%s\" want \"%s\"",
	    h.hr_jit.hs_obuf, want);
	hr_close(&h);
}

/* --- threads at once, signal handlers in the middle -------------------- */

#define NTHR	8
#define NFIRE	50000

typedef struct tharg {
	hr_t		*ta_h;
	pthread_barrier_t *ta_bar;
	hr_firing_t	*ta_f;
	int		ta_bad;
} tharg_t;

static void *
thread_main(void *p)
{
	tharg_t *ta = p;
	dsl_jctx_t jc;
	int i;

	pthread_barrier_wait(ta->ta_bar);
	for (i = 0; i < NFIRE; i++) {
		hr_run(ta->ta_h, &ta->ta_f[i], &jc);
		if (jc.jc_status != 0)
			ta->ta_bad++;
	}
	return NULL;
}

static const char burst[] =
    "pid1:a.out:foo:entry { self->ts = timestamp; @c[probename] = "
    "count(); }\n"
    "pid1:a.out:foo:return /self->ts/ { @[probefunc] = "
    "quantize(timestamp - self->ts); self->ts = 0; @c[probename] = "
    "count(); @k[arg1 & 31] = sum(arg1 & 0xff); @m = max(arg1); }";

static void
test_threads(void)
{
	static hr_firing_t fs[NTHR][NFIRE];
	pthread_t th[NTHR];
	tharg_t ta[NTHR];
	pthread_barrier_t bar;
	hr_t h;
	int t, i, bad = 0;

	if (hr_open(&h, burst, NULL, NULL) != 0) {
		CHECKF(false, "threads: %s", h.hr_err);
		return;
	}
	for (t = 0; t < NTHR; t++)
		for (i = 0; i < NFIRE; i++)
			mkfiring(&fs[t][i], i % 2 ? HP_FOO_RETURN :
			    HP_FOO_ENTRY, 100 + (uint32_t)t, 1000 +
			    (uint64_t)i * 50 + rnd() % 40);
	pthread_barrier_init(&bar, NULL, NTHR);
	for (t = 0; t < NTHR; t++) {
		ta[t].ta_h = &h;
		ta[t].ta_bar = &bar;
		ta[t].ta_f = fs[t];
		ta[t].ta_bad = 0;
		pthread_create(&th[t], NULL, thread_main, &ta[t]);
	}
	for (t = 0; t < NTHR; t++) {
		pthread_join(th[t], NULL);
		bad += ta[t].ta_bad;
	}
	pthread_barrier_destroy(&bar);
	for (t = 0; t < NTHR; t++)
		for (i = 0; i < NFIRE; i++)
			hr_fire_ref(&h, &fs[t][i]);
	CHECKF(bad == 0, "%d firings asked for a record", bad);
	hr_end(&h);
	CHECKF(hr_same(&h, stdout), "%d threads at once: the outputs differ",
	    NTHR);
	hr_close(&h);
}

/* A handler that fires the same thread's probe in the middle of its
 * clause code: each update is whole, so nothing is lost. */
#define NSIGMAX	200000
static hr_t *sig_h;
static hr_firing_t sig_f[NSIGMAX];
static volatile int sig_n;

static void
on_alarm(int sig)
{
	dsl_jctx_t jc;
	int n = sig_n;

	(void)sig;
	if (n >= NSIGMAX)
		return;
	mkfiring(&sig_f[n], HP_BAR_ENTRY, 9, 7);
	sig_n = n + 1;
	hr_run(sig_h, &sig_f[n], &jc);
}

static void
test_signals(void)
{
	static hr_firing_t fs[400000];
	struct itimerval it = { { 0, 20 }, { 0, 20 } };
	struct sigaction sa;
	dsl_jctx_t jc;
	hr_t h;
	int i, n = (int)(sizeof(fs) / sizeof(fs[0]));

	if (hr_open(&h, "pid1::: { @c = count(); @s = sum(arg0); "
	    "@k[arg0 & 63] = count(); @q = quantize(arg0); @mx = max(arg0); "
	    "@mn = min(arg0); @sd = stddev(arg0 & 0xffff); "
	    "@l = lquantize(arg0 & 0xff, 0, 256, 16); }", NULL, NULL) != 0) {
		CHECKF(false, "signals: %s", h.hr_err);
		return;
	}
	for (i = 0; i < n; i++)
		mkfiring(&fs[i], HP_FOO_ENTRY, 9, 7);
	sig_h = &h;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	for (i = 0; i < n; i++)
		hr_run(&h, &fs[i], &jc);
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	signal(SIGALRM, SIG_DFL);
	for (i = 0; i < n; i++)
		hr_fire_ref(&h, &fs[i]);
	for (i = 0; i < sig_n; i++)
		hr_fire_ref(&h, &sig_f[i]);
	hr_end(&h);
	CHECKF(hr_same(&h, stdout), "signal handlers: the outputs differ "
	    "(%d handler firings)", sig_n);
	printf("jit-test: %d firings in signal handlers\n", sig_n);
	hr_close(&h);
}

/* The fuzz target's programs, from fixed seeds: most compile. */
static void
test_random(void)
{
	static rd_t d;
	uint8_t bytes[800];
	int i, k, ran = 0, bad = 0, dropped = 0;

	for (i = 0; i < 400; i++) {
		for (k = 0; k < (int)sizeof(bytes); k++)
			bytes[k] = (uint8_t)rnd();
		rd_make(&d, bytes, sizeof(bytes));
		switch (rd_run(&d, stdout)) {
		case 1:
			ran++;
			break;
		case 0:
			bad++;
			break;
		case 2:
			dropped++;
			break;
		}
	}
	CHECKF(bad == 0, "%d random programs differ", bad);
	CHECKF(ran >= 300, "only %d of 400 random programs compared", ran);
	printf("jit-test: %d random programs agree (%d dropped updates, "
	    "not compared)\n", ran, dropped);
}

int
main(void)
{
	unsigned long calls, fixed;

	recs_init();
	test_aggs();
	test_exprs();
	test_vars();
	test_memory();
	test_faults();
	test_mixed();
	test_partition();
	test_host();
	test_drops();
	test_reuse();
	test_written();
	test_control();
	test_threads();
	test_signals();
	test_random();
	/* again, the system calls made through a gate, as under pidtrace */
	hr_gate = true;
	test_memory();
	test_faults();
	test_random();
	printf("jit-test: %lu system calls through the gate\n",
	    hr_gatecalls());
	CHECKF(hr_gatecalls() > 0, "no call went through the gate");
	/*
	 * again, reading by loads of pages the kernel read first (the
	 * default): no load faults, each check a call through the gate
	 */
	hr_loads = true;
	calls = hr_gatecalls();
	test_memory();
	test_faults();
	test_random();
	printf("jit-test: %lu faulting loads fixed up of checked pages, "
	    "%lu calls\n", hr_fixups, hr_gatecalls() - calls);
	CHECKF(hr_fixups == 0, "a load of a checked page faulted");
	CHECKF(hr_gatecalls() > calls, "no check went through the gate");
	test_race();
	test_noanswer();
	/* and with the checks' calls made in the code itself */
	hr_gate = false;
	calls = hr_gatecalls();
	fixed = hr_fixups;
	test_memory();
	test_faults();
	CHECKF(hr_fixups == fixed, "a load of a checked page faulted");
	CHECKF(hr_gatecalls() == calls, "a call went through the gate");
	hr_gate = true;
	/* again, reading by loads whose faults are fixed up */
	hr_memread = DSL_MR_LOAD;
	fixed = hr_fixups;
	test_memory();
	test_faults();
	test_random();
	printf("jit-test: %lu faulting loads fixed up\n", hr_fixups - fixed);
	CHECKF(hr_fixups > fixed, "no load faulted: loads never ran");
	if (failures == 0)
		printf("jit-test: the code and the interpreter agree\n");
	return failures != 0;
}
