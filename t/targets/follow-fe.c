/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/follow's target: fe_parent() N times in the first process, then a
 * fork child calls fe_child() N+1 times and execs this program again
 * ("exec" mode), which calls fe_exec() N+2 times; each says its own
 * counts and pid on standard output, the parent once its child is done.
 * With "vfork" the child is made by vfork and execs at once.
 *
 * "hold": the parent says "ready parent PID" and reads a line from its
 * standard input; then it forks two children, each calls fe_child() N
 * times, says "ready child PID" and reads its standard input to its end,
 * calls fe_child() N times more and says each line of its
 * /proc/self/maps as "map child PERMS PATH", then "done child PID
 * fe_child 2N"; the parent waits for both, says its own maps ("map
 * parent ...") and "done parent 1" (0: a child failed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int sink;

__attribute__((noinline)) void
fe_parent(int i)
{
	sink += i;
}

__attribute__((noinline)) void
fe_child(int i)
{
	sink += i;
}

__attribute__((noinline)) void
fe_exec(int i)
{
	sink += i;
}

static void
say_maps(const char *who)
{
	char line[512], perms[8], path[256];
	FILE *f = fopen("/proc/self/maps", "r");

	if (f == NULL)
		exit(1);
	while (fgets(line, sizeof(line), f) != NULL) {
		path[0] = '\0';
		if (sscanf(line, "%*s %7s %*s %*s %*s %255s", perms,
		    path) < 1)
			continue;
		printf("map %s %s %s\n", who, perms, path);
	}
	fclose(f);
}

static int
hold(int n)
{
	pid_t kids[2];
	char c;
	int i, k, st, ok = 1;

	/* a line a write: the three processes share the output */
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("ready parent %d\n", (int)getpid());
	while (read(0, &c, 1) == 1 && c != '\n')
		;
	for (i = 0; i < n; i++)
		fe_parent(i);
	for (k = 0; k < 2; k++) {
		kids[k] = fork();
		if (kids[k] < 0)
			return 1;
		if (kids[k] == 0) {
			for (i = 0; i < n; i++)
				fe_child(i);
			printf("ready child %d\n", (int)getpid());
			fflush(stdout);
			while (read(0, &c, 1) == 1)
				;
			for (i = 0; i < n; i++)
				fe_child(i);
			say_maps("child");
			printf("done child %d fe_child %d\n", (int)getpid(),
			    2 * n);
			exit(0);
		}
	}
	for (k = 0; k < 2; k++)
		if (waitpid(kids[k], &st, 0) != kids[k] || !WIFEXITED(st) ||
		    WEXITSTATUS(st) != 0)
			ok = 0;
	say_maps("parent");
	printf("done parent %d\n", ok);
	return ok ? 0 : 1;
}

int
main(int argc, char **argv)
{
	char nbuf[32];
	int n, i, st;
	pid_t pid;

	if (argc < 2)
		return 2;
	n = atoi(argv[1]);
	if (argc > 2 && strcmp(argv[2], "hold") == 0)
		return hold(n);
	if (argc > 2 && strcmp(argv[2], "exec") == 0) {
		for (i = 0; i < n + 2; i++)
			fe_exec(i);
		printf("exec %d fe_exec %d\n", (int)getpid(), n + 2);
		return 0;
	}
	for (i = 0; i < n; i++)
		fe_parent(i);
	fflush(stdout);
	snprintf(nbuf, sizeof(nbuf), "%d", n);
	if (argc > 2 && strcmp(argv[2], "vfork") == 0)
		pid = vfork();
	else
		pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		if (argc <= 2 || strcmp(argv[2], "vfork") != 0) {
			for (i = 0; i < n + 1; i++)
				fe_child(i);
			printf("child %d fe_child %d\n", (int)getpid(), n + 1);
			fflush(stdout);
		}
		execl("/proc/self/exe", argv[0], nbuf, "exec", (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		return 1;
	printf("parent %d fe_parent %d\n", (int)getpid(), n);
	return 0;
}
