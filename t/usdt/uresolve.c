/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/usdt/uresolve: what pb_usdt_resolve makes of a description in a
 * live process, without tracing it: one line per probe,
 *	provider module function name nargs sem=0|1 site-in-module=yes|no
 * then "N probes".  Usage: uresolve PID PROV:MOD:FUNC:NAME.  Exits 1
 * with the one-line error.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/usdt.h"

int
main(int argc, char **argv)
{
	pb_usdt_list_t l = PB_USDT_LIST_INIT;
	char *f[4] = { "", "", "", "" }, *p, err[512];
	int i, n;

	if (argc != 3) {
		fprintf(stderr, "usage: uresolve PID PROV:MOD:FUNC:NAME\n");
		return 2;
	}
	for (i = 0, p = argv[2]; i < 4 && p != NULL; i++) {
		f[i] = p;
		if ((p = strchr(p, ':')) != NULL)
			*p++ = '\0';
	}
	n = pb_usdt_resolve(atoi(argv[1]), 0, f[0], f[1], f[2], f[3], 0, &l,
	    err, sizeof(err));
	if (n < 0) {
		printf("error: %s\n", err);
		return 1;
	}
	for (i = 0; i < (int)l.ul_n; i++) {
		const pb_usdt_probe_t *pr = &l.ul_probes[i];

		printf("%s %s %s %s %d sem=%d\n", pr->up_provider, pr->up_mod,
		    pr->up_func[0] ? pr->up_func : "-", pr->up_name,
		    pr->up_nargs, pr->up_sem != 0);
	}
	printf("%d probes\n", n);
	pb_usdt_list_free(&l);
	return 0;
}
