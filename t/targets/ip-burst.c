/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/ip-burst.c: bursts of calls for the tests of D in the traced
 * process (t/inproc/).  The probed functions are one instruction and a
 * ret (ip_one: `lea 1(%rdi),%rax; ret`, 5 bytes: one trampoline takes
 * its entry and its return) and a reader (ip_ptr(p): returns p), each
 * counting nothing itself: every thread counts its own calls; ip_push
 * does ip_one's work in a frame (`push %rbp; mov %rsp,%rbp; ...; pop
 * %rbp; ret`: the prologue every tracer patches, bench/inproc.sh's
 * peers too).  Each mode keeps the handshake of fp-proto.h.
 *
 *	ip-burst threads T N	T threads call ip_one(i) N times each;
 *				prints "threads calls=C sum=S"
 *	ip-burst push T N	the same with ip_push
 *	ip-burst pause T N K	as threads, but every thread waits after
 *				K calls until a line on stdin, once all
 *				printed "paused calls=T*K"; then "threads
 *				calls=C"
 *	ip-burst watch T N	as threads, but every thread stops calling
 *				once ip_one's first byte is the one it
 *				read before the handshake (pidtrace's
 *				detach restored it); prints "watch
 *				calls=C stopped=S": S threads saw the
 *				restore, each after at most one call
 *				made after it (its check came first)
 *	ip-burst ptr N		N calls of ip_ptr(p) with p a good
 *				pointer, NULL, an unmapped page and a
 *				PROT_NONE page in turn; prints "ptr
 *				calls=N"
 *	ip-burst str N		N calls of ip_str(s, len, sl) (returns
 *				s): s a string "key<i>" (every fourth a
 *				300-byte one, longer than D's strsize),
 *				len its length, sl a struct slice { char
 *				*data; size_t size; } of it, as leveldb's
 *				Put takes its key; every eighth call's s and
 *				sl->data are NULL, an unmapped page, a
 *				PROT_NONE page in turn.  After each call
 *				the bytes are overwritten: a tracer that
 *				reads them later than the call sees '#'s.
 *				Prints "str calls=N bytes=B", B the
 *				string bytes passed.
 *	ip-burst put N		as str, with "key<i>" strings only,
 *				on the heap (a reference to the
 *				caller's slice, a pointer to the heap,
 *				as leveldown's Put), and no bad pointer
 *				(bench/put.sh)
 *	ip-burst put N B U	as put, but sleeping U microseconds after
 *				every B calls: a consumer slower than the
 *				calls keeps up (bench/put.sh's paced runs)
 *	ip-burst mix N		as put, but every odd call's sl->data
 *				is NULL, an unmapped page, a PROT_NONE
 *				page in turn (s stays the good key):
 *				one firing reads the slice in the
 *				caller's frame, a good string on the
 *				heap and a bad pointer.  Prints "mix
 *				bad=0x0,GONE,NONE" (the three bad
 *				pointers) first, "mix calls=N bytes=B"
 *				last.
 *	ip-burst segv N		N calls of ip_ptr(p), p in turn a good
 *				int (42) at the end of a page, an
 *				unmapped page, the PROT_NONE page after
 *				the int's, and an int that starts 2 bytes
 *				before that page; SIGSEGV and SIGBUS
 *				handlers count what reaches the process
 *				(and skip the call).  Prints "segv
 *				gone=A none=B edge=C" first (the bad
 *				pointers), "segv calls=N signals=S" last.
 *	ip-burst race N		N calls of ip_ptr(p) while a second
 *				thread maps a page of 42s at p and unmaps
 *				it, in a loop; handlers as segv's.
 *				Prints "race at=P" first, "race
 *				calls=N signals=S maps=M" last (M > 0:
 *				the other thread ran).
 *	ip-burst kill N		as segv, N calls of ip_ptr(p), p the
 *				good int and an unmapped page in turn,
 *				then "paused calls=N" and a wait for a
 *				line on stdin, then N calls with p an
 *				unmapped page and the PROT_NONE page in
 *				turn; prints "kill calls=2N signals=S"
 *	ip-burst keep N		N calls of ip_ptr(p) from inside the
 *				process's own SIGSEGV handler (raised),
 *				then N from a thread that blocks SIGSEGV
 *				and SIGBUS; p in turn a good int (42) at
 *				the end of a page, an unmapped page, a
 *				PROT_NONE page, "abc" in the last bytes
 *				before it (no NUL), a page of a file past
 *				its end, a non-canonical address.  Each
 *				place then checks its handlers and mask
 *				against POSIX's (sigaction: a handler
 *				stays until changed; while it runs, the
 *				signal it handles is blocked; a mask
 *				stays as set): "keep handler|blocked
 *				segv=S bus=B mask=M", each "kept" or
 *				"changed".  Prints "keep gone=A none=B
 *				str=C bus=D high=E" first, "keep calls=2N
 *				signals=S" last.
 *	ip-burst grow N		N calls of ip_ptr(p), p 64 pages below
 *				the main thread's [stack] mapping, where
 *				the stack may grow (a load there grows it);
 *				prints "grow at=P" first, then "grow
 *				calls=N moved=M", M the pages [stack] grew
 *				down meanwhile (0 untraced), then loads
 *				from p itself and prints "grow loaded
 *				moved=64" (the stack grew to p)
 *	ip-burst big N		N calls of ip_str(p, 60000, &slice), p
 *				60000 bytes of the heap whose first and
 *				last bytes are 'A' + i % 26 and 'a' + i %
 *				26 for the i-th call, '#' after it;
 *				prints "big calls=N"
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "t/targets/fp-proto.h"

unsigned long ip_one(unsigned long);
unsigned long ip_push(unsigned long);
unsigned long ip_ptr(unsigned long);
unsigned long ip_str(unsigned long, unsigned long, unsigned long);

__asm__(
"	.text\n"
"	.p2align 4\n"
"	.globl ip_one\n"
"	.type ip_one, @function\n"
"ip_one:\n"
"	lea 1(%rdi), %rax\n"
"	ret\n"
"	.size ip_one, .-ip_one\n"
"	.p2align 4\n"
"	.globl ip_push\n"
"	.type ip_push, @function\n"
"ip_push:\n"
"	push %rbp\n"
"	mov %rsp, %rbp\n"
"	lea 1(%rdi), %rax\n"
"	pop %rbp\n"
"	ret\n"
"	.size ip_push, .-ip_push\n"
"	.p2align 4\n"
"	.globl ip_ptr\n"
"	.type ip_ptr, @function\n"
"ip_ptr:\n"
"	mov %rdi, %rax\n"
"	nop\n"
"	nop\n"
"	ret\n"
"	.size ip_ptr, .-ip_ptr\n"
"	.p2align 4\n"
"	.globl ip_str\n"
"	.type ip_str, @function\n"
"ip_str:\n"
"	mov %rdi, %rax\n"
"	nop\n"
"	nop\n"
"	ret\n"
"	.size ip_str, .-ip_str\n"
"	.p2align 4\n");

static unsigned long nper, kpause;
static pthread_barrier_t bar;
static int pausing;
static int watching;
static unsigned char orig;	/* ip_one's first byte, untraced */
static unsigned long (*fn)(unsigned long) = ip_one;

typedef struct worker {
	pthread_t	w_t;
	unsigned long	w_calls, w_sum;
	int		w_stopped;	/* watch: saw the restore */
} worker_t;

/*
 * The pause, in a frame whose untouched bytes cover the stack below
 * run()'s, where the trampolines built their contexts: whatever a
 * firing left there stays, and pidtrace's scan of the stack at the
 * detach sees it (a word pointing into its code keeps the code mapped).
 */
static void __attribute__((noinline))
pause_here(void)
{
	char pad[2048];

	__asm__ volatile("" : : "r"(pad) : "memory");
	pthread_barrier_wait(&bar);	/* all paused */
	pthread_barrier_wait(&bar);	/* go on */
}

static void *
run(void *arg)
{
	worker_t *w = arg;
	unsigned long i, s = 0;

	for (i = 0; i < nper; i++) {
		if (pausing && i == kpause) {
			w->w_calls = i;
			pause_here();
		}
		/* Every thread is stopped while pidtrace writes the byte
		 * back: a call after this check is traced unless the detach
		 * came between the two, which only the last call can. */
		if (watching && *(volatile unsigned char *)ip_one == orig) {
			w->w_stopped = 1;
			break;
		}
		s += fn(i);
	}
	w->w_calls = i;
	w->w_sum = s;
	return NULL;
}

static int
threads(unsigned long t, unsigned long n, unsigned long k)
{
	worker_t *w = calloc(t, sizeof(*w));
	unsigned long i, calls = 0, sum = 0, stopped = 0;
	char line[64];

	if (w == NULL)
		return 1;
	nper = n;
	kpause = k;
	pausing = k < n;
	if (pausing)
		pthread_barrier_init(&bar, NULL, (unsigned)t + 1);
	for (i = 0; i < t; i++)
		pthread_create(&w[i].w_t, NULL, run, &w[i]);
	if (pausing) {
		pthread_barrier_wait(&bar);
		for (i = 0; i < t; i++)
			calls += w[i].w_calls;
		printf("paused calls=%lu\n", calls);
		fflush(stdout);
		if (fgets(line, sizeof(line), stdin) == NULL)
			clearerr(stdin);
		pthread_barrier_wait(&bar);
		calls = 0;
	}
	for (i = 0; i < t; i++) {
		pthread_join(w[i].w_t, NULL);
		calls += w[i].w_calls;
		sum += w[i].w_sum;
		stopped += (unsigned long)w[i].w_stopped;
	}
	if (watching)
		printf("watch calls=%lu stopped=%lu\n", calls, stopped);
	else
		printf("threads calls=%lu sum=%lu\n", calls, sum);
	free(w);
	return 0;
}

static volatile sig_atomic_t nsig;
static sigjmp_buf sigjb;

static void
on_fault(int sig)
{
	(void)sig;
	nsig++;
	siglongjmp(sigjb, 1);
}

static void
count_faults(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fault;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

static int
segvs(unsigned long n)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *two, *gone;
	unsigned long p[4];
	volatile unsigned long i;

	two = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	gone = mmap(NULL, (size_t)pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	if (two == MAP_FAILED || gone == MAP_FAILED ||
	    mprotect(two + pg, (size_t)pg, PROT_NONE) != 0)
		return 1;
	munmap(gone, (size_t)pg);
	*(int *)(void *)(two + pg - 8) = 42;
	p[0] = (unsigned long)(two + pg - 8);
	p[1] = (unsigned long)gone;
	p[2] = (unsigned long)(two + pg);
	p[3] = (unsigned long)(two + pg - 2);
	printf("segv gone=%#lx none=%#lx edge=%#lx\n", p[1], p[2], p[3]);
	fflush(stdout);
	count_faults();
	for (i = 0; i < n; i++)
		if (sigsetjmp(sigjb, 1) == 0)
			ip_ptr(p[i % 4]);
	printf("segv calls=%lu signals=%d\n", n, (int)nsig);
	return 0;
}

static int
kills(unsigned long n)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *two, *gone, line[64];
	volatile unsigned long i;
	static int good = 42;

	two = mmap(NULL, 2 * (size_t)pg, PROT_READ,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	gone = two + pg;
	if (two == MAP_FAILED || munmap(gone, (size_t)pg) != 0 ||
	    mprotect(two, (size_t)pg, PROT_NONE) != 0)
		return 1;
	count_faults();
	for (i = 0; i < n; i++)
		if (sigsetjmp(sigjb, 1) == 0)
			ip_ptr(i % 2 ? (unsigned long)gone :
			    (unsigned long)&good);
	printf("paused calls=%lu\n", n);
	fflush(stdout);
	if (fgets(line, sizeof(line), stdin) == NULL)
		return 1;
	for (i = 0; i < n; i++)
		if (sigsetjmp(sigjb, 1) == 0)
			ip_ptr((unsigned long)(i % 2 ? two : gone));
	printf("kill calls=%lu signals=%d\n", 2 * n, (int)nsig);
	return 0;
}

static void	keep_calls(const char *, int);

static unsigned long keep_p[6], keep_n;
static volatile sig_atomic_t keep_raised;

static void
on_keep(int sig)
{
	(void)sig;
	if (keep_raised) {
		keep_raised = 0;
		keep_calls("handler", SIGSEGV);
		return;
	}
	nsig++;
	siglongjmp(sigjb, 1);
}

/* who's calls, then its handlers and mask against POSIX's */
static void
keep_calls(const char *who, int blocked)
{
	struct sigaction sg, sb;
	sigset_t m;
	volatile unsigned long i;
	int mask;

	for (i = 0; i < keep_n; i++)
		ip_ptr(keep_p[i % 6]);
	sigaction(SIGSEGV, NULL, &sg);
	sigaction(SIGBUS, NULL, &sb);
	pthread_sigmask(SIG_BLOCK, NULL, &m);
	mask = sigismember(&m, SIGSEGV) &&
	    sigismember(&m, SIGBUS) == (blocked == SIGBUS);
	printf("keep %s segv=%s bus=%s mask=%s\n", who,
	    sg.sa_handler == on_keep ? "kept" : "changed",
	    sb.sa_handler == on_keep ? "kept" : "changed",
	    mask ? "kept" : "changed");
	fflush(stdout);
}

static void *
keep_thread(void *arg)
{
	sigset_t m;

	(void)arg;
	sigemptyset(&m);
	sigaddset(&m, SIGSEGV);
	sigaddset(&m, SIGBUS);
	pthread_sigmask(SIG_BLOCK, &m, NULL);
	keep_calls("blocked", SIGBUS);
	return NULL;
}

static int
keeps(unsigned long n)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct sigaction sa;
	pthread_t t;
	char *two, *gone, *file;
	FILE *f;

	two = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	gone = mmap(NULL, (size_t)pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	/* a file of one byte mapped for two pages: the second is past
	 * its end (a load there is SIGBUS) */
	if ((f = tmpfile()) == NULL || fputc('#', f) == EOF ||
	    fflush(f) != 0)
		return 1;
	file = mmap(NULL, 2 * (size_t)pg, PROT_READ, MAP_SHARED, fileno(f),
	    0);
	if (two == MAP_FAILED || gone == MAP_FAILED || file == MAP_FAILED ||
	    mprotect(two + pg, (size_t)pg, PROT_NONE) != 0)
		return 1;
	munmap(gone, (size_t)pg);
	*(int *)(void *)(two + pg - 8) = 42;
	memcpy(two + pg - 3, "abc", 3);
	keep_p[0] = (unsigned long)(two + pg - 8);
	keep_p[1] = (unsigned long)gone;
	keep_p[2] = (unsigned long)(two + pg);
	keep_p[3] = (unsigned long)(two + pg - 3);
	keep_p[4] = (unsigned long)(file + pg);
	keep_p[5] = 0x8000000000000000ul;
	keep_n = n;
	printf("keep gone=%#lx none=%#lx str=%#lx bus=%#lx high=%#lx\n",
	    keep_p[1], keep_p[2], keep_p[3], keep_p[4], keep_p[5]);
	fflush(stdout);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_keep;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	keep_raised = 1;
	raise(SIGSEGV);
	if (pthread_create(&t, NULL, keep_thread, NULL) != 0)
		return 1;
	pthread_join(t, NULL);
	printf("keep calls=%lu signals=%d\n", 2 * n, (int)nsig);
	return 0;
}

/* the start of the main thread's [stack] mapping, 0 when not found */
static unsigned long
stack_start(void)
{
	char line[512];
	unsigned long a = 0, lo;
	FILE *f = fopen("/proc/self/maps", "r");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strstr(line, " [stack]") != NULL &&
		    sscanf(line, "%lx", &lo) == 1)
			a = lo;
	fclose(f);
	return a;
}

static int
grows(unsigned long n)
{
	unsigned long pg = (unsigned long)sysconf(_SC_PAGESIZE);
	unsigned long s0 = stack_start(), p = s0 - 64 * pg;
	volatile unsigned long i;

	if (s0 == 0)
		return 1;
	printf("grow at=%#lx\n", p);
	fflush(stdout);
	for (i = 0; i < n; i++)
		ip_ptr(p);
	printf("grow calls=%lu moved=%lu\n", n, (s0 - stack_start()) / pg);
	/* the address is in the stack's room: a load of its own grows it */
	(void)*(volatile char *)p;
	printf("grow loaded moved=%lu\n", (s0 - stack_start()) / pg);
	return 0;
}

static char *race_at;
static int race_fd;
static volatile int race_stop;
static unsigned long race_maps;

static void *
racer(void *arg)
{
	long pg = sysconf(_SC_PAGESIZE);
	void *p;

	(void)arg;
	while (!race_stop) {
		p = mmap(race_at, (size_t)pg, PROT_READ,
		    MAP_SHARED | MAP_FIXED_NOREPLACE, race_fd, 0);
		if (p != race_at)
			return (void *)1;
		race_maps++;
		munmap(race_at, (size_t)pg);
	}
	return NULL;
}

static int
races(unsigned long n)
{
	long pg = sysconf(_SC_PAGESIZE);
	volatile unsigned long i;
	pthread_t t;
	void *bad;
	int k, v = 42;

	race_fd = memfd_create("ip-race", 0);
	if (race_fd < 0)
		return 1;
	for (k = 0; k < pg / (long)sizeof(v); k++)
		if (pwrite(race_fd, &v, sizeof(v), k * (long)sizeof(v)) !=
		    (ssize_t)sizeof(v))
			return 1;
	race_at = mmap(NULL, (size_t)pg, PROT_READ, MAP_SHARED, race_fd, 0);
	if (race_at == MAP_FAILED)
		return 1;
	munmap(race_at, (size_t)pg);
	printf("race at=%#lx\n", (unsigned long)race_at);
	fflush(stdout);
	count_faults();
	if (pthread_create(&t, NULL, racer, NULL) != 0)
		return 1;
	while (__atomic_load_n(&race_maps, __ATOMIC_RELAXED) == 0)
		sched_yield();
	for (i = 0; i < n; i++)
		if (sigsetjmp(sigjb, 1) == 0)
			ip_ptr((unsigned long)race_at);
	race_stop = 1;
	pthread_join(t, &bad);
	printf("race calls=%lu signals=%d maps=%lu\n", n, (int)nsig,
	    race_maps);
	return bad != NULL;
}

static int
ptrs(unsigned long n)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *none, *gone;
	unsigned long i, s = 0;
	static int good = 42;

	none = mmap(NULL, (size_t)pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	gone = mmap(NULL, (size_t)pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	if (none == MAP_FAILED || gone == MAP_FAILED)
		return 1;
	munmap(gone, (size_t)pg);
	for (i = 0; i < n; i++) {
		switch (i % 4) {
		case 0: s += ip_ptr((unsigned long)&good) != 0; break;
		case 1: s += ip_ptr(0) == 0; break;
		case 2: s += ip_ptr((unsigned long)gone) != 0; break;
		case 3: s += ip_ptr((unsigned long)none) != 0; break;
		}
	}
	printf("ptr calls=%lu ok=%lu\n", n, s);
	return 0;
}

struct slice {
	char	*data;
	size_t	size;
};

enum { S_STR, S_PUT, S_MIX };
static const char *const smode[] = { "str", "put", "mix" };

/* put's pace: sleep pace_us after every pace_n calls; 0: never */
static unsigned long pace_n, pace_us;

static int
strs(unsigned long n, int mode)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *none, *gone, *bad[3], sbuf[512], *buf = sbuf;
	unsigned long i, bytes = 0;
	int mixed = mode == S_STR;
	struct slice sl;
	size_t len;

	none = mmap(NULL, (size_t)pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	gone = mmap(NULL, (size_t)pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	if (none == MAP_FAILED || gone == MAP_FAILED)
		return 1;
	if (mode != S_STR && (buf = malloc(sizeof(sbuf))) == NULL)
		return 1;
	munmap(gone, (size_t)pg);
	bad[0] = NULL;
	bad[1] = gone;
	bad[2] = none;
	if (mode == S_MIX)
		printf("mix bad=0x0,%#lx,%#lx\n", (unsigned long)gone,
		    (unsigned long)none);
	for (i = 0; i < n; i++) {
		if (mixed && i % 4 == 3) {
			memset(buf, 'a' + (int)(i % 26), 300);
			len = 300 + (size_t)snprintf(buf + 300, 32, "%lu", i);
		} else {
			len = (size_t)snprintf(buf, sizeof(sbuf), "key%lu", i);
		}
		sl.data = buf;
		sl.size = len;
		if (mixed && i % 8 == 7) {
			sl.data = bad[(i / 8) % 3];
			(void)ip_str((unsigned long)sl.data, len,
			    (unsigned long)&sl);
		} else if (mode == S_MIX && i % 2 == 1) {
			sl.data = bad[(i / 2) % 3];
			(void)ip_str((unsigned long)buf, len,
			    (unsigned long)&sl);
		} else {
			bytes += len;
			(void)ip_str((unsigned long)buf, len,
			    (unsigned long)&sl);
		}
		/* what a late reader would find */
		memset(buf, '#', sizeof(sbuf) - 1);
		buf[sizeof(sbuf) - 1] = '\0';
		sl.size = 0;
		__asm__ volatile("" : : "r"(buf), "r"(&sl) : "memory");
		if (pace_n != 0 && (i + 1) % pace_n == 0)
			usleep((useconds_t)pace_us);
	}
	printf("%s calls=%lu bytes=%lu\n", smode[mode], n, bytes);
	if (buf != sbuf)
		free(buf);
	return 0;
}

static int
bigs(unsigned long n)
{
	enum { BIG = 60000 };
	char *p = malloc(BIG);
	struct slice sl;
	unsigned long i;

	if (p == NULL)
		return 1;
	memset(p, 'x', BIG);
	for (i = 0; i < n; i++) {
		p[0] = (char)('A' + i % 26);
		p[BIG - 1] = (char)('a' + i % 26);
		sl.data = p;
		sl.size = BIG;
		(void)ip_str((unsigned long)p, BIG, (unsigned long)&sl);
		p[0] = p[BIG - 1] = '#';
		__asm__ volatile("" : : "r"(p), "r"(&sl) : "memory");
	}
	printf("big calls=%lu\n", n);
	free(p);
	return 0;
}

int
main(int argc, char **argv)
{
	int rc = 2;

	if (argc < 2)
		return 2;
	orig = *(volatile unsigned char *)ip_one;
	fp_ready();
	if (strcmp(argv[1], "watch") == 0 && argc == 4) {
		watching = 1;
		rc = threads(strtoul(argv[2], NULL, 0),
		    strtoul(argv[3], NULL, 0), ~0ul);
	} else if (strcmp(argv[1], "threads") == 0 && argc == 4)
		rc = threads(strtoul(argv[2], NULL, 0),
		    strtoul(argv[3], NULL, 0), ~0ul);
	else if (strcmp(argv[1], "push") == 0 && argc == 4) {
		fn = ip_push;
		rc = threads(strtoul(argv[2], NULL, 0),
		    strtoul(argv[3], NULL, 0), ~0ul);
	} else if (strcmp(argv[1], "pause") == 0 && argc == 5)
		rc = threads(strtoul(argv[2], NULL, 0),
		    strtoul(argv[3], NULL, 0), strtoul(argv[4], NULL, 0));
	else if (strcmp(argv[1], "ptr") == 0 && argc == 3)
		rc = ptrs(strtoul(argv[2], NULL, 0));
	else if (strcmp(argv[1], "str") == 0 && argc == 3)
		rc = strs(strtoul(argv[2], NULL, 0), S_STR);
	else if (strcmp(argv[1], "put") == 0 && argc == 3)
		rc = strs(strtoul(argv[2], NULL, 0), S_PUT);
	else if (strcmp(argv[1], "put") == 0 && argc == 5) {
		pace_n = strtoul(argv[3], NULL, 0);
		pace_us = strtoul(argv[4], NULL, 0);
		rc = strs(strtoul(argv[2], NULL, 0), S_PUT);
	} else if (strcmp(argv[1], "mix") == 0 && argc == 3)
		rc = strs(strtoul(argv[2], NULL, 0), S_MIX);
	else if (strcmp(argv[1], "segv") == 0 && argc == 3)
		rc = segvs(strtoul(argv[2], NULL, 0));
	else if (strcmp(argv[1], "kill") == 0 && argc == 3)
		rc = kills(strtoul(argv[2], NULL, 0));
	else if (strcmp(argv[1], "race") == 0 && argc == 3)
		rc = races(strtoul(argv[2], NULL, 0));
	else if (strcmp(argv[1], "grow") == 0 && argc == 3)
		rc = grows(strtoul(argv[2], NULL, 0));
	else if (strcmp(argv[1], "keep") == 0 && argc == 3)
		rc = keeps(strtoul(argv[2], NULL, 0));
	else if (strcmp(argv[1], "big") == 0 && argc == 3)
		rc = bigs(strtoul(argv[2], NULL, 0));
	fflush(stdout);
	fp_done();
	return rc;
}
