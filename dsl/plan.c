/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plan.c: which enabling (a clause on a probe) runs in the traced
 * process, which in pidtrace, and why.
 *
 * In process runs what the code generator can compute (jit.c says, with
 * why not) on a probe whose trampoline can run it.  Then the partition
 * rule keeps the semantics exact: clauses pidtrace runs for the tracee
 * (from a record or at a stop) run later than the firing, so none of
 * them may share state with in-process clauses in a way that order
 * shows.  Until nothing changes, an in-process enabling moves to
 * pidtrace when:
 *   - a variable it touches is touched by a pidtrace enabling, one of
 *     the two writing it (a stale read either way); pidtrace's own
 *     clauses (BEGIN, END, tick) share the globals in the area, and
 *     this-> and self-> there are pidtrace's thread's: no conflict;
 *   - an aggregation it updates is printed, cleared, truncated or
 *     normalized by a pidtrace enabling of the tracee (it would see
 *     updates that came after its firing);
 *   - a pidtrace enabling of the tracee calls exit(): updates after the
 *     exit() would count, and they do not with every clause in pidtrace;
 *   - its probe has more in-process clauses that may fault than a
 *     firing can report (DSL_JIT_NEV), or more than 64 clauses.
 * Aggregations updated on both paths are fine: pidtrace folds the
 * threads' buffers into the same aggregations, and every aggregating
 * function is commutative.
 */
#include <config.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/ip.h"

/* What a clause touches. */
#define TV_READ		0x1
#define TV_WRITE	0x2
#define TA_UPDATE	0x1
#define TA_ACT		0x2

typedef struct touch {
	uint8_t		*t_var;		/* [variable]: TV_* */
	uint8_t		*t_agg;		/* [aggregation]: TA_* */
	bool		t_exit;
	bool		t_fits;
	bool		t_canfault;
	char		t_why[160];
	bool		t_reads;	/* it reads the process's memory */
	bool		t_capfits;	/* and its reads can be */
	char		t_capwhy[160];
} touch_t;

static void	walk(const dsl_prog_t *, int32_t, touch_t *);

/* dn_c is a child of ?: and if only: a comparison keeps a flag there. */
static int32_t
third(const dsl_node_t *nd)
{
	return nd->dn_op == N_COND || nd->dn_op == S_IF ? nd->dn_c : DSL_NONE;
}

static void
mark_var(const dsl_prog_t *pg, int32_t lv, touch_t *t, uint8_t how)
{
	const dsl_node_t *nd = &pg->pg_nodes[lv];

	/* a variable never assigned has no storage: it reads 0 */
	if ((nd->dn_op == N_GVAR || nd->dn_op == N_TVAR ||
	    nd->dn_op == N_SVAR || nd->dn_op == N_ARR) &&
	    pg->pg_vars[nd->dn_ival].va_type != DT_VOID)
		t->t_var[nd->dn_ival] |= how;
	if (nd->dn_op == N_ARR)
		walk(pg, nd->dn_a, t);	/* its keys are read */
}

static void
walk(const dsl_prog_t *pg, int32_t n, touch_t *t)
{
	for (; n != DSL_NONE; n = pg->pg_nodes[n].dn_next) {
		const dsl_node_t *nd = &pg->pg_nodes[n];

		switch (nd->dn_op) {
		case N_INT:
		case N_STR:
			continue;
		case N_GVAR:
		case N_TVAR:
		case N_SVAR:
		case N_ARR:
			mark_var(pg, n, t, TV_READ);
			continue;
		case N_ASSIGN:
			mark_var(pg, nd->dn_a, t, nd->dn_aux == '=' ?
			    TV_WRITE : TV_READ | TV_WRITE);
			walk(pg, nd->dn_b, t);
			continue;
		case N_INCDEC:
			mark_var(pg, nd->dn_a, t, TV_READ | TV_WRITE);
			continue;
		case N_AGG:
			t->t_agg[nd->dn_ival] |= TA_UPDATE;
			break;
		case N_AGGREF:
			t->t_agg[nd->dn_ival] |= TA_ACT;
			break;
		case N_CALL:
			if (nd->dn_ival == F_EXIT)
				t->t_exit = true;
			break;
		}
		walk(pg, nd->dn_a, t);
		walk(pg, nd->dn_b, t);
		walk(pg, third(nd), t);
	}
}

static void
touches_free(const dsl_prog_t *pg, touch_t *ts)
{
	uint32_t c;

	if (ts == NULL)
		return;
	for (c = 0; c < pg->pg_nclauses; c++) {
		free(ts[c].t_var);
		free(ts[c].t_agg);
	}
	free(ts);
}

