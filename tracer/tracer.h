/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/tracer.h: ptrace sessions over one process and its threads.
 *
 * The tracer stops threads at patched sites and reports "thread T stopped
 * at site S with these registers" to the host; it knows nothing of D or of
 * ELF symbols.  A site is an int3 written over the first byte of an
 * instruction.  A firing never lifts its breakpoint: the displaced
 * instruction is emulated (jumps, calls, nops, register moves) or executed
 * out of line in a scratch page mapped in the tracee, so threads that run
 * meanwhile can never miss a site.  One ptrace stop per firing.
 *
 * Threading: everything here must be called from the one thread that
 * called tr_attach()/tr_launch(), except tr_stop_async() and
 * tr_wake_async(), which are async-signal-safe.
 *
 * Several sessions may live at once (one per process): one waitpid(-1)
 * serves them all, each event going to the session that owns its task.
 * Run them together with tr_run_many().
 *
 * The firing path (h_hit) may call tr_read, tr_next_pc, tr_thread_tid,
 * tr_thread_user (all cheap), and tr_bkpt_add/remove (they may inject an
 * mmap into the hitting thread: a few syscalls, fine for a dlopen).
 *
 * A firing costs four syscalls in the tracer: waitpid, PTRACE_GETREGS,
 * PTRACE_SETREGS, PTRACE_CONT.  doc/TRACER.md says how it is kept.
 *
 * Errors: functions returning int give 0 or -1 with errno set; session
 * constructors return NULL and leave a user-ready message (tr_errmsg,
 * tr_errhint).  The tracer never prints: what the user must hear of
 * while a session runs goes to the host's h_notice.
 */
#ifndef PIDTRACE_TRACER_H
#define PIDTRACE_TRACER_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/user.h>

typedef struct tr_session tr_session_t;
typedef struct tr_thread tr_thread_t;
typedef struct tr_fast_want tr_fast_want_t;

/*
 * A thread at the entry to or the exit from a system call, as
 * PTRACE_GET_SYSCALL_INFO tells it (see tr_syscalls()).
 */
typedef struct tr_syscall {
	bool		sc_entry;	/* entry stop, else exit stop */
	bool		sc_compat;	/* an int 0x80 call: i386 numbers */
	long		sc_nr;		/* the call's number (x86-64 table) */
	uint64_t	sc_args[6];	/* entry: its arguments */
	int64_t		sc_rval;	/* exit: rax as the kernel leaves it,
					 * -errno when sc_error (a restart
					 * code, -512..-516, when a signal
					 * interrupted it) */
	bool		sc_error;	/* exit: sc_rval is an error */
	uint64_t	sc_pc;		/* after the syscall instruction */
	uint64_t	sc_sp;
	pid_t		sc_tid;		/* the thread (h_syscall's th may be
					 * NULL: a trampoline's record) */
	uint64_t	sc_ns;		/* a record's CLOCK_MONOTONIC, taken
					 * in the thread; 0 at a stop */
	bool		sc_code;	/* the number's clause code ran first
					 * (tr_syscall_code) and asked for
					 * the record: as tr_record_t's */
	uint32_t	sc_status;
	uint32_t	sc_nev;
	const uint64_t	*sc_ev;
} tr_syscall_t;

/*
 * A fast-path record: thread tid ran the trampoline of site cookie.
 * args are rdi, rsi, rdx, rcx, r8, r9 at an entry site, or args[0] is
 * rax at a return site; at either of a site asked for with fw_goregs,
 * rax, rbx, rcx, rdi, rsi, r8 (Go's first six integer registers).  tid is the thread's id: as its TCB holds it,
 * or gettid's where no TCB does; 0 for a thread whose fs base is 0 in a
 * process keyed by the TCB.  rc_code: the site's clause code ran
 * first (tr_fast_entry) and asked for the record; rc_status is its
 * context's status word, rc_ev[0..2 * rc_nev) its events, two words
 * each, opaque here (doc/INPROC.md).
 */
#define TR_REC_NEV	3	/* events a record carries, at most */

typedef struct tr_record {
	pid_t		rc_tid;
	uint32_t	rc_cookie;
	uint64_t	rc_ns;		/* CLOCK_MONOTONIC, read in the thread */
	uint64_t	rc_tsc;		/* the raw rdtsc it came from */
	uint64_t	rc_args[6];
	bool		rc_code;
	uint32_t	rc_status;
	uint32_t	rc_nev;
	const uint64_t	*rc_ev;
} tr_record_t;

/*
 * What the host is told.  Every handler may be NULL.  h_arg is passed
 * back as the first argument.
 */
