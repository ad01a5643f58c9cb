/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/tr-dlopen.c: loads a library after start, so probes in it
 * can only be armed when the dynamic loader reports it (r_brk).
 *
 *	tr-dlopen LIBRARY: prints "ready", then obeys stdin lines:
 *	load		dlopen LIBRARY; prints "loaded"
 *	call N		call its plugin_fn N times; prints "called ..."
 *	unload		dlclose it; prints "unloaded"
 *	quit / EOF	prints "exit" and exits 0
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int
main(int argc, char **argv)
{
	unsigned long (*fn)(unsigned long) = NULL, (*calls)(void) = NULL;
	unsigned long n, i, sum = 0;
	void *h = NULL;
	char line[256];

	if (argc != 2)
		return 2;
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("ready\n");
	while (fgets(line, sizeof(line), stdin) != NULL) {
		if (strncmp(line, "load", 4) == 0) {
			h = dlopen(argv[1], RTLD_NOW);
			if (h == NULL) {
				printf("error %s\n", dlerror());
				return 1;
			}
			*(void **)&fn = dlsym(h, "plugin_fn");
			*(void **)&calls = dlsym(h, "plugin_calls");
			printf("loaded\n");
		} else if (sscanf(line, "call %lu", &n) == 1 && fn != NULL) {
			for (i = 0; i < n; i++)
				sum += fn(i);
			printf("called plugin_calls=%lu sum=%lu\n", calls(),
			       sum);
		} else if (strncmp(line, "unload", 6) == 0 && h != NULL) {
			dlclose(h);
			h = NULL;
			fn = NULL;
			printf("unloaded\n");
		} else if (strncmp(line, "quit", 4) == 0) {
			break;
		}
	}
	printf("exit sum=%lu\n", sum);
	return 0;
}
