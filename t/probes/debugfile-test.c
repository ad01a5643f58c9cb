/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * debugfile-test OBJECT...: prints, for each object, the debug file
 * pb_debugfile_find finds ("-" for none); the debug directories come
 * from $PIDTRACE_DEBUG_DIR as in pidtrace.  Driven by debugfile.sh.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "probes/debugfile.h"
#include "probes/elfsym.h"

int
main(int argc, char **argv)
{
	char path[PATH_MAX], e[128];
	int i;

	for (i = 1; i < argc; i++) {
		pb_elf_t *el = pb_elf_open(argv[i], e, sizeof(e));

		if (el == NULL) {
			fprintf(stderr, "debugfile-test: %s: %s\n", argv[i], e);
			return 1;
		}
		if (pb_debugfile_find(argv[i], el, path, sizeof(path)) == 0)
			printf("%s\n", path);
		else if (errno == ENOENT)
			printf("-\n");
		else
			printf("error: %s\n", strerror(errno));
		pb_elf_close(el);
	}
	return 0;
}