typedef struct tr_handlers {
	void	*h_arg;

	/*
	 * The session is stopped and ready to be armed: every thread is
	 * stopped.  Called once after tr_attach(), and after tr_launch() or
	 * an exec when the new program reaches its entry point (the dynamic
	 * loader has mapped its DT_NEEDED libraries, main has not run).
	 * tr_bkpt_add() may be called here.
	 */
	void	(*h_ready)(void *arg, tr_session_t *s);

	/*
	 * Thread th hit the site at addr, added with cookie.  regs are the
	 * thread's registers at the site (rip == addr); the handler may
	 * read memory (tr_read) and add or remove sites; it must not change
	 * regs.  Other threads keep running meanwhile.  Return 0 to go on,
	 * non-zero to end the session (D's exit()).
	 */
	int	(*h_hit)(void *arg, tr_session_t *s, tr_thread_t *th,
			 uint32_t cookie, uint64_t addr,
			 const struct user_regs_struct *regs);

	/* A thread of the target is gone (its self-> storage may go). */
	void	(*h_thread_exit)(void *arg, tr_session_t *s, pid_t tid);

	/*
	 * The target exec'd: every site is gone.  h_ready follows when the
	 * new program reaches its entry point.
	 */
	void	(*h_exec)(void *arg, tr_session_t *s);

	/*
	 * tr_wake_async() was called (a timer of the host's, for tick
	 * probes): do the timed work.  Non-zero ends the session.
	 */
	int	(*h_wake)(void *arg, tr_session_t *s);

	/*
	 * A sample that tr_sample() asked for: thread th was on CPU (running
	 * user code) and is now stopped with regs; cookie is tr_sample's.
	 * The handler may read memory and walk the stack (tr_ustack); it
	 * must not change regs.  Non-zero ends the session.
	 */
	int	(*h_sample)(void *arg, tr_session_t *s, tr_thread_t *th,
			    uint32_t cookie,
			    const struct user_regs_struct *regs);

	/*
	 * The target is gone; status as from waitpid (WIFEXITED or
	 * WIFSIGNALED; 0 when the leader was a zombie we could not trace).
	 * Called by tr_run() after everything is detached, just before it
	 * returns.
	 */
	void	(*h_exit)(void *arg, tr_session_t *s, int status);

	/*
	 * The fast path (tr_fast_config): a thread ran a site's trampoline
	 * and recorded it (tr_record_t).  No thread is stopped: do not read
	 * memory that may have changed.  Records of one thread come in its
	 * order, and before any stop of that thread that follows them.
	 * Non-zero ends the session.
	 */
	int	(*h_record)(void *arg, tr_session_t *s, const tr_record_t *rc);

	/* A batch of h_record calls is over (flush output here). */
	void	(*h_drained)(void *arg, tr_session_t *s);

	/*
	 * With tr_syscalls() on: thread th is at the entry to or the exit
	 * from a system call (sc).  The thread stays stopped until the
	 * handler returns; other threads keep running.  The handler may
	 * read memory (tr_read: the buffer of a read(2) at its exit, the
	 * path of an open(2) at its entry); it must not add or remove
	 * sites.  Return 0 to go on, non-zero to end the session.
	 *
	 * Every entry is followed by its exit in the same thread, except
	 * th is NULL when a patched syscall site's trampoline recorded the
	 * call (tr_syscall_probe): no thread is stopped, sc_tid and sc_ns
	 * say which and when, and memory may have changed since.
	 *
	 * for calls that never return (exit, exit_group, a thread killed
	 * meanwhile, a successful execve from a thread other than the
	 * leader: its exit comes from the leader's tid, numbered as the
	 * execve).  A call interrupted by a signal exits with a restart
	 * code; if it is restarted, a new entry follows (restart_syscall
	 * for nanosleep and the like).  A thread attached, or cloned,
	 * while inside a call may show an exit without an entry.
	 */
	int	(*h_syscall)(void *arg, tr_session_t *s, tr_thread_t *th,
			     const tr_syscall_t *sc);

	/*
	 * Something the user must hear of (the tracer never prints): code
	 * says what (TR_NOTE_*), text says it in a few words without the
	 * program's name or the pid ("a signal frame still points into
	 * pidtrace's trampolines: left mapped"), addr is the site it is
	 * about or 0.  The host prints it in its own shape.  Only from
	 * tr_run or tr_run_many (tr_detach before them has nothing of ours
	 * to leave behind).
	 */
	void	(*h_notice)(void *arg, tr_session_t *s, int code,
			    uint64_t addr, const char *text);

	/*
	 * The fast path's moments that code running in the tracee cares
	 * about (tr_fast_area, tr_fast_code), ev a TR_FE_*:
	 *  - TR_FE_ARMED: the loop armed sites asked for while threads
	 *    ran (a dlopen), every thread still stopped: the place to set
	 *    their entries (tr_fast_entry) before any of them runs;
	 *  - TR_FE_CLOCK: the clock line changed (tr_fast_clock);
	 *  - TR_FE_MUTE, TR_FE_UNMUTE: thread tid's firings are a vfork
	 *    child's, until it execs or exits (key: the one its firings
	 *    carry, the tid in the TCB it borrows, or its own gettid's);
	 *  - TR_FE_ENDING: the area and the code are about to go (the end,
	 *    an exec, the target gone): no thread runs the code any more
	 *    and the area still reads as the tracee left it.
	 */
	void	(*h_fast)(void *arg, tr_session_t *s, int ev, pid_t tid,
			  uint32_t key);

	/*
	 * A syscall site at addr (its `syscall` instruction) is about to be
	 * patched (tr_syscall_probe): in w, the bounds [fw_lo, fw_hi) of
	 * the function that holds it, from the module's symbols, so that
	 * its instructions can be decoded from a known start.  Non-zero:
	 * leave the site on the stop path (no symbol; a function whose
	 * syscall pc is checked by the program, as glibc's cancellation
	 * bridge).
	 */
	int	(*h_sysfunc)(void *arg, tr_session_t *s, uint64_t addr,
			     tr_fast_want_t *w);

	/*
	 * Only when the jump at the syscall site at addr would cover more
	 * than one instruction: in *tprev, the greatest address below addr
	 * that the module's code may land on.  Non-zero, or NULL: unknown,
	 * and only one instruction of 5 bytes or more may be replaced.
	 * Asked for lazily because it scans the module's code (libc: ms)
	 * and most sites (`mov $NR,%eax; syscall`) never need it.
	 */
	int	(*h_syslandings)(void *arg, tr_session_t *s, uint64_t addr,
				 uint64_t *tprev);

	/*
	 * tr_follow: child, a new process of s's, is a session of its own,
	 * its one thread stopped and nothing of ours in it: a fork child
	 * (before its first instruction), or a vfork child at its exec
	 * event (tr_launch_exec's state).  Return its handlers; the loop
	 * (tr_run_many) then runs it with the others, h_ready first.  NULL
	 * lets it go untouched.
	 */
	const struct tr_handlers *(*h_child)(void *arg, tr_session_t *s,
					     tr_session_t *child);
} tr_handlers_t;

