/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * harness.c: see harness.h.
 */
#include <config.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ucontext.h>
#include <sys/uio.h>
#include <unistd.h>

#include "t/inproc/harness.h"

static void	loads_on(hr_t *, const dsl_jit_code_t *);

static const struct {
	const char	*p_prov, *p_mod, *p_func, *p_name;
	int		p_kind;
} probes[HP_N + 1] = {
	[HP_BEGIN] = { "dtrace", "", "", "BEGIN", DSL_PK_HOST },
	[HP_END] = { "dtrace", "", "", "END", DSL_PK_HOST },
	[HP_ERROR] = { "dtrace", "", "", "ERROR", DSL_PK_TRACEE },
	[HP_FOO_ENTRY] = { "pid1", "a.out", "foo", "entry", DSL_PK_FAST },
	[HP_FOO_RETURN] = { "pid1", "a.out", "foo", "return", DSL_PK_FAST },
	[HP_BAR_ENTRY] = { "pid1", "a.out", "bar", "entry", DSL_PK_FAST },
	[HP_BAR_RETURN] = { "pid1", "a.out", "bar", "return", DSL_PK_FAST },
	[HP_TICK] = { "profile", "", "", "tick-1s", DSL_PK_HOST },
};

/* The interpreter's reads of "the tracee" (us): EFAULT, not SIGSEGV,
 * on a bad address, as the code's. */
static int
readmem(void *cookie, uint64_t addr, void *buf, size_t len)
{
	struct iovec l = { buf, len };
	struct iovec r = { (void *)(uintptr_t)addr, len };

	(void)cookie;
	if (process_vm_readv(getpid(), &l, 1, &r, 1, 0) != (ssize_t)len) {
		errno = EFAULT;
		return -1;
	}
	return 0;
}

static int
side_open(hr_t *h, hr_side_t *s)
{
	dsl_host_t host;
	uint32_t id;
	size_t d;

	s->hs_out = open_memstream(&s->hs_obuf, &s->hs_olen);
	s->hs_err = open_memstream(&s->hs_ebuf, &s->hs_elen);
	if (s->hs_out == NULL || s->hs_err == NULL)
		return -1;
	memset(&host, 0, sizeof(host));
	host.dh_out = s->hs_out;
	host.dh_err = s->hs_err;
	host.dh_readmem = readmem;
	if ((s->hs_rt = dsl_rt_create(h->hr_pg, &host)) == NULL)
		return -1;
	for (id = 1; id <= HP_N; id++)
		if (dsl_rt_add_probe(s->hs_rt, probes[id].p_prov,
		    probes[id].p_mod, probes[id].p_func,
		    probes[id].p_name) != id)
			return -1;
	for (d = 0; d < dsl_prog_ndescs(h->hr_pg); d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(h->hr_pg, d);

		for (id = 1; id <= HP_N; id++)
			if (dsl_prog_desc_match(pd, probes[id].p_prov,
			    probes[id].p_mod, probes[id].p_func,
			    probes[id].p_name))
				(void)dsl_rt_enable(s->hs_rt, id, d);
	}
	return 0;
}

static void
ctx_of(const hr_t *h, const hr_firing_t *f, dsl_ctx_t *cx)
{
	memset(cx, 0, sizeof(*cx));
	memcpy(cx->cx_args, f->hf_args, sizeof(f->hf_args));
	cx->cx_pid = HR_PID;
	cx->cx_tid = (int32_t)f->hf_key;
	cx->cx_timestamp = hr_ns(h, f->hf_tsc);
	/* the wall clock at the firing, from the same line */
	cx->cx_walltimestamp = dsl_ip_clock_wall(h->hr_ip, f->hf_tsc);
	cx->cx_execname = "a.out";
}

uint64_t
hr_ns(const hr_t *h, uint64_t tsc)
{
	return dsl_ip_clock_ns(h->hr_ip, tsc);
}

bool hr_gate;

