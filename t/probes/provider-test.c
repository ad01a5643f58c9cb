/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * provider: the pid provider through the interface every provider
 * implements (probes/provider.h), in the test's own process: the table
 * holds it; pv_names takes pid<PID> and its globs, not another pid nor
 * an empty field; pv_resolve reads /proc through tid and names probes
 * after pid; pv_args and pv_getarg compute a firing's arguments from a
 * made-up register set and memory reader alone (what the fast path's
 * recorded registers will give): entry rdi..r9, return offset and rax, a
 * jcc return that stays in the function does not fire, the seventh
 * argument is read above the return address.  pidtrace's own scope (pid
 * 0): pid and usdt have nothing there; dtrace's BEGIN, END and ERROR and
 * profile's tick-N are there only, and say how they are armed.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probes/pid.h"
#include "probes/provider.h"

#include "t/check.h"

/* A tracee stack of our own: addr -> stack[(addr - STACK) / 8]. */
#define STACK	0x7ffd0000ull
static uint64_t stack[4] = { 0x401000, 66, 77, 88 };

static int
readmem(void *cookie, uint64_t addr, void *buf, size_t len)
{
	(void)cookie;
	if (addr < STACK || addr + len > STACK + sizeof(stack))
		return -1;
	memcpy(buf, (char *)stack + (addr - STACK), len);
	return 0;
}

static uint64_t next_pc;
static int nextpc_calls;

static uint64_t
nextpc(void *cookie)
{
	(void)cookie;
	nextpc_calls++;
	return next_pc;
}

/* Resolve prov:mod:func:name with pv in process pid into *l. */
static int
resolve(const pb_provider_t *pv, pid_t pid, const char *prov,
    const char *mod, const char *func, const char *name,
    pb_probe_list_t *l)
{
	pb_desc_t d = { prov, mod, func, name };
	char err[256];

	return pv->pv_resolve(pid, pid, &d, PB_ZEROOK, l, err, sizeof(err));
}

static void
own_scope(void)
{
	const pb_provider_t *dt = &pb_dtrace_provider;
	const pb_provider_t *pf = &pb_profile_provider;
	pb_probe_list_t l = PB_PROBE_LIST_INIT;
	int n;

	CHECK(pb_providers[0] == dt);	/* BEGIN END ERROR: ids 1 2 3 */
	CHECK(!pb_pid_provider.pv_names("pid*", 0));
	CHECK(!pb_usdt_provider.pv_names("*", 0));
	CHECK(dt->pv_names("dtrace", 0) && dt->pv_names("", 0));
	CHECK(!dt->pv_names("dtrace", 4242) && !dt->pv_names("pid*", 0));
	CHECK(dt->pv_args == NULL);	/* no arguments */

	n = resolve(dt, 0, "", "", "", "BEGIN", &l);
	CHECKF(n == 1 && l.pl_n == 1 && l.pl_probes[0].pr_arm ==
	    PB_ARM_STAGE && strcmp(l.pl_probes[0].pr_provider, "dtrace") == 0,
	    "BEGIN: %d", n);
	n = resolve(dt, 0, "dtrace", "", "", "", &l);
	CHECKF(n == 2 && l.pl_n == 3, "dtrace::: adds END, ERROR: %d", n);
	CHECKF(l.pl_n == 3 && strcmp(l.pl_probes[1].pr_name, "END") == 0 &&
	    strcmp(l.pl_probes[2].pr_name, "ERROR") == 0, "in dtrace's order");
	n = resolve(dt, 0, "", "", "main", "BEGIN", &l);
	CHECKF(n == 0 && l.pl_n == 3, "a function names none: %d", n);
	pb_probe_list_free(&l);

	n = resolve(pf, 0, "", "", "", "tick-1s", &l);
	CHECKF(n == 1 && l.pl_probes[0].pr_arm == PB_ARM_TICK &&
	    l.pl_probes[0].pr_sample.sm_period_ns == 1000000000ull,
	    "tick-1s: %d", n);
	n = resolve(pf, 0, "profile", "*", "", "profile-97", &l);
	CHECKF(n == 1 && l.pl_probes[1].pr_arm == PB_ARM_SAMPLE &&
	    l.pl_probes[1].pr_sample.sm_period_ns == 1000000000ull / 97,
	    "profile-97: %d", n);
	n = resolve(pf, 0, "", "", "", "tick-10us", &l);
	CHECKF(n == 1 && l.pl_probes[2].pr_sample.sm_period_ns == 100000,
	    "tick-10us is 100us at most: %d", n);
	pb_probe_list_free(&l);
	/* a tick is no process's */
	CHECK(resolve(pf, 4242, "", "", "", "tick-1s", &l) == 0);
	CHECK(resolve(pf, 4242, "", "", "", "profile-1s", &l) == 1);
	CHECK(resolve(pf, 0, "", "", "", "tick-1x", &l) == 0);
	CHECK(resolve(pf, 0, "", "m", "", "tick-1s", &l) == 0);
	pb_probe_list_free(&l);
}

