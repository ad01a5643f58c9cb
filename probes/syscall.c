/*
 * syscall: the syscall provider's table and matching (syscall.h).
 */
#include "config.h"

#include <errno.h>
#include <fnmatch.h>
#include <string.h>

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
