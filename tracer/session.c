/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/session.c: getting hold of a process (attach, launch) and
 * letting go of it (release: the one way out shared by every exit path).
 * Running a syscall inside it is inject.c's.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/text.h"
#include "tracer/tr-impl.h"

/*
 * PTRACE_O_TRACEVFORKDONE: a thread in vfork stops when its wait ends,
 * before it runs code of its own again; the child's exec or exit is
 * reported later, maybe much later (a leader that exits before its
 * other threads is reported when the last one exits), and the parent's
 * records are its own from the end of the wait (loop.c, dispatch).
 */
#define OPTS	(PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACECLONE | \
		 PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK | \
		 PTRACE_O_TRACEVFORKDONE | PTRACE_O_TRACEEXEC)

tr_session_t *tr_sessions;

static tr_session_t *
session_new(pid_t pid)
{
	tr_session_t *s;

	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return NULL;
	s->s_pid = pid;
	s->s_memfd = -1;
	s->s_nextsess = tr_sessions;
	tr_sessions = s;
	return s;
}

void
tr_free(tr_session_t *s)
{
	tr_session_t **pp, *c;
	tr_thread_t *th;

	if (s == NULL)
		return;
	/* Children adopted and never handed over: let go untouched. */
	while ((c = s->s_adopted) != NULL) {
		s->s_adopted = c->s_nextadopt;
		c->s_ending = true;
		tr_release(c);
		tr_free(c);
	}
	for (pp = &tr_sessions; *pp != NULL; pp = &(*pp)->s_nextsess)
		if (*pp == s) {
			*pp = s->s_nextsess;
			break;
		}
	while ((th = s->s_all) != NULL)
		tr_thread_del(s, th);
	tr_bkpt_forget_all(s);
	tr_counter_forget_all(s);
	tr_xol_forget(s);
	tr_fast_free(s);
	tr_insn_fini(s);
	if (s->s_memfd >= 0)
		close(s->s_memfd);
	free(s);
}

pid_t
tr_pid(const tr_session_t *s)
{
	return s->s_pid;
}

pid_t
tr_proc_tid(const tr_session_t *s)
{
	return s->s_memtid;
}

void
tr_stats(const tr_session_t *s, tr_stats_t *st)
{
	*st = s->s_st;
	st->st_sud = s->s_sud;
}

long
tr_proc_status(pid_t pid, const char *field, char *sval, size_t slen)
{
	char path[64], line[256];
	size_t n = strlen(field);
	long v = -1;
	FILE *f;

	if (sval != NULL && slen > 0)
		sval[0] = '\0';
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, field, n) != 0)
			continue;
		v = strtol(line + n, NULL, 10);
		if (sval != NULL) {
			char *p = line + n;

			while (*p == ' ' || *p == '\t')
				p++;
			p[strcspn(p, "\n")] = '\0';
			snprintf(sval, slen, "%s", p);
		}
		break;
	}
	fclose(f);
	return v;
}

/*
 * The session task tid belongs to.  s first: with one session that is
 * the answer, at no cost on the firing path.  A new task that stopped
 * before its parent's clone event is in no session yet: a thread goes to
 * its Tgid's session, a fork or vfork child to its parent's (PPid is the
 * forking process, a thread or a vfork child of ours).  NULL when no
 * session knows it.
 */
tr_session_t *
tr_session_of(tr_session_t *s, pid_t tid)
{
	tr_session_t *o;
	long tgid, ppid;

	if (s == tr_sessions && s->s_nextsess == NULL)
		return s;
	if (tr_thread_find(s, tid) != NULL)
		return s;
	for (o = tr_sessions; o != NULL; o = o->s_nextsess)
		if (o != s && tr_thread_find(o, tid) != NULL)
			return o;
	tgid = tr_proc_status(tid, "Tgid:", NULL, 0);
	ppid = tr_proc_status(tid, "PPid:", NULL, 0);
	for (o = tr_sessions; o != NULL; o = o->s_nextsess)
		if ((tgid > 0 && tr_thread_find(o, (pid_t)tgid) != NULL) ||
		    (ppid > 0 && tr_thread_find(o, (pid_t)ppid) != NULL))
			return o;
	return NULL;
}