enum { TR_FE_ARMED = 1, TR_FE_CLOCK, TR_FE_MUTE, TR_FE_UNMUTE,
       TR_FE_ENDING };

/* h_notice's codes. */
enum {
	TR_NOTE_LEFT_MAPPED = 1,	/* pages of ours stay in the process:
					 * a thread may still return there */
	TR_NOTE_FAST_OFF,		/* the fast path is given up for the
					 * process: int3 from now on */
	TR_NOTE_SITE_LOST,		/* a site is given up: its probes no
					 * longer fire */
	TR_NOTE_INTERNAL,		/* a state the tracer did not expect */
	TR_NOTE_LEFT_TRACED,		/* a thread stays traced until
					 * pidtrace exits (a vfork parent
					 * whose child never exec'd) */
	TR_NOTE_FAST_KEY,		/* the fast path's trampolines ask
					 * the kernel for the thread's id
					 * from now on: slower a little */
	TR_NOTE_SYS_STOPS,		/* syscall user dispatch is not on:
					 * syscall probes stop the thread */
};

/*
 * Attach to every thread of process pid (PTRACE_SEIZE, then stop them
 * all).  On failure returns NULL, the target untouched, and tr_errmsg()
 * says why (no such process, permission with hints, exiting).
 */
tr_session_t *
tr_attach(pid_t pid);

/*
 * Start argv (searched in PATH) as a traced child and run it to its entry
 * point: its libraries are mapped (probes in them can be resolved from
 * /proc/PID/maps), main has not run.  h_ready is called from tr_run().
 * NULL on failure (command not found, ...) with a message for
 * tr_errmsg().  The child is killed if pidtrace dies (PTRACE_O_EXITKILL)
 * before tr_run() detaches it.
 */
tr_session_t *
tr_launch(char *const argv[]);

/*
 * tr_launch in two steps.  tr_launch_exec leaves the new image at its
 * exec event, before the dynamic loader's first instruction: h_ready is
 * called there from tr_run(), every syscall of the image's from then on
 * reaches h_syscall once tr_syscalls() is on, and h_ready is called
 * again at the entry point, when the libraries are mapped.  Or
 * tr_launch_entry, before tr_run(), runs it on to the entry point as
 * tr_launch does (-1 with tr_errmsg() when it exits first; the caller
 * then frees the session).
 */
tr_session_t *
tr_launch_exec(char *const argv[]);

int
tr_launch_entry(tr_session_t *s);

/*
 * Follow s's children (tr_run_many; tr_run lets them go): a fork child
 * is cleaned of our bytes as ever and, instead of being let go, handed
 * to h_child as a session of its own; a vfork child runs free as ever
 * until its exec, and is handed over at its exec event.  A child's children are
 * followed too.
 */
void
tr_follow(tr_session_t *s, bool on);

/* Whether s is a launched image still at its exec event. */
bool
tr_launch_atexec(const tr_session_t *s);

/*
 * The last constructor failure, for the host to print: the message
 * ("attach: process 42: Operation not permitted") and its hints, each a
 * line of its own ("process 42 is already traced by process 7 (gdb)");
 * tr_errhint is NULL past the last.  Owned by the tracer, valid until
 * the next constructor call.
 */
const char *
tr_errmsg(void);

const char *
tr_errhint(size_t i);

/* The target process id. */
pid_t
tr_pid(const tr_session_t *s);

/*
 * A live thread of the target, for /proc/TID/maps and the like: the
 * leader, unless it called pthread_exit (its /proc/PID/maps is then
 * empty, its memory gone).
 */
pid_t
tr_proc_tid(const tr_session_t *s);

/*
 * A field of /proc/PID/status ("TracerPid:", "Uid:", "State:"; a thread
 * id reads its thread's, "SigPnd:"): its number (base 10, the first of
 * several), or -1 when the file or the field is missing.  sval, if not
 * NULL, gets its text, blanks skipped ("" when missing).  One read of a
 * small file; not for the firing path.
 */
long
tr_proc_status(pid_t pid, const char *field, char *sval, size_t slen);

/*
 * Patch a site at run-time address addr (first byte of an instruction).
 * The displaced instruction is decoded now and planned (emulate or XOL;
 * a scratch page may be mapped in the tracee, which needs a stopped
 * thread: call from h_ready, h_hit, or before tr_run(); when every thread
 * is in group-stop the page is mapped by the first thread that hits).
 * An address that is a site already serves a second cookie: one int3,
 * h_hit called for each cookie, in the order they were added (a site
 * with two stays int3: tr_bkpt_want_fast refuses it, and a jump laid
 * there before goes back to the int3).  -1 with errno: EEXIST (already
 * a site for this cookie, or for two), EINVAL (undecodable or
 * unsupported instruction: loop, jrcxz, xbegin, far jumps, an int3),
 * EFAULT (unreadable), ENOMEM (no free address near the site for XOL).
 */