static touch_t *
touches(dsl_ip_t *ip)
{
	const dsl_prog_t *pg = ip->ip_pg;
	touch_t *ts = calloc(pg->pg_nclauses + 1, sizeof(*ts));
	uint32_t c;

	if (ts == NULL)
		return NULL;
	for (c = 0; c < pg->pg_nclauses; c++) {
		touch_t *t = &ts[c];
		const dsl_clause_t *cl = &pg->pg_clauses[c];

		t->t_var = calloc(pg->pg_nvars + 1, 1);
		t->t_agg = calloc(pg->pg_naggs + 1, 1);
		if (t->t_var == NULL || t->t_agg == NULL) {
			touches_free(pg, ts);
			return NULL;
		}
		walk(pg, cl->cl_pred, t);
		walk(pg, cl->cl_body, t);
		t->t_fits = dsl_jit_fits(ip, c, &t->t_canfault, t->t_why,
		    sizeof(t->t_why));
		t->t_capfits = dsl_jit_capfits(ip, c, &t->t_reads,
		    t->t_capwhy, sizeof(t->t_capwhy));
		if (!t->t_capfits)
			t->t_reads = true;	/* unknown: as if */
	}
	return ts;
}

/* The plan being made: a path and a reason per enabling. */
typedef struct plan {
	dsl_ip_t	*pl_ip;
	dsl_ip_pplan_t	*pl_pp;
	uint32_t	pl_n;
	touch_t		*pl_ts;
	bool		pl_oom;
} plan_t;

static const touch_t *
touch_of(const plan_t *pl, uint32_t id, uint32_t i)
{
	const rt_probe_t *p = &pl->pl_ip->ip_rt->rt_probes[id - 1];

	return &pl->pl_ts[p->pr_clauses[i]];
}

static void	demote(plan_t *, uint32_t, uint32_t, const char *, ...)
		    __attribute__((format(printf, 4, 5)));

/* Enabling (id, i) goes to pidtrace, for the reason fmt says. */
static void
demote(plan_t *pl, uint32_t id, uint32_t i, const char *fmt, ...)
{
	dsl_ip_pplan_t *pp = &pl->pl_pp[id - 1];
	char buf[256];
	va_list ap;

	pp->pp_path[i] = DSL_PATH_PIDTRACE;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	free(pp->pp_why[i]);
	if ((pp->pp_why[i] = strdup(buf)) == NULL)
		pl->pl_oom = true;
}

/* "the clause of pid$target::f:return at line 3": for reasons. */
static void
where(const plan_t *pl, uint32_t id, uint32_t i, char *buf, size_t len)
{
	const dsl_prog_t *pg = pl->pl_ip->ip_pg;
	const rt_probe_t *p = &pl->pl_ip->ip_rt->rt_probes[id - 1];
	const dsl_clause_t *cl = &pg->pg_clauses[p->pr_clauses[i]];
	const dsl_pdesc_t *d = &pg->pg_descs[cl->cl_desc0];

	snprintf(buf, len, "the clause of %s at line %d", d->pd_text,
	    d->pd_line);
}

static void
var_name(const dsl_prog_t *pg, uint32_t v, char *buf, size_t len)
{
	const dsl_var_t *va = &pg->pg_vars[v];

	snprintf(buf, len, "%s%s", va->va_scope == V_SELF ? "self->" :
	    va->va_scope == V_THIS ? "this->" : "",
	    dsl_prog_str(pg, va->va_name));
}

/*
 * One pass of the partition rule over variables: true if an enabling
 * moved.  A pidtrace enabling witnesses the conflict in the reason.
 */
static bool
pass_vars(plan_t *pl)
{
	const dsl_prog_t *pg = pl->pl_ip->ip_pg;
	uint32_t v, id, i, wid = 0, wi = 0;
	uint8_t in, out;
	char vn[160], wh[200];
	bool moved = false;

	for (v = 0; v < pg->pg_nvars; v++) {
		in = out = 0;
		for (id = 1; id <= pl->pl_n; id++) {
			const dsl_ip_pplan_t *pp = &pl->pl_pp[id - 1];

			for (i = 0; i < pp->pp_n; i++) {
				uint8_t t = touch_of(pl, id, i)->t_var[v];

				if (t == 0)
					continue;
				if (pp->pp_path[i] == DSL_PATH_INPROC) {
					in |= t;
				} else if (pp->pp_path[i] ==
				    DSL_PATH_PIDTRACE) {
					if (out == 0 || (t & TV_WRITE)) {
						wid = id;
						wi = i;
					}
					out |= t;
				}
			}
		}
		if (in == 0 || out == 0 ||
		    ((in & TV_WRITE) == 0 && (out & TV_WRITE) == 0))
			continue;
		var_name(pg, v, vn, sizeof(vn));
		where(pl, wid, wi, wh, sizeof(wh));
		for (id = 1; id <= pl->pl_n; id++) {
			const dsl_ip_pplan_t *pp = &pl->pl_pp[id - 1];

			for (i = 0; i < pp->pp_n; i++) {
				if (pp->pp_path[i] != DSL_PATH_INPROC ||
				    touch_of(pl, id, i)->t_var[v] == 0)
					continue;
				demote(pl, id, i, "%s is also used by %s, "
				    "which runs in pidtrace", vn, wh);
				moved = true;
			}
		}
	}
	return moved;
}