static void
comm_of(pid_t pid, char *buf, size_t len)
{
	char path[64];
	FILE *f;

	snprintf(buf, len, "?");
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return;
	if (fgets(buf, (int)len, f) != NULL)
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/* Whether pid is a kernel thread: PF_KTHREAD in /proc/PID/stat's flags. */
static bool
is_kthread(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long flags = 0;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_text(path, buf, sizeof(buf)) < 0)
		return false;
	p = strrchr(buf, ')');	/* comm may hold spaces and parentheses */
	if (p == NULL || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %lu",
				&flags) != 1)
		return false;
	return (flags & 0x00200000ul) != 0;	/* PF_KTHREAD */
}

/* Why PTRACE_SEIZE said EPERM (strace diagnose_attach_eperm, hint_yama). */
static void
hint_eperm(pid_t pid)
{
	char comm[64], line[32];
	long tracer, uid;
	FILE *f;

	tracer = tr_proc_status(pid, "TracerPid:", NULL, 0);
	if (tracer > 0) {
		comm_of((pid_t)tracer, comm, sizeof(comm));
		tr_addhint("process %d is already traced by process %ld (%s)",
			   (int)pid, tracer, comm);
	}
	uid = tr_proc_status(pid, "Uid:", NULL, 0);
	if (uid >= 0 && (uid_t)uid != geteuid() && geteuid() != 0)
		tr_addhint("process %d belongs to uid %ld, you are uid %d",
			   (int)pid, uid, (int)geteuid());
	f = fopen("/proc/sys/kernel/yama/ptrace_scope", "re");
	if (f != NULL) {
		if (fgets(line, sizeof(line), f) != NULL && atoi(line) > 0)
			tr_addhint("kernel.yama.ptrace_scope is %d: only "
				   "descendants (1) or root (2) may attach; "
				   "try: sysctl kernel.yama.ptrace_scope=0",
				   atoi(line));
		fclose(f);
	}
	if (tr_proc_status(pid, "NoNewPrivs:", NULL, 0) < 0 && geteuid() != 0)
		tr_addhint("a setuid or non-dumpable process needs root");
}

/* The state letter of a task (R, S, T, t, Z...), or 0. */
static char
task_state(pid_t pid, pid_t tid)
{
	char path[64], buf[512], *p;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)pid,
		 (int)tid);
	if (read_text(path, buf, sizeof(buf)) < 0)
		return 0;
	p = strrchr(buf, ')');
	return p != NULL && p[1] == ' ' ? p[2] : 0;
}

static int
seize_all(tr_session_t *s)
{
	char path[64];
	struct dirent *de;
	tr_thread_t *th;
	bool added;
	pid_t tid;
	DIR *d;
	int pass;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)s->s_pid);
	/* Threads keep being created while we seize: walk until stable. */
	for (pass = 0, added = true; added && pass < 100; pass++) {
		added = false;
		d = opendir(path);
		if (d == NULL) {
			/*
			 * Gone since tr_attach looked at its state: the
			 * process exited and was reaped.  Said as the seize
			 * would say it, not as "No such file or directory"
			 * about a ptrace call.
			 */
			if (errno == ENOENT)
				errno = ESRCH;
			return -1;
		}
		while ((de = readdir(d)) != NULL) {
			tid = (pid_t)atoi(de->d_name);
			if (tid <= 0 || tr_thread_find(s, tid) != NULL)
				continue;
			th = tr_thread_new(s, tid, TR_KIND_THREAD);
			if (th == NULL) {
				closedir(d);
				return -1;
			}
			added = true;
			if (ptrace(PTRACE_SEIZE, tid, 0L, (long)OPTS) == 0) {
				th->th_seen = true;
				if (task_state(s->s_pid, tid) == 'Z') {
					/*
					 * A leader gone by pthread_exit while
					 * other threads live: it will never
					 * stop; nothing to wait for.
					 */
					th->th_zombie = true;
					th->th_stopped = true;
					continue;
				}
				if (ptrace(PTRACE_INTERRUPT, tid, 0L, 0L) == 0)
					th->th_interrupted = true;
				continue;
			}
			if (tid == s->s_pid && errno == EPERM &&
			    task_state(s->s_pid, tid) == 'Z' && pass == 0) {
				/*
				 * The leader called pthread_exit: a zombie
				 * that cannot be seized, while its threads
				 * live on.  Keep a record that never stops.
				 */
				th->th_seen = true;
				th->th_zombie = true;
				th->th_stopped = true;
				continue;
			}
			if (tid == s->s_pid) {
				int e = errno;

				/* Not ours: release must not wait for it. */
				tr_thread_del(s, th);
				closedir(d);
				errno = e;
				return -1;
			}
			if (errno == ESRCH) {
				/* Exited meanwhile. */
				tr_thread_del(s, th);
				continue;
			}
			/*
			 * EPERM on a new thread: a clone auto-attached to us
			 * already; its first stop will come.
			 */
		}
		closedir(d);
	}
	return 0;
}