/*
 * The gates, made once: their page, then a page with their counter.
 *	gate:	jmp 1f
 *	gate + DSL_JIT_GATE_R9:
 *		lock incq counter(%rip); syscall; jmp *%r9
 *	1:	lock incq counter(%rip); syscall; jmp *DSL_JIT_GATE_BACK(%rsi)
 * The flags the increment changes are the code's to lose: a system call
 * keeps none for it.
 */
static uint8_t *gate;

/* at p + at: lock incq counter(%rip); syscall */
static void
gate_count(uint8_t *p, int at)
{
	int32_t rel = 4096 - (at + 8);

	p[at] = 0xf0;
	p[at + 1] = 0x48;
	p[at + 2] = 0xff;
	p[at + 3] = 0x05;
	memcpy(p + at + 4, &rel, 4);
	p[at + 8] = 0x0f;
	p[at + 9] = 0x05;
}

static int
gate_make(void)
{
	uint8_t *p;

	if (gate != NULL)
		return 0;
	p = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	memset(p, 0xcc, 4096);
	p[0] = 0xeb;				/* jmp 32 */
	p[1] = 30;
	gate_count(p, DSL_JIT_GATE_R9);
	p[DSL_JIT_GATE_R9 + 10] = 0x41;		/* jmp *%r9 */
	p[DSL_JIT_GATE_R9 + 11] = 0xff;
	p[DSL_JIT_GATE_R9 + 12] = 0xe1;
	gate_count(p, 32);
	p[42] = 0xff;				/* jmp *48(%rsi) */
	p[43] = 0x66;
	p[44] = DSL_JIT_GATE_BACK;
	if (mprotect(p, 4096, PROT_READ | PROT_EXEC) != 0)
		return -1;
	gate = p;
	return 0;
}

bool hr_racegate, hr_mutegate;

/*
 * The racing gates, made once: the first as the gate's, and at
 * DSL_JIT_GATE_R9 the check's followed by mprotect(PROT_NONE) of the
 * page it asked about, as if another thread took it away between the
 * kernel's answer and the load:
 *	gate:	jmp 1f
 *	gate + DSL_JIT_GATE_R9:
 *		syscall; mov %rax, %r10
 *		mov $10, %eax; mov %rsi, %rdi; and $-4096, %rdi
 *		mov $4096, %esi; xor %edx, %edx; syscall
 *		mov %r10, %rax; jmp *%r9
 *	1:	syscall; jmp *DSL_JIT_GATE_BACK(%rsi)
 * r10 holds the check's answer across mprotect (the code sets r10 from
 * rax after the call); rdi, rsi and rdx are the code's to set again.
 */
static uint8_t *racegate, *mutegate;

/*
 * *gp made once (the racing and mute gates): a page of int3 with a jump over the r9 entry at
 * DSL_JIT_GATE_R9 (r9, r9len bytes) to the common entry at 64,
 * "syscall; jmp *DSL_JIT_GATE_BACK(%rsi)", as the tracer's gate is.
 */
static int
plain_gate_make(uint8_t **gp, const uint8_t *r9, size_t r9len)
{
	uint8_t *p;

	if (*gp != NULL)
		return 0;
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	memset(p, 0xcc, 4096);
	p[0] = 0xeb;				/* jmp 64 */
	p[1] = 62;
	memcpy(p + DSL_JIT_GATE_R9, r9, r9len);
	p[64] = 0x0f;
	p[65] = 0x05;
	p[66] = 0xff;				/* jmp *48(%rsi) */
	p[67] = 0x66;
	p[68] = DSL_JIT_GATE_BACK;
	if (mprotect(p, 4096, PROT_READ | PROT_EXEC) != 0)
		return -1;
	*gp = p;
	return 0;
}

/*
 * The mute gates: the check's answers -ENOSYS without a call (a kernel
 * or sandbox that refuses rt_sigprocmask), the first is the gate's.
 *	gate:	jmp 1f
 *	gate + DSL_JIT_GATE_R9:
 *		mov $-38, %rax; jmp *%r9
 *	1:	syscall; jmp *DSL_JIT_GATE_BACK(%rsi)
 */
static int
mutegate_make(void)
{
	static const uint8_t r9[] = {
		0x48, 0xc7, 0xc0, 0xda, 0xff, 0xff, 0xff, 0x41, 0xff, 0xe1
	};

	return plain_gate_make(&mutegate, r9, sizeof(r9));
}

