/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/dtrace.c: the dtrace provider, dtrace:::BEGIN, END and ERROR,
 * as libdtrace's dt_prov_dtrace.c: probes of the trace itself, not of a
 * process.  BEGIN fires once every probe is armed and before any traced
 * process goes on, END when the trace ends, ERROR at a runtime error;
 * the glue fires BEGIN and the D runtime the other two (it finds them by
 * name), with pidtrace's own context and no arguments (PB_ARM_STAGE).
 * They exist from the start (the glue registers them first: ids 1, 2
 * and 3, as dtrace numbers them).
 */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/elfsym.h"	/* pb_seterr */
#include "probes/provider.h"

static const char *const stages[] = { "BEGIN", "END", "ERROR" };

#define NSTAGES	(sizeof(stages) / sizeof(stages[0]))

/* pidtrace's own scope only: these are no process's probes. */
static bool
dtrace_names(const char *prov, pid_t pid)
{
	return pid == 0 && pb_prov_match(prov, "dtrace");
}

static bool
glob(const char *pat, const char *s)
{
	return pat == NULL || pat[0] == '\0' || fnmatch(pat, s, 0) == 0;
}

static int
dtrace_resolve(pid_t pid, pid_t tid, const pb_desc_t *d, int flags,
    pb_probe_list_t *out, char *err, size_t errlen)
{
	size_t first = out->pl_n, i, k;
	pb_probe_t *np, *pr;
	int n = 0;

	(void)pid;
	(void)tid;
	(void)flags;
	if (!glob(d->de_mod, "") || !glob(d->de_func, ""))
		return 0;
	for (k = 0; k < NSTAGES; k++) {
		if (!glob(d->de_name, stages[k]))
			continue;
		for (i = 0; i < out->pl_n; i++)
			if (out->pl_probes[i].pr_arm == PB_ARM_STAGE &&
			    strcmp(out->pl_probes[i].pr_name, stages[k]) == 0)
				break;
		if (i < out->pl_n)
			continue;	/* already in the list */
		np = realloc(out->pl_probes, (out->pl_n + 1) * sizeof(*np));
		if (np == NULL)
			goto nomem;
		out->pl_probes = np;
		pr = &np[out->pl_n];
		memset(pr, 0, sizeof(*pr));
		snprintf(pr->pr_provider, sizeof(pr->pr_provider), "dtrace");
		pr->pr_mod = strdup("");
		pr->pr_func = strdup("");
		pr->pr_name = strdup(stages[k]);
		pr->pr_arm = PB_ARM_STAGE;
		out->pl_n++;
		if (pr->pr_mod == NULL || pr->pr_func == NULL ||
		    pr->pr_name == NULL)
			goto nomem;
		n++;
	}
	return n;
nomem:
	/* nothing added on error (provider.h) */
	for (i = first; i < out->pl_n; i++) {
		free(out->pl_probes[i].pr_mod);
		free(out->pl_probes[i].pr_func);
		free(out->pl_probes[i].pr_name);
	}
	out->pl_n = first;
	pb_seterr(err, errlen, "out of memory");
	return -1;
}

const pb_provider_t pb_dtrace_provider = {
	.pv_name = "dtrace",
	.pv_names = dtrace_names,
	.pv_resolve = dtrace_resolve,
	/* dtrace -lv: the dtrace provider is Stable/Stable/Common */
	.pv_attr = { "Stable", "Stable", "Common" },
};
