/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-load.c: load for the fast-path tests (t/fastpath/).  Every
 * probed function counts its own calls, so a test compares what pidtrace
 * saw with what really happened, and prints a checksum that an untraced
 * run prints too.  Each mode keeps the handshake of fp-proto.h.
 *
 *	fp-load threads T N	T threads call fp_work() N times each;
 *				prints "threads calls=... sum=..."
 *	fp-load sig T K US	T threads call fp_work() until each took K
 *				signals: its own SIGALRM timer
 *				(timer_create, SIGEV_THREAD_ID) every US
 *				microseconds, whose handler calls
 *				fp_hwork(); a process-wide setitimer
 *				SIGALRM every 3 US too; fp_work() runs
 *				about 1 us here; prints "sig ok", then the calls and
 *				handlers it counted (they depend on
 *				timing: not compared with untraced)
 *	fp-load burst N		one thread, N calls of fp_work();
 *				prints "burst calls=N sum=..."
 *	fp-load fork N [exec]	a second thread calls fp_bgwork() (about
 *				2 us, at most 20 N times; its first call
 *				before ours) while the main
 *				thread calls fp_work() N times around a
 *				fork child (checks its own text and maps,
 *				then calls fp_work() N times), a vfork
 *				child (N calls, sharing our memory), a
 *				posix_spawn and a fork+exec of "fp-load
 *				child N"; prints the main thread's calls
 *				("parent calls=5N"); then the second
 *				thread's ("bg calls=", timing-dependent),
 *				or with "exec", execs "fp-load child N"
 *				while the second thread still runs
 *	fp-load vfrel N		a vfork child whose leader exits at once
 *				while a thread of its own waits on a
 *				pipe: the exit frees us from vfork, but
 *				no tracer hears of it until that thread
 *				exits too; meanwhile we call fp_work() N
 *				times, then release the thread; prints
 *				"vfrel calls=N sum=... status=0"
 *	fp-load child N		N calls of fp_work(); prints
 *				"child calls=N"
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fp-proto.h"

#define NOINLINE __attribute__((noinline))

extern char **environ;
static atomic_ulong n_work, n_hwork, n_bgwork, sum;
static atomic_int stop_bg;
static __thread volatile unsigned long my_sigs;
static unsigned long spins = 16;	/* fp_work's length; longer in sig */

/* A few hundred nanoseconds of work, so signals land inside it. */
NOINLINE unsigned long
fp_work(unsigned long x)
{
	unsigned long h = x, i;

	atomic_fetch_add_explicit(&n_work, 1, memory_order_relaxed);
	for (i = 0; i < spins; i++)
		h = h * 6364136223846793005u + 1442695040888963407u;
	return h;
}

/* fp_work's twin for the second thread of fork mode, about 2 us long. */
NOINLINE unsigned long
fp_bgwork(unsigned long x)
{
	unsigned long h = x, i;

	atomic_fetch_add_explicit(&n_bgwork, 1, memory_order_relaxed);
	for (i = 0; i < 2000; i++)
		h = h * 6364136223846793005u + 1442695040888963407u;
	return h;
}

/* Called by the SIGALRM handler. */
NOINLINE unsigned long
fp_hwork(unsigned long x)
{
	atomic_fetch_add_explicit(&n_hwork, 1, memory_order_relaxed);
	return x ^ (x >> 7);
}

static void
on_alrm(int sig)
{
	int e = errno;

	fp_hwork((unsigned long)sig);
	my_sigs++;
	errno = e;
}

struct job {
	unsigned long n, us, s;
};

static void *
worker(void *arg)
{
	struct job *j = arg;
	unsigned long i, s = 0;
	timer_t tm;
	int armed = 0;

	if (j->us) {
		struct sigevent ev = { 0 };
		struct itimerspec its = { 0 };

		ev.sigev_notify = SIGEV_THREAD_ID;
		ev.sigev_signo = SIGALRM;
		ev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
		its.it_value.tv_nsec = (long)j->us * 1000;
		its.it_interval = its.it_value;
		if (timer_create(CLOCK_MONOTONIC, &ev, &tm) != 0 ||
		    timer_settime(tm, 0, &its, NULL) != 0) {
			perror("fp-load: timer");
			exit(3);
		}
		armed = 1;
	}
	if (armed)
		for (i = 0; my_sigs < j->n; i++)
			s += fp_work(i);
	else
		for (i = 0; i < j->n; i++)
			s += fp_work(i);
	if (armed)
		timer_delete(tm);
	j->s = s;
	return NULL;
}