int
tr_bkpt_add(tr_session_t *s, uint64_t addr, uint32_t cookie);

/*
 * Where a thread stopped at site addr with regs goes once the displaced
 * instruction has run: a jmp's or call's target, a jcc's taken target or
 * fall-through, an indirect jmp's target, a ret's return address, else
 * the next instruction.  For return probes on a conditional or tail jump,
 * which fire only when the jump leaves the function (fasttrap).  May read
 * tracee memory; fine on the firing path (from h_hit).  0 if unknown.
 */
uint64_t
tr_next_pc(tr_session_t *s, uint64_t addr,
	   const struct user_regs_struct *regs);

/*
 * Restore the original byte at addr.  Threads that hit it just before are
 * rewound to run the original; a thread inside its XOL slot finishes
 * there (slots are never reused).  -1/ENOENT if not a site.
 */
int
tr_bkpt_remove(tr_session_t *s, uint64_t addr);

/*
 * Whether the int3 of site addr is still in the tracee's memory: false
 * once its module was unmapped (dlclose) or replaced.  One read.
 */
bool
tr_bkpt_intact(tr_session_t *s, uint64_t addr);

/*
 * Drop site addr without writing anything: its code is gone (dlclose).
 * -1/ENOENT if not a site.
 */
int
tr_bkpt_forget(tr_session_t *s, uint64_t addr);

/*
 * Add delta to the u16 at run-time address addr and remember the net
 * change: every ending (tr_release: detach, a signal, exit(), the
 * target's exec takes the memory with it) takes it back while every
 * thread is stopped, and a fork child gets its copy taken back before
 * it runs, as patched bytes are.  For USDT semaphores: a program tests
 * one before computing a probe's arguments (is-enabled probes), so the
 * count says how many tracers want it.  A read-modify-write: the program
 * itself never writes its semaphores, but another tracer's (a uprobe's
 * ref_ctr) write at the same instant could be lost.  -1 with errno
 * EFAULT when addr is not readable and writable, ENOMEM.
 */
int
tr_counter_add(tr_session_t *s, uint64_t addr, int delta);

/*
 * Drop counter addr without writing anything: its object is gone
 * (dlclose), and the address may soon hold someone else's data.  -1/
 * ENOENT if we never changed it.
 */
int
tr_counter_forget(tr_session_t *s, uint64_t addr);

/* Number of sites patched now. */
size_t
tr_bkpt_count(const tr_session_t *s);

/*
 * Read tracee memory (process_vm_readv, /proc/PID/mem as a fallback).
 * Bytes we patched read as the originals.  Returns the number of bytes
 * read (short at an unmapped page) or -1.  Cheap; fine on the firing path.
 */
ssize_t
tr_read(tr_session_t *s, uint64_t addr, void *buf, size_t len);

/*
 * Read tracee memory as the process itself could load it (D's reads:
 * copyin, a pointer followed): a page it may not read (PROT_NONE, an
 * unmapped gap) is -1 with EFAULT, never read through ptrace's rights,
 * as clause code in the process reads it (process_vm_readv of its own
 * pid).  /proc/PID/mem only where process_vm_readv is refused (a seccomp
 * profile: EPERM, ENOSYS).  Bytes we patched read as the originals.
 */
ssize_t
tr_read_user(tr_session_t *s, uint64_t addr, void *buf, size_t len);

/*
 * Run the stop loop until the target is gone, a handler asks to stop, or
 * tr_stop_async() was called.  Then every thread is stopped, rips inside
 * the scratch page are moved back to the original code, every site is
 * restored and every thread detached with its pending signal.  Returns
 * 0, or -1 on an internal error (the target is still detached cleanly
 * when that is possible).
 */
int
tr_run(tr_session_t *s, const tr_handlers_t *h);

/*
 * tr_run over several sessions at once, one loop for all (each its own
 * process; hs[i] are the handlers of ss[i]).  Every session is armed
 * (h_ready) before any of them runs.  When a target is gone its session
 * is released and h_exit called, and the others go on; the loop ends
 * when every target is gone, or for all when any handler asks to stop
 * or tr_stop_async() was called on any session.  Every session is then
 * released as by tr_run (h_exit for those whose target is gone).
 * Returns 0, or -1 on an internal error in any.  The caller frees each
 * with tr_free().
 */
int
tr_run_many(tr_session_t *const *ss, const tr_handlers_t *const *hs,
	    size_t n);

/*
 * Stop every thread of the target at each system call entry and exit
 * (PTRACE_SYSCALL with PTRACE_O_TRACESYSGOOD) and report it to
 * h_syscall; with on false, threads are restarted with PTRACE_CONT and
 * a syscall costs nothing.  Takes effect as each thread is next
 * restarted: call it before tr_run() (or from h_ready) so that it holds
 * from the first instruction the target runs.  Only the target's own
 * threads: fork and vfork children are released as ever.  No seccomp
 * filter is ever installed (one could not be removed at detach).
 * -1/ENOSYS when the kernel has no PTRACE_GET_SYSCALL_INFO (Linux < 5.3).
 */
int
tr_syscalls(tr_session_t *s, bool on);

