/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * debugfile-test [-p PID] OBJECT...: prints, for each object, the
 * debug file pb_debugfile_find finds ("-" for none); the debug
 * directories come from $PIDTRACE_DEBUG_DIR as in pidtrace.  With -p,
 * OBJECT is a path as process PID sees it (a container's).  Driven by
 * debugfile.sh and t/containers.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/debugfile.h"
#include "probes/elfsym.h"
#include "probes/procns.h"

int
main(int argc, char **argv)
{
	char path[PATH_MAX], at[PATH_MAX], e[128];
	pid_t pid = 0;
	int i = 1;

	if (argc > 2 && strcmp(argv[1], "-p") == 0) {
		pid = (pid_t)atoi(argv[2]);
		i = 3;
	}
	for (; i < argc; i++) {
		pb_elf_t *el;

		if (pb_proc_path(pid, argv[i], at, sizeof(at)) != 0) {
			fprintf(stderr, "debugfile-test: %s: %s\n", argv[i],
			    strerror(errno));
			return 1;
		}
		el = pb_elf_open(at, e, sizeof(e));

		if (el == NULL) {
			fprintf(stderr, "debugfile-test: %s: %s\n", argv[i], e);
			return 1;
		}
		if (pb_debugfile_find(pid, argv[i], el, path, sizeof(path)) == 0)
			printf("%s\n", path);
		else if (errno == ENOENT)
			printf("-\n");
		else
			printf("error: %s\n", strerror(errno));
		pb_elf_close(el);
	}
	return 0;
}