static void
threads(unsigned long t, unsigned long n, unsigned long us)
{
	pthread_t th[64];
	struct job jobs[64];
	unsigned long i, s = 0;

	if (t > 64)
		t = 64;
	for (i = 0; i < t; i++) {
		jobs[i] = (struct job){ .n = n, .us = us };
		if (pthread_create(&th[i], NULL, worker, &jobs[i]) != 0)
			exit(3);
	}
	for (i = 0; i < t; i++) {
		pthread_join(th[i], NULL);
		s += jobs[i].s;
	}
	atomic_fetch_add(&sum, s);
}

/* Calls fp_bgwork() until told to stop, at most MAX times. */
static void *
bg(void *arg)
{
	unsigned long i = 0, max = (unsigned long)arg;

	while (!atomic_load(&stop_bg) && i < max)
		fp_bgwork(i++);
	return NULL;
}

static unsigned long
loop(unsigned long n)
{
	unsigned long i, s = 0;

	for (i = 0; i < n; i++)
		s += fp_work(i);
	return s;
}

static int
status(pid_t p)
{
	int st = -1;

	if (p < 0 || waitpid(p, &st, 0) != p)
		return -1;
	return st;
}

/*
 * In a fork child: the executable's text in memory equals the file, and no
 * shared or memfd mapping was inherited executable.  Returns 0 when clean.
 */
static int
self_clean(void)
{
	char exe[4096], line[4096 + 128], path[4096], perm[8];
	unsigned long lo, hi, off;
	ssize_t el;
	FILE *m;
	int fd, bad = 0;

	el = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (el < 0)
		return 1;
	exe[el] = '\0';
	m = fopen("/proc/self/maps", "r");
	fd = open("/proc/self/exe", 0);
	if (m == NULL || fd < 0)
		return 1;
	while (fgets(line, sizeof(line), m) != NULL) {
		path[0] = '\0';
		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %4095s", &lo, &hi,
			   perm, &off, path) < 4)
			continue;
		if (strstr(line, "memfd:") != NULL ||
		    (perm[2] == 'x' && perm[3] == 's')) {
			fprintf(stderr, "fp-load: fork child maps: %s", line);
			bad = 1;
		}
		if (strcmp(perm, "r-xp") != 0 || strcmp(path, exe) != 0)
			continue;
		for (unsigned long a = lo; a < hi; a += 4096) {
			char fb[4096];
			ssize_t r = pread(fd, fb, sizeof(fb),
					  (off_t)(off + a - lo));

			if (r <= 0)
				break;
			if (memcmp(fb, (void *)a, (size_t)r) != 0) {
				fprintf(stderr, "fp-load: fork child text "
					"differs from the file near %#lx\n", a);
				bad = 1;
				break;
			}
		}
	}
	fclose(m);
	close(fd);
	return bad;
}

static unsigned long fsum;

/*
 * In a vfork child: clone a thread (CLONE_THREAD, on stack) that reads a
 * byte from fd and exits, and exit the leader at once (SYS_exit, not
 * exit_group).  The leader's exit ends the parent's vfork, but a leader
 * is reported to waitpid, a tracer's too, only once its group is empty
 * (the kernel's delay_group_leader).  Raw system calls: the thread has
 * no TCB of its own, and the leader borrows the parent's.
 */
static void __attribute__((noreturn))
vfork_exit_late(int fd, char *stack)
{
	long fl = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
	    CLONE_THREAD | CLONE_SYSVSEM;

	__asm__ volatile(
	    "mov %[nr], %%eax\n\t"
	    "mov %[fl], %%rdi\n\t"
	    "mov %[sp], %%rsi\n\t"
	    "xor %%edx, %%edx\n\t"
	    "xor %%r10d, %%r10d\n\t"
	    "xor %%r8d, %%r8d\n\t"
	    "syscall\n\t"
	    "test %%rax, %%rax\n\t"
	    "jnz 1f\n\t"
	    "xor %%eax, %%eax\n\t"		/* the thread: read(fd, sp - 64, 1) */
	    "mov %[fd], %%rdi\n\t"
	    "lea -64(%%rsp), %%rsi\n\t"
	    "mov $1, %%edx\n\t"
	    "syscall\n"
	    "1:\tmov %[ex], %%eax\n\t"	/* both: exit(0) */
	    "xor %%edi, %%edi\n\t"
	    "syscall\n\t"
	    "hlt"
	    : : [nr] "i"(SYS_clone), [ex] "i"(SYS_exit), [fl] "r"(fl),
		[sp] "r"(stack), [fd] "r"((long)fd)
	    : "rax", "rdi", "rsi", "rdx", "r10", "r8", "rcx", "r11", "memory");
	__builtin_unreachable();
}