/*
 * Aggregations acted on, and exit(), by pidtrace enablings: one pass
 * finds them (and an enabling to name), one moves the in-process
 * enablings they concern.  Linear in enablings: `pid$target:::entry`
 * on a libc is thousands of probes.
 */
static bool
pass_actions(plan_t *pl)
{
	const dsl_prog_t *pg = pl->pl_ip->ip_pg;
	uint32_t id, i, a, *actid, *acti, exid = 0, exi = 0;
	char wh[200];
	bool moved = false;

	actid = calloc(pg->pg_naggs + 1, sizeof(uint32_t));
	acti = calloc(pg->pg_naggs + 1, sizeof(uint32_t));
	if (actid == NULL || acti == NULL) {
		pl->pl_oom = true;
		goto out;
	}
	for (id = 1; id <= pl->pl_n; id++) {
		const dsl_ip_pplan_t *pp = &pl->pl_pp[id - 1];

		for (i = 0; i < pp->pp_n; i++) {
			const touch_t *t = touch_of(pl, id, i);

			if (pp->pp_path[i] != DSL_PATH_PIDTRACE)
				continue;
			if (t->t_exit && exid == 0) {
				exid = id;
				exi = i;
			}
			for (a = 0; a < pg->pg_naggs; a++)
				if ((t->t_agg[a] & TA_ACT) && actid[a] == 0) {
					actid[a] = id;
					acti[a] = i;
				}
		}
	}
	for (id = 1; id <= pl->pl_n; id++) {
		const dsl_ip_pplan_t *pp = &pl->pl_pp[id - 1];

		for (i = 0; i < pp->pp_n; i++) {
			const touch_t *u = touch_of(pl, id, i);

			if (pp->pp_path[i] != DSL_PATH_INPROC)
				continue;
			if (exid != 0) {
				where(pl, exid, exi, wh, sizeof(wh));
				demote(pl, id, i, "exit() in %s runs in "
				    "pidtrace", wh);
				moved = true;
				continue;
			}
			for (a = 0; a < pg->pg_naggs; a++) {
				if (actid[a] == 0 || !(u->t_agg[a] & TA_UPDATE))
					continue;
				where(pl, actid[a], acti[a], wh, sizeof(wh));
				demote(pl, id, i, "@%s is printed or cleared "
				    "by %s, which runs in pidtrace",
				    dsl_prog_str(pg, pg->pg_aggs[a].ag_name),
				    wh);
				moved = true;
				break;
			}
		}
	}
out:
	free(actid);
	free(acti);
	return moved;
}

/*
 * A probe's four arrays of pp_n + 1 in one zeroed block, pp_why first
 * (pplan_free frees it): every function of node probed, four blocks a
 * probe were 9 MB, most of them the allocator's 32-byte minimum.
 */
static int
pplan_alloc(dsl_ip_pplan_t *pp)
{
	size_t n = (size_t)pp->pp_n + 1;
	char **b = calloc(1, 2 * n * sizeof(char *) + 2 * n);

	if (b == NULL)
		return -1;
	pp->pp_why = b;
	pp->pp_capwhy = b + n;
	pp->pp_path = (uint8_t *)(b + 2 * n);
	pp->pp_cap = pp->pp_path + n;
	return 0;
}

