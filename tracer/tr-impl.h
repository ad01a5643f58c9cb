/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/tr-impl.h: the tracer's private structures, shared by its files
 * and by nobody else.
 */
#ifndef PIDTRACE_TR_IMPL_H
#define PIDTRACE_TR_IMPL_H

#include <stdbool.h>
#include <signal.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

#include "tracer/tracer.h"

#define TR_PAGE		4096u
#define TR_SLOT		32u		/* bytes per XOL slot */
#define TR_INSN_MAX	15u

/* How a displaced instruction is carried out (insn.c decides, once). */
typedef enum tr_plan {
	TR_PLAN_SKIP,		/* nop, endbr64: rip += len */
	TR_PLAN_MOVRR,		/* mov r64/r32, r64/r32 */
	TR_PLAN_LEARIP,		/* lea r64, [rip + disp] */
	TR_PLAN_JMP,		/* jmp rel: rip = target */
	TR_PLAN_JCC,		/* jcc rel: evaluated from eflags */
	TR_PLAN_CALL,		/* call rel: push next, rip = target */
	TR_PLAN_CALLR,		/* call reg */
	TR_PLAN_CALLM,		/* call [mem] */
	TR_PLAN_XOL,		/* copy to a slot, jmp back */
} tr_plan_t;

typedef struct tr_insn {
	uint8_t		in_bytes[TR_INSN_MAX];	/* original bytes */
	uint8_t		in_len;
	tr_plan_t	in_plan;
	uint8_t		in_cc;		/* JCC: the opcode's low nibble */
	int		in_dst;		/* MOVRR/LEARIP/CALLR: user_regs idx */
	int		in_src;		/* MOVRR: user_regs index */
	bool		in_32;		/* MOVRR: 32-bit (zero-extends) */
	uint64_t	in_target;	/* JMP/JCC/CALL/LEARIP: absolute */
	/* CALLM: address = base + index * scale + disp (+ next if rip) */
	int		in_base, in_index, in_scale;
	int64_t		in_disp;
	bool		in_riprel;	/* XOL/CALLM: operand is rip-relative */
	uint8_t		in_disp_off;	/* XOL: offset of disp32 in the insn */
	uint8_t		in_ind;		/* XOL jmp: 1 via in_dst, 2 via mem */
} tr_insn_t;

typedef struct tr_bkpt {
	uint64_t	bp_addr;
	uint32_t	bp_cookie;
	uint32_t	bp_cookie2;	/* a second hook's, if bp_shared */
	bool		bp_shared;	/* two hooks at one address */
	bool		bp_internal;	/* entry-point stop of launch/exec */
	tr_insn_t	bp_insn;
	uint64_t	bp_slot;	/* XOL slot address, 0 if none */
	struct tr_bkpt	*bp_next;	/* hash chain */
} tr_bkpt_t;

typedef struct tr_xolpage {
	uint64_t	xp_addr;
	unsigned	xp_used;	/* slots handed out */
	uint64_t	xp_site[TR_PAGE / TR_SLOT];	/* slot -> site */
	uint8_t		xp_len[TR_PAGE / TR_SLOT];	/* its insn length */
	struct tr_xolpage *xp_next;
} tr_xolpage_t;

/* A thread kind: known as ours, or a new task whose nature is not known. */
typedef enum tr_kind {
	TR_KIND_UNKNOWN,	/* stopped before its parent's clone event */
	TR_KIND_THREAD,		/* a thread of the target */
	TR_KIND_FORK,		/* a fork child: clean it, then release it */
	TR_KIND_VMCHILD,	/* vfork/CLONE_VM child: shares our int3s */
} tr_kind_t;