static void
vfrel(unsigned long n)
{
	static char stack[65536] __attribute__((aligned(16)));
	unsigned long s;
	int p[2];
	pid_t c;

	if (pipe(p) != 0)
		exit(3);
	c = vfork();
	if (c == 0)
		vfork_exit_late(p[0], stack + sizeof(stack) - 64);
	s = loop(n);
	if (c < 0 || write(p[1], "x", 1) != 1)
		exit(3);
	printf("vfrel calls=%lu sum=%lu status=%#x\n", atomic_load(&n_work), s,
	       status(c));
}

static void
forks(const char *self, unsigned long n, int do_exec)
{
	char nbuf[32];
	char *cargv[] = { (char *)self, "child", nbuf, NULL };
	unsigned long s = 0;
	pthread_t th;
	pid_t p;

	snprintf(nbuf, sizeof(nbuf), "%lu", n);
	if (pthread_create(&th, NULL, bg, (void *)(20 * n)) != 0)
		exit(3);
	/*
	 * The second thread is in its calls before ours begin: on a loaded
	 * machine it was not scheduled once before the end (bg calls=0) or
	 * the exec (fp_bgwork never fired, t/fastpath/fork.sh).
	 */
	while (atomic_load(&n_bgwork) == 0)
		sched_yield();
	s += loop(n);
	p = fork();
	if (p == 0) {
		int bad = self_clean();

		loop(n);
		_exit(bad ? 1 : atomic_load(&n_work) >= n ? 0 : 2);
	}
	printf("fork status=%#x\n", status(p));

	s += loop(n);
	fsum = s;
	p = vfork();
	if (p == 0) {
		unsigned long i, t = 0;

		for (i = 0; i < n; i++)
			t += fp_work(i);
		_exit((int)(t & 0x7f));	/* compared with untraced */
	}
	printf("vfork status=%#x\n", status(p));
	s = fsum;

	s += loop(n);
	if (posix_spawn(&p, self, NULL, NULL, cargv, environ) != 0)
		p = -1;
	printf("posix_spawn status=%#x\n", status(p));

	s += loop(n);
	p = fork();
	if (p == 0) {
		execv(self, cargv);
		_exit(127);
	}
	printf("fork+exec status=%#x\n", status(p));
	s += loop(n);
	/* The vfork child's n calls went through our counter (shared). */
	printf("main sum=%lu\n", s);
	printf("parent calls=%lu\n", atomic_load(&n_work) - n);
	fflush(stdout);
	if (do_exec) {
		/* The second thread is in or near fp_bgwork(): exec ends it. */
		execv(self, cargv);
		perror("fp-load: exec");
		exit(127);
	}
	atomic_store(&stop_bg, 1);
	pthread_join(th, NULL);
	printf("bg calls=%lu\n", atomic_load(&n_bgwork));
}

int
main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	unsigned long a = argc > 2 ? strtoul(argv[2], NULL, 0) : 0;
	unsigned long b = argc > 3 ? strtoul(argv[3], NULL, 0) : 0;
	unsigned long c = argc > 4 ? strtoul(argv[4], NULL, 0) : 0;
	struct sigaction sa;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (strcmp(mode, "child") == 0) {
		unsigned long s = loop(a);

		printf("child calls=%lu sum=%lu\n", atomic_load(&n_work), s);
		return 0;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alrm;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);

	fp_ready();
	if (strcmp(mode, "threads") == 0) {
		threads(a, b, 0);
		printf("threads calls=%lu sum=%lu\n", atomic_load(&n_work),
		       atomic_load(&sum));
	} else if (strcmp(mode, "sig") == 0) {
		struct itimerval it = { { 0, 0 }, { 0, 0 } };

		spins = 1000;	/* about 1 us: signals land inside */
		/* And a process-wide timer: any thread may take it. */
		it.it_value.tv_usec = (long)(3 * c);
		it.it_interval = it.it_value;
		setitimer(ITIMER_REAL, &it, NULL);
		threads(a, b, c);
		it.it_value.tv_usec = 0;
		it.it_interval = it.it_value;
		setitimer(ITIMER_REAL, &it, NULL);
		printf("sig ok\n");
		/* Timer-driven: differs from run to run, not compared. */
		printf("calls=%lu handlers=%lu\n", atomic_load(&n_work),
		       atomic_load(&n_hwork));
	} else if (strcmp(mode, "burst") == 0) {
		unsigned long s = loop(a);

		printf("burst calls=%lu sum=%lu\n", atomic_load(&n_work), s);
	} else if (strcmp(mode, "vfrel") == 0) {
		vfrel(a);
	} else if (strcmp(mode, "fork") == 0) {
		forks(argv[0][0] == '/' ? argv[0] : "/proc/self/exe", a,
		      argc > 3 && strcmp(argv[3], "exec") == 0);
		return 0;
	} else {
		fprintf(stderr,
			"usage: fp-load threads|sig|burst|fork|vfrel|child ...\n");
		return 2;
	}
	fp_done();
	return 0;
}