/*
 * pb_probe_list_release, as the glue calls it while it copies a list:
 * every entry of libc, half of them dropped, the pages those fill given
 * back; the other half keep their names and sites, whole; a count past
 * the end is the end; the list frees as any other.
 */
static void
list_release(const pb_provider_t *pv)
{
	pb_probe_list_t l = PB_PROBE_LIST_INIT;
	pb_probe_t *kept;
	char prov[32];
	size_t i, k;
	int n;

	snprintf(prov, sizeof(prov), "pid%d", (int)getpid());
	n = resolve(pv, getpid(), prov, "libc.so.6", "*", "entry", &l);
	CHECKF(n > 1000 && (size_t)n == l.pl_n, "libc's entries: %d", n);
	if (n <= 1000 || (size_t)n != l.pl_n) {
		pb_probe_list_free(&l);
		return;
	}
	k = l.pl_n / 2;
	kept = malloc((l.pl_n - k) * sizeof(*kept));
	if (kept == NULL)
		exit(1);
	memcpy(kept, l.pl_probes + k, (l.pl_n - k) * sizeof(*kept));
	for (i = 0; i < k; i++)
		pb_probe_list_drop(&l, i);
	pb_probe_list_release(&l, k);
	for (i = 0; i < k; i++)
		CHECKF(l.pl_probes[i].pr_func == NULL &&
		    l.pl_probes[i].pr_nsites == 0, "dropped %zu", i);
	for (i = k; i < l.pl_n; i++)
		if (memcmp(&l.pl_probes[i], &kept[i - k], sizeof(*kept)) != 0 ||
		    l.pl_probes[i].pr_func == NULL ||
		    strcmp(l.pl_probes[i].pr_name, "entry") != 0) {
			CHECKF(0, "probe %zu of %zu kept whole", i, l.pl_n);
			break;
		}
	free(kept);
	for (i = k; i < l.pl_n; i++)
		pb_probe_list_drop(&l, i);
	pb_probe_list_release(&l, l.pl_n + 10);
	pb_probe_list_free(&l);
	CHECK(l.pl_probes == NULL && l.pl_n == 0);
}

