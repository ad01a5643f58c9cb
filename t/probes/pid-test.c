/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pid: the probe list's contract, in the test's own process: aliases at
 * one address share one breakpoint (pb_probe_list_sites), resolving a
 * description again adds nothing (what the glue does after a dlopen),
 * PB_ZEROOK, an error leaves the list as it was, name globs (entry and
 * return only, unless PB_ALLOFFSETS), offsets in either spelling; the
 * fast-path kind each site says (st_fast: entry and plain ret, never an
 * offset, which says why in st_slow).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probes/pid.h"

#include "t/check.h"

/* A function of our own with a few instructions and a return. */
__attribute__((noinline)) int pb_test_fn(int x);

__attribute__((noinline)) int
pb_test_fn(int x)
{
	return x * 7 + 3;
}

static int
count_kind(const pb_probe_list_t *l, pb_kind_t k)
{
	size_t i;
	int n = 0;

	for (i = 0; i < l->pl_n; i++)
		n += l->pl_probes[i].pr_kind == k;
	return n;
}

int
main(void)
{
	pb_probe_list_t l = PB_PROBE_LIST_INIT;
	pid_t me = getpid();
	pb_siteref_t *refs;
	size_t nrefs, i;
	char err[512];
	int rc;

	rc = pb_pid_resolve(me, "libc", "malloc", "entry", 0, &l, err,
	    sizeof(err));
	CHECKF(rc == 1, "malloc: %d %s", rc, err);
	/*
	 * An alias named literally is the same probe, named by dtrace's
	 * preferred name (malloc, with fewer underscores): nothing new.
	 */
	rc = pb_pid_resolve(me, "libc.so.6", "__libc_malloc", "entry", 0, &l,
	    err, sizeof(err));
	CHECKF(rc == 0, "__libc_malloc: %d %s", rc, err);
	CHECKF(l.pl_n == 1 && strcmp(l.pl_probes[0].pr_provider,
	    "pid") > 0, "one probe: %zu", l.pl_n);
	if (l.pl_n == 1)
		CHECKF(strcmp(l.pl_probes[0].pr_func, "malloc") == 0,
		    "named malloc: %s", l.pl_probes[0].pr_func);
	CHECKF(pb_probe_list_sites(&l, &refs, &nrefs) == 0 && nrefs == 1,
	    "one breakpoint");
	free(refs);

	/* Again, as after a dlopen: nothing new. */
	rc = pb_pid_resolve(me, "libc", "malloc", "entry", PB_ZEROOK, &l,
	    err, sizeof(err));
	CHECKF(rc == 0 && l.pl_n == 1, "again: %d, %zu probes", rc, l.pl_n);
	rc = pb_pid_resolve(me, "nosuch", "malloc", "entry", PB_ZEROOK, &l,
	    err, sizeof(err));
	CHECKF(rc == 0 && l.pl_n == 1, "ZEROOK: %d", rc);
	rc = pb_pid_resolve(me, "nosuch", "malloc", "entry", 0, &l, err,
	    sizeof(err));
	CHECKF(rc == -1 && l.pl_n == 1 && strstr(err, "nosuch") != NULL,
	    "error: %d %s", rc, err);
	pb_probe_list_free(&l);

	/* Name globs. */
	rc = pb_pid_resolve(me, "a.out", "pb_test_fn", "*", 0, &l, err,
	    sizeof(err));
	CHECKF(rc == 2 && count_kind(&l, PB_ENTRY) == 1 &&
	    count_kind(&l, PB_RETURN) == 1, "*: %d %s", rc, err);
	for (i = 0; i < l.pl_n; i++) {
		const pb_probe_t *p = &l.pl_probes[i];

		CHECKF(p->pr_nsites == 1 && p->pr_sites[0].st_fast ==
		    (p->pr_kind == PB_ENTRY ? PB_FAST_ENTRY : PB_FAST_RETURN),
		    "%s: st_fast %d", p->pr_name, p->pr_sites[0].st_fast);
	}
	pb_probe_list_free(&l);
	rc = pb_pid_resolve(me, "a.out", "pb_test_fn", "", 0, &l, err,
	    sizeof(err));
	CHECKF(rc == 2, "empty name: %d %s", rc, err);
	pb_probe_list_free(&l);
	rc = pb_pid_resolve(me, "a.out", "pb_test_fn", "r*", 0, &l, err,
	    sizeof(err));
	CHECKF(rc == 1 && count_kind(&l, PB_RETURN) == 1, "r*: %d %s", rc,
	    err);
	if (rc == 1) {
		const pb_probe_t *p = &l.pl_probes[0];

		CHECKF(p->pr_nsites >= 1 && p->pr_sites[0].st_addr ==
		    p->pr_faddr + p->pr_sites[0].st_off &&
		    p->pr_sites[0].st_rskind == PB_RS_RET &&
		    *(const unsigned char *)(uintptr_t)
		    p->pr_sites[0].st_addr == 0xc3, "the site is our ret");
		CHECKF(p->pr_faddr == (uint64_t)(uintptr_t)pb_test_fn,
		    "pr_faddr %llx", (unsigned long long)p->pr_faddr);
	}
	pb_probe_list_free(&l);
	rc = pb_pid_resolve(me, "a.out", "pb_test_fn", "*", PB_ALLOFFSETS, &l,
	    err, sizeof(err));
	CHECKF(rc > 3 && count_kind(&l, PB_OFFSET) == rc - 2, "ALLOFFSETS: "
	    "%d %s", rc, err);
	for (i = 0; i < l.pl_n; i++)
		if (l.pl_probes[i].pr_kind == PB_OFFSET)
			break;
	CHECKF(i < l.pl_n && strcmp(l.pl_probes[i].pr_name, "0") == 0,
	    "first offset probe named 0");
	pb_probe_list_free(&l);
	rc = pb_pid_resolve(me, "a.out", "pb_test_fn", "0x0", 0, &l, err,
	    sizeof(err));
	CHECKF(rc == 1 && strcmp(l.pl_probes[0].pr_name, "0") == 0 &&
	    l.pl_probes[0].pr_sites[0].st_len > 0, "0x0: %d %s", rc, err);
	CHECKF(rc == 1 && l.pl_probes[0].pr_sites[0].st_fast == PB_FAST_NONE,
	    "an offset stops: st_fast %d", l.pl_probes[0].pr_sites[0].st_fast);
	CHECK(rc == 1 && l.pl_probes[0].pr_sites[0].st_slow != NULL &&
	    strcmp(l.pl_probes[0].pr_sites[0].st_slow,
	    "offset probes always stop the thread") == 0);
	pb_probe_list_free(&l);
	rc = pb_pid_resolve(me, "a.out", "pb_test_fn", "bogus", 0, &l, err,
	    sizeof(err));
	CHECKF(rc == -1 && strstr(err, "invalid probe name 'bogus'"),
	    "bogus: %s", err);
	rc = pb_pid_resolve(me, "a.out", "pb_test_fn", "x*", 0, &l, err,
	    sizeof(err));
	CHECKF(rc == -1 && strstr(err, "matches neither"), "x*: %s", err);
	pb_probe_list_free(&l);
	pb_pid_cache_flush();
	return failures ? 1 : 0;
}
