/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/probes/syscall-test.c: the syscall provider's table, matching and
 * return values (probes/syscall.h), without a process.  The table is
 * checked against the libc's own SYS_ numbers, which come from the same
 * headers by another road.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/syscall.h>

#include "probes/provider.h"
#include "probes/syscall.h"
#include "t/check.h"

typedef struct seen {
	size_t	n;
	long	nr[16];
	char	func[16][32];
	int	kind[16];
} seen_t;

static void
collect(void *arg, long nr, const char *func, pb_syskind_t kind)
{
	seen_t *s = arg;

	if (s->n < 16) {
		s->nr[s->n] = nr;
		strncpy(s->func[s->n], func, sizeof(s->func[0]) - 1);
		s->kind[s->n] = kind;
	}
	s->n++;
}

static size_t
count(const char *prov, const char *mod, const char *func, const char *name)
{
	return pb_syscall_match(prov, mod, func, name, NULL, NULL);
}

int
main(void)
{
	size_t i, n = pb_syscall_count();
	const char *name, *prev = NULL;
	long nr, last = -1;
	int64_t a0;
	int err;
	seen_t s;

	/* The table: sorted, named as the kernel names the calls. */
	CHECKF(n > 300, "only %zu system calls", n);
	for (i = 0; i < n; i++) {
		nr = pb_syscall_at(i, &name);
		CHECKF(nr > last, "%s (%ld) after %s (%ld)", name, nr,
		       prev != NULL ? prev : "", last);
		CHECK(strcmp(pb_syscall_name(nr), name) == 0);
		CHECK(pb_syscall_nr(name) == nr);
		last = nr;
		prev = name;
	}
	CHECK(pb_syscall_limit() == last + 1);
	CHECK(strcmp(pb_syscall_name(SYS_read), "read") == 0);
	CHECK(strcmp(pb_syscall_name(SYS_openat), "openat") == 0);
	CHECK(strcmp(pb_syscall_name(SYS_exit_group), "exit_group") == 0);
	CHECK(strcmp(pb_syscall_name(SYS_newfstatat), "newfstatat") == 0);
	CHECK(strcmp(pb_syscall_name(SYS_restart_syscall),
		     "restart_syscall") == 0);
	CHECK(pb_syscall_nr("clone3") == SYS_clone3);
	CHECK(pb_syscall_name(-1) == NULL);
	CHECK(pb_syscall_name(100000) == NULL);
	CHECK(pb_syscall_nr("quatize") == -1);

	/* Descriptions. */
	CHECK(count("syscall", "", "read", "entry") == 1);
	CHECK(count("syscall", NULL, "read", NULL) == 2);
	CHECK(count(NULL, NULL, NULL, NULL) == 2 * n);
	CHECK(count("syscall", "", "", "entry") == n);
	CHECK(count("sys*", "", "", "return") == n);
	CHECK(count("pid123", "", "read", "entry") == 0);
	CHECK(count("syscall", "vmlinux", "read", "entry") == 0);
	CHECK(count("syscall", "*", "read", "entry") == 1);
	CHECK(count("syscall", "", "read", "ent") == 0);
	CHECK(count("syscall", "", "nosuchcall", "") == 0);
	CHECK(count("syscall", "", "*read*", "entry") ==
	      count("syscall", "", "*read*", "return"));
	memset(&s, 0, sizeof(s));
	pb_syscall_match("syscall", "", "open*", "", collect, &s);
	/* open, openat, open_by_handle_at, open_tree, openat2 (6.x) */
	CHECKF(s.n >= 8 && s.n % 2 == 0, "open*: %zu probes", s.n);
	CHECK(s.nr[0] == SYS_open && strcmp(s.func[0], "open") == 0 &&
	      s.kind[0] == PB_SYS_ENTRY && s.kind[1] == PB_SYS_RETURN);
	CHECK(s.nr[2] == SYS_openat && strcmp(s.func[2], "openat") == 0);
	memset(&s, 0, sizeof(s));
	pb_syscall_match("syscall", "", "[rw]ead*", "r*", collect, &s);
	/* read, readv, readlink, readahead, readlinkat: returns only */
	CHECK(s.n == 5 && s.kind[0] == PB_SYS_RETURN &&
	      s.kind[4] == PB_SYS_RETURN);

	/* Return values as D sees them. */
	pb_syscall_retval(42, false, &a0, &err);
	CHECK(a0 == 42 && err == 0);
	pb_syscall_retval(0, false, &a0, &err);
	CHECK(a0 == 0 && err == 0);
	pb_syscall_retval(-ENOENT, true, &a0, &err);
	CHECK(a0 == -1 && err == ENOENT);
	pb_syscall_retval(-512, true, &a0, &err);	/* ERESTARTSYS */
	CHECK(a0 == -1 && err == EINTR);
	pb_syscall_retval(-513, true, &a0, &err);
	CHECK(a0 == -1 && err == EINTR);
	pb_syscall_retval(-514, true, &a0, &err);
	CHECK(a0 == -1 && err == EINTR);
	pb_syscall_retval(-516, true, &a0, &err);
	CHECK(a0 == -1 && err == EINTR);
	pb_syscall_retval(-EINTR, true, &a0, &err);
	CHECK(a0 == -1 && err == EINTR);
	/* An mmap address in the top half is no error. */
	pb_syscall_retval((int64_t)0xffffffffff600000ull, false, &a0, &err);
	CHECK(err == 0 && a0 == (int64_t)0xffffffffff600000ull);

	/* Through the providers' interface (provider.h). */
	{
		const pb_provider_t *pv = &pb_syscall_provider;
		pb_probe_list_t l = PB_PROBE_LIST_INIT;
		pb_desc_t de = { "syscall", "", "read", "" };
		pb_regs_t regs;
		pb_fireref_t fr;
		pb_fire_t f;
		uint64_t args[10];
		char ebuf[128];

		CHECK(pv->pv_names("syscall", 1) && pv->pv_names("sys*", 1));
		/* "" names every provider, as in dtrace */
		CHECK(pv->pv_names("", 1) && !pv->pv_names("pid1", 1));
		CHECK(pv->pv_resolve(1, 1, &de, 0, &l, ebuf,
				     sizeof(ebuf)) == 2);
		/* Again: nothing new. */
		CHECK(pv->pv_resolve(1, 1, &de, 0, &l, ebuf,
				     sizeof(ebuf)) == 0);
		CHECK(l.pl_n == 2);
		CHECK(strcmp(l.pl_probes[0].pr_provider, "syscall") == 0 &&
		      strcmp(l.pl_probes[0].pr_mod, "") == 0 &&
		      strcmp(l.pl_probes[0].pr_func, "read") == 0 &&
		      strcmp(l.pl_probes[0].pr_name, "entry") == 0 &&
		      l.pl_probes[0].pr_arm == PB_ARM_SYSCALL &&
		      l.pl_probes[0].pr_syscall.sc_nr == SYS_read &&
		      !l.pl_probes[0].pr_syscall.sc_return &&
		      l.pl_probes[1].pr_syscall.sc_return);
		de.de_func = "nosuchcall";
		CHECK(pv->pv_resolve(1, 1, &de, 0, &l, ebuf,
				     sizeof(ebuf)) == 0);
		/* PB_COUNT: how many match, the list as it was */
		CHECK(pv->pv_resolve(1, 1, &de, PB_COUNT, &l, ebuf,
				     sizeof(ebuf)) == 0);
		de.de_func = "read*";
		{
			pb_probe_list_t all = PB_PROBE_LIST_INIT;
			int na = pv->pv_resolve(1, 1, &de, 0, &all, ebuf,
			    sizeof(ebuf));

			CHECKF(na >= 6 && pv->pv_resolve(1, 1, &de, PB_COUNT,
			    &l, ebuf, sizeof(ebuf)) == na && l.pl_n == 2,
			    "read*: %d probes", na);
			pb_probe_list_free(&all);
		}
		de.de_func = "nosuchcall";
		memset(&regs, 0, sizeof(regs));
		regs.orig_rax = SYS_read;
		regs.rdi = 3;
		regs.rsi = 0x1000;
		regs.rdx = 1234;
		regs.r10 = 4;
		regs.r8 = 5;
		regs.r9 = 6;
		regs.rcx = 99;	/* clobbered by `syscall`: not an argument */
		memset(&f, 0, sizeof(f));
		f.fi_regs = &regs;
		pb_fireref_init(&fr, &l.pl_probes[0], 0);
		CHECK(pv->pv_args(&fr, &f, args, 10) == 6);
		CHECK(args[0] == 3 && args[1] == 0x1000 && args[2] == 1234 &&
		      args[3] == 4 && args[4] == 5 && args[5] == 6);
		CHECK(pv->pv_errno(&fr, &f) == 0);
		pb_fireref_init(&fr, &l.pl_probes[1], 0);
		regs.rax = 1234;
		CHECK(pv->pv_args(&fr, &f, args, 10) == 2);
		CHECK(args[0] == 1234 && args[1] == 1234);
		CHECK(pv->pv_errno(&fr, &f) == 0);
		regs.rax = (uint64_t)-EBADF;
		CHECK(pv->pv_args(&fr, &f, args, 10) == 2);
		CHECK((int64_t)args[0] == -1 && (int64_t)args[1] == -1);
		CHECK(pv->pv_errno(&fr, &f) == EBADF);
		regs.rax = (uint64_t)-512;
		CHECK(pv->pv_errno(&fr, &f) == EINTR);
		pb_probe_list_free(&l);
	}
	return failures != 0;
}