/*
 * Syscall sites as trampolines (doc/TRACER.md, "Syscall sites"): with
 * tr_syscalls() on and the fast path configured, each thread runs under
 * syscall user dispatch, and a site's first call patches it into a jump
 * to a trampoline that makes the call itself.  The trampoline records
 * what how asks for call nr: TR_SYSP_ENTRY, TR_SYSP_RETURN (records that
 * come to h_syscall with th NULL), or TR_SYSP_STOP (every call of nr
 * takes the stop path: a clause that reads memory the call changes).
 * Calls no probe names cost the trampoline's jump.  Call before tr_run
 * (or from h_ready), as tr_syscalls.  nr outside 0..TR_SYSP_MAX-1: -1/
 * EINVAL.
 */
#define TR_SYSP_ENTRY	1
#define TR_SYSP_RETURN	2
#define TR_SYSP_STOP	4
#define TR_SYSP_MAX	512

int
tr_syscall_probe(tr_session_t *s, long nr, unsigned how);

/* What tr_syscall_probe set for nr (0: not probed, or out of range). */
unsigned
tr_syscall_probed(const tr_session_t *s, long nr);

/*
 * The clause code of call nr's entry probe (ret false) or return probe
 * (ret true): entry, as tr_fast_code placed it, or 0 for none.  The
 * trampolines of patched syscall sites run it (doc/INPROC.md, the
 * context of tracer.h's TR_CTX_*: the syscall convention's six
 * arguments at the entry, the value as arg0 and arg1 at the return, -1
 * for an error) in place of the record, which then comes to h_syscall
 * only when the code's status asks (sc_code).  Every thread stopped.
 * -1/EINVAL for nr outside 0..TR_SYSP_MAX-1, -1/ENOENT before the fast
 * path is set up (after an exec, until the new image's).
 */
int
tr_syscall_code(tr_session_t *s, long nr, bool ret, uint64_t entry);

/*
 * From h_ready, every thread stopped: turn syscall user dispatch on now
 * rather than after h_ready returns, so that the host knows before any
 * thread runs.  1: on; 0: not yet (a static program whose thread
 * pointer comes with its first calls, which stop); -1: the stop path
 * stays, and an h_notice (TR_NOTE_SYS_STOPS) said why.
 */
int
tr_syscalls_dispatch(tr_session_t *s);

/* Why dispatch stays off for the image (its notice's words), or NULL. */
const char *
tr_syscalls_nodispatch(const tr_session_t *s);

/*
 * Why th's call, just reported to h_syscall at a stop, did not run
 * through a syscall site's trampoline (dispatch is off, and why; its
 * site could not be patched, and why; the number always stops).
 */
const char *
tr_syscall_stopwhy(const tr_session_t *s, const tr_thread_t *th);

/*
 * Whether every call of nr takes the stop path even with dispatch on
 * (a child that returns on another stack, an exec, an exit, a signal
 * frame's return, a prctl that may set dispatch up).
 */
bool
tr_syscall_always_stops(long nr);

/*
 * Ask the loop to end (detach).  Async-signal-safe: call it from a
 * SIGINT/SIGTERM/SIGHUP/SIGPIPE handler running in the thread that runs
 * the loop (any other thread of the host must block those signals): the
 * loop sleeps with every signal blocked but for the instant of its sleep,
 * which a handler's signal ends.  Nothing in the target is interrupted.
 */
void
tr_stop_async(tr_session_t *s);

/*
 * Have the loop call h_wake soon.  Async-signal-safe (a SIGALRM handler,
 * as for tr_stop_async).  Nothing in the target is interrupted.
 */
void
tr_wake_async(tr_session_t *s);

/*
 * Stop all, restore, detach (what tr_run does on its way out).  For paths
 * that never call tr_run (an error after tr_attach).  Frees s.
 */
void
tr_detach(tr_session_t *s);

/* Free a session after tr_run() returned. */
void
tr_free(tr_session_t *s);

/* Thread accessors, valid during a handler call. */
pid_t
tr_thread_tid(const tr_thread_t *th);

/*
 * Whether th is a vfork child of the target that has not exec'd yet
 * (its syscalls reach h_syscall under tr_follow): its own process, its
 * pid its tid, running in the target's memory.
 */
bool
tr_thread_vfchild(const tr_thread_t *th);

/*
 * The time th of s has spent on CPU, in ns (its schedstat), or -1 when
 * unreadable.  A read of a /proc file: a few us.
 */
long long
tr_thread_cputime(const tr_session_t *s, const tr_thread_t *th);

/* A host-owned pointer per thread (for D's self->); NULL at first. */
void **
tr_thread_user(tr_thread_t *th);

/*
 * Every user register of th, stopped in a handler, into *regs: the full
 * set that h_syscall's tr_syscall_t lacks (rbp, rbx, r12..r15: what an
 * unwinder needs).  One PTRACE_GETREGS: call it only when needed.
 * 0, or -1 with errno (ESRCH: the thread is gone).
 */
int
tr_thread_regs(const tr_thread_t *th, struct user_regs_struct *regs);

/*
 * Sample every thread of s that is on CPU now: each thread whose
 * /proc/PID/task/TID/stat state is R (running or runnable: a thread
 * blocked in a syscall is S or D) is interrupted (PTRACE_INTERRUPT); at
 * its interrupt stop h_sample is called with cookie, then it runs on.  A
 * thread found inside a syscall at that stop (orig_rax >= 0: it blocked
 * between the look at /proc and the interrupt) is not reported.  Call
 * from h_wake or another handler.  Returns the number of threads
 * interrupted.
 */