int
main(void)
{
	const pb_provider_t *pv = NULL;
	pb_probe_list_t l = PB_PROBE_LIST_INIT;
	pb_desc_t d = { "pid4242", "libc", "malloc", "entry" };
	pb_regs_t regs;
	pb_fire_t f;
	pb_fireref_t fr;
	uint64_t args[10], v;
	char err[512], name[32];
	size_t i;
	int n;

	for (i = 0; pb_providers[i] != NULL; i++)
		if (strcmp(pb_providers[i]->pv_name, "pid") == 0)
			pv = pb_providers[i];
	CHECKF(pv == &pb_pid_provider, "pid is in the table");
	if (pv == NULL)
		return 1;

	CHECK(pv->pv_names("pid4242", 4242));
	CHECK(pv->pv_names("pid*", 4242));
	CHECK(pv->pv_names("pid42[0-9]2", 4242));
	CHECK(!pv->pv_names("pid4243", 4242));
	/*
	 * pid probes are made only for a field that names pid: dtrace
	 * takes the pid from the field's last digits and makes them when
	 * the field matches pid<PID> (pid/tst.provregex1.sh: p*d$target).
	 */
	CHECK(!pv->pv_names("", 4242));
	CHECK(!pv->pv_names("*", 4242));
	CHECK(!pv->pv_names("p*d", 4242));
	CHECK(pv->pv_names("*4242", 4242));
	CHECK(pv->pv_names("p*d4242", 4242));
	CHECK(!pv->pv_names("p*d4243", 4242));
	CHECK(!pv->pv_names("q*4242", 4242));
	CHECK(pb_prov_match("", "syscall") && pb_prov_match("", "pid4242"));
	CHECK(!pv->pv_names("syscall", 4242));

	/* Read through our own pid, named after another. */
	n = pv->pv_resolve(4242, getpid(), &d, 0, &l, err, sizeof(err));
	CHECKF(n == 1 && l.pl_n == 1, "malloc: %d %s", n, err);
	if (l.pl_n == 1) {
		CHECKF(strcmp(l.pl_probes[0].pr_provider, "pid4242") == 0,
		    "named after pid: %s", l.pl_probes[0].pr_provider);
		CHECK(l.pl_probes[0].pr_arm == PB_ARM_SITE);
		CHECK(l.pl_probes[0].pr_nsites == 1);
	}
	n = pv->pv_resolve(4242, getpid(), &d, PB_ZEROOK, &l, err,
	    sizeof(err));
	CHECKF(n == 0 && l.pl_n == 1, "again: %d", n);
	d.de_func = "mallok";
	n = pv->pv_resolve(4242, getpid(), &d, 0, &l, err, sizeof(err));
	CHECKF(n == -1 && strstr(err, "malloc") != NULL, "%d %s", n, err);
	pb_probe_list_free(&l);
	snprintf(name, sizeof(name), "pid%d", (int)getpid());
	CHECK(pv->pv_names(name, getpid()));
	list_release(pv);

	/* The firing path, from registers and a memory reader only. */
	memset(&regs, 0, sizeof(regs));
	regs.rdi = 1;
	regs.rsi = 2;
	regs.rdx = 3;
	regs.rcx = 4;
	regs.r8 = 5;
	regs.r9 = 6;
	regs.rax = 99;
	regs.rsp = STACK;
	memset(&f, 0, sizeof(f));
	f.fi_regs = &regs;
	f.fi_read = readmem;
	f.fi_nextpc = nextpc;

	memset(&fr, 0, sizeof(fr));
	fr.fr_kind = PB_ENTRY;
	n = pv->pv_args(&fr, &f, args, 10);
	CHECKF(n == 6 && args[0] == 1 && args[1] == 2 && args[2] == 3 &&
	    args[3] == 4 && args[4] == 5 && args[5] == 6, "entry: %d", n);
	CHECK(pv->pv_getarg(&fr, &f, 6, &v) == 0 && v == 66);
	CHECK(pv->pv_getarg(&fr, &f, 7, &v) == 0 && v == 77);
	CHECK(pv->pv_getarg(&fr, &f, 5, &v) == -1);
	CHECK(pv->pv_getarg(&fr, &f, 9, &v) == -1);	/* unreadable */
	CHECK(nextpc_calls == 0);

	fr.fr_kind = PB_RETURN;
	fr.fr_rskind = PB_RS_RET;
	fr.fr_off = 0x1a;
	fr.fr_faddr = 0x1000;
	fr.fr_fsize = 0x40;
	n = pv->pv_args(&fr, &f, args, 10);
	CHECKF(n == 2 && args[0] == 0x1a && args[1] == 99, "ret: %d", n);
	CHECK(nextpc_calls == 0);	/* a ret always leaves */

	fr.fr_rskind = PB_RS_JCC_OUT;
	next_pc = 0x1020;		/* the jcc falls through */
	CHECK(pv->pv_args(&fr, &f, args, 10) == -1);
	next_pc = 0x2000;		/* taken: it leaves */
	CHECK(pv->pv_args(&fr, &f, args, 10) == 2);
	CHECK(nextpc_calls == 2);
	f.fi_nextpc = NULL;		/* the glue cannot tell: fire */
	CHECK(pv->pv_args(&fr, &f, args, 10) == 2);

	/* pb_fireref_init copies what the firing path needs. */
	{
		pb_site_t st = { .st_addr = 0x1010, .st_off = 0x10,
		    .st_len = 1, .st_rskind = PB_RS_TAIL,
		    .st_fast = PB_FAST_NONE };
		pb_probe_t pr;

		memset(&pr, 0, sizeof(pr));
		pr.pr_kind = PB_RETURN;
		pr.pr_arm = PB_ARM_SITE;
		pr.pr_faddr = 0x1000;
		pr.pr_fsize = 0x40;
		pr.pr_sites = &st;
		pr.pr_nsites = 1;
		pr.pr_data = 7;
		pb_fireref_init(&fr, &pr, 0);
		CHECK(fr.fr_kind == PB_RETURN && fr.fr_rskind == PB_RS_TAIL &&
		    fr.fr_off == 0x10 && fr.fr_faddr == 0x1000 &&
		    fr.fr_fsize == 0x40 && fr.fr_data == 7 &&
		    fr.fr_fast == PB_FAST_NONE);
		st.st_rskind = PB_RS_RET;
		st.st_fast = PB_FAST_RETURN;
		pb_fireref_init(&fr, &pr, 0);
		CHECK(fr.fr_fast == PB_FAST_RETURN);

		/* An inlined copy at 0x1010 inside a host at 0x0f00 of
		 * 0x200 bytes, whose .cold part is 0x30 bytes at 0x0800:
		 * the copy's reference holds the host's bounds, not the
		 * probe's function's. */
		pr.pr_kind = PB_ENTRY;
		pr.pr_cold = 0x5000;
		pr.pr_coldsize = 0x10;
		st.st_rskind = 0;
		st.st_fast = PB_FAST_ENTRY;
		st.st_inline = 1;
		st.st_inback = 0x110;
		st.st_insize = 0x200;
		st.st_incold = -0x810;
		st.st_incoldsize = 0x30;
		pb_fireref_init(&fr, &pr, 0);
		CHECKF(fr.fr_inline && fr.fr_faddr == 0x0f00 &&
		    fr.fr_fsize == 0x200 && fr.fr_cold == 0x0800 &&
		    fr.fr_coldsize == 0x30, "inline: %#" PRIx64 " %#" PRIx64
		    " %#" PRIx64 " %#" PRIx64, fr.fr_faddr, fr.fr_fsize,
		    fr.fr_cold, fr.fr_coldsize);
		st.st_incoldsize = 0;	/* no .cold part */
		pb_fireref_init(&fr, &pr, 0);
		CHECK(fr.fr_faddr == 0x0f00 && fr.fr_cold == 0 &&
		    fr.fr_coldsize == 0);
	}
	own_scope();
	return failures != 0;
}