tr_session_t *
tr_attach(pid_t pid)
{
	char state[64] = "";
	tr_session_t *s;
	long tgid;

	if (pid <= 0 || (kill(pid, 0) < 0 && errno == ESRCH)) {
		tr_seterr("attach: ptrace(PTRACE_SEIZE, %d): %s", (int)pid,
			  strerror(ESRCH));
		return NULL;
	}
	if (pid == getpid()) {
		tr_seterr("attach: %d is pidtrace itself", (int)pid);
		return NULL;
	}
	/* A thread id names its process (as kill(2) does). */
	tgid = tr_proc_status(pid, "Tgid:", NULL, 0);
	if (tgid > 0 && tgid != pid)
		pid = (pid_t)tgid;
	tr_proc_status(pid, "State:", state, sizeof(state));
	if ((state[0] == 'Z' && tr_proc_status(pid, "Threads:", NULL, 0) <= 1) ||
	    state[0] == 'X') {
		tr_seterr("attach: process %d is exiting (%s)", (int)pid,
			  state);
		return NULL;
	}
	if (is_kthread(pid)) {
		char comm[64];

		comm_of(pid, comm, sizeof(comm));
		tr_seterr("attach: process %d (%s) is a kernel thread: it has "
			  "no user code to trace", (int)pid, comm);
		return NULL;
	}
	s = session_new(pid);
	if (s == NULL) {
		tr_seterr("attach: %s", strerror(errno));
		return NULL;
	}
	if (seize_all(s) < 0) {
		int e = errno;

		tr_seterr("attach: ptrace(PTRACE_SEIZE, %d): %s", (int)pid,
			  strerror(e));
		if (e == EPERM)
			hint_eperm(pid);
		tr_release(s);
		tr_free(s);
		return NULL;
	}
	if (tr_mem_open(s) < 0) {
		/* ESRCH: it exited between the seize and the open */
		if (errno == ESRCH || errno == ENOENT)
			tr_seterr("attach: process %d exited during attach",
				  (int)pid);
		else
			tr_seterr("attach: open /proc/%d/mem: %s", (int)pid,
				  strerror(errno));
		tr_release(s);
		tr_free(s);
		return NULL;
	}
	if (tr_stop_all(s) < 0 || s->s_gone) {
		tr_seterr("attach: process %d exited during attach", (int)pid);
		tr_release(s);
		tr_free(s);
		return NULL;
	}
	s->s_entry = tr_auxv_entry(s->s_memtid);
	s->s_armed_pending = true;
	return s;
}

uint64_t
tr_auxv_entry(pid_t pid)
{
	char path[64];
	uint64_t av[2];
	uint64_t entry = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while (read(fd, av, sizeof(av)) == sizeof(av) && av[0] != 0)
		if (av[0] == 9 /* AT_ENTRY */) {
			entry = av[1];
			break;
		}
	close(fd);
	return entry;
}

/*
 * execvp without its fallback of running a file that is not executable
 * (ENOEXEC) through /bin/sh, as posix_spawnp: -c of a data file with
 * the x bit is an error, not a shell script.  Runs in the child: the
 * environment's PATH, EACCES kept when a later directory has nothing.
 */
