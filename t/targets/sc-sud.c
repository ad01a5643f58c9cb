/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/sc-sud.c: system calls through one site, for the syscall
 * sites' trampolines (t/syscall/sud.sh).  Every call goes through libc's
 * syscall(), whose site is patched at its first call; the program counts
 * its own calls and prints them, and counts any SIGSYS it is given (one
 * of ours delivered would be a bug).
 *
 *	sc-sud loop N		N getppid and N write to /dev/null
 *	sc-sud restart		a blocking read of a pipe, interrupted by
 *				SA_RESTART signals, restarted each time;
 *				the fifth signal's handler writes the data
 *	sc-sud seccomp N	its own filter makes getppid fail with
 *				EPERM (no signal); N calls
 *	sc-sud burst FILE	getppid in rounds until FILE exists
 *	sc-sud cancel		a thread blocked in read(2) (glibc's
 *				cancellation point) is cancelled: its
 *				cleanup handler runs, the join sees it
 *	sc-sud ownsud		turns syscall user dispatch on for itself
 *				(a selector byte, as Wine does) and
 *				answers a blocked getppid in its handler
 *	sc-sud inflight poll	one thread: prints "ready", blocks in
 *				poll(2) of stdin (no timeout), then reads
 *				the line that woke it (one read(2))
 *	sc-sud inflight read	one thread: prints "ready", blocks in
 *				read(2) of stdin
 *	sc-sud handler		one thread: prints "ready", reads a line of
 *				stdin, then blocks in read(2) again; a
 *				SIGUSR1 there runs a handler (SA_RESTART,
 *				a restorer of its own) that prints
 *				"handler" and returns, saying "handler
 *				back", once read()'s code is as it was
 *				at the start; it calls sc_tick() every
 *				millisecond meanwhile, and once more
 *				before it returns
 *	sc-sud short N		N getppid through a site of its own with
 *				2 bytes before the `syscall` (as glibc's
 *				__read_nocancel): too short for a jump
 *	sc-sud threads T N	T threads started together, each making N
 *				getppid and N getpgid, every third with
 *				argument 0, the others with its own pid;
 *				prints the calls made and the getpgid(0)s
 *	sc-sud vfork N		one getppid, then a vfork child makes N
 *				getppid and _exits, then the parent N more
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/ucontext.h>
#include <sys/wait.h>

static volatile sig_atomic_t nsigsys, nalrm;
static int wfd = -1;

static void
on_sigsys(int sig)
{
	(void)sig;
	nsigsys++;
}

static void
on_alrm(int sig)
{
	(void)sig;
	if (++nalrm == 5)
		syscall(SYS_write, wfd, "hello", 5);
}

static int
loop(long n)
{
	int fd = open("/dev/null", O_WRONLY);
	long i, pp = 0, w = 0;

	for (i = 0; i < n; i++) {
		if (syscall(SYS_getppid) == getppid())
			pp++;
		if (syscall(SYS_write, fd, "x", 1) == 1)
			w++;
	}
	printf("getppid %ld write %ld\n", pp, w);
	return 0;
}

/* long shortsys(long nr): mov %edi,%eax; syscall; ret */
long shortsys(long nr);
__asm__(".text\n.globl shortsys\n.type shortsys, @function\n"
	"shortsys:\n\tmov %edi, %eax\n\tsyscall\n\tret\n"
	".size shortsys, .-shortsys\n");

static int
shortloop(long n)
{
	long i, pp = 0;

	for (i = 0; i < n; i++)
		if (shortsys(SYS_getppid) == getppid())
			pp++;
	printf("short getppid %ld\n", pp);
	return 0;
}

static int
restart(void)
{
	struct sigaction sa;
	struct itimerval it;
	char buf[16];
	long r0, r;
	int p[2], fd;

	if (pipe(p) < 0)
		return 1;
	wfd = p[1];
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alrm;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	/* The site's first call: patched before the blocking one. */
	fd = open("/dev/null", O_RDONLY);
	r0 = syscall(SYS_read, fd, buf, sizeof(buf));
	memset(&it, 0, sizeof(it));
	it.it_interval.tv_usec = 10000;
	it.it_value.tv_usec = 10000;
	setitimer(ITIMER_REAL, &it, NULL);
	r = syscall(SYS_read, p[0], buf, sizeof(buf));
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	printf("read %ld then %ld [%.*s] after %d signals\n", r0, r,
	    r > 0 ? (int)r : 0, buf, nalrm >= 5 ? 5 : -1);
	return 0;
}

static int
filtered(long n)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getppid, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };
	long i, eperm = 0;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) < 0) {
		printf("no filter: %s\n", strerror(errno));
		return 1;
	}
	for (i = 0; i < n; i++)
		if (syscall(SYS_getppid) == -1 && errno == EPERM)
			eperm++;
	printf("getppid EPERM %ld\n", eperm);
	return 0;
}

