/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * syscall: the syscall provider's table and matching (syscall.h).
 */
#include "config.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/provider.h"
#include "probes/syscall.h"

static const struct sysent {
	long		se_nr;
	const char	*se_name;
} systab[] = {
#include "probes/syscalls.h"
};

#define NSYS	(sizeof(systab) / sizeof(systab[0]))

size_t
pb_syscall_count(void)
{
	return NSYS;
}

long
pb_syscall_limit(void)
{
	return systab[NSYS - 1].se_nr + 1;
}

long
pb_syscall_at(size_t i, const char **name)
{
	*name = systab[i].se_name;
	return systab[i].se_nr;
}

/* The table is sorted by number (the generator sorts it). */
const char *
pb_syscall_name(long nr)
{
	size_t lo = 0, hi = NSYS, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (systab[mid].se_nr == nr)
			return systab[mid].se_name;
		if (systab[mid].se_nr < nr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

long
pb_syscall_nr(const char *name)
{
	size_t i;

	for (i = 0; i < NSYS; i++)
		if (strcmp(systab[i].se_name, name) == 0)
			return systab[i].se_nr;
	return -1;
}

const char *
pb_syscall_kind_name(pb_syskind_t kind)
{
	return kind == PB_SYS_ENTRY ? "entry" : "return";
}

static bool
glob(const char *pat, const char *s)
{
	return pat == NULL || pat[0] == '\0' || fnmatch(pat, s, 0) == 0;
}

size_t
pb_syscall_match(const char *prov, const char *mod, const char *func,
    const char *name, void (*fn)(void *arg, long nr, const char *func,
    pb_syskind_t kind), void *arg)
{
	size_t i, n = 0;
	int k;

	if (!glob(prov, PB_SYSCALL_PROVIDER) || !glob(mod, ""))
		return 0;
	for (i = 0; i < NSYS; i++) {
		if (!glob(func, systab[i].se_name))
			continue;
		for (k = PB_SYS_ENTRY; k <= PB_SYS_RETURN; k++) {
			if (!glob(name, pb_syscall_kind_name(k)))
				continue;
			if (fn != NULL)
				fn(arg, systab[i].se_nr, systab[i].se_name, k);
			n++;
		}
	}
	return n;
}

/* The kernel's restart codes (include/linux/errno.h, not exported). */
#define K_ERESTARTSYS		512
#define K_ERESTARTNOINTR	513
#define K_ERESTARTNOHAND	514
#define K_ERESTART_RESTARTBLOCK	516

void
pb_syscall_retval(int64_t rax, bool is_error, int64_t *arg0, int *err)
{
	if (!is_error) {
		*arg0 = rax;
		*err = 0;
		return;
	}
	*arg0 = -1;
	switch (-rax) {
	case K_ERESTARTSYS:
	case K_ERESTARTNOINTR:
	case K_ERESTARTNOHAND:
	case K_ERESTART_RESTARTBLOCK:
		*err = EINTR;
		break;
	default:
		*err = (int)-rax;
		break;
	}
}

/* -- the provider (provider.h) ------------------------------------------ */

static bool
sys_names(const char *prov, pid_t pid)
{
	(void)pid;
	return pb_prov_match(prov, PB_SYSCALL_PROVIDER);
}

/*
 * syscall:::entry adds some 370 probes: the list grows by doubling and
 * a probe already in it is found in a table by number and kind, not by
 * a scan of the list per probe (the two made the resolution quadratic,
 * ~0.8 ms of every pidtrace -c's start).
 */
#define CO_NRMAX	1024	/* numbers past it: the list is scanned */

typedef struct collect {
	pb_probe_list_t	*co_out;
	size_t		co_first;	/* probes of *out before this call */
	size_t		co_cap;		/* room in co_out->pl_probes */
	int		co_added;
	bool		co_nomem;
	uint8_t		co_seen[CO_NRMAX];	/* bit kind: in the list */
} collect_t;

static bool
co_has(collect_t *co, long nr, bool ret)
{
	const pb_probe_list_t *l = co->co_out;
	size_t i;

	if (nr >= 0 && nr < CO_NRMAX)
		return co->co_seen[nr] & (1u << ret);
	for (i = 0; i < l->pl_n; i++)
		if (l->pl_probes[i].pr_arm == PB_ARM_SYSCALL &&
		    l->pl_probes[i].pr_syscall.sc_nr == nr &&
		    l->pl_probes[i].pr_syscall.sc_return == ret)
			return true;
	return false;
}

static void
co_mark(collect_t *co, long nr, bool ret)
{
	if (nr >= 0 && nr < CO_NRMAX)
		co->co_seen[nr] |= (uint8_t)(1u << ret);
}

static void
add_probe(void *arg, long nr, const char *func, pb_syskind_t kind)
{
	collect_t *co = arg;
	pb_probe_list_t *l = co->co_out;
	pb_probe_t *np, *pr;

	if (co->co_nomem)
		return;
	if (co_has(co, nr, kind == PB_SYS_RETURN))
		return;		/* already in the list */
	if (l->pl_n == co->co_cap) {
		size_t cap = co->co_cap < 16 ? 32 : co->co_cap * 2;

		np = realloc(l->pl_probes, cap * sizeof(*np));
		if (np == NULL) {
			co->co_nomem = true;
			return;
		}
		l->pl_probes = np;
		co->co_cap = cap;
	}
	np = l->pl_probes;
	pr = &np[l->pl_n];
	memset(pr, 0, sizeof(*pr));
	snprintf(pr->pr_provider, sizeof(pr->pr_provider), "%s",
		 PB_SYSCALL_PROVIDER);
	pr->pr_mod = strdup("");
	pr->pr_func = strdup(func);
	pr->pr_name = strdup(pb_syscall_kind_name(kind));
	pr->pr_kind = kind == PB_SYS_ENTRY ? PB_ENTRY : PB_RETURN;
	pr->pr_arm = PB_ARM_SYSCALL;
	pr->pr_syscall.sc_nr = (int32_t)nr;
	pr->pr_syscall.sc_return = kind == PB_SYS_RETURN;
	l->pl_n++;
	co_mark(co, nr, kind == PB_SYS_RETURN);
	if (pr->pr_mod == NULL || pr->pr_func == NULL || pr->pr_name == NULL)
		co->co_nomem = true;
	co->co_added++;
}

/*
 * The same probes in every process (the pid is not looked at): the
 * table is the kernel's.  Nothing matched is 0, not an error: the
 * command then says dtrace's "does not match any probes", with the
 * description's place.
 */
static int
sys_resolve(pid_t pid, pid_t tid, const pb_desc_t *d, int flags,
    pb_probe_list_t *out, char *err, size_t errlen)
{
	collect_t co;
	size_t i;

	(void)pid;
	(void)tid;
	if (flags & PB_COUNT)
		return (int)pb_syscall_match(d->de_prov, d->de_mod, d->de_func,
		    d->de_name, NULL, NULL);
	memset(&co, 0, sizeof(co));
	co.co_out = out;
	co.co_first = out->pl_n;
	co.co_cap = out->pl_n;	/* the room the list is known to have */
	for (i = 0; i < out->pl_n; i++)
		if (out->pl_probes[i].pr_arm == PB_ARM_SYSCALL)
			co_mark(&co, out->pl_probes[i].pr_syscall.sc_nr,
			    out->pl_probes[i].pr_syscall.sc_return);
	pb_syscall_match(d->de_prov, d->de_mod, d->de_func, d->de_name,
			 add_probe, &co);
	if (co.co_nomem) {
		for (i = co.co_first; i < out->pl_n; i++) {
			free(out->pl_probes[i].pr_mod);
			free(out->pl_probes[i].pr_func);
			free(out->pl_probes[i].pr_name);
		}
		out->pl_n = co.co_first;
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return co.co_added;
}

/* The kernel's error values: -4095..-1 (IS_ERR_VALUE). */
static bool
is_error(uint64_t rax)
{
	return rax >= (uint64_t)-4095;
}

/*
 * Entry: the six arguments, in the registers of the syscall convention
 * (rdi rsi rdx r10 r8 r9).  Return: the value in arg0 and arg1.
 */
static int
sys_args(const pb_fireref_t *fr, const pb_fire_t *f, uint64_t *args,
    size_t max)
{
	const pb_regs_t *r = f->fi_regs;
	uint64_t a[6];
	int64_t v;
	size_t i, n;
	int e;

	if (fr->fr_kind == PB_RETURN) {
		pb_syscall_retval((int64_t)r->rax, is_error(r->rax), &v, &e);
		a[0] = a[1] = (uint64_t)v;
		n = 2;
	} else {
		a[0] = r->rdi;
		a[1] = r->rsi;
		a[2] = r->rdx;
		a[3] = r->r10;
		a[4] = r->r8;
		a[5] = r->r9;
		n = 6;
	}
	for (i = 0; i < n && i < max; i++)
		args[i] = a[i];
	return (int)i;
}

static int
sys_errno(const pb_fireref_t *fr, const pb_fire_t *f)
{
	int64_t v;
	int e;

	if (fr->fr_kind != PB_RETURN)
		return 0;
	pb_syscall_retval((int64_t)f->fi_regs->rax, is_error(f->fi_regs->rax),
			  &v, &e);
	return e;
}

const pb_provider_t pb_syscall_provider = {
	.pv_name = "syscall",
	.pv_fixed = true,
	.pv_names = sys_names,
	.pv_resolve = sys_resolve,
	.pv_args = sys_args,
	.pv_errno = sys_errno,
	.pv_attr = { "Private", "Private", "Unknown" },
};
