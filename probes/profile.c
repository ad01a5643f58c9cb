/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/profile.c: the profile provider, as libdtrace's
 * dt_prov_profile.c.  profile-N: every thread of the process that is on
 * CPU is sampled N times a second (PB_ARM_SAMPLE; the glue runs the
 * timer and the tracer stops the threads), arg0 the kernel pc (0: we see
 * only user code) and arg1 the user pc, as dtrace's profile provider.
 * tick-N: one firing per interval, in no thread (PB_ARM_TICK): a probe
 * of pidtrace's own scope (pid 0), not of a process.  A probe is made
 * from its literal name, as dtrace makes them on demand.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/profile.h"
#include "probes/provider.h"

/* dtrace's floor is 200 us; a stop of every running thread costs us
 * tens of us, so 100 us (10 kHz) is the most we take. */
#define MIN_PERIOD	100000ULL

uint64_t
pb_profile_period(const char *name, const char *prefix)
{
	static const struct { const char *u; uint64_t ns; } units[] = {
		{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", 1000000000ULL }, { "sec", 1000000000ULL },
		{ "m", 60000000000ULL }, { "min", 60000000000ULL },
		{ "h", 3600000000000ULL }, { "hour", 3600000000000ULL },
		{ "d", 86400000000000ULL }, { "day", 86400000000000ULL },
		{ "hz", 0 },
	};
	size_t plen = strlen(prefix), i;
	unsigned long long v;
	const char *p;
	char *e;

	if (strncmp(name, prefix, plen) != 0)
		return 0;
	p = name + plen;
	if (!isdigit((unsigned char)*p))
		return 0;
	errno = 0;
	v = strtoull(p, &e, 10);
	if (errno != 0 || v == 0)
		return 0;
	if (*e == '\0')
		/* hz */
		return v > 1000000000ULL ? 0 : 1000000000ULL / v;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(e, units[i].u) != 0)
			continue;
		if (units[i].ns == 0)
			return v > 1000000000ULL ? 0 : 1000000000ULL / v;
		if (v > UINT64_MAX / units[i].ns)
			return 0;
		return v * units[i].ns;
	}
	return 0;
}

static bool
profile_names(const char *prov, pid_t pid)
{
	(void)pid;
	/* "" too: "profile-97" alone, the seed's one-liner */
	return pb_prov_match(prov, "profile");
}

/* profile-N samples a process; tick-N fires in pidtrace's own scope. */
static pb_armkind_t
arm_of(const char *name, pid_t pid, uint64_t *ns)
{
	if ((*ns = pb_profile_period(name, "profile-")) != 0)
		return PB_ARM_SAMPLE;
	if (pid == 0 && (*ns = pb_profile_period(name, "tick-")) != 0)
		return PB_ARM_TICK;
	return 0;
}

/* "" and globs that match "": the module and function of a profile
 * probe are empty. */
static bool
empty_ok(const char *field)
{
	return field[0] == '\0' || strspn(field, "*") == strlen(field);
}

static int
profile_resolve(pid_t pid, pid_t tid, const pb_desc_t *d, int flags,
		pb_probe_list_t *out, char *err, size_t errlen)
{
	pb_probe_t *np, *pr;
	pb_armkind_t arm;
	uint64_t ns;
	size_t i;

	(void)tid;
	(void)flags;
	arm = arm_of(d->de_name, pid, &ns);
	if (arm == 0 || !empty_ok(d->de_mod) || !empty_ok(d->de_func))
		return 0;
	if (ns < MIN_PERIOD)
		ns = MIN_PERIOD;
	for (i = 0; i < out->pl_n; i++)
		if (strcmp(out->pl_probes[i].pr_name, d->de_name) == 0)
			return 0;
	np = realloc(out->pl_probes, (out->pl_n + 1) * sizeof(*np));
	if (np == NULL)
		goto nomem;
	out->pl_probes = np;
	pr = &np[out->pl_n];
	memset(pr, 0, sizeof(*pr));
	snprintf(pr->pr_provider, sizeof(pr->pr_provider), "profile");
	pr->pr_mod = strdup("");
	pr->pr_func = strdup("");
	pr->pr_name = strdup(d->de_name);
	if (pr->pr_mod == NULL || pr->pr_func == NULL || pr->pr_name == NULL) {
		free(pr->pr_mod);
		free(pr->pr_func);
		free(pr->pr_name);
		goto nomem;
	}
	pr->pr_arm = arm;
	pr->pr_sample.sm_period_ns = ns;
	out->pl_n++;
	return 1;
nomem:
	snprintf(err, errlen, "out of memory");
	return -1;
}

static int
profile_args(const pb_fireref_t *fr, const pb_fire_t *f, uint64_t *args,
	     size_t max)
{
	(void)fr;
	if (max < 2)
		return 0;
	args[0] = 0;			/* no kernel pc */
	args[1] = f->fi_regs->rip;	/* where the thread was */
	return 2;
}

const pb_provider_t pb_profile_provider = {
	.pv_name = "profile",
	.pv_fixed = true,
	.pv_names = profile_names,
	.pv_resolve = profile_resolve,
	.pv_args = profile_args,
	.pv_attr = { "Private", "Private", "Unknown" },
};