/* The first paths: where each enabling could run on its own. */
static int
first_paths(plan_t *pl, const uint8_t *kinds, uint32_t nkinds)
{
	const dsl_rt_t *rt = pl->pl_ip->ip_rt;
	uint32_t id, i, nfault;

	for (id = 1; id <= pl->pl_n; id++) {
		const rt_probe_t *p = &rt->rt_probes[id - 1];
		dsl_ip_pplan_t *pp = &pl->pl_pp[id - 1];
		int kind = id <= nkinds ? kinds[id - 1] : DSL_PK_TRACEE;

		if (id == rt->rt_error)
			kind = DSL_PK_TRACEE;	/* fires from records too */
		pp->pp_n = p->pr_nclauses;
		if (pplan_alloc(pp) < 0)
			return -1;
		/* the capture event takes one of a record's events */
		nfault = 0;
		for (i = 0; i < pp->pp_n && kind == DSL_PK_FAST; i++) {
			const touch_t *t = touch_of(pl, id, i);

			if (t->t_reads && t->t_capfits && !t->t_fits) {
				nfault = 1;
				break;
			}
		}
		for (i = 0; i < pp->pp_n; i++) {
			const touch_t *t = touch_of(pl, id, i);

			if (kind == DSL_PK_HOST) {
				pp->pp_path[i] = DSL_PATH_HOST;
			} else if (kind != DSL_PK_FAST) {
				pp->pp_path[i] = DSL_PATH_PIDTRACE;
			} else if (!t->t_fits) {
				demote(pl, id, i, "%s", t->t_why);
			} else if (i >= 64) {
				demote(pl, id, i, "its probe has more than 64 "
				    "clauses");
			} else if (t->t_canfault && nfault == DSL_JIT_NEV) {
				demote(pl, id, i, "its probe has more than %d "
				    "clauses that may fault", DSL_JIT_NEV);
			} else {
				pp->pp_path[i] = DSL_PATH_INPROC;
				nfault += t->t_canfault;
			}
		}
	}
	return pl->pl_oom ? -1 : 0;
}

/*
 * The enablings left in pidtrace on a probe that runs fast: whose reads
 * of the process are captured at the firing (none stops the thread),
 * and why not for the others that read.
 */
static int
captures(plan_t *pl, const uint8_t *kinds, uint32_t nkinds)
{
	uint32_t id, i, nfault;
	char buf[200];

	for (id = 1; id <= pl->pl_n; id++) {
		dsl_ip_pplan_t *pp = &pl->pl_pp[id - 1];

		if (pp->pp_cap == NULL || pp->pp_capwhy == NULL)
			return -1;	/* first_paths made them */
		if (id == pl->pl_ip->ip_rt->rt_error)
			continue;
		/* the capture event takes one of the record's events: a
		 * probe whose in-process clauses may report them all (one
		 * moved to pidtrace since first_paths) keeps its stops */
		nfault = 0;
		for (i = 0; i < pp->pp_n; i++)
			nfault += pp->pp_path[i] == DSL_PATH_INPROC &&
			    touch_of(pl, id, i)->t_canfault;
		for (i = 0; i < pp->pp_n; i++) {
			const touch_t *t = touch_of(pl, id, i);

			if (pp->pp_path[i] != DSL_PATH_PIDTRACE || !t->t_reads)
				continue;
			if (t->t_capfits && nfault < DSL_JIT_NEV) {
				/* only where a trampoline runs the code */
				pp->pp_cap[i] = id <= nkinds &&
				    kinds[id - 1] == DSL_PK_FAST;
				continue;
			}
			if (t->t_capfits)
				snprintf(buf, sizeof(buf), "its probe has %d "
				    "clauses in the process that may fault",
				    DSL_JIT_NEV);
			else
				snprintf(buf, sizeof(buf), "%s", t->t_capwhy);
			if ((pp->pp_capwhy[i] = strdup(buf)) == NULL)
				return -1;
		}
	}
	return 0;
}

static void
pplan_free(dsl_ip_pplan_t *pp, uint32_t n)
{
	uint32_t id, i;

	for (id = 0; pp != NULL && id < n; id++) {
		for (i = 0; pp[id].pp_why != NULL && i < pp[id].pp_n; i++)
			free(pp[id].pp_why[i]);
		for (i = 0; pp[id].pp_capwhy != NULL && i < pp[id].pp_n; i++)
			free(pp[id].pp_capwhy[i]);
		free(pp[id].pp_why);	/* the block (pplan_alloc) */
	}
	free(pp);
}

