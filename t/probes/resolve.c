/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * resolve: print the probes a description yields in a running process,
 * one line each, for the shell tests to compare with nm and objdump:
 *
 *   <provider> <module> <function> <name> <function address> <size>
 *       sites <offset>@<address>[/<kind>] ...
 *
 * then "refused <module> <function>: <why>" lines.  Addresses are
 * run-time, in hex.  Attaches to nothing: reads /proc/PID/maps and files.
 *
 * Usage: resolve [-m] [-a] [-z] [-t] PID MODULE FUNCTION NAME
 *   -m  mangled function names (PB_MANGLED)
 *   -a  offset probes for a glob name too (PB_ALLOFFSETS)
 *   -z  matching nothing is fine (PB_ZEROOK)
 *   -t  print only the count of probes and the time taken (processor
 *       and wall clock), twice: cold, then with the symbol cache warm
 *   -r  print the dynamic loader's rendezvous instead
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "probes/pid.h"
#include "probes/rtld.h"

static double
now(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *const kinds[] = { "", "ret", "tail", "got", "jcc", "ind" };

int
main(int argc, char **argv)
{
	pb_probe_list_t l = PB_PROBE_LIST_INIT;
	int flags = 0, timing = 0, rtld = 0, c, rc, round;
	char err[512];
	size_t i, j;
	pid_t pid;

	while ((c = getopt(argc, argv, "mazrt")) != -1) {
		switch (c) {
		case 'm': flags |= PB_MANGLED; break;
		case 'a': flags |= PB_ALLOFFSETS; break;
		case 'z': flags |= PB_ZEROOK; break;
		case 't': timing = 1; break;
		case 'r': rtld = 1; break;
		default: return 2;
		}
	}
	if (argc - optind != (rtld ? 1 : 4)) {
		fprintf(stderr, "usage: resolve [-mazt] PID MODULE FUNCTION "
		    "NAME | resolve -r PID\n");
		return 2;
	}
	pid = (pid_t)atoi(argv[optind]);
	if (rtld) {
		pb_rtld_t rt;

		if (pb_rtld_find(pid, &rt, err, sizeof(err)) < 0) {
			fprintf(stderr, "pidtrace: %s\n", err);
			return 1;
		}
		printf("rtld %s brk %" PRIx64 " r_debug %" PRIx64 "\n",
		    rt.rt_path, rt.rt_brk, rt.rt_r_debug);
		pb_rtld_free(&rt);
		return 0;
	}
	for (round = 0; round < (timing ? 2 : 1); round++) {
		double t0 = now(CLOCK_MONOTONIC);
		double c0 = now(CLOCK_PROCESS_CPUTIME_ID);

		pb_probe_list_free(&l);
		rc = pb_pid_resolve(pid, argv[optind + 1], argv[optind + 2],
		    argv[optind + 3], flags, &l, err, sizeof(err));
		if (rc < 0) {
			fprintf(stderr, "pidtrace: %s\n", err);
			return 1;
		}
		if (timing)
			printf("%s: %zu probes, %zu refused, %.3f s cpu, "
			    "%.3f s\n", round ? "warm" : "cold", l.pl_n,
			    l.pl_nrefused, now(CLOCK_PROCESS_CPUTIME_ID) - c0,
			    now(CLOCK_MONOTONIC) - t0);
	}
	if (timing) {
		pb_probe_list_free(&l);
		return 0;
	}
	for (i = 0; i < l.pl_n; i++) {
		const pb_probe_t *p = &l.pl_probes[i];

		printf("%s %s %s %s %" PRIx64 " %" PRIx64 " sites",
		    p->pr_provider, p->pr_mod, p->pr_func, p->pr_name,
		    p->pr_faddr, p->pr_fsize);
		for (j = 0; j < p->pr_nsites; j++) {
			printf(" %" PRIx64 "@%" PRIx64, p->pr_sites[j].st_off,
			    p->pr_sites[j].st_addr);
			if (p->pr_kind == PB_RETURN)
				printf("/%s", kinds[p->pr_sites[j].st_rskind]);
		}
		printf("\n");
	}
	for (i = 0; i < l.pl_nrefused; i++)
		printf("refused %s %s: %s\n", l.pl_refused[i].rf_mod,
		    l.pl_refused[i].rf_func, l.pl_refused[i].rf_why);
	pb_probe_list_free(&l);
	return 0;
}
