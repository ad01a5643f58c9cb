/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/list.c: -l, the probes registered in dtrace's listing format
 * ("%5u %10s %17s %33s %s"), pidtrace's own scope first, then each
 * process's (a probe shared with an earlier process is listed there);
 * with -v, each one's provider's attributes and argument types, as
 * dtrace -lv prints them.  A probe that fires at inlined copies of its
 * function too says how many in a notice.
 */
#include <config.h>

#include <stdio.h>

#include "cmd/trace/impl.h"

static void
list_scope(const trace_scope_t *sc, FILE *out)
{
	const trace_reg_t *rg = &sc->sc_reg;
	size_t i;
	int a;

	for (i = 0; i < rg->rg_nprobes; i++) {
		const trace_probe_t *tp = &rg->rg_probes[i];
		const char *const *at = tp->tp_pv->pv_attr;

		if (!tp->tp_listed ||
		    trace_reg_shared(sc, tp->tp_name, true) != 0)
			continue;
		fprintf(out, "%5u %10s %17s %33s %s\n", tp->tp_id, tp->tp_prov,
		    tp->tp_mod, tp->tp_func, tp->tp_pname);
		/* the listing stays dtrace's: the copies are a notice */
		if (tp->tp_ninline != 0) {
			fflush(out);
			trace_notice(sc->sc_tr, "%s fires at %zu inlined %s "
			    "too", tp->tp_name, tp->tp_ninline,
			    tp->tp_ninline == 1 ? "copy" : "copies");
		}
		if (!sc->sc_tr->tr_opts.op_verbose || at[0] == NULL)
			continue;
		/* dtrace -lv's block, the provider's attributes */
		fprintf(out, "\n\tProbe Description Attributes\n"
		    "\t\tIdentifier Names: %s\n"
		    "\t\tData Semantics:   %s\n"
		    "\t\tDependency Class: %s\n"
		    "\n\tArgument Attributes\n"
		    "\t\tIdentifier Names: %s\n"
		    "\t\tData Semantics:   %s\n"
		    "\t\tDependency Class: %s\n"
		    "\n\tArgument Types\n", at[0], at[1], at[2], at[0], at[1],
		    at[2]);
		for (a = 0; a < tp->tp_nargtypes; a++)
			fprintf(out, "\t\targs[%d]: %s\n", a,
			    tp->tp_argtypes[a]);
		if (tp->tp_nargtypes == 0)
			fprintf(out, "\t\tNone\n");
		fprintf(out, "\n");
	}
}

void
trace_list(trace_t *tr, FILE *out)
{
	trace_proc_t *p;

	fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE",
	    "FUNCTION", "NAME");
	list_scope(&tr->tr_own, out);
	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		list_scope(&p->p_sc, out);
	fflush(out);
	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		trace_proc_release(p);	/* as dtrace -l -c */
}
