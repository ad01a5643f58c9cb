/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/ij-fork.c: one thread that allocates and forks in a loop, so
 * that a tracer attaching or detaching at any moment finds it inside
 * fork(), vfork() or posix_spawn() often.  Every call is counted where it
 * can be checked exactly:
 *
 *	ij-fork fork LOG	malloc, write "p I" to LOG, fork; the child
 *				writes "c I D" (D: 1 if it found a mapping
 *				of a tracer's in its /proc/self/maps: an
 *				anonymous executable one or a memfd) and
 *				exits 0; the parent reaps that pid
 *	ij-fork spawn LOG	the same with vfork (the child exits 3 at
 *				once) and posix_spawn of /bin/true in turn
 *	ij-fork vslow LOG	vfork only, the child sleeping 1.5 s before
 *				it exits 3: the parent waits in vfork
 *				nearly all the time
 *
 * LOG is opened O_APPEND: a fork or a write run twice shows as a line
 * twice, a lost one as a line missing.  The loop runs until SIGTERM;
 * then every child left over is reaped and counted ("extra"), and
 * "loops=N extra=K bad=B" is printed (bad: a child that did not exit as
 * it should, or a call that failed).  "ready pid=N" first.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static volatile sig_atomic_t stop;

static void
on_term(int sig)
{
	(void)sig;
	stop = 1;
}

/* A mapping a tracer could have left: anonymous and executable, a memfd. */
static int
maps_dirty(void)
{
	char line[512], perm[8], path[256];
	FILE *f = fopen("/proc/self/maps", "re");
	int bad = 0;

	if (f == NULL)
		return 2;
	while (fgets(line, sizeof(line), f) != NULL) {
		perm[0] = path[0] = '\0';
		if (sscanf(line, "%*s %7s %*s %*s %*s %255s", perm, path) < 1)
			continue;
		if (strstr(line, "memfd:") != NULL ||
		    (perm[2] == 'x' && path[0] == '\0'))
			bad = 1;
	}
	fclose(f);
	return bad;
}

/* "p I", or "c I D" with d >= 0. */
static void
log_line(int fd, char kind, unsigned long i, int d)
{
	char b[64];
	int n;

	if (d < 0)
		n = snprintf(b, sizeof(b), "%c %lu\n", kind, i);
	else
		n = snprintf(b, sizeof(b), "%c %lu %d\n", kind, i, d);
	if (write(fd, b, (size_t)n) != n)
		_exit(9);
}

/*
 * The child exits after us microseconds, in vfork's frame (it must not
 * return); usleep is a plain nanosleep, which a vfork child may call.
 */
static pid_t __attribute__((noinline))
vfork_exit(useconds_t us)
{
	pid_t pid = vfork();

	if (pid == 0) {
		if (us != 0)
			usleep(us);
		_exit(3);
	}
	return pid;
}

int
main(int argc, char **argv)
{
	char *av[] = { "/bin/true", NULL };
	struct sigaction sa;
	unsigned long i = 0;
	int fd, st, extra = 0, bad = 0, spawn, slow, want;
	pid_t pid;
	char *p;

	if (argc != 3 || (strcmp(argv[1], "fork") != 0 &&
			  strcmp(argv[1], "spawn") != 0 &&
			  strcmp(argv[1], "vslow") != 0)) {
		fprintf(stderr, "usage: ij-fork fork|spawn|vslow LOG\n");
		return 2;
	}
	slow = strcmp(argv[1], "vslow") == 0;
	spawn = slow || strcmp(argv[1], "spawn") == 0;
	fd = open(argv[2], O_WRONLY | O_CREAT | O_APPEND | O_TRUNC | O_CLOEXEC,
		  0644);
	if (fd < 0) {
		perror(argv[2]);
		return 2;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term;
	sigaction(SIGTERM, &sa, NULL);
	printf("ready pid=%d\n", (int)getpid());
	fflush(stdout);
	while (!stop) {
		p = malloc(64 + i % 100);
		log_line(fd, 'p', i, -1);
		want = 0;
		if (!spawn) {
			pid = fork();
			if (pid == 0) {
				log_line(fd, 'c', i, maps_dirty());
				_exit(0);
			}
		} else if (slow || i % 2 == 0) {
			pid = vfork_exit(slow ? 1500000 : 0);
			want = 3;
		} else if ((errno = posix_spawn(&pid, av[0], NULL, NULL, av,
						 environ)) != 0) {
			pid = -1;
		}
		if (pid < 0) {
			bad++;
		} else {
			while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
				;
			if (!WIFEXITED(st) || WEXITSTATUS(st) != want)
				bad++;
		}
		free(p);
		i++;
	}
	while (wait(&st) > 0)
		extra++;
	printf("loops=%lu extra=%d bad=%d\n", i, extra, bad);
	return 0;
}
