/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/unwind.c: walk the user stack of a stopped thread.
 *
 * libunwind's ptrace flavour does the work: its find_proc_info reads the
 * .eh_frame (or .debug_frame) of the module an ip sits in, remotely, and
 * its x86_64 stepper falls back to the frame-pointer chain where a frame
 * has no unwind information (JIT code, hand-written assembly).  Two of its
 * accessors are ours: registers come from the regs the stop already read
 * (no PTRACE_PEEKUSER a register), memory from tr_read (one
 * process_vm_readv a word instead of a PTRACE_PEEKDATA).  When libunwind
 * gives up on the first frame we walk rbp ourselves, so a frame-pointer
 * build without any CFI still has its stack.
 *
 * This lives in the tracer because it needs a thread in ptrace-stop and
 * ptrace (through libunwind-ptrace); it names nothing: the glue's
 * addrsym (cmd/trace/addrsym.c) turns
 * the pcs into module`function+0xoff.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <libunwind-ptrace.h>

#include "tracer/tr-impl.h"

/* The walk in progress: libunwind's accessors get only the UPT handle. */
static struct {
	tr_session_t	*w_s;
	const struct user_regs_struct *w_regs;
} walk;

static unw_addr_space_t as;
static unw_accessors_t acc;

/*
 * ips that have no unwind information, remembered: libunwind looks for
 * it anew each time (.eh_frame_hdr, then the file's .debug_frame), 300 us
 * a frame here against 30 us for a whole walk through CFI, and a hot
 * loop without CFI (hand-written assembly, JIT code) is sampled at the
 * same few ips again and again.
 */
#define NNOINFO	1024
static uint64_t noinfo[NNOINFO];

static size_t
ipslot(uint64_t ip)
{
	return (size_t)((ip * 0x9e3779b97f4a7c15ull) >> 54) & (NNOINFO - 1);
}

/*
 * libunwind's search of an .eh_frame_hdr table in remote memory: what
 * _UPT_find_proc_info calls once it has found a file's table, exported
 * but left out of the installed headers (perf's unwind-libunwind-local.c
 * declares it the same way).
 */
extern int UNW_OBJ(dwarf_search_unwind_table)(unw_addr_space_t as,
	unw_word_t ip, unw_dyn_info_t *di, unw_proc_info_t *pi, int need,
	void *arg);

/* An ip in the table the host gave (tr_ustack_table: the vDSO). */
static int
find_in_table(const tr_eh_table_t *t, unw_addr_space_t a, unw_word_t ip,
	      unw_proc_info_t *pi, int need, void *arg)
{
	unw_dyn_info_t di;

	memset(&di, 0, sizeof(di));
	di.format = UNW_INFO_FORMAT_REMOTE_TABLE;
	di.start_ip = t->et_lo;
	di.end_ip = t->et_hi;
	di.u.rti.segbase = t->et_hdr;
	di.u.rti.table_data = t->et_table;
	di.u.rti.table_len = t->et_len * 8 / sizeof(unw_word_t);
	return UNW_OBJ(dwarf_search_unwind_table)(a, ip, &di, pi, need, arg);
}

static int
find_proc_info(unw_addr_space_t a, unw_word_t ip, unw_proc_info_t *pi,
	       int need, void *arg)
{
	const tr_eh_table_t *t = walk.w_s != NULL ? &walk.w_s->s_ehtab : NULL;
	int rc;

	/* [vdso]: no file to open, the host's table */
	if (t != NULL && t->et_hdr != 0 && ip >= t->et_lo && ip < t->et_hi)
		return find_in_table(t, a, ip, pi, need, arg);
	if (ip != 0 && noinfo[ipslot(ip)] == ip)
		return -UNW_ENOINFO;
	rc = _UPT_find_proc_info(a, ip, pi, need, arg);
	if (rc == -UNW_ENOINFO)
		noinfo[ipslot(ip)] = ip;
	return rc;
}

/* A UPT handle per thread, kept: it caches the last module's ELF. */
typedef struct upt {
	pid_t		u_tid;
	void		*u_h;
} upt_t;

#define NUPT	64
static upt_t upts[NUPT];

static int
access_mem(unw_addr_space_t a, unw_word_t addr, unw_word_t *val, int write,
	   void *arg)
{
	(void)a;
	(void)arg;
	if (write)
		return -UNW_EINVAL;
	if (tr_read(walk.w_s, addr, val, sizeof(*val)) != sizeof(*val))
		return -UNW_EINVAL;
	return 0;
}

static int
access_reg(unw_addr_space_t a, unw_regnum_t reg, unw_word_t *val, int write,
	   void *arg)
{
	const struct user_regs_struct *r = walk.w_regs;

	(void)a;
	(void)arg;
	if (write)
		return -UNW_EREADONLYREG;
	switch (reg) {
	case UNW_X86_64_RAX: *val = r->rax; break;
	case UNW_X86_64_RDX: *val = r->rdx; break;
	case UNW_X86_64_RCX: *val = r->rcx; break;
	case UNW_X86_64_RBX: *val = r->rbx; break;
	case UNW_X86_64_RSI: *val = r->rsi; break;
	case UNW_X86_64_RDI: *val = r->rdi; break;
	case UNW_X86_64_RBP: *val = r->rbp; break;
	case UNW_X86_64_RSP: *val = r->rsp; break;
	case UNW_X86_64_R8: *val = r->r8; break;
	case UNW_X86_64_R9: *val = r->r9; break;
	case UNW_X86_64_R10: *val = r->r10; break;
	case UNW_X86_64_R11: *val = r->r11; break;
	case UNW_X86_64_R12: *val = r->r12; break;
	case UNW_X86_64_R13: *val = r->r13; break;
	case UNW_X86_64_R14: *val = r->r14; break;
	case UNW_X86_64_R15: *val = r->r15; break;
	case UNW_X86_64_RIP: *val = r->rip; break;
	default:
		return -UNW_EBADREG;
	}
	return 0;
}

static void *
upt_for(pid_t tid)
{
	upt_t *u = &upts[(unsigned)tid % NUPT];

	if (u->u_h != NULL && u->u_tid == tid)
		return u->u_h;
	if (u->u_h != NULL)
		_UPT_destroy(u->u_h);
	u->u_h = _UPT_create(tid);
	u->u_tid = tid;
	return u->u_h;
}

/* rbp chain from fp: each frame is [saved rbp][return address]. */
static size_t
fp_walk(tr_session_t *s, uint64_t fp, uint64_t sp, uint64_t *pcs, size_t n,
	size_t max)
{
	uint64_t fr[2];

	while (n < max && fp > sp && (fp & 7) == 0) {
		if (tr_read(s, fp, fr, sizeof(fr)) != sizeof(fr) || fr[1] == 0)
			break;
		pcs[n++] = fr[1];
		if (fr[0] <= fp)	/* the chain must go up the stack */
			break;
		sp = fp;
		fp = fr[0];
	}
	return n;
}

size_t
tr_ustack(tr_session_t *s, tr_thread_t *th, const struct user_regs_struct *r,
	  uint64_t *pcs, size_t max)
{
	unw_cursor_t c;
	unw_word_t ip;
	size_t n = 0;
	void *h;
	int rc;

	if (max == 0)
		return 0;
	pcs[n++] = r->rip;
	if (as == NULL) {
		acc = _UPT_accessors;
		acc.access_mem = access_mem;
		acc.access_reg = access_reg;
		acc.find_proc_info = find_proc_info;
		as = unw_create_addr_space(&acc, 0);
		if (as != NULL)
			unw_set_caching_policy(as, UNW_CACHE_GLOBAL);
	}
	h = as != NULL ? upt_for(th->th_tid) : NULL;
	walk.w_s = s;
	walk.w_regs = r;
	if (h == NULL || unw_init_remote(&c, as, h) < 0)
		return fp_walk(s, r->rbp, r->rsp, pcs, n, max);
	while (n < max) {
		rc = unw_step(&c);
		if (rc <= 0)
			break;
		if (unw_get_reg(&c, UNW_REG_IP, &ip) < 0 || ip == 0)
			break;
		pcs[n++] = ip;
	}
	if (n == 1)	/* libunwind knew nothing: try the rbp chain */
		n = fp_walk(s, r->rbp, r->rsp, pcs, n, max);
	walk.w_s = NULL;
	return n;
}

void
tr_ustack_table(tr_session_t *s, const tr_eh_table_t *tab)
{
	if (tab == NULL || tab->et_hdr == 0)
		memset(&s->s_ehtab, 0, sizeof(s->s_ehtab));
	else
		s->s_ehtab = *tab;
}

void
tr_ustack_flush(void)
{
	size_t i;

	if (as != NULL)
		unw_flush_cache(as, 0, 0);
	memset(noinfo, 0, sizeof(noinfo));
	for (i = 0; i < NUPT; i++) {
		if (upts[i].u_h != NULL)
			_UPT_destroy(upts[i].u_h);
		upts[i].u_h = NULL;
	}
}
