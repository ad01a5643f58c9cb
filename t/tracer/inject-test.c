/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/tracer/inject-test.c: a syscall injected while a thread is parked at
 * the event stop of its clone or fork.  Such a stop is inside the call:
 * the kernel finishes it when the thread goes on.  Borrowed as if it sat
 * in user code, the thread's first syscall stop was the call's exit
 * (taken for our entry), the second our syscall's entry (taken for its
 * exit: the mmap "failed" with ENOSYS), and the registers put back at
 * that entry ran the call a second time: pthread_create's clone3 made
 * two threads on one stack (t/tracer/reattach.sh's target died of
 * SIGSEGV when an attach caught its main thread creating threads and the
 * XOL page's mmap went into it), and a fork made a child the program
 * never knew of.  Such a thread is first run to the exit stop of its
 * call, then lends itself (tracer/inject.c, IK_EVENT).
 *
 * The main thread of a target made here creates threads (or forks) in a
 * loop.  Attached, everything else let go, it is parked at its next stop,
 * which can only be its clone (fork) event; then what h_ready does: a
 * site whose instruction runs out of line, which maps the XOL page by an
 * injected mmap, with the main thread as the injection's first choice;
 * and a getpid injected into the main thread itself, still at its event
 * stop in the thread case (the new thread at hand took the mmap).
 * Asserts: the site has its slot, each getpid gives the target's pid,
 * the main thread's clone (fork) returned a tid (pid) and was not made
 * again, no mapping of ours is left after the release, and the target,
 * on its own again, made exactly the threads (children) it asked for,
 * each run once, and exits 0.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "t/check.h"
#include "tracer/tr-impl.h"

/* The site: a lock add to a rip-relative counter runs out of line. */
unsigned long it_hits;
void it_site(void);
__asm__(".pushsection .text\n"
	".globl it_site\n"
	".type it_site, @function\n"
	"it_site:\n"
	"\tlock addq $1, it_hits(%rip)\n"
	"\tret\n"
	".size it_site, .-it_site\n"
	".popsection\n");

/* What the target made and what ran, shared with its fork children. */
struct counts {
	atomic_ulong	made;
	atomic_ulong	ran;
};

static struct counts *cnt;

static void *
thread_fn(void *arg)
{
	(void)arg;
	atomic_fetch_add(&cnt->ran, 1);
	return NULL;
}

/*
 * The target: until a byte arrives on stopfd, call the site and create a
 * thread (fork a child), then wait for it.  Exits 0 when the site counted
 * each call and no child it did not make is left to reap; whether each
 * thread (child) it made ran once is read from the counts once it is gone
 * (a thread it did not make may run after its last join).
 */
static void
target(int stopfd, int readyfd, bool forks)
{
	unsigned long calls = 0, extra = 0;
	pthread_t t;
	char c;
	pid_t p;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (write(readyfd, "r", 1) != 1)
		_exit(2);
	while (read(stopfd, &c, 1) != 1) {
		it_site();
		calls++;
		atomic_fetch_add(&cnt->made, 1);
		if (!forks) {
			if (pthread_create(&t, NULL, thread_fn, NULL) != 0)
				_exit(2);
			pthread_join(t, NULL);
			continue;
		}
		p = fork();
		if (p < 0)
			_exit(2);
		if (p == 0) {
			atomic_fetch_add(&cnt->ran, 1);
			_exit(0);
		}
		if (waitpid(p, NULL, 0) != p)
			_exit(2);
	}
	while (wait(NULL) > 0)
		extra++;
	_exit(it_hits == calls && extra == 0 ? 0 : 3);
}

/* Anonymous executable mappings of pid: our XOL pages would be some. */
static int
anon_exec(pid_t pid)
{
	char path[64], line[512], perm[8];
	unsigned long ino;
	int n = 0, name;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		name = 0;
		if (sscanf(line, "%*x-%*x %7s %*x %*x:%*x %lu %n", perm, &ino,
			   &name) < 2)
			continue;
		if (perm[2] == 'x' && ino == 0 &&
		    (name == 0 || line[name] == '\0' || line[name] == '\n'))
			n++;
	}
	fclose(f);
	return n;
}

static bool
in_clone(const struct user_regs_struct *r)
{
	long nr = (long)r->orig_rax;

	return (nr == SYS_clone || nr == SYS_clone3 || nr == SYS_fork ||
		nr == SYS_vfork) && (long)r->rax == -ENOSYS;
}