static int
racegate_make(void)
{
	static const uint8_t r9[] = {
		0x0f, 0x05, 0x49, 0x89, 0xc2,
		0xb8, 0x0a, 0x00, 0x00, 0x00, 0x48, 0x89, 0xf7,
		0x48, 0x81, 0xe7, 0x00, 0xf0, 0xff, 0xff,
		0xbe, 0x00, 0x10, 0x00, 0x00, 0x31, 0xd2, 0x0f, 0x05,
		0x4c, 0x89, 0xd0, 0x41, 0xff, 0xe1
	};

	return plain_gate_make(&racegate, r9, sizeof(r9));
}

unsigned long
hr_gatecalls(void)
{
	return gate == NULL ? 0 :
	    __atomic_load_n((unsigned long *)(void *)(gate + 4096),
	    __ATOMIC_RELAXED);
}

int
hr_open(hr_t *h, const char *text, const char *const *xopts,
    const dsl_ip_opts_t *opts)
{
	dsl_src_t src = { "t.d", text, strlen(text) };
	uint8_t kinds[HP_N];
	uint32_t ids[HP_N], n = 0, id;
	dsl_ip_opts_t o;
	dsl_copts_t co;
	dsl_jit_code_t code;
	dsl_ctx_t cx;
	size_t nx = 0;

	memset(h, 0, sizeof(*h));
	memset(&co, 0, sizeof(co));
	co.co_target = 1;
	while (xopts != NULL && xopts[nx] != NULL)
		nx++;
	co.co_xopts = (const char **)(uintptr_t)xopts;
	co.co_nxopts = nx;
	h->hr_pg = dsl_compile(&src, 1, &co, h->hr_err, sizeof(h->hr_err));
	if (h->hr_pg == NULL)
		return -1;
	if (side_open(h, &h->hr_ref) != 0 || side_open(h, &h->hr_jit) != 0) {
		snprintf(h->hr_err, sizeof(h->hr_err), "out of memory");
		return -1;
	}
	if (opts != NULL)
		o = *opts;
	else
		dsl_ip_opts_default(h->hr_pg, &o);
	o.io_pid = HR_PID;
	o.io_nspid = (int32_t)getpid();
	o.io_memread = hr_memread;
	h->hr_ip = dsl_ip_create(h->hr_jit.hs_rt, &o, h->hr_err,
	    sizeof(h->hr_err));
	if (h->hr_ip == NULL)
		return -1;
	for (id = 1; id <= HP_N; id++)
		kinds[id - 1] = (uint8_t)probes[id].p_kind;
	if (dsl_plan(h->hr_ip, kinds, HP_N) < 0) {
		snprintf(h->hr_err, sizeof(h->hr_err), "the plan failed");
		return -1;
	}
	h->hr_areasz = dsl_ip_size(h->hr_ip);
	h->hr_area = mmap(NULL, h->hr_areasz, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (h->hr_area == MAP_FAILED) {
		h->hr_area = NULL;
		snprintf(h->hr_err, sizeof(h->hr_err), "mmap: %s",
		    strerror(errno));
		return -1;
	}
	/* BEGIN before the area, as pidtrace fires it before arming */
	dsl_rt_ctx_self(&cx);
	(void)dsl_eval_fire(h->hr_ref.hs_rt, HP_BEGIN, &cx);
	(void)dsl_eval_fire(h->hr_jit.hs_rt, HP_BEGIN, &cx);
	(void)dsl_ip_attach(h->hr_ip, h->hr_area,
	    (uint64_t)(uintptr_t)h->hr_area);
	/* a clock that is not the identity: 1.5 ns a tick from 10 s on */
	dsl_ip_clock(h->hr_ip, 1000, 10000000000ULL, (int64_t)3 << 31,
	    1700000000000000000LL);
	/* as the host: code for clauses in process, and for captures */
	for (id = 1; id <= HP_N; id++)
		if (dsl_plan_code(h->hr_ip, id))
			ids[n++] = id;
	if (n == 0)
		return 0;
	if (hr_gate && gate_make() != 0) {
		snprintf(h->hr_err, sizeof(h->hr_err), "the gate: %s",
		    strerror(errno));
		return -1;
	}
	if (hr_racegate && racegate_make() != 0) {
		snprintf(h->hr_err, sizeof(h->hr_err), "the racing gate: %s",
		    strerror(errno));
		return -1;
	}
	if (hr_mutegate && mutegate_make() != 0) {
		snprintf(h->hr_err, sizeof(h->hr_err), "the mute gate: %s",
		    strerror(errno));
		return -1;
	}
	dsl_ip_gate(h->hr_ip, hr_racegate ? (uint64_t)(uintptr_t)racegate :
	    hr_mutegate ? (uint64_t)(uintptr_t)mutegate :
	    hr_gate ? (uint64_t)(uintptr_t)gate : 0);
	if (dsl_jit_gen(h->hr_ip, ids, n, &code, h->hr_err,
	    sizeof(h->hr_err)) != 0)
		return -1;
	h->hr_codesz = (code.ic_len + 4095) & ~(size_t)4095;
	h->hr_code = mmap(NULL, h->hr_codesz, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (h->hr_code == MAP_FAILED) {
		h->hr_code = NULL;
		dsl_jit_code_free(&code);
		return -1;
	}
	memcpy(h->hr_code, code.ic_bytes, code.ic_len);
	(void)mprotect(h->hr_code, h->hr_codesz, PROT_READ | PROT_EXEC);
	for (id = 0; id < n; id++) {
		h->hr_entry[ids[id]] = code.ic_entry[id];
		h->hr_inproc[ids[id]] = true;
	}
	if (hr_loads)
		loads_on(h, &code);
	dsl_jit_code_free(&code);
	return 0;
}

bool hr_loads;
int hr_memread;
unsigned long hr_fixups;

/* every load of every code made, absolute: pc, landing */
static uint64_t (*fixes)[2];
static size_t nfixes;

static void
on_fault(int sig, siginfo_t *si, void *uc0)
{
	ucontext_t *uc = uc0;
	uint64_t pc = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
	size_t i;

	/* newest first: code made later may lie where older code was */
	if (si->si_code > 0)
		for (i = nfixes; i-- > 0;)
			if (fixes[i][0] == pc) {
				uc->uc_mcontext.gregs[REG_RIP] =
				    (greg_t)fixes[i][1];
				__atomic_add_fetch(&hr_fixups, 1,
				    __ATOMIC_RELAXED);
				return;
			}
	signal(sig, SIG_DFL);
	raise(sig);
}

/* code at base with fix (n pairs of offsets) runs loads from now on */
static void
loads_on(hr_t *h, const dsl_jit_code_t *code)
{
	static bool handled;
	struct sigaction sa;
	uint64_t (*nf)[2];
	size_t i;

	nf = realloc(fixes, (nfixes + code->ic_nfix) * sizeof(*nf));
	if (nf == NULL)
		return;
	for (i = 0; i < code->ic_nfix; i++) {
		nf[nfixes + i][0] = (uint64_t)(uintptr_t)h->hr_code +
		    code->ic_fix[2 * i];
		nf[nfixes + i][1] = (uint64_t)(uintptr_t)h->hr_code +
		    code->ic_fix[2 * i + 1];
	}
	fixes = nf;
	nfixes += code->ic_nfix;
	if (!handled) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_fault;
		sa.sa_flags = SA_SIGINFO | SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGSEGV, &sa, NULL);
		sigaction(SIGBUS, &sa, NULL);
		handled = true;
	}
	*(uint64_t *)(void *)((char *)h->hr_area + dsl_ip_loads_off()) = 1;
}