size_t
tr_sample(tr_session_t *s, uint32_t cookie);

/*
 * Walk the user stack of thread th, stopped in a handler (h_hit,
 * h_sample; h_syscall with tr_thread_regs's) with regs: pcs[0] = regs->rip, then each caller's return
 * address, at most max.  CFI (.eh_frame, .debug_frame) through
 * libunwind-ptrace, the frame-pointer chain where a frame has none.
 * Returns the number of frames (1 when nothing past rip is known).
 * Fine on the firing path: a few memory reads a frame, the first walk
 * through a module reads its unwind tables.
 */
size_t
tr_ustack(tr_session_t *s, tr_thread_t *th,
	  const struct user_regs_struct *regs, uint64_t *pcs, size_t max);

/*
 * Unwind information of code that no file backs, which libunwind-ptrace
 * cannot find by itself (it opens the file /proc/PID/maps names): the
 * vDSO.  An .eh_frame_hdr's binary-search table in the tracee's memory,
 * run-time addresses: et_hdr the header (libunwind's segbase), et_table
 * its (pc, FDE) pairs, et_len their number, for ips in [et_lo, et_hi).
 * tr_ustack of s uses it from then on; et_hdr 0 (or NULL) forgets it.
 * The host reads it (probes/vdso.h) and says it again after an exec.
 */
typedef struct tr_eh_table {
	uint64_t	et_lo, et_hi;
	uint64_t	et_hdr;
	uint64_t	et_table;
	uint64_t	et_len;
} tr_eh_table_t;

void
tr_ustack_table(tr_session_t *s, const tr_eh_table_t *tab);

/* Forget cached unwind tables (dlclose, exec). */
void
tr_ustack_flush(void);

/*
 * The fast path (doc/TRACER.md): sites that run a trampoline in the
 * tracee, recording into a shared ring, instead of stopping at an int3.
 * tr_fast_config() before tr_run(): on, and the ring's size in bytes
 * (0: 16 MB).  Then, from h_ready, after tr_bkpt_add() of a site, the host
 * may ask for it with tr_bkpt_want_fast(), and tr_fast_arm() turns every
 * asked site it can into a jump (the others stay int3 and fire through
 * h_hit as before).  Sites asked for at other times (dlopen, from h_hit)
 * are armed by the loop once that stop is handled, every thread stopped.
 * kind: TR_FAST_ENTRY (the first instruction of a function: records
 * rdi..r9) or TR_FAST_RETURN (a ret: records rax).  [lo, hi) is the
 * function, [clo, chi) its .cold part (0, 0 if none): the tracer decodes
 * them, and no branch of theirs may land inside the bytes replaced.
 * Code elsewhere in the module may land there too, and so may callers
 * through a symbol that starts there: [tprev, tnext] are the nearest
 * such addresses at or before the site and after it, which the host
 * reads from the module's file.  A jump over more
 * than one instruction, [p0, end), is laid only when tprev <= p0 and
 * end <= tnext; one instruction of 5 bytes or more cannot be entered
 * mid-way and is always fine; with tprev and tnext 0 (unknown), that is
 * the only jump laid.  Anything else stays int3 (tr_fast_refusals).
 */
#define TR_FAST_ENTRY	1
#define TR_FAST_RETURN	2

struct tr_fast_want {
	int		fw_kind;	/* TR_FAST_ENTRY, TR_FAST_RETURN */
	uint32_t	fw_cookie;	/* the site's, as tr_bkpt_add had it */
	uint64_t	fw_lo, fw_hi;	/* the function */
	uint64_t	fw_clo, fw_chi;	/* its .cold part, or 0, 0 */
	uint64_t	fw_tprev;	/* landing addresses around the site */
	uint64_t	fw_tnext;
	bool		fw_ctx;		/* a trampoline that can run clause
					 * code (tr_fast_entry) */
	uint64_t	fw_arg0;	/* a return site's context: its first
					 * argument (the ret's offset) */
	bool		fw_goregs;	/* the function takes its arguments
					 * and returns its results in Go's
					 * registers (ABIInternal): records
					 * and contexts hold rax rbx rcx rdi
					 * rsi r8 (TR_CTX_ARGS) */
};

int
tr_fast_config(tr_session_t *s, bool on, size_t bufsize);

int
tr_bkpt_want_fast(tr_session_t *s, uint64_t addr, const tr_fast_want_t *w);

/*
 * Arming in bulk, every thread stopped (h_ready): after tr_arm_hold the
 * int3 of each site added and the jumps of tr_fast_arm are kept, and
 * reads of the process's memory come from blocks read once (nothing
 * changes it meanwhile but an injected syscall, which drops them);
 * tr_arm_flush writes what was kept one run of pages at a time.  A site
 * whose int3 cannot be written then is given up (TR_NOTE_SITE_LOST).
 */
void
tr_arm_hold(tr_session_t *s);
void
tr_arm_flush(tr_session_t *s);

/*
 * At the end of h_ready: turn the sites asked for into jumps (the first
 * time, set the memfd and the ring up in the process).  Those it cannot
 * convert stay int3; when the process cannot take the fast path at all,
 * tr_fast_why() says why.  0, or -1 if not every thread is stopped (the
 * sites stay pending).
 */
int
tr_fast_arm(tr_session_t *s);

/*
 * pidtrace's own view of the trampolines let go of after a bulk change
 * (tr_fast_arm does it; the host after setting every site's entry):
 * they stay where the process runs them, and nothing else changes.
 */
void
tr_fast_trim(tr_session_t *s);