static void
exec_path(char *const argv[])
{
	const char *dirs = getenv("PATH"), *end;
	char path[4096];
	int err = ENOENT;

	if (strchr(argv[0], '/') != NULL) {
		execv(argv[0], argv);
		return;
	}
	if (dirs == NULL)
		dirs = "/bin:/usr/bin";
	for (;; dirs = end + 1) {
		end = strchrnul(dirs, ':');
		snprintf(path, sizeof(path), "%.*s/%s", (int)(end - dirs),
			 end == dirs ? "." : dirs, argv[0]);
		execv(path, argv);
		if (errno != ENOENT && errno != ENOTDIR)
			err = errno;
		if (errno != ENOENT && errno != ENOTDIR && errno != EACCES)
			return;
		if (*end == '\0')
			break;
	}
	errno = err;
}

/*
 * Run a session that tr_launch_exec left at its exec event to the entry
 * point: the dynamic loader has mapped the libraries by then, so the
 * host can resolve probes in them, and main has not run.  The loop parks
 * the thread there (no handlers yet) and tr_run() calls h_ready.
 */
int
tr_launch_entry(tr_session_t *s)
{
	if (!s->s_atexec) {
		errno = EINVAL;
		return -1;
	}
	s->s_atexec = false;
	s->s_armed_pending = false;
	if (tr_resume_all(s) < 0)
		return -1;
	while (!s->s_armed_pending && !s->s_gone)
		if (tr_wait_one(s, -1, true) < 0)
			break;
	if (!s->s_armed_pending) {
		tr_seterr("launch: %s: %s before its entry point",
			  s->s_comm, s->s_gone ? "exited" : "lost");
		return -1;
	}
	return 0;
}

void
tr_follow(tr_session_t *s, bool on)
{
	s->s_follow = on;
}

/*
 * th, a fork child of s cleaned of our bytes or a vfork child at its
 * exec event, stopped: a session of its own, queued on s for the loop to
 * hand to the host (h_child).  Its options were inherited at the
 * auto-attach; it has no site, slot, counter or memfd of ours.  At an
 * exec event its entry point is armed as tr_launch_exec's is.  -1 leaves
 * th to the caller, untouched.
 */
int
tr_adopt(tr_session_t *s, tr_thread_t *th, bool atexec)
{
	tr_session_t *c;
	tr_thread_t *ct;

	c = session_new(th->th_tid);
	if (c == NULL)
		return -1;
	ct = tr_thread_new(c, th->th_tid, TR_KIND_THREAD);
	if (ct == NULL || tr_mem_open(c) < 0)
		goto fail;
	ct->th_seen = true;
	ct->th_stopped = true;
	ct->th_status = th->th_status;
	ct->th_sig = th->th_sig;
	c->s_follow = true;
	snprintf(c->s_comm, sizeof(c->s_comm), "%s", s->s_comm);
	if (atexec) {
		c->s_entry = tr_auxv_entry(c->s_memtid);
		if (c->s_entry == 0 ||
		    tr_bkpt_insert(c, c->s_entry, 0, true) < 0)
			goto fail;
		c->s_atexec = true;
	} else {
		c->s_entry = tr_auxv_entry(c->s_memtid);
	}
	c->s_armed_pending = true;
	c->s_nextadopt = s->s_adopted;
	s->s_adopted = c;
	return 0;
fail:
	tr_free(c);
	return -1;
}

bool
tr_launch_atexec(const tr_session_t *s)
{
	return s->s_atexec;
}

tr_session_t *
tr_launch(char *const argv[])
{
	tr_session_t *s = tr_launch_exec(argv);

	int status;
	pid_t pid;

	if (s != NULL && tr_launch_entry(s) < 0) {
		pid = s->s_pid;
		kill(pid, SIGKILL);
		tr_waitpid(pid, &status, __WALL);
		tr_free(s);
		return NULL;
	}
	return s;
}

/*
 * Launch: the child stops itself, we seize it, it execs.  An exec that
 * fails reports its errno through a close-on-exec pipe.  The new image
 * is left at its exec event, its entry point armed: h_ready comes there
 * (tr_run) and again at the entry.
 */