static int
burst(const char *file)
{
	long rounds = 0, i, bad = 0;
	pid_t pp = getppid();

	for (;;) {
		for (i = 0; i < 1000; i++)
			if (syscall(SYS_getppid) != pp)
				bad++;
		if (++rounds == 1) {
			printf("ready\n");
			fflush(stdout);
		}
		if (access(file, F_OK) == 0)
			break;
	}
	printf("rounds done, %ld wrong\n", bad);
	return 0;
}

static int cpipe[2];
static volatile int cleaned;

static void
cleanup(void *arg)
{
	(void)arg;
	cleaned = 1;
}

static void *
reader(void *arg)
{
	char b[8];
	int fd = open("/dev/null", O_RDONLY);

	(void)arg;
	/* The site's first call, then the one that blocks. */
	if (read(fd, b, sizeof(b)) != 0)
		return NULL;
	pthread_cleanup_push(cleanup, NULL);
	(void)read(cpipe[0], b, sizeof(b));
	pthread_cleanup_pop(0);
	return NULL;
}

/* Whether thread tid sleeps (blocked in its read). */
static int
sleeping(pid_t tid)
{
	char path[64], buf[512], *p;
	FILE *f;
	int s = 0;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	if (fgets(buf, sizeof(buf), f) != NULL &&
	    (p = strrchr(buf, ')')) != NULL)
		s = p[2] == 'S';
	fclose(f);
	return s;
}

static volatile pid_t rtid;

static void *
reader_tid(void *arg)
{
	rtid = (pid_t)syscall(SYS_gettid);
	return reader(arg);
}

static int
cancel(void)
{
	pthread_t t;
	void *rv;

	if (pipe(cpipe) < 0 ||
	    pthread_create(&t, NULL, reader_tid, NULL) != 0)
		return 1;
	while (rtid == 0 || !sleeping(rtid))
		sched_yield();
	pthread_cancel(t);
	pthread_join(t, &rv);
	printf("%s, cleanup %s\n", rv == PTHREAD_CANCELED ? "cancelled" :
	    "not cancelled", cleaned ? "ran" : "did not run");
	return 0;
}

static volatile char selector;		/* 0 allow, 1 block */
static volatile sig_atomic_t nown;

static void
on_ownsys(int sig, siginfo_t *si, void *uc)
{
	ucontext_t *u = uc;

	(void)sig;
	selector = 0;
	if (si->si_code == 2) {		/* SYS_USER_DISPATCH */
		nown++;
		u->uc_mcontext.gregs[REG_RAX] = 4242;
	}
}

static int
ownsud(void)
{
	struct sigaction sa;
	long r1, r2;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_ownsys;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSYS, &sa, NULL);
	/* a first call through syscall(): its site patched (traced) */
	r1 = syscall(SYS_getppid) == getppid();
	if (prctl(59, 1, 0UL, 0UL, &selector) < 0) {
		printf("no dispatch: %s\n", strerror(errno));
		return 0;
	}
	selector = 1;
	r2 = syscall(SYS_getppid);	/* dispatched to our handler */
	selector = 0;
	prctl(59, 0, 0UL, 0UL, 0UL);
	printf("getppid %ld, then %ld from the handler, its SIGSYS %d\n",
	    r1, r2, (int)nown);
	return 0;
}

/*
 * One thread blocked in a call when a tracer attaches: poll(2), which
 * the kernel restarts through restart_syscall once the attach's
 * interrupt has broken it, or read(2), restarted as itself.
 */
static int
inflight(const char *how)
{
	struct pollfd pfd = { 0, POLLIN, 0 };
	char buf[16];
	long pr = -2, r;

	printf("ready\n");
	if (strcmp(how, "poll") == 0)
		pr = poll(&pfd, 1, -1);
	else if (strcmp(how, "read") != 0)
		return 2;
	r = read(0, buf, sizeof(buf));
	if (pr == -2)
		printf("read %ld\n", r);
	else
		printf("poll %ld read %ld\n", pr, r);
	return 0;
}

/*
 * handler: a restorer of its own (one byte more than glibc's), which
 * pidtrace does not know, so the frame's registers are not moved while
 * the handler runs; the handler returns once libc's read() is as it was
 * before pidtrace came (its patch taken out), as at a detach.
 */
void sc_restorer(void);
__asm__(".text\n"
	".globl sc_restorer\n"
	"sc_restorer:\n"
	"\tnop\n"
	"\tmovl $15, %eax\n"
	"\tsyscall\n");

struct ksigaction {
	void		(*ks_handler)(int);
	unsigned long	ks_flags;
	void		(*ks_restorer)(void);
	uint64_t	ks_mask;
};

static uint8_t read_was[256];

/*
 * A branch target 2 bytes in: no jump may cover it, so a probe at its
 * entry takes an int3.
 */
void sc_tick(void);
__asm__(".text\n"
	".globl sc_tick\n"
	".type sc_tick, @function\n"
	"sc_tick:\n"
	"\txorl %eax, %eax\n"
	"1:\tincl %eax\n"
	"\tcmpl $2, %eax\n"
	"\tjb 1b\n"
	"\tret\n"
	".size sc_tick, .-sc_tick\n");