/*
 * The sites asked for that stayed int3 when they were armed, each told
 * once: fn(arg, cookie, addr, why), why a short phrase ("code may jump
 * into the bytes a jump would replace").  When the whole process cannot
 * take the fast path, why is tr_fast_why()'s.  Returns how many sites
 * asked for are not armed yet (the loop arms them after a dlopen), and
 * then tells nothing: ask again once they are.
 */
typedef void tr_refusal_fn(void *arg, uint32_t cookie, uint64_t addr,
			   const char *why);

size_t
tr_fast_refusals(tr_session_t *s, tr_refusal_fn *fn, void *arg);

/* Whether site addr runs fast now. */
bool
tr_bkpt_is_fast(const tr_session_t *s, uint64_t addr);

/*
 * Why the fast path is off for this process ("" if it is on or was never
 * asked for), and records lost (a full ring, a record left half-written).
 */
const char *
tr_fast_why(const tr_session_t *s);

uint64_t
tr_fast_drops(const tr_session_t *s);

/*
 * Clause code in the tracee (doc/INPROC.md).  A site asked for with
 * fw_ctx gets a trampoline that, when the site has an entry
 * (tr_fast_entry), builds a context on the thread's stack after taking
 * the time, puts its address in rdi and jumps to the entry; the code
 * jumps back through the context's link and asks for a record in its
 * status word.  The context (TR_CTX_SIZE bytes, below the red zone and
 * the saved rax rcx rdx rsi rdi r8 r9 r10 r11 and flags; the code may
 * change all of them but rdi):
 *
 *	TR_CTX_ARGS	6 x u64: rdi..r9 at an entry; fw_arg0, rax, 0...
 *			at a return; with fw_goregs, rax rbx rcx rdi rsi
 *			r8 at an entry, fw_arg0 then rax rbx rcx rdi rsi
 *			at a return (Go's words, probes/abi.h)
 *	TR_CTX_TSC	u64: rdtsc
 *	TR_CTX_KEY	u32: the thread's tid (TCB or gettid), 0 for
 *			fs base 0 in a process keyed by the TCB
 *	TR_CTX_STATUS	u32: the code's; bit 0 asks for a record
 *	TR_CTX_LINK	u64: where the code jumps back to
 *	TR_CTX_NEV	u32: events for the record, TR_REC_NEV at most,
 *	TR_CTX_EV	two u64 each
 *
 * The glue checks that it matches the code's own (dsl/inproc.h).
 */
#define TR_CTX_ARGS	0
#define TR_CTX_TSC	48
#define TR_CTX_KEY	56
#define TR_CTX_STATUS	60
#define TR_CTX_LINK	64
#define TR_CTX_NEV	72
#define TR_CTX_EV	80
#define TR_CTX_SIZE	416
/* the context and the words pushed above it (flags, rax, then rcx rdx
 * rsi rdi r8 r9 r10 r11): what a firing writes on the thread's stack and
 * reads again after the code */
#define TR_CTX_FRAME	(TR_CTX_SIZE + 10 * 8)

/*
 * A data area of size bytes (a multiple of 4096) in the memfd, mapped
 * read-write in the tracee beside the ring and here: call with
 * tr_fast_config, before the fast path is set up.  tr_fast_area_map:
 * where it is here (NULL until set up, or when the fast path is off)
 * and, in *remote, in the tracee.  Zeroed at set-up; a new one after an
 * exec.
 */
int
tr_fast_area(tr_session_t *s, size_t size);

void *
tr_fast_area_map(const tr_session_t *s, uint64_t *remote);

/*
 * Whether any of the len bytes at p, in the area as tr_fast_area_map
 * gave it, was ever written (by the tracee or by us): false for a hole
 * of the memfd, which reads as zeros.  Reading a hole through the
 * mapping would fault a page in (and allocate it); this asks the file
 * (SEEK_DATA).  True when it cannot tell.
 */
bool
tr_fast_area_written(const tr_session_t *s, const void *p, size_t len);

/*
 * Copy len bytes of clause code into a trampoline chunk of the tracee:
 * its address there in *remote.  Bytes placed are never moved, reused
 * or freed before the end, so a thread may run old code while new code
 * is placed.  A new chunk is mapped when none has room, so every thread
 * must be stopped.  -1 with errno ENOSPC (no chunk yet, more bytes than
 * a chunk holds, or no chunk left to map), EINVAL (len 0).
 */
int
tr_fast_code(tr_session_t *s, const void *bytes, size_t len,
	     const uint32_t *fix, size_t nfix, uint64_t *remote);

/*
 * The address of the gate for clause code's system calls, 0 when there is
 * none (no trampoline chunk yet).  Syscall user dispatch lets calls
 * through only from the first trampoline chunk, and clause code may lie
 * in any: a `syscall` of its own would stop the thread twice for each
 * call, dispatched to the stop path.  The gate, at the first chunk's
 * start, is
 *
 *	syscall
 *	jmp *TR_GATE_BACK(%rsi)
 *
 * entered with a jump, the call's registers set: no return address is
 * pushed (the program's stack holds none of ours), and the way back is
 * read from memory at rsi + TR_GATE_BACK (rsi is the second argument,
 * which the kernel keeps; clause code points it at its local iovec), so
 * that no register of the program is changed.  An -ERESTART* rewinds
 * onto the gate's `syscall`, in the range.  A thread stopped in the gate
 * counts as in clause code (it is stepped back into it at the end).
 */