struct tr_thread {
	pid_t		th_tid;
	tr_kind_t	th_kind;
	bool		th_stopped;	/* in a ptrace-stop we have not ended */
	bool		th_seen;	/* its first stop has arrived */
	bool		th_listen;	/* restart with PTRACE_LISTEN */
	bool		th_interrupted;	/* a PTRACE_INTERRUPT is outstanding */
	bool		th_zombie;	/* pthread_exited leader: never stops */
	bool		th_restop;	/* give SIGSTOP back at detach */
	pid_t		th_vforker;	/* VMCHILD: the thread that vforked */
	pid_t		th_vfchild;	/* its vfork child, which it waits
					 * for: until the child execs or
					 * exits, or this thread stops */
	uint64_t	th_sigmore;	/* signals taken while th_sig was set:
					 * sent again (tgkill) before it runs */
	int		th_sig;		/* signal to deliver on restart */
	int		th_status;	/* waitpid's status of its stop: where
					 * it is, how it may lend itself to an
					 * injected call (inject.c) */
	bool		th_insys;	/* between a syscall's entry and exit */
	bool		th_hidexit;	/* tr_launch_exec: the exit stop of
					 * its execve is not the image's */
	long		th_scnr;	/* that syscall's number */
	long		th_rsnr;	/* 1 + the call that left with a
					 * restart code (or that the attach
					 * stopped): its entry again, the
					 * kernel's restart, not reported */
	bool		th_rsexit;	/* an exit stop held back (that call's,
					 * or one an injection took), told
					 * at the next syscall or signal
					 * stop unless the call goes on: */
	tr_syscall_t	th_rssc;	/* what it said */
	bool		th_sudstep;	/* dispatch off: its dispatched call
					 * runs under PTRACE_SYSCALL, the
					 * stop path, until its exit (sud.c) */
	const char	*th_sudwhy;	/* why that call was not patched */
	uint32_t	th_sample;	/* tr_sample's cookie + 1, pending */
	long long	th_runtime;	/* ns on CPU at the last sample */
	void		*th_user;	/* the host's */
	struct tr_thread *th_next;	/* hash chain */
	struct tr_thread *th_all;	/* list of all threads */
};

#define TR_BKPT_BUCKETS	1024	/* at first; doubled as sites come */
#define TR_THREAD_BUCKETS 64

/* A u16 of the tracee we changed (tr_counter_add), by how much. */
typedef struct tr_counter {
	uint64_t	ct_addr;
	int		ct_net;
} tr_counter_t;

struct tr_session {
	pid_t		s_pid;		/* the target's tgid */
	pid_t		s_memtid;	/* a live thread, for /proc and memory
					 * (a pthread_exited leader has none) */
	int		s_memfd;	/* /proc/PID/mem, O_RDWR */
	bool		s_launched;	/* tr_launch: kill on a fatal error */
	bool		s_armed;	/* h_ready called for this image */
	bool		s_gone;		/* the target has exited */
	volatile sig_atomic_t s_stop_req; /* tr_stop_async */
	volatile sig_atomic_t s_wake_req; /* tr_wake_async */
	bool		s_stopping;	/* stopping all: park, do not restart */
	bool		s_frame_far;	/* the frame tr_frames_unref moves lies
					 * past SCAN_LOOK from its start:
					 * stale, no firing of it is cut */
	bool		s_vfreeze;	/* stopping all parks vfork children
					 * too (runs_free in loop.c) */
	bool		s_ending;	/* released: nothing is reported */
	bool		s_syscalls;	/* restart with PTRACE_SYSCALL */
	bool		s_sud;		/* syscall user dispatch is on in
					 * every thread (sud.c): PTRACE_CONT
					 * but for a thread's dispatched call */
	bool		s_sudtried;	/* for this image: once */
	int		s_sudretry;	/* tries left: a static program's TCB
					 * is awaited (tr_sud_retry) */
	bool		s_sudretried;	/* that wait began, for this image */
	bool		s_sudlast;	/* the wait ends, threads running: the
					 * loop stops them all and decides
					 * (tr_sud_ready, the key gettid's) */
	bool		s_sudown;	/* SIGSYS of dispatch are ours (it was
					 * on in this image) */
	bool		s_sudquit;	/* the process sets dispatch up itself:
					 * ours goes off everywhere */
	uint64_t	s_sudlo, s_sudlen;	/* the range allowed */
	char		s_sudno[200];	/* why dispatch is not on, or "" */
	uint8_t		s_sysp[TR_SYSP_MAX];	/* tr_syscall_probe's */
	uint64_t	s_sudsite;	/* a site's first call: patch it
					 * (sud.c) with every thread stopped */
	tr_thread_t	*s_sudth;	/* the thread that made it, held */
	tr_eh_table_t	s_ehtab;	/* the vDSO's CFI (tr_ustack_table) */
	int		s_exit_status;
	tr_bkpt_t	**s_bkpt;	/* chains by address (bkpt.c) */
	size_t		s_nbucket;	/* a power of two, or 0 */
	size_t		s_nbkpt;
	tr_xolpage_t	*s_xol;
	uint64_t	*s_tomb;	/* removed sites: late hits rewind */
	size_t		s_ntomb, s_tombcap;
	tr_counter_t	*s_ctr;		/* counters raised (USDT semaphores) */
	size_t		s_nctr;
	tr_thread_t	*s_thr[TR_THREAD_BUCKETS];
	tr_thread_t	*s_all;
	tr_thread_t	*s_cache;	/* last thread looked up */
	tr_thread_t	*s_cur;		/* stopped thread, for injection */
	uint64_t	s_entry;	/* AT_ENTRY of the current image */
	uint64_t	s_syscall_insn;	/* a `syscall` in the tracee */
	uint64_t	s_progsys;	/* one of the program's, while that
					 * one is ours (sud.c): fork children */
	bool		s_armed_pending; /* attached: h_ready due in tr_run */
	bool		s_atexec;	/* tr_launch_exec: at the exec event */
	char		s_comm[64];	/* tr_launch's argv[0], for messages */
	const tr_handlers_t *s_h;
	tr_stats_t	s_st;
	void		*s_cs;		/* capstone handle (csh *): tr_insn_cs */
	struct tr_wbatch *s_wb;		/* tr_arm_hold's writes, or NULL */
	struct tr_rcache *s_rc;		/* tr_arm_hold's reads, or NULL */
	struct tr_fast	*s_fast;	/* the fast path (tracer/fast/), NULL
					 * if never asked for */
	tr_fault_t	s_fault;	/* the last fault signal (fault.c) */
	struct tr_session *s_nextsess;	/* next in tr_sessions */
	bool		s_follow;	/* tr_follow */
	struct tr_session *s_adopted;	/* children made, not yet handed
					 * to the host (tr_adopt) */
	struct tr_session *s_nextadopt;	/* next in its parent's list */
};