static void
on_usr1(int sig)
{
	static const char said[] = "handler\n", back[] = "handler back\n";
	struct timespec ms = { 0, 1000000 };

	(void)sig;
	if (write(1, said, sizeof(said) - 1) < 0)
		return;
	do {
		sc_tick();
		nanosleep(&ms, NULL);
	} while (memcmp((const void *)read, read_was, sizeof(read_was)) != 0);
	sc_tick();
	if (write(1, back, sizeof(back) - 1) < 0)
		return;
}

static int
handler(void)
{
	struct ksigaction ks;
	char buf[16];
	long r1, r2;

	memcpy(read_was, (const void *)read, sizeof(read_was));
	memset(&ks, 0, sizeof(ks));
	ks.ks_handler = on_usr1;
	ks.ks_flags = SA_RESTART | 0x04000000 /* SA_RESTORER */;
	ks.ks_restorer = sc_restorer;
	if (syscall(SYS_rt_sigaction, SIGUSR1, &ks, NULL, 8) < 0)
		return 2;
	setvbuf(stdout, NULL, _IONBF, 0);
	printf("ready\n");
	r1 = read(0, buf, sizeof(buf));
	printf("read %ld\n", r1);
	r2 = read(0, buf, sizeof(buf));
	printf("read %ld\n", r2);
	return 0;
}

/* The child shares the parent's memory and TCB until it _exits. */
static int
vforked(long n)
{
	long i, pp = 0;
	pid_t c;
	int st;

	if (syscall(SYS_getppid) > 0)	/* the site patched before */
		pp++;
	c = vfork();
	if (c == 0) {
		for (i = 0; i < n; i++)
			syscall(SYS_getppid);
		_exit(0);
	}
	if (c < 0 || waitpid(c, &st, 0) != c)
		return 1;
	for (i = 0; i < n; i++)
		if (syscall(SYS_getppid) > 0)
			pp++;
	printf("parent getppid %ld, child %ld\n", pp, n);
	return 0;
}

static pthread_barrier_t tbar;
static long tcalls, tzero;

static void *
tworker(void *arg)
{
	long n = *(const long *)arg, i, z = 0, ok = 0;
	pid_t me = getpid();

	pthread_barrier_wait(&tbar);
	for (i = 0; i < n; i++) {
		if (syscall(SYS_getppid) > 0)
			ok++;
		if (syscall(SYS_getpgid, i % 3 == 0 ? 0 : me) > 0)
			ok++;
		z += i % 3 == 0;
	}
	__atomic_add_fetch(&tcalls, ok, __ATOMIC_RELAXED);
	__atomic_add_fetch(&tzero, z, __ATOMIC_RELAXED);
	return NULL;
}

static int
threads(int t, long n)
{
	pthread_t th[64];
	int i;

	if (t < 1 || t > 64)
		return 2;
	pthread_barrier_init(&tbar, NULL, (unsigned)t);
	for (i = 0; i < t; i++)
		if (pthread_create(&th[i], NULL, tworker, &n) != 0)
			return 1;
	for (i = 0; i < t; i++)
		pthread_join(th[i], NULL);
	printf("calls %ld getpgid0 %ld\n", tcalls, tzero);
	return 0;
}

int
main(int argc, char **argv)
{
	int rc = 2;

	if (argc < 2 || strcmp(argv[1], "ownsud") != 0)
		signal(SIGSYS, on_sigsys);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && strcmp(argv[1], "loop") == 0)
		rc = loop(atol(argv[2]));
	else if (argc == 2 && strcmp(argv[1], "restart") == 0)
		rc = restart();
	else if (argc == 3 && strcmp(argv[1], "seccomp") == 0)
		rc = filtered(atol(argv[2]));
	else if (argc == 3 && strcmp(argv[1], "burst") == 0)
		rc = burst(argv[2]);
	else if (argc == 2 && strcmp(argv[1], "cancel") == 0)
		rc = cancel();
	else if (argc == 2 && strcmp(argv[1], "ownsud") == 0)
		rc = ownsud();
	else if (argc == 3 && strcmp(argv[1], "inflight") == 0)
		rc = inflight(argv[2]);
	else if (argc == 2 && strcmp(argv[1], "handler") == 0)
		rc = handler();
	else if (argc == 3 && strcmp(argv[1], "short") == 0)
		rc = shortloop(atol(argv[2]));
	else if (argc == 3 && strcmp(argv[1], "vfork") == 0)
		rc = vforked(atol(argv[2]));
	else if (argc == 4 && strcmp(argv[1], "threads") == 0)
		rc = threads(atoi(argv[2]), atol(argv[3]));
	else
		fprintf(stderr, "usage: sc-sud loop N | restart | seccomp N "
		    "| burst FILE | cancel | ownsud | inflight poll|read "
		    "| handler | short N | threads T N | vfork N\n");
	printf("SIGSYS %d\n", (int)nsigsys);
	return rc;
}