#define TR_GATE_BACK	48

/*
 * A second gate at tr_fast_gate + TR_GATE_R9, for a call whose second
 * argument is not clause code's own memory (rt_sigprocmask's set):
 *
 *	syscall
 *	jmp *%r9
 *
 * the way back in r9, which the kernel keeps and which such a call
 * (four arguments) does not take.  Both lie in chunk 0's range.
 */
#define TR_GATE_R9	8

uint64_t
tr_fast_gate(const tr_session_t *s);

/*
 * [*lo, *hi): the room the main thread's stack of pid may still grow
 * into, below its [stack] mapping (down to RLIMIT_STACK's soft limit and
 * its guard gap, as the kernel lets it grow).  A read there by the kernel
 * on the process's behalf (copy_from_user) or by a load grows the stack
 * to the address; process_vm_readv does not.  0, or -1 (errno) with
 * both 0 when pid has no [stack].
 */
int
tr_stack_room(pid_t pid, uint64_t *lo, uint64_t *hi);

/*
 * fix (nfix pairs of offsets in the code, load then landing) lists the
 * loads of the code that may fault: a SIGSEGV or SIGBUS the kernel
 * raises for one of them is never delivered; the thread goes on at its
 * landing (st_fixups counts them).  The code may only run such loads
 * while the 8-byte word at offset off of the area (tr_fast_area) is not
 * 0: tr_fast_loads sets it once every thread is traced, and it is
 * cleared before pidtrace lets go of the process, and by a watchdog
 * task when pidtrace dies however it dies (a SIGKILL: the code goes
 * back to reads that cannot fault).  -1 when no watchdog could be made:
 * the word stays 0.  tr_fast_loads_on: whether it is set.
 */
int
tr_fast_loads(tr_session_t *s, size_t off);

bool
tr_fast_loads_on(const tr_session_t *s);

/*
 * The entry of site addr's clause code (from tr_fast_code), or 0 for
 * none (the trampoline records, as before).  Site addr is a live fast
 * site asked for with fw_ctx, or the return site of a function whose
 * entry took it whole.  Call with every thread stopped (h_ready,
 * TR_FE_ARMED): a thread between the trampoline's read of the entry and
 * its jump keeps the entry it read.  -1/ENOENT otherwise.
 */
int
tr_fast_entry(tr_session_t *s, uint64_t addr, uint64_t entry);

/*
 * The line the fast path turns rdtsc into CLOCK_MONOTONIC with, which
 * records' rc_ns come from: ns = ns0 + ((tsc - tsc0) * mult) >> 32
 * (signed 128-bit product), CLOCK_REALTIME = that + walloff.  false
 * before the clock was checked usable.
 */
bool
tr_fast_clock(uint64_t *tsc0, uint64_t *ns0, int64_t *mult,
	      int64_t *walloff);

/*
 * The last fault signal the process was given (SIGSEGV, SIGILL, SIGBUS,
 * SIGFPE or SIGTRAP raised by the kernel for a thread's instruction),
 * and whether the thread was in code of ours: inside the bytes a
 * fast-path jump replaced (a branch landed there: a bug of ours), in a
 * trampoline, or in an out-of-line slot.  fl_sig 0: none.  For the
 * host's message when the process dies of it.
 */
#define TR_FAULT_NONE	0
#define TR_FAULT_PATCH	1
#define TR_FAULT_TRAMP	2
#define TR_FAULT_XOL	3

typedef struct tr_fault {
	int		fl_sig;
	pid_t		fl_tid;
	uint64_t	fl_pc;		/* the thread's rip */
	uint64_t	fl_addr;	/* si_addr */
	int		fl_where;	/* TR_FAULT_* */
	uint64_t	fl_site;	/* the site it belongs to */
	uint32_t	fl_cookie;	/* and its cookie */
	uint64_t	fl_p0;		/* the bytes replaced: [p0, p0 + len) */
	uint8_t		fl_len;
} tr_fault_t;

const tr_fault_t *
tr_fault_last(const tr_session_t *s);

/* Counters, for tests and benchmarks. */
typedef struct tr_stats {
	uint64_t	st_hits;	/* firings reported */
	uint64_t	st_emulated;	/* displaced insns emulated */
	uint64_t	st_xol;		/* displaced insns run out of line */
	uint64_t	st_signals;	/* signals passed to the tracee */
	uint64_t	st_forks;	/* fork children cleaned and released */
	uint64_t	st_threads;	/* threads seen */
	uint64_t	st_records;	/* fast-path records delivered */
	uint64_t	st_fast;	/* sites running fast now */
	uint64_t	st_syscalls;	/* syscall stops reported */
	uint64_t	st_samples;	/* h_sample calls */
	uint64_t	st_sysdisp;	/* calls dispatched to a stop (SIGSYS
					 * of syscall user dispatch) */
	uint64_t	st_systramp;	/* calls a syscall site's trampoline
					 * recorded */
	uint64_t	st_syssites;	/* syscall sites patched now */
	uint64_t	st_fixups;	/* faults of clause code's loads
					 * fixed up, never delivered */
	bool		st_sud;		/* syscall user dispatch is on */
	const char	*st_key;	/* where the trampolines took the
					 * thread's key last: the TCB, Go's
					 * M or gettid (doc/TRACER.md, "The
					 * thread key"); NULL if never set up */
} tr_stats_t;

void
tr_stats(const tr_session_t *s, tr_stats_t *st);

#endif /* PIDTRACE_TRACER_H */