/*
 * Every session not yet freed.  One process's waitpid(-1) returns the
 * stops of every traced process (pidtrace -p A -p B): each event goes to
 * the session that owns the task (tr_session_of).
 */
extern tr_session_t *tr_sessions;

/* error.c */
void	tr_seterr(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void	tr_addhint(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void	tr_notice(tr_session_t *s, int code, uint64_t addr, const char *fmt,
		  ...) __attribute__((format(printf, 4, 5)));

/* mem.c */
ssize_t	tr_mem_read_raw(tr_session_t *s, uint64_t addr, void *buf, size_t len);
int	tr_mem_write(tr_session_t *s, uint64_t addr, const void *buf,
		     size_t len);
int	tr_mem_write_pid(pid_t pid, uint64_t addr, const void *buf, size_t len);
int	tr_mem_read_pid(pid_t pid, uint64_t addr, void *buf, size_t len);
int	tr_mem_open(tr_session_t *s);

/*
 * Text writes kept and made one page range at a time (mem.c), with every
 * thread stopped: a probe on every function of a large program patches
 * tens of thousands of sites, and a write each was most of the arming's
 * system time.  A patch with only_over writes a byte only where the text
 * still holds only_over's (a jump taken back where the program did not
 * change it); patches at one address apply in the order added.
 */
#define TR_WPATCH_MAX	32u

/*
 * A patch kept: 24 bytes, its bytes in the batch's pool (the new, then
 * the old ones of a conditional patch), as most patches are an int3's
 * one byte or a jump's five: a probe on every function of node keeps
 * 154,000 of them (an int3 and a jump a site) until they are written.
 */
typedef struct tr_wpatch {
	uint64_t	wp_addr;
	uint32_t	wp_tag;		/* the caller's, for wb_failed
					 * (TR_WTAG_INT3 kept as UINT32_MAX) */
	uint32_t	wp_seq;		/* order added */
	uint32_t	wp_off;		/* its bytes in wb_bytes */
	uint8_t		wp_n;
	bool		wp_cond;
} tr_wpatch_t;

typedef struct tr_wbatch {
	tr_wpatch_t	*wb_v;
	size_t		wb_n, wb_cap;
	uint8_t		*wb_bytes;	/* the patches' bytes */
	size_t		wb_nbytes, wb_bcap;
} tr_wbatch_t;

#define TR_WBATCH_INIT	{ NULL, 0, 0, NULL, 0, 0 }

int	tr_wbatch_add(tr_session_t *s, tr_wbatch_t *b, uint64_t addr,
	    const uint8_t *bytes, size_t n, const uint8_t *only_over,
	    size_t tag);
size_t	tr_wbatch_flush(tr_session_t *s, tr_wbatch_t *b,
	    void (*failed)(tr_session_t *s, size_t tag, uint64_t addr,
	    void *arg), void *arg);
void	tr_rcache_drop(tr_session_t *s, uint64_t addr, size_t len);
#define TR_WTAG_INT3	((size_t)-1)	/* tr_bkpt_insert's int3 */
void	tr_fast_write_failed(tr_session_t *s, size_t i);
void	tr_bkpt_place_slots(tr_session_t *s);

/* counter.c */
void	tr_counter_restore_all(tr_session_t *s);
void	tr_counter_restore_in(tr_session_t *s, pid_t pid);
void	tr_counter_forget_all(tr_session_t *s);

/* fault.c: before a fault signal is delivered to th */
void	tr_fault_note(tr_session_t *s, tr_thread_t *th, int sig);

/* bkpt.c */
tr_bkpt_t *tr_bkpt_find(const tr_session_t *s, uint64_t addr);
int	tr_bkpt_insert(tr_session_t *s, uint64_t addr, uint32_t cookie,
		       bool internal);
void	tr_bkpt_forget_all(tr_session_t *s);
bool	tr_bkpt_was_site(const tr_session_t *s, uint64_t addr);
int	tr_bkpt_restore_all(tr_session_t *s);
int	tr_bkpt_disarm_all(tr_session_t *s);
int	tr_bkpt_restore_in(tr_session_t *s, pid_t pid);
void	tr_bkpt_overlay(const tr_session_t *s, uint64_t addr, uint8_t *buf,
			size_t len);

/* insn.c */
struct cs_insn;
size_t	tr_insn_cs(tr_session_t *s);	/* the decoder (csh), or 0 */
void	tr_insn_fini(tr_session_t *s);
int	tr_insn_plan(tr_session_t *s, uint64_t addr, const uint8_t *bytes,
		     size_t avail, tr_insn_t *in);
int	tr_insn_emulate(tr_session_t *s, const tr_insn_t *in, uint64_t addr,
			struct user_regs_struct *r);
uint8_t	tr_insn_riprel_disp(const struct cs_insn *ci, int64_t disp);
bool	tr_insn_is_jcc(unsigned id);	/* a conditional jump (not jrcxz) */

/* xol.c */
int	tr_xol_place(tr_session_t *s, tr_bkpt_t *bp);
bool	tr_xol_fixup_rip(tr_session_t *s, uint64_t *rip);
void	tr_xol_forget(tr_session_t *s);
uint64_t tr_find_gap(pid_t pid, uint64_t addr, uint64_t size, uint64_t skip);
/*
 * How far from the code the fast path looks for a chunk: its trampolines
 * are reached by rel32 jumps (2 GiB), the rest is slack for the span of
 * the sites a chunk serves.
 */
#define TR_GAP_REACH	(3ull << 29)
uint64_t tr_find_gap_within(pid_t pid, uint64_t addr, uint64_t size,
			    uint64_t skip, uint64_t maxd);
void	tr_xol_unmap(tr_session_t *s);
void	tr_xol_clean_child(tr_session_t *s, tr_thread_t *th);

/*
 * sigframe.c: a signal frame's saved registers, uc_mcontext.gregs in the
 * kernel's order (REG_R8 ... REG_CR2).  ours(s, pc) says pc lies in a
 * mapping of ours; move(s, tid, g) makes the frame's registers the
 * exactly equivalent original state (rip out of our pages), false if
 * there is none.  tr_frames_unref moves every signal frame of stopped
 * task tid whose rip ours() claims (move NULL: none), and returns how
 * many ways back into ours remain (its rip, frames not moved; with move
 * NULL, in the 64 KB above each stack pointer only), or -1 if its
 * registers cannot be read.
 */
#define TR_NGREG	23
#define TR_G_R8		0
#define TR_G_R9		1
#define TR_G_R10	2
#define TR_G_R11	3
#define TR_G_RDI	8
#define TR_G_RSI	9
#define TR_G_RDX	12
#define TR_G_RAX	13
#define TR_G_RCX	14
#define TR_G_RSP	15
#define TR_G_RIP	16
#define TR_G_EFL	17
typedef bool tr_pc_ours_t(const tr_session_t *s, uint64_t pc);
typedef bool tr_frame_move_t(tr_session_t *s, pid_t tid, uint64_t *g);
int	tr_frames_unref(tr_session_t *s, pid_t tid, tr_pc_ours_t *ours,
			tr_frame_move_t *move);

/* regs-x86_64.c */
uint64_t *tr_reg_slot(struct user_regs_struct *r, int idx);
int	tr_reg_index(int capstone_reg, bool *is32);
bool	tr_eflags_cond(uint64_t eflags, unsigned cc);

/* thread.c */
tr_thread_t *tr_thread_find(tr_session_t *s, pid_t tid);
tr_thread_t *tr_thread_new(tr_session_t *s, pid_t tid, tr_kind_t kind);
void	tr_thread_del(tr_session_t *s, tr_thread_t *th);
int	tr_restart(tr_session_t *s, tr_thread_t *th, int req, int sig);
void	tr_keep_signal(tr_thread_t *th, int sig);
void	tr_requeue_signals(tr_session_t *s, tr_thread_t *th);

/* inject.c */
long	tr_inject_syscall(tr_session_t *s, long nr, long a1, long a2, long a3,
			  long a4, long a5, long a6);
tr_thread_t *tr_inject_thread(tr_session_t *s);
tr_thread_t *tr_inject_thread_mm(tr_session_t *s);
long	tr_inject_syscall_th(tr_session_t *s, tr_thread_t *th, long nr,
			     long a1, long a2, long a3, long a4, long a5,
			     long a6);

/* session.c */
uint64_t tr_auxv_entry(pid_t pid);
/*
 * Whether th's syscalls are traced: the target's threads, and under
 * tr_follow a vfork child until its exec (it runs in its parent's
 * memory, in its parent's session, its calls its own).
 */
static inline bool
tr_sys_traced(const tr_session_t *s, const tr_thread_t *th)
{
	return s->s_syscalls && (th->th_kind == TR_KIND_THREAD ||
	    (s->s_follow && th->th_kind == TR_KIND_VMCHILD &&
	    th->th_vforker != 0));
}

/* tr_follow: th, a child task of s, becomes a session of its own. */
int	tr_adopt(tr_session_t *s, tr_thread_t *th, bool atexec);
void	tr_release(tr_session_t *s);
tr_session_t *tr_session_of(tr_session_t *s, pid_t tid);

/* syscall.c */
int	tr_sys_stop(tr_session_t *s, tr_thread_t *th);
void	tr_sys_exec(tr_session_t *s, tr_thread_t *th);
int	tr_sys_signal(tr_session_t *s, tr_thread_t *th);
void	tr_sys_later(tr_session_t *s, tr_thread_t *th, int status);
int	tr_sys_newthread(tr_session_t *s, tr_thread_t *th);

/* sud.c */
void	tr_sud_ready(tr_session_t *s);
void	tr_sud_retry(tr_session_t *s, tr_thread_t *th);
int	tr_sud_thread(tr_session_t *s, tr_thread_t *th);
int	tr_sud_sigsys(tr_session_t *s, tr_thread_t *th, bool *ours,
		      bool *held);
void	tr_sud_exit(tr_session_t *s, tr_thread_t *th);
bool	tr_sud_pending(const tr_session_t *s, pid_t tid);
void	tr_sud_stop(tr_session_t *s);
int	tr_sud_patch_due(tr_session_t *s);

/* loop.c */
int	tr_wait_one(tr_session_t *s, pid_t want, bool block);
pid_t	tr_waitpid(pid_t pid, int *status, int flags);
int	tr_stop_all(tr_session_t *s);
pid_t	tr_nap(pid_t want, int *status, long long timeout_ns);
int	tr_resume_all(tr_session_t *s);
bool	tr_in_vfork(const tr_thread_t *th);

/*
 * The fast path (tracer/fast/), as the rest of the tracer sees it: these
 * calls and tracer.h's tr_fast_* are the whole wall; its layout is
 * tracer/fast/fast.h's, which no other file of the tracer includes.
 * Each is a no-op (false, 0) for a session that never asked for it.
 */

/* fast/tramp.c */
bool	tr_fast_wanted(const tr_session_t *s);	/* on, not broken */
void	tr_fast_passing(const tr_session_t *s);	/* before set-up: the
						 * clock fit's second
						 * sample, if due */
void	tr_fast_launching(void);	/* a command is launched: the fit's
					 * first sample */
bool	tr_fast_live(const tr_session_t *s);	/* the ring is set up:
						 * records may come */
bool	tr_fast_arm_due(const tr_session_t *s);	/* sites asked for while
						 * threads ran wait */
bool	tr_fast_revert_due(const tr_session_t *s);	/* a thread without
							 * a TCB appeared */
void	tr_fast_wait_frames(tr_session_t *s);
void	tr_fast_teardown(tr_session_t *s, bool unmap);
void	tr_fast_check_left(tr_session_t *s);
void	tr_fast_forget(tr_session_t *s);
void	tr_fast_free(tr_session_t *s);
bool	tr_fast_covers(const tr_session_t *s, uint64_t addr);
bool	tr_fast_intact(tr_session_t *s, uint64_t addr);
bool	tr_fast_ours(const tr_session_t *s, uint64_t pc);	/* pc in
							 * our chunks */
bool	tr_fast_thread_ok(tr_session_t *s, tr_thread_t *th);
void	tr_fast_tcb_try(tr_session_t *s);	/* every thread stopped:
						 * the TCB's key, if due */
void	tr_fast_revert(tr_session_t *s);
bool	tr_fast_fixup_thread(tr_session_t *s, tr_thread_t *th);
bool	tr_fast_settle(tr_session_t *s, bool out);
int	tr_fast_clean_child(tr_session_t *s, tr_thread_t *th);
void	tr_fast_overlay(const tr_session_t *s, uint64_t addr, uint8_t *buf,
			size_t len);
int	tr_fast_unpatch(tr_session_t *s, uint64_t addr, pid_t pid);
void	tr_fast_locate(const tr_session_t *s, uint64_t pc, tr_fault_t *f);
/* A fault of a load of clause code listed in its fixup table: the thread
 * moved to the load's landing, the signal to be dropped (true). */
bool	tr_fast_load_fault(tr_session_t *s, tr_thread_t *th, int sig);
int	tr_fast_sys_patch(tr_session_t *s, uint64_t sc,
			  const tr_fast_want_t *w, uint64_t *entry,
			  const char **why);
bool	tr_fast_sys_known(const tr_session_t *s, uint64_t sc);
const char *tr_fast_sys_why(const tr_session_t *s, uint64_t sc);
bool	tr_fast_sys_ours(const tr_session_t *s, uint64_t pc);
uint64_t tr_fast_sys_never(const tr_session_t *s, uint64_t pc);
void	tr_fast_sys_table(tr_session_t *s);
void	tr_fast_sys_revert(tr_session_t *s);
int	tr_fast_sud_range(tr_session_t *s, uint64_t near, bool wait,
			  uint64_t *lo, uint64_t *len, uint64_t *insn,
			  char *why, size_t wlen);

/* fast/ring.c */
size_t	tr_ring_drain(tr_session_t *s, bool force, size_t max);
size_t	tr_ring_drain_tid(tr_session_t *s, pid_t tid);
size_t	tr_ring_drain_all(bool force, size_t max);
bool	tr_ring_check_due(const tr_session_t *s);	/* a shard stalled:
							 * a stall check */
int	tr_ring_stall_check(tr_session_t *s);
void	tr_ring_mute(tr_session_t *s, pid_t parent, pid_t child, bool on);

#endif /* PIDTRACE_TR_IMPL_H */
