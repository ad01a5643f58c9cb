/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/floor.c: the bare ptrace floor for bench/overhead, the least any
 * ptrace tracer pays per firing: an int3 on a function's entry (and with
 * -r on its ret); on each stop PTRACE_GETREGS, emulate the displaced
 * instruction in the registers, PTRACE_SETREGS, PTRACE_CONT.  No D, no
 * tables, no output.
 *
 *   floor [-ru] [-a same|diff|tracer|follow] nop|lea ENTRY [FLOOR_RET]
 *	-- CMD [ARGS...]
 *
 * ENTRY is work's (or work_lea's) address as nm prints it; nop emulates
 * a leading nop, lea a leading lea disp32(%rip),%rax.  With -r the first
 * ret after ENTRY is patched too and executed out of line: rip is set to
 * FLOOR_RET, a lone ret elsewhere in the target (no syscall, as an XOL
 * slot).  -a same puts tracer and tracee on CPU 0; -a diff the tracer on
 * 0 and the tracee on 1; -a tracer the tracer alone on 0; -a follow pins
 * the tracer to the CPU the tracee stopped on (/proc/PID/stat field 39,
 * one pread a stop); the default leaves both to the scheduler.  -u writes
 * rip alone with PTRACE_POKEUSER instead of PTRACE_SETREGS (nop, ret).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long moves;
static int follow;

static void
die(const char *what)
{
	perror(what);
	exit(1);
}

static void
pin(int cpu)
{
	cpu_set_t s;

	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	if (sched_setaffinity(0, sizeof(s), &s) < 0)
		die("sched_setaffinity");
}

static uintptr_t
load_base(pid_t pid)
{
	char path[64];
	unsigned long lo = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	if ((f = fopen(path, "r")) == NULL || fscanf(f, "%lx", &lo) != 1)
		die("maps");
	fclose(f);
	return lo;
}

static long
patch(pid_t pid, uintptr_t a)
{
	long w;

	errno = 0;
	w = ptrace(PTRACE_PEEKTEXT, pid, (void *)a, NULL);
	if (errno)
		die("PEEKTEXT");
	if (ptrace(PTRACE_POKETEXT, pid, (void *)a,
	    (void *)((w & ~0xffL) | 0xcc)) < 0)
		die("POKETEXT");
	return w;
}

/* Pin ourselves to the CPU the stopped tracee last ran on. */
static void
follow_cpu(pid_t pid)
{
	static int fd = -1, cur = -1;
	char buf[512], *p;
	ssize_t n;
	int i, cpu;

	if (fd < 0) {
		snprintf(buf, sizeof(buf), "/proc/%d/stat", pid);
		if ((fd = open(buf, O_RDONLY)) < 0)
			die("stat");
	}
	if ((n = pread(fd, buf, sizeof(buf) - 1, 0)) <= 0)
		return;
	buf[n] = 0;
	p = strrchr(buf, ')');
	for (i = 2; p != NULL && i < 39; i++)
		p = strchr(p + 1, ' ');
	if (p == NULL)
		return;
	cpu = atoi(p + 1);
	if (cpu != cur) {
		pin(cpu);
		cur = cpu;
		moves++;
	}
}

/*
 * Wait as pidtrace's tracer does (tracer/loop.c): spin up to 100 us with
 * WNOHANG, then sleep, so that an idle vCPU's wake-up is not counted in
 * the floor unless pidtrace pays it too.
 */
static pid_t
spin_wait(pid_t pid, int *st)
{
	struct timespec t0, t;
	pid_t r;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		r = waitpid(pid, st, WNOHANG);
		if (r != 0)
			return r;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000000000L +
		    (t.tv_nsec - t0.tv_nsec) > 100000)
			return waitpid(pid, st, 0);
	}
}

int
main(int argc, char **argv)
{
	uintptr_t entry, ret = 0, xret = 0, base, lea_to = 0;
	int c, rflag = 0, uflag = 0, lea, st, sig;
	const char *aff = NULL;
	struct user_regs_struct r;
	long w, fired = 0, wns = 0;
	struct timespec w0, w1;
	pid_t pid;

	while ((c = getopt(argc, argv, "rua:")) != -1) {
		if (c == 'r')
			rflag = 1;
		else if (c == 'u')
			uflag = 1;
		else if (c == 'a')
			aff = optarg;
		else
			return 2;
	}
	if (argc - optind < 3 + rflag)
		return fprintf(stderr, "usage: floor [-r] [-a same|diff] "
		    "nop|lea ENTRY [FLOOR_RET] -- CMD...\n"), 2;
	follow = aff != NULL && strcmp(aff, "follow") == 0;
	lea = strcmp(argv[optind], "lea") == 0;
	entry = strtoul(argv[optind + 1], NULL, 16);
	if (rflag)
		xret = strtoul(argv[optind + 2], NULL, 16);
	optind += 2 + rflag;
	if (optind < argc && strcmp(argv[optind], "--") == 0)
		optind++;
	if (aff && strcmp(aff, "follow") != 0)
		pin(0);
	if ((pid = fork()) < 0)
		die("fork");
	if (pid == 0) {
		if (aff && strcmp(aff, "same") == 0)
			pin(0);
		else if (aff && strcmp(aff, "diff") == 0)
			pin(1);
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		execvp(argv[optind], argv + optind);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFSTOPPED(st))
		die("exec stop");
	ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)PTRACE_O_EXITKILL);
	base = load_base(pid);
	if (entry < base) {
		entry += base;
		xret += rflag ? base : 0;
	}
	w = patch(pid, entry);
	if (lea)
		lea_to = entry + 7 + (int32_t)(w >> 24);
	if (rflag) {
		for (ret = entry; ret < entry + 16; ret++) {
			errno = 0;
			w = ptrace(PTRACE_PEEKTEXT, pid, (void *)ret, NULL);
			if ((w & 0xff) == 0xc3)
				break;
		}
		patch(pid, ret);
	}
	ptrace(PTRACE_CONT, pid, NULL, NULL);
	for (;;) {
		if (spin_wait(pid, &st) < 0)
			die("waitpid");
		if (WIFEXITED(st) || WIFSIGNALED(st))
			break;
		sig = WSTOPSIG(st);
		if (follow)
			follow_cpu(pid);
		if (sig == SIGTRAP) {
			if (ptrace(PTRACE_GETREGS, pid, NULL, &r) < 0)
				die("GETREGS");
			if (r.rip - 1 == entry) {
				if (lea) {
					r.rax = lea_to;
					r.rip = entry + 7;
				} else
					r.rip = entry + 1;
			} else if (rflag && r.rip - 1 == ret)
				r.rip = xret;
			else
				goto pass;
			clock_gettime(CLOCK_MONOTONIC, &w0);
			if (uflag && !lea) {
				if (ptrace(PTRACE_POKEUSER, pid, (void *)
				    offsetof(struct user_regs_struct, rip),
				    (void *)r.rip) < 0)
					die("POKEUSER");
			} else if (ptrace(PTRACE_SETREGS, pid, NULL, &r) < 0)
				die("SETREGS");
			clock_gettime(CLOCK_MONOTONIC, &w1);
			wns += (w1.tv_sec - w0.tv_sec) * 1000000000L +
			    (w1.tv_nsec - w0.tv_nsec);
			fired++;
			sig = 0;
		}
pass:
		ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig);
	}
	fprintf(stderr, "floor: %ld firings, %ld moves, %.0f ns a register "
	    "write\n", fired, moves, fired ? (double)wns / fired : 0.0);
	return 0;
}