tr_session_t *
tr_launch_exec(char *const argv[])
{
	tr_session_t *s;
	int pfd[2], status, err = 0, sig;
	pid_t pid;
	tr_thread_t *th;

	if (pipe2(pfd, O_CLOEXEC) < 0) {
		tr_seterr("launch: pipe: %s", strerror(errno));
		return NULL;
	}
	tr_fast_launching();
	pid = fork();
	if (pid < 0) {
		tr_seterr("launch: fork: %s", strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		return NULL;
	}
	if (pid == 0) {
		close(pfd[0]);
		raise(SIGSTOP);
		exec_path(argv);
		err = errno;
		if (write(pfd[1], &err, sizeof(err)) < 0)
			_exit(126);
		_exit(127);
	}
	close(pfd[1]);
	s = session_new(pid);
	if (s == NULL)
		goto kill;
	s->s_launched = true;
	snprintf(s->s_comm, sizeof(s->s_comm), "%s", argv[0]);
	if (tr_waitpid(pid, &status, WSTOPPED) != pid || !WIFSTOPPED(status)) {
		tr_seterr("launch: %s: child did not stop", argv[0]);
		goto kill;
	}
	if (ptrace(PTRACE_SEIZE, pid, 0L,
		   (long)(OPTS | PTRACE_O_EXITKILL)) < 0) {
		tr_seterr("launch: ptrace(PTRACE_SEIZE, %d): %s", (int)pid,
			  strerror(errno));
		goto kill;
	}
	th = tr_thread_new(s, pid, TR_KIND_THREAD);
	if (th == NULL)
		goto kill;
	th->th_seen = true;
	kill(pid, SIGCONT);
	/* Until the exec event: pass SIGCONT on, let group-stop end. */
	for (;;) {
		if (tr_waitpid(pid, &status, __WALL) != pid)
			goto kill;
		if (WIFEXITED(status) || WIFSIGNALED(status)) {
			if (read(pfd[0], &err, sizeof(err)) != sizeof(err))
				err = 0;
			if (err != 0)
				tr_seterr("launch: cannot execute '%s': %s",
					  argv[0], strerror(err));
			else
				tr_seterr("launch: %s: exited before exec",
					  argv[0]);
			close(pfd[0]);
			tr_free(s);
			return NULL;
		}
		sig = WSTOPSIG(status);
		if ((unsigned)status >> 16 == PTRACE_EVENT_EXEC)
			break;
		if ((unsigned)status >> 16 != 0 || sig == SIGTRAP ||
		    sig == SIGSTOP)
			sig = 0;
		ptrace(PTRACE_CONT, pid, 0L, (long)sig);
	}
	close(pfd[0]);
	th->th_stopped = true;
	th->th_status = status;
	th->th_hidexit = true;
	if (tr_mem_open(s) < 0) {
		tr_seterr("launch: open /proc/%d/mem: %s", (int)pid,
			  strerror(errno));
		goto kill;
	}
	s->s_entry = tr_auxv_entry(pid);
	if (s->s_entry == 0 ||
	    tr_bkpt_insert(s, s->s_entry, 0, true) < 0) {
		tr_seterr("launch: %s: cannot stop at the entry point: %s",
			  argv[0], strerror(errno));
		goto kill;
	}
	s->s_atexec = true;
	s->s_armed_pending = true;
	return s;
kill:
	kill(pid, SIGKILL);
	tr_waitpid(pid, &status, __WALL);
	close(pfd[0]);
	tr_free(s);
	return NULL;
}

#define VFORK_RELEASE_NS	2000000000LL

/*
 * tr_release, with th still waiting in vfork for a child that was parked
 * before it exec'd (tr_stop_all): th cannot be detached until it stops.
 * Nothing of ours is left in their memory now: let the child go, and
 * wait a while for th's interrupt stop, which follows the child's exec
 * or exit.
 */
static void
vfork_release(tr_session_t *s, tr_thread_t *th)
{
	tr_thread_t *ch = tr_thread_find(s, th->th_vfchild);
	struct timespec t0, t;
	long long left;
	int status;
	pid_t r;

	if (ch != NULL) {
		ptrace(PTRACE_DETACH, ch->th_tid, 0L,
		       (long)(ch->th_listen ? 0 : ch->th_sig));
		tr_thread_del(s, ch);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		left = VFORK_RELEASE_NS - ((t.tv_sec - t0.tv_sec) *
		    1000000000LL + (t.tv_nsec - t0.tv_nsec));
		if (left <= 0)
			break;
		r = tr_nap(th->th_tid, &status, left);
		if (r == th->th_tid) {
			if (WIFEXITED(status) || WIFSIGNALED(status)) {
				th->th_zombie = true;
				return;
			}
			th->th_stopped = true;
			th->th_status = status;
			if ((unsigned)status >> 16 == 0 &&
			    WSTOPSIG(status) != (SIGTRAP | 0x80))
				th->th_sig = WSTOPSIG(status);
			th->th_vfchild = 0;
			return;
		}
		if (r < 0 && errno != EINTR)
			break;
	}
	tr_notice(s, TR_NOTE_LEFT_TRACED, 0, "thread %d waits in vfork for "
		  "a child that has not exec'd; it stays traced until "
		  "pidtrace exits", (int)th->th_tid);
}

/*
 * The one way out, shared by every exit path: stop all threads, move any
 * thread inside an XOL slot back to the original code, restore every
 * site, unmap the XOL pages, detach every thread with its pending signal.
 */
void
tr_release(tr_session_t *s)
{
	struct user_regs_struct r;
	tr_thread_t *th;
	uint64_t rip;

	s->s_ending = true;
	if (s->s_all != NULL)
		tr_stop_all(s);
	/* Before our range goes: no call may be dispatched to nobody. */
	tr_sud_stop(s);
	if (tr_fast_live(s)) {
		/*
		 * Every thread stopped and stepped out of the record blocks
		 * (a slot claimed by a live thread is published): what is
		 * in the ring is all there is.
		 */
		if (!s->s_gone) {
			/*
			 * A frame left into the trampolines: the wait lets
			 * the threads run.  An int3 of ours would stop one
			 * until the next round, which rewinds it onto the
			 * same int3: it would never get past, nor a handler
			 * that calls a probed function return.  The
			 * original bytes go back first (nothing fires after
			 * the end); the breakpoints stay known for the fork
			 * children below, the slots until tr_xol_unmap.
			 */
			if (tr_fast_settle(s, true))
				tr_bkpt_disarm_all(s);
			tr_fast_wait_frames(s);
		}
		tr_ring_drain(s, true, 0);
		tr_fast_teardown(s, !s->s_gone);
	}
	tr_fast_check_left(s);
	if (s->s_xol != NULL)
		for (th = s->s_all; th != NULL; th = th->th_all) {
			if (!th->th_stopped || th->th_kind == TR_KIND_FORK)
				continue;
			if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
				continue;
			rip = r.rip;
			if (tr_xol_fixup_rip(s, &rip)) {
				r.rip = rip;
				ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r);
			}
		}
	/* New tasks not yet known as threads may be fork children. */
	for (th = s->s_all; th != NULL; th = th->th_all)
		if (th->th_kind == TR_KIND_FORK ||
		    th->th_kind == TR_KIND_UNKNOWN) {
			tr_bkpt_restore_in(s, th->th_tid);
			tr_counter_restore_in(s, th->th_tid);
			if (th->th_kind == TR_KIND_FORK)
				tr_xol_clean_child(s, th);
		}
	if (!s->s_gone) {
		tr_bkpt_restore_all(s);
		tr_counter_restore_all(s);
		/* Nothing enters a slot now: the pages can go. */
		tr_xol_unmap(s);
	} else {
		tr_bkpt_forget_all(s);
		tr_counter_forget_all(s);
	}
	for (th = s->s_all; th != NULL; th = th->th_all)
		if (tr_in_vfork(th))
			vfork_release(s, th);
	while ((th = s->s_all) != NULL) {
		ptrace(PTRACE_DETACH, th->th_tid, 0L,
		       (long)(th->th_restop ? SIGSTOP :
			      th->th_listen ? 0 : th->th_sig));
		tr_thread_del(s, th);
	}
	s->s_stopping = false;
}

/*
 * The handlers only set a flag: the loop's sleep (nap in loop.c) wakes
 * on any signal of ours and looks at it.  No thread of the target is
 * interrupted for it.
 */
void
tr_stop_async(tr_session_t *s)
{
	s->s_stop_req = 1;
}

void
tr_wake_async(tr_session_t *s)
{
	s->s_wake_req = 1;
}

void
tr_detach(tr_session_t *s)
{
	tr_release(s);
	tr_free(s);
}