/*
 * The trampoline's part: jc_link = the way back, rdi = the context,
 * jmp.  The code spoils rax rcx rdx rsi r8-r11 and the flags, and uses
 * no stack: so the red zone of this function stays whole.
 */
static void
enter(const void *entry, dsl_jctx_t *cx)
{
	__asm__ volatile(
	    "lea 1f(%%rip), %%rax\n\t"
	    "mov %%rax, %c[link](%%rdi)\n\t"
	    "jmp *%%rsi\n"
	    "1:"
	    : "+D"(cx), "+S"(entry)
	    : [link] "i"(offsetof(dsl_jctx_t, jc_link))
	    : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "memory",
	    "cc");
}

void
hr_run(hr_t *h, const hr_firing_t *f, dsl_jctx_t *jc)
{
	memset(jc, 0, sizeof(*jc));
	memcpy(jc->jc_args, f->hf_args, sizeof(f->hf_args));
	jc->jc_tsc = f->hf_tsc;
	jc->jc_key = f->hf_key;
	jc->jc_status = 0xdead;		/* the code must set it */
	enter(h->hr_code + h->hr_entry[f->hf_probe], jc);
}

void
hr_call(hr_t *h, uint32_t probe, dsl_jctx_t *jc)
{
	enter(h->hr_code + h->hr_entry[probe], jc);
}