int
dsl_plan(dsl_ip_t *ip, const uint8_t *kinds, uint32_t nkinds)
{
	plan_t pl;
	uint32_t id;
	bool changed = !ip->ip_planned;

	memset(&pl, 0, sizeof(pl));
	pl.pl_ip = ip;
	pl.pl_n = ip->ip_rt->rt_nprobes;
	pl.pl_pp = calloc(pl.pl_n + 1, sizeof(*pl.pl_pp));
	pl.pl_ts = touches(ip);
	if (pl.pl_pp == NULL || pl.pl_ts == NULL ||
	    first_paths(&pl, kinds, nkinds) != 0)
		goto oom;
	while (pass_vars(&pl) || pass_actions(&pl))
		;
	if (pl.pl_oom || captures(&pl, kinds, nkinds) != 0)
		goto oom;
	/* a path that changed means code made with the old one is wrong */
	for (id = 1; id <= pl.pl_n && id <= ip->ip_nplan && !changed; id++)
		changed = pl.pl_pp[id - 1].pp_n != ip->ip_plan[id - 1].pp_n ||
		    memcmp(pl.pl_pp[id - 1].pp_path, ip->ip_plan[id - 1].
		    pp_path, pl.pl_pp[id - 1].pp_n) != 0 ||
		    memcmp(pl.pl_pp[id - 1].pp_cap, ip->ip_plan[id - 1].
		    pp_cap, pl.pl_pp[id - 1].pp_n) != 0;
	pplan_free(ip->ip_plan, ip->ip_nplan);
	ip->ip_plan = pl.pl_pp;
	ip->ip_nplan = pl.pl_n;
	ip->ip_planned = true;
	touches_free(ip->ip_pg, pl.pl_ts);
	return changed ? 1 : 0;
oom:
	pplan_free(pl.pl_pp, pl.pl_n);
	touches_free(ip->ip_pg, pl.pl_ts);
	return -1;
}

int
dsl_plan_path(const dsl_ip_t *ip, uint32_t id, uint32_t i, const char **why)
{
	const dsl_ip_pplan_t *pp;

	if (why != NULL)
		*why = NULL;
	if (id == 0 || id > ip->ip_nplan || i >= ip->ip_plan[id - 1].pp_n)
		return DSL_PATH_PIDTRACE;
	pp = &ip->ip_plan[id - 1];
	if (why != NULL)
		*why = pp->pp_why[i];
	return pp->pp_path[i];
}

uint32_t
dsl_plan_nclauses(const dsl_ip_t *ip, uint32_t id)
{
	if (id == 0 || id > ip->ip_rt->rt_nprobes)
		return 0;
	return ip->ip_rt->rt_probes[id - 1].pr_nclauses;
}

void
dsl_plan_where(const dsl_ip_t *ip, uint32_t id, uint32_t i, char *buf,
    size_t len)
{
	plan_t pl;

	memset(&pl, 0, sizeof(pl));
	pl.pl_ip = (dsl_ip_t *)(uintptr_t)ip;
	if (i >= dsl_plan_nclauses(ip, id)) {
		snprintf(buf, len, "?");
		return;
	}
	where(&pl, id, i, buf, len);
}

static bool
has(const dsl_ip_t *ip, uint32_t id, int path)
{
	const dsl_ip_pplan_t *pp;
	uint32_t i;

	if (id == 0 || id > ip->ip_nplan)
		return path == DSL_PATH_PIDTRACE;
	pp = &ip->ip_plan[id - 1];
	for (i = 0; i < pp->pp_n; i++)
		if (pp->pp_path[i] == path)
			return true;
	return false;
}

bool
dsl_plan_inproc(const dsl_ip_t *ip, uint32_t id)
{
	return has(ip, id, DSL_PATH_INPROC);
}

bool
dsl_plan_records(const dsl_ip_t *ip, uint32_t id)
{
	return has(ip, id, DSL_PATH_PIDTRACE);
}

bool
dsl_plan_captured(const dsl_ip_t *ip, uint32_t id, uint32_t i,
    const char **why)
{
	const dsl_ip_pplan_t *pp;

	if (why != NULL)
		*why = NULL;
	if (id == 0 || id > ip->ip_nplan || i >= ip->ip_plan[id - 1].pp_n ||
	    ip->ip_plan[id - 1].pp_cap == NULL)
		return false;
	pp = &ip->ip_plan[id - 1];
	if (why != NULL)
		*why = pp->pp_capwhy[i];
	return pp->pp_cap[i] != 0;
}

bool
dsl_plan_code(const dsl_ip_t *ip, uint32_t id)
{
	uint32_t i;

	if (dsl_plan_inproc(ip, id))
		return true;
	for (i = 0; i < dsl_plan_nclauses(ip, id); i++)
		if (dsl_plan_captured(ip, id, i, NULL))
			return true;
	return false;
}

void
dsl_plan_free(dsl_ip_t *ip)
{
	pplan_free(ip->ip_plan, ip->ip_nplan);
	ip->ip_plan = NULL;
	ip->ip_nplan = 0;
	ip->ip_planned = false;
}