static void
run(bool forks)
{
	const char *what = forks ? "fork" : "thread";
	struct user_regs_struct r;
	int stop[2], ready[2], status, maps0;
	tr_session_t *s;
	tr_thread_t *leader;
	tr_bkpt_t *bp;
	pid_t pid;
	long ret;
	int tries;
	char c;

	memset(cnt, 0, sizeof(*cnt));
	if (pipe(stop) < 0 || pipe(ready) < 0) {
		perror("pipe");
		exit(1);
	}
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(1);
	}
	if (pid == 0) {
		close(stop[1]);
		close(ready[0]);
		fcntl(stop[0], F_SETFL, O_NONBLOCK);
		target(stop[0], ready[1], forks);
	}
	close(stop[0]);
	close(ready[1]);
	if (read(ready[0], &c, 1) != 1) {
		printf("FAIL: %s: the target did not start\n", what);
		exit(1);
	}
	maps0 = anon_exec(pid);

	s = tr_attach(pid);
	CHECKF(s != NULL, "%s: attach", what);
	if (s == NULL)
		exit(1);
	leader = tr_thread_find(s, pid);
	CHECK(leader != NULL);
	if (leader == NULL)
		exit(1);
	/*
	 * Let everything go, and park whatever stops next.  An interrupt
	 * stop left over from the attach (the interrupt came while the main
	 * thread was in an event stop already) may come before the clone:
	 * then go round again.
	 */
	memset(&r, 0, sizeof(r));
	for (tries = 0; tries < 10 && !in_clone(&r); tries++) {
		CHECK(tr_resume_all(s) == 0);
		s->s_stopping = true;
		while (!leader->th_stopped && !s->s_gone)
			if (tr_wait_one(s, -1, true) < 0)
				break;
		if (s->s_gone || !leader->th_stopped ||
		    ptrace(PTRACE_GETREGS, pid, 0L, &r) < 0)
			break;
	}
	CHECKF(in_clone(&r), "%s: the main thread is not inside its clone: "
	       "orig_rax %lld rax %lld", what, (long long)r.orig_rax,
	       (long long)r.rax);
	/* The new thread (the fork child) comes to its first stop. */
	CHECK(tr_stop_all(s) == 0);

	/* As tr_run calls h_ready: the main thread first. */
	s->s_cur = leader;
	CHECKF(tr_bkpt_add(s, (uint64_t)(uintptr_t)it_site, 0) == 0,
	       "%s: site: %s", what, strerror(errno));
	bp = tr_bkpt_find(s, (uint64_t)(uintptr_t)it_site);
	CHECK(bp != NULL && bp->bp_insn.in_plan == TR_PLAN_XOL);
	CHECKF(bp != NULL && bp->bp_slot != 0, "%s: no XOL slot", what);
	/* The main thread itself, wherever the mmap went. */
	ret = tr_inject_syscall_th(s, leader, SYS_getpid, 0, 0, 0, 0, 0, 0);
	CHECKF(ret == pid, "%s: getpid in the main thread gave %ld, not %d",
	       what, ret, (int)pid);
	ret = tr_inject_syscall(s, SYS_getpid, 0, 0, 0, 0, 0, 0);
	CHECKF(ret == pid, "%s: getpid gave %ld, not %d", what, ret, (int)pid);
	/* Its own call is over, with its own result; the next stop is new. */
	CHECK(ptrace(PTRACE_GETREGS, pid, 0L, &r) == 0);
	CHECKF(!in_clone(&r) && (long)r.rax > 0, "%s: the main thread's "
	       "call: orig_rax %lld rax %lld", what, (long long)r.orig_rax,
	       (long long)r.rax);
	s->s_cur = NULL;
	tr_release(s);
	tr_free(s);
	CHECKF(anon_exec(pid) == maps0, "%s: %d executable anonymous "
	       "mappings after the release, %d before", what, anon_exec(pid),
	       maps0);

	if (write(stop[1], "s", 1) != 1)
		perror("write");
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECKF(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "%s: the target ended with status %#x", what, status);
	CHECKF(cnt->made == cnt->ran, "%s: %lu made, %lu ran", what,
	       (unsigned long)cnt->made, (unsigned long)cnt->ran);
	close(stop[1]);
	close(ready[0]);
}

int
main(void)
{
	/* A target that the old bug wedges must not hang the suite. */
	alarm(120);
	/* A target that died: its stop pipe says EPIPE, the check says why. */
	signal(SIGPIPE, SIG_IGN);
	setvbuf(stdout, NULL, _IOLBF, 0);
	cnt = mmap(NULL, sizeof(*cnt), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (cnt == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	run(false);
	run(true);
	if (failures == 0)
		printf("PASS: an injection never goes into a clone or fork "
		       "in progress\n");
	return failures != 0;
}