void
hr_fire_ref(hr_t *h, const hr_firing_t *f)
{
	dsl_ctx_t cx;

	ctx_of(h, f, &cx);
	(void)dsl_eval_fire(h->hr_ref.hs_rt, f->hf_probe, &cx);
}

void
hr_fire_jit(hr_t *h, const hr_firing_t *f)
{
	dsl_jctx_t jc;
	dsl_ctx_t cx;

	ctx_of(h, f, &cx);
	if (!h->hr_inproc[f->hf_probe]) {
		(void)dsl_eval_fire(h->hr_jit.hs_rt, f->hf_probe, &cx);
		return;
	}
	hr_run(h, f, &jc);
	if (jc.jc_status & DSL_JIT_RECORD)
		(void)dsl_ip_fire_record(h->hr_ip, f->hf_probe, &cx,
		    jc.jc_ev, jc.jc_nev, (jc.jc_status & DSL_JIT_ALL) != 0);
}

void
hr_fire(hr_t *h, const hr_firing_t *f)
{
	hr_fire_ref(h, f);
	hr_fire_jit(h, f);
}

void
hr_end(hr_t *h)
{
	(void)dsl_rt_end(h->hr_ref.hs_rt, NULL);
	(void)dsl_rt_end(h->hr_jit.hs_rt, NULL);
	fflush(h->hr_ref.hs_out);
	fflush(h->hr_ref.hs_err);
	fflush(h->hr_jit.hs_out);
	fflush(h->hr_jit.hs_err);
}

bool
hr_same(hr_t *h, FILE *where)
{
	const hr_side_t *r = &h->hr_ref, *j = &h->hr_jit;
	bool same = r->hs_olen == j->hs_olen && r->hs_elen == j->hs_elen &&
	    memcmp(r->hs_obuf, j->hs_obuf, r->hs_olen) == 0 &&
	    memcmp(r->hs_ebuf, j->hs_ebuf, r->hs_elen) == 0;

	if (!same && where != NULL)
		fprintf(where, "-- interpreter --\n%s%s-- in process --\n"
		    "%s%s--\n", r->hs_obuf, r->hs_ebuf, j->hs_obuf,
		    j->hs_ebuf);
	return same;
}

static void
side_close(hr_side_t *s)
{
	if (s->hs_rt != NULL)
		dsl_rt_destroy(s->hs_rt);
	if (s->hs_out != NULL)
		fclose(s->hs_out);
	if (s->hs_err != NULL)
		fclose(s->hs_err);
	free(s->hs_obuf);
	free(s->hs_ebuf);
}

void
hr_close(hr_t *h)
{
	if (h->hr_ip != NULL)
		dsl_ip_destroy(h->hr_ip);
	side_close(&h->hr_ref);
	side_close(&h->hr_jit);
	if (h->hr_area != NULL)
		munmap(h->hr_area, h->hr_areasz);
	if (h->hr_code != NULL)
		munmap(h->hr_code, h->hr_codesz);
	if (h->hr_pg != NULL)
		dsl_prog_free(h->hr_pg);
	memset(h, 0, sizeof(*h));
}
