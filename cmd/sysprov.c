/*
 * cmd/sysprov.c: the syscall provider's glue (sysprov.h).  Two tables by
 * call number, entry and return, hold each probe's D id (0: not
 * registered); a probe is registered the first time a description
 * matches it, so ids follow the program, as the pid provider's do.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "cmd/sysprov.h"
#include "probes/syscall.h"

static uint32_t *ids[2];	/* [PB_SYS_ENTRY/RETURN][nr] -> D id */
static uint32_t *order;		/* registration order, for -l */
static size_t norder;
static bool enabled;

typedef struct claim {
	dsl_rt_t	*cl_rt;
	size_t		cl_d;
	bool		cl_enable;
} claim_t;

static void __attribute__((noreturn))
nomem(void)
{
	fprintf(stderr, "pidtrace: out of memory\n");
	exit(1);
}

static void
one(void *arg, long nr, const char *func, pb_syskind_t kind)
{
	claim_t *cl = arg;
	uint32_t *id;

	if (ids[0] == NULL) {
		size_t n = (size_t)pb_syscall_limit();

		ids[0] = calloc(n, sizeof(uint32_t));
		ids[1] = calloc(n, sizeof(uint32_t));
		order = calloc(2 * n, sizeof(uint32_t));
		if (ids[0] == NULL || ids[1] == NULL || order == NULL)
			nomem();
	}
	id = &ids[kind][nr];
	if (*id == 0) {
		*id = dsl_rt_add_probe(cl->cl_rt, PB_SYSCALL_PROVIDER, "",
				       func, pb_syscall_kind_name(kind));
		if (*id == 0)
			nomem();
		order[norder++] = (uint32_t)((nr << 1) | kind);
	}
	if (cl->cl_enable) {
		if (dsl_rt_enable(cl->cl_rt, *id, cl->cl_d) != 0)
			nomem();
		enabled = true;
	}
}

size_t
sysprov_claim(dsl_rt_t *rt, const dsl_prog_t *pg, size_t d)
{
	const dsl_pdesc_t *pd = dsl_prog_desc(pg, d);
	claim_t cl = { rt, d, true };

	return pb_syscall_match(pd->pd_prov, pd->pd_mod, pd->pd_func,
				pd->pd_name, one, &cl);
}

void
sysprov_claim_all(dsl_rt_t *rt)
{
	claim_t cl = { rt, 0, false };

	pb_syscall_match(NULL, NULL, NULL, NULL, one, &cl);
}

bool
sysprov_enabled(void)
{
	return enabled;
}

uint32_t
sysprov_probe(long nr, bool entry)
{
	if (ids[0] == NULL || nr < 0 || nr >= pb_syscall_limit())
		return 0;
	return ids[entry ? PB_SYS_ENTRY : PB_SYS_RETURN][nr];
}

void
sysprov_list(void)
{
	size_t i;

	for (i = 0; i < norder; i++) {
		long nr = (long)(order[i] >> 1);
		pb_syskind_t kind = (pb_syskind_t)(order[i] & 1);

		printf("%5u %10s %17s %33s %s\n", ids[kind][nr],
		       PB_SYSCALL_PROVIDER, "", pb_syscall_name(nr),
		       pb_syscall_kind_name(kind));
	}
}
