/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/reg.c: the probe registry of a scope: each probe registered
 * with the D runtime by its four-part name ("pid42:libc.so.6:malloc:
 * entry"), found by name through the index, keeping its D id across
 * dlclose, dlopen and exec; a probe that is not per process
 * (syscall::read:entry) is one D probe for every process, as in dtrace;
 * the descriptions enabled on each.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/trace/impl.h"
#include "lib/fnv.h"

void
trace_reg_free(trace_reg_t *rg)
{
	size_t i;
	int a;

	for (i = 0; i < rg->rg_nprobes; i++) {
		trace_probe_t *tp = &rg->rg_probes[i];

		free(tp->tp_name);
		for (a = 0; a < tp->tp_nargtypes; a++)
			free(tp->tp_argtypes[a]);
		free(tp->tp_argtypes);
		free(tp->tp_descs);
	}
	free(rg->rg_probes);
	trace_index_free(&rg->rg_byname);
	free(rg->rg_claims);
	free(rg->rg_pending);
	free(rg->rg_refused);
	free(rg->rg_extra);
	memset(rg, 0, sizeof(*rg));
}

typedef struct byname {
	const trace_reg_t *bn_rg;
	const char	*bn_name;
} byname_t;

static bool
name_eq(const void *arg, size_t i)
{
	const byname_t *bn = arg;

	return strcmp(bn->bn_rg->rg_probes[i].tp_name, bn->bn_name) == 0;
}

static uint64_t
name_hash(const void *arg, size_t i)
{
	const byname_t *bn = arg;

	return fnv1a_str(bn->bn_rg->rg_probes[i].tp_name);
}

static long
find_name(const trace_reg_t *rg, const char *name)
{
	byname_t bn = { rg, name };

	return trace_index_find(&rg->rg_byname, fnv1a_str(name), name_eq, &bn);
}

/*
 * The D id of a probe named name in another process grabbed (one
 * grabbed before p, when before), or 0: a probe that is not per process
 * (syscall::read:entry) is one D probe for all of them, as in dtrace.
 */
uint32_t
trace_reg_shared(const trace_scope_t *sc, const char *name, bool before)
{
	const trace_proc_t *o;
	long i;

	if (sc->sc_proc == NULL)
		return 0;
	for (o = sc->sc_tr->tr_procs; o != NULL; o = o->p_next) {
		if (o == sc->sc_proc && before)
			break;
		if (o == sc->sc_proc)
			continue;
		if ((i = find_name(&o->p_sc.sc_reg, name)) >= 0)
			return o->p_sc.sc_reg.rg_probes[i].tp_id;
	}
	return 0;
}

/*
 * The index of the probe pr of provider pv, registering it when new; -1
 * if out of memory.  Probes keep their id across dlclose/dlopen and exec.
 */
long
trace_reg_get(trace_scope_t *sc, const pb_provider_t *pv, const pb_probe_t *pr)
{
	trace_reg_t *rg = &sc->sc_reg;
	trace_t *tr = sc->sc_tr;
	trace_probe_t *tp;
	byname_t bn = { rg, NULL };
	char name[1024];
	long i;

	snprintf(name, sizeof(name), "%s:%s:%s:%s", pr->pr_provider,
	    pr->pr_mod, pr->pr_func, pr->pr_name);
	if ((i = find_name(rg, name)) >= 0)
		return i;
	if (rg->rg_nprobes == rg->rg_cap) {
		size_t ncap = rg->rg_cap ? 2 * rg->rg_cap : 256;

		tp = realloc(rg->rg_probes, ncap * sizeof(*tp));
		if (tp == NULL)
			return -1;
		rg->rg_probes = tp;
		rg->rg_cap = ncap;
	}
	tp = &rg->rg_probes[rg->rg_nprobes];
	memset(tp, 0, sizeof(*tp));
	/*
	 * The parts are the runtime's: a probe on every function of node
	 * had them twice, 7 MB of copies.
	 */
	if ((tp->tp_name = strdup(name)) == NULL)
		return -1;
	tp->tp_pv = pv;
	tp->tp_id = trace_reg_shared(sc, name, false);
	if (tp->tp_id == 0)
		tp->tp_id = dsl_rt_add_probe(tr->tr_rt, pr->pr_provider,
		    pr->pr_mod, pr->pr_func, pr->pr_name);
	if (tp->tp_id == 0 || dsl_rt_probe_names(tr->tr_rt, tp->tp_id,
	    &tp->tp_prov, &tp->tp_mod, &tp->tp_func, &tp->tp_pname) < 0)
		goto nomem;
	tp->tp_ninline = pr->pr_ninline;
	if (tr->tr_opts.op_verbose && pv->pv_argtypes != NULL) {
		int n = pv->pv_argtypes(pr, &tp->tp_argtypes);

		if (n < 0)
			goto nomem;
		tp->tp_nargtypes = n;
	}
	bn.bn_name = name;
	if (trace_index_add(&rg->rg_byname, fnv1a_str(name), rg->rg_nprobes,
	    name_hash, &bn) < 0)
		goto nomem;
	return (long)rg->rg_nprobes++;
nomem:
	free(tp->tp_name);
	return -1;
}

/* Enable description d on probe i, once. */
int
trace_reg_enable(trace_scope_t *sc, size_t i, size_t d)
{
	trace_probe_t *tp = &sc->sc_reg.rg_probes[i];
	size_t *nd, k;

	tp->tp_listed = true;
	for (k = 0; k < tp->tp_ndescs; k++)
		if (tp->tp_descs[k] == d)
			return 0;
	nd = realloc(tp->tp_descs, (tp->tp_ndescs + 1) * sizeof(*nd));
	if (nd == NULL)
		return -1;
	tp->tp_descs = nd;
	tp->tp_descs[tp->tp_ndescs++] = d;
	return dsl_rt_enable(sc->sc_tr->tr_rt, tp->tp_id, d);
}

/* Whether description d is enabled on a probe of rg. */
bool
trace_reg_enabled(const trace_reg_t *rg, size_t d)
{
	size_t i, k;

	for (i = 0; i < rg->rg_nprobes; i++)
		for (k = 0; k < rg->rg_probes[i].tp_ndescs; k++)
			if (rg->rg_probes[i].tp_descs[k] == d)
				return true;
	return false;
}
