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
	return failures != 0;
}
