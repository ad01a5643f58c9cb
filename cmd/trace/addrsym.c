/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/addrsym.c: run-time address -> "module`function+0xoff".
 */
#include <config.h>

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/trace/addrsym.h"
#include "demangle/demangle.h"
#include "lib/radix.h"
#include "probes/debugfile.h"
#include "probes/elfsym.h"
#include "probes/modules.h"
#include "probes/procns.h"
#include "probes/vdso.h"

typedef struct as_fn {
	uint64_t	fn_value;	/* link-time */
	uint64_t	fn_size;
	char		*fn_name;	/* owned */
	int		fn_rank;	/* of aliases, the highest is named */
} as_fn_t;

typedef struct as_mod {
	char		as_path[4096];	/* which module this is */
	int		as_loaded;	/* tried to read it */
	uint64_t	as_bias;
	as_fn_t		*as_fns;	/* sorted by fn_value */
	size_t		as_nfns;
	/* the file (and its debug file) kept open while only functions'
	 * bounds were asked for (trace_addrsym_func): 1 open, -1 failed */
	int		as_open;
	pb_elf_t	*as_elf, *as_dbg;
	struct as_ent	*as_ent;	/* their functions' bounds, sorted */
	size_t		as_nent;
} as_mod_t;

/* A function's bounds, its name in the open files' tables. */
typedef struct as_ent {
	uint64_t	en_value, en_size;
	const char	*en_name;
	uint32_t	en_seq;		/* order read: of equal starts the
					 * last read wins, as in load() */
	uint8_t		en_cut;		/* name ends at '@' */
} as_ent_t;

/* A JIT's symbol, from /tmp/perf-PID.map ("START SIZE name" in hex). */
typedef struct as_jit {
	uint64_t	jt_start, jt_size;
	uint64_t	jt_seq;		/* its line: a later one wins */
	char		*jt_name;	/* owned */
} as_jit_t;

/* How often a miss may look at the perf map again, at most. */
#define JIT_RECHECK_NS	10000000ULL

struct addrsym {
	pid_t		a_pid;
	as_jit_t	*a_jit;		/* sorted by jt_start, then jt_seq */
	size_t		a_njit;
	char		*a_jitpath;	/* the perf map, as we open it */
	off_t		a_jitoff;	/* its bytes read (whole lines) */
	dev_t		a_jitdev;	/* which file they were read from */
	ino_t		a_jitino;
	uint64_t	a_jitseq;	/* lines read */
	uint64_t	a_jitcheck;	/* when it was last looked at (ns) */
	pid_t		a_tid;		/* for /proc: a live thread */
	pb_modlist_t	a_ml;
	int		a_ml_ok;
	int		a_dirty;	/* read the maps again on a miss */
	as_mod_t	*a_mods;	/* parallel to a_ml.ml_mods */
	pb_readmem_fn	a_rd;		/* the tracee's memory: the vDSO */
	void		*a_rdcookie;
	int		a_vstate;	/* 0 not read yet, 1 read, -1 none */
	pb_vdso_t	a_vdso;
	as_fn_t		*a_vfns;	/* its functions, run-time addresses */
	size_t		a_nvfns;
};

trace_addrsym_t *
trace_addrsym_new(pid_t pid, pid_t trace_proc_tid)
{
	trace_addrsym_t *a = calloc(1, sizeof(*a));

	if (a == NULL)
		return NULL;
	a->a_pid = pid;
	a->a_tid = trace_proc_tid > 0 ? trace_proc_tid : pid;
	a->a_dirty = 1;
	return a;
}

static void
drop_vdso(trace_addrsym_t *a)
{
	size_t i;

	for (i = 0; i < a->a_nvfns; i++)
		free(a->a_vfns[i].fn_name);
	free(a->a_vfns);
	a->a_vfns = NULL;
	a->a_nvfns = 0;
	pb_vdso_close(&a->a_vdso);
	a->a_vstate = 0;
}

static void
close_files(as_mod_t *m)
{
	if (m->as_dbg != NULL)
		pb_elf_close(m->as_dbg);
	if (m->as_elf != NULL)
		pb_elf_close(m->as_elf);
	m->as_elf = m->as_dbg = NULL;
	free(m->as_ent);
	m->as_ent = NULL;
	m->as_nent = 0;
}

/* What was read of a module: its functions, its open files. */
static void
mod_free(as_mod_t *m)
{
	size_t j;

	for (j = 0; j < m->as_nfns; j++)
		free(m->as_fns[j].fn_name);
	free(m->as_fns);
	close_files(m);
}

static void
drop(trace_addrsym_t *a)
{
	size_t i;

	drop_vdso(a);	/* an exec maps another */
	if (a->a_mods != NULL)
		for (i = 0; i < a->a_ml.ml_n; i++)
			mod_free(&a->a_mods[i]);
	free(a->a_mods);
	a->a_mods = NULL;
	if (a->a_ml_ok)
		pb_modlist_free(&a->a_ml);
	memset(&a->a_ml, 0, sizeof(a->a_ml));
	a->a_ml_ok = 0;
}

void
trace_addrsym_flush(trace_addrsym_t *a)
{
	if (a != NULL)
		a->a_dirty = 1;
}

void
trace_addrsym_free(trace_addrsym_t *a)
{
	size_t i;

	if (a == NULL)
		return;
	drop(a);
	for (i = 0; i < a->a_njit; i++)
		free(a->a_jit[i].jt_name);
	free(a->a_jit);
	free(a->a_jitpath);
	free(a);
}

void
trace_addrsym_set_reader(trace_addrsym_t *a, pb_readmem_fn rd, void *cookie)
{
	if (a == NULL)
		return;
	a->a_rd = rd;
	a->a_rdcookie = cookie;
}

/* By address, aliases by rank: the last of equals is the one named. */
static int
fncmp(const void *x, const void *y)
{
	const as_fn_t *p = x, *q = y;

	if (p->fn_value != q->fn_value)
		return p->fn_value < q->fn_value ? -1 : 1;
	return (p->fn_rank > q->fn_rank) - (p->fn_rank < q->fn_rank);
}

/*
 * v[0..n) in fncmp's order: by lib/radix.h's stable sort on fn_value when
 * every rank is equal (load's are 0) and the table is big enough for it
 * to matter (libc with its debug file: 9,655 functions, a millisecond in
 * qsort, which a syscall site's first call waits for); else, or with no
 * memory, by qsort.
 */
static void
fn_sort(as_fn_t *v, size_t n)
{
	size_t i;

	for (i = 1; i < n && v[i].fn_rank == v[0].fn_rank; i++)
		;
	if (n >= 256 && i == n &&
	    radix_sort64(v, n, sizeof(*v), offsetof(as_fn_t, fn_value)) == 0)
		return;
	qsort(v, n, sizeof(*v), fncmp);
}

/*
 * The vDSO, read once (again after an exec) through the host's reader:
 * its .dynsym functions, at run-time addresses.  Of its aliases the
 * global one is named: __vdso_clock_gettime, not the weak clock_gettime.
 */
static int
vdso_load(trace_addrsym_t *a)
{
	const pb_sym_t *syms;
	char err[256];
	size_t nsyms, k, n = 0;

	if (a->a_vstate != 0)
		return a->a_vstate > 0 ? 0 : -1;
	a->a_vstate = -1;
	if (a->a_rd == NULL || pb_vdso_open(a->a_tid, a->a_rd, a->a_rdcookie,
	    &a->a_vdso, err, sizeof(err)) != 0)
		return -1;
	a->a_vstate = 1;
	if (pb_elf_symbols(a->a_vdso.vd_elf, PB_DYNSYM, &syms, &nsyms, err,
	    sizeof(err)) != 0 || nsyms == 0)
		return 0;
	a->a_vfns = calloc(nsyms, sizeof(*a->a_vfns));
	if (a->a_vfns == NULL)
		return 0;
	for (k = 0; k < nsyms; k++) {
		as_fn_t *f = &a->a_vfns[n];

		if (!(syms[k].sy_flags & PB_SYF_FUNC) ||
		    syms[k].sy_size == 0 || syms[k].sy_name[0] == '\0')
			continue;
		f->fn_value = syms[k].sy_value + a->a_vdso.vd_bias;
		f->fn_size = syms[k].sy_size;
		f->fn_rank = ELF64_ST_BIND(syms[k].sy_info) == STB_GLOBAL;
		f->fn_name = strdup(syms[k].sy_name);
		if (f->fn_name != NULL)
			n++;
	}
	a->a_nvfns = n;
	qsort(a->a_vfns, n, sizeof(*a->a_vfns), fncmp);
	return 0;
}

static bool
in_vdso(trace_addrsym_t *a, uint64_t addr)
{
	return vdso_load(a) == 0 && addr >= a->a_vdso.vd_unwind.vu_lo &&
	    addr < a->a_vdso.vd_unwind.vu_hi;
}

const pb_vdso_unwind_t *
trace_addrsym_vdso(trace_addrsym_t *a)
{
	if (a == NULL || vdso_load(a) != 0 ||
	    a->a_vdso.vd_unwind.vu_hdr == 0)
		return NULL;
	return &a->a_vdso.vd_unwind;
}

/* The function of fns (sorted) that covers v, or NULL. */
static const as_fn_t *
fn_at(const as_fn_t *fns, size_t n, uint64_t v)
{
	size_t lo = 0, hi = n;

	/* the last function starting at or below v */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fns[mid].fn_value <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && v - fns[lo - 1].fn_value < fns[lo - 1].fn_size)
		return &fns[lo - 1];
	return NULL;
}

/* "mod`function+0xoff" for v in f (NULL: "mod`0xaddr"). */
static void
format(char *buf, size_t len, const char *mod, const as_fn_t *f,
    uint64_t v, uint64_t addr, int mangled)
{
	const char *name;

	if (f == NULL) {
		snprintf(buf, len, "%s`0x%" PRIx64, mod, addr);
		return;
	}
	name = mangled ? f->fn_name : dm_demangle(f->fn_name);
	if (v == f->fn_value)
		snprintf(buf, len, "%s`%s", mod, name);
	else
		snprintf(buf, len, "%s`%s+0x%" PRIx64, mod, name,
		    v - f->fn_value);
}

/*
 * A stripped file's symbols in its separate debug file
 * (probes/debugfile.h: by build-id, then .gnu_debuglink; Debian's -dbg
 * and -dbgsym packages, libc6-dbg for libc's local functions such as
 * __libc_start_call_main), as the process sees its debug directories,
 * then the host's.  NULL when the file has a .symtab or no debug file
 * is installed.
 */
static pb_elf_t *
debug_file(trace_addrsym_t *a, const pb_module_t *md, pb_elf_t *e)
{
	const pb_sym_t *syms;
	char path[PATH_MAX], err[256];
	size_t nsyms;

	if (pb_elf_symbols(e, PB_SYMTAB, &syms, &nsyms, err, sizeof(err)) ==
	    0 && nsyms > 0)
		return NULL;
	if (pb_debugfile_find(a->a_tid, md->md_path, e, path,
	    sizeof(path)) != 0)
		return NULL;
	return pb_elf_open(path, err, sizeof(err));
}

/* Open module i's file and debug file, and find its bias: 0, or -1. */
static int
open_files(trace_addrsym_t *a, size_t i)
{
	pb_module_t *md = &a->a_ml.ml_mods[i];
	as_mod_t *m = &a->a_mods[i];
	const pb_load_t *loads;
	char path[4096], err[256];
	size_t nloads;
	pb_elf_t *e;

	if (m->as_open != 0)
		return m->as_open > 0 ? 0 : -1;
	m->as_open = -1;
	if (pb_module_open_path(a->a_tid, md, path, sizeof(path)) != 0)
		return -1;
	e = pb_elf_open(path, err, sizeof(err));
	if (e == NULL)
		return -1;
	pb_elf_loads(e, &loads, &nloads);
	if (pb_module_bias(md, loads, nloads, pb_elf_type(e) == ET_EXEC) != 0) {
		pb_elf_close(e);
		return -1;
	}
	m->as_bias = md->md_bias;
	m->as_elf = e;
	m->as_dbg = debug_file(a, md, e);
	m->as_open = 1;
	return 0;
}

/* Read module i's function symbols and bias. */
static void
load(trace_addrsym_t *a, size_t i)
{
	as_mod_t *m = &a->a_mods[i];
	const pb_sym_t *syms;
	const pb_plt_t *plt;
	char err[256];
	size_t nsyms, nplt, k, n = 0;
	pb_elf_t *e, *dbg;
	int t;

	m->as_loaded = 1;
	if (open_files(a, i) != 0)
		return;
	e = m->as_elf;
	dbg = m->as_dbg;
	for (t = PB_SYMTAB; t <= PB_DYNSYM + 1; t++) {
		as_fn_t *nf;

		/* after .symtab and .dynsym, the debug file's .symtab */
		if (t == PB_DYNSYM + 1 ? dbg == NULL ||
		    pb_elf_symbols(dbg, PB_SYMTAB, &syms, &nsyms, err,
		    sizeof(err)) != 0 :
		    pb_elf_symbols(e, t, &syms, &nsyms, err, sizeof(err)) != 0)
			continue;
		nf = realloc(m->as_fns, (n + nsyms) * sizeof(*nf));
		if (nf == NULL)
			break;
		m->as_fns = nf;
		for (k = 0; k < nsyms; k++) {
			if (!(syms[k].sy_flags & PB_SYF_FUNC) ||
			    syms[k].sy_size == 0 || syms[k].sy_name[0] == '\0')
				continue;
			m->as_fns[n].fn_value = syms[k].sy_value;
			m->as_fns[n].fn_size = syms[k].sy_size;
			m->as_fns[n].fn_rank = 0;
			/* the static linker's table names versions:
			 * __libc_start_main@GLIBC_2.2.5 is .dynsym's
			 * __libc_start_main */
			m->as_fns[n].fn_name = t > PB_DYNSYM ?
			    strndup(syms[k].sy_name,
			    strcspn(syms[k].sy_name, "@")) :
			    strdup(syms[k].sy_name);
			if (m->as_fns[n].fn_name != NULL)
				n++;
		}
	}
	/* PLT stubs have no symbol: named "foo@plt", as the pid provider
	 * names their probes (pb_elf_plt), not left as bare addresses. */
	if (pb_elf_plt(e, &plt, &nplt) == 0 && nplt > 0) {
		as_fn_t *nf = realloc(m->as_fns, (n + nplt) * sizeof(*nf));

		if (nf != NULL) {
			m->as_fns = nf;
			for (k = 0; k < nplt; k++) {
				memset(&nf[n], 0, sizeof(nf[n]));
				nf[n].fn_value = plt[k].pt_addr;
				nf[n].fn_size = plt[k].pt_size;
				nf[n].fn_name = strdup(plt[k].pt_name);
				if (nf[n].fn_name != NULL)
					n++;
			}
		}
	}
	m->as_nfns = n;
	if (n > 0)
		fn_sort(m->as_fns, n);
	close_files(m);
}

static int
entcmp(const void *x, const void *y)
{
	const as_ent_t *a = x, *b = y;

	if (a->en_value != b->en_value)
		return a->en_value < b->en_value ? -1 : 1;
	return a->en_seq < b->en_seq ? -1 : a->en_seq > b->en_seq;
}

/* The open files' functions and PLT stubs, in load()'s order, sorted. */
static int
index_files(as_mod_t *m)
{
	const pb_sym_t *syms;
	const pb_plt_t *plt;
	char err[256];
	size_t nsyms, nplt, k, n = 0, cap = 0;
	as_ent_t *v = NULL, *nv;
	int t;

	for (t = PB_SYMTAB; t <= PB_DYNSYM + 2; t++) {
		if (t == PB_DYNSYM + 2) {
			/* PLT stubs: "foo@plt", as load() names them */
			if (pb_elf_plt(m->as_elf, &plt, &nplt) != 0)
				break;
			nsyms = nplt;
			syms = NULL;
		} else if (t == PB_DYNSYM + 1 ? m->as_dbg == NULL ||
		    pb_elf_symbols(m->as_dbg, PB_SYMTAB, &syms, &nsyms, err,
		    sizeof(err)) != 0 :
		    pb_elf_symbols(m->as_elf, t, &syms, &nsyms, err,
		    sizeof(err)) != 0)
			continue;
		if (n + nsyms > cap) {
			cap = n + nsyms;
			nv = realloc(v, (cap ? cap : 1) * sizeof(*v));
			if (nv == NULL) {
				free(v);
				return -1;
			}
			v = nv;
		}
		for (k = 0; k < nsyms; k++) {
			if (syms == NULL) {
				v[n].en_value = plt[k].pt_addr;
				v[n].en_size = plt[k].pt_size;
				v[n].en_name = plt[k].pt_name;
				v[n].en_cut = 0;
			} else {
				if (!(syms[k].sy_flags & PB_SYF_FUNC) ||
				    syms[k].sy_size == 0 ||
				    syms[k].sy_name[0] == '\0')
					continue;
				v[n].en_value = syms[k].sy_value;
				v[n].en_size = syms[k].sy_size;
				v[n].en_name = syms[k].sy_name;
				v[n].en_cut = t > PB_DYNSYM;
			}
			v[n].en_seq = (uint32_t)n;
			n++;
		}
	}
	/* v is in en_seq order: a stable sort on en_value is entcmp's */
	if (n > 1 && radix_sort64(v, n, sizeof(*v),
	    offsetof(as_ent_t, en_value)) != 0)
		qsort(v, n, sizeof(*v), entcmp);
	m->as_ent = v;
	m->as_nent = n;
	return 0;
}

/*
 * The function covering link-time address v, as load() then fn_at()
 * would find it (the same tables in the same order, the last of equal
 * starts winning as in its stable sort), without reading the names:
 * the syscall sites' bounds need a function or two of a module, and
 * copying every name, sorting and freeing them was ~1 ms of a short
 * traced command's run (libc and the loader, under the syscall
 * provider).  0 with its bounds and name, or -1.
 */
static int
func_scan(as_mod_t *m, uint64_t v, uint64_t *value, uint64_t *size,
    char *name, size_t len)
{
	const as_ent_t *e;
	size_t lo = 0, hi;

	if (m->as_ent == NULL && index_files(m) != 0)
		return -1;
	hi = m->as_nent;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->as_ent[mid].en_value <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return -1;
	e = &m->as_ent[lo - 1];
	if (e->en_size == 0 || v - e->en_value >= e->en_size)
		return -1;
	*value = e->en_value;
	*size = e->en_size;
	snprintf(name, len, "%.*s", (int)(e->en_cut ?
	    strcspn(e->en_name, "@") : strlen(e->en_name)), e->en_name);
	return 0;
}

/* The same module: its file and where its first mapping lies. */
static bool
same_module(const pb_module_t *x, const pb_module_t *y)
{
	return x->md_ino == y->md_ino && x->md_major == y->md_major &&
	    x->md_minor == y->md_minor && x->md_nmaps != 0 &&
	    y->md_nmaps != 0 &&
	    x->md_maps[0].mp_start == y->md_maps[0].mp_start &&
	    strcmp(x->md_path, y->md_path) == 0;
}

int
trace_addrsym_grow(trace_addrsym_t *a)
{
	pb_modlist_t ml;
	as_mod_t *mods;
	bool *moved;
	size_t i, j;

	if (a == NULL || !a->a_ml_ok || a->a_dirty)
		return -1;	/* the next lookup reads it all anyway */
	if (pb_modules_read(a->a_tid, &ml) != 0) {
		pb_modlist_free(&ml);
		return -1;
	}
	mods = calloc(ml.ml_n ? ml.ml_n : 1, sizeof(*mods));
	moved = calloc(a->a_ml.ml_n ? a->a_ml.ml_n : 1, sizeof(*moved));
	if (mods == NULL || moved == NULL) {
		free(mods);
		free(moved);
		pb_modlist_free(&ml);
		return -1;
	}
	/* what was read of a module that is still there moves over */
	for (i = 0; i < ml.ml_n; i++)
		for (j = 0; j < a->a_ml.ml_n; j++)
			if (!moved[j] &&
			    same_module(&ml.ml_mods[i], &a->a_ml.ml_mods[j])) {
				mods[i] = a->a_mods[j];
				memset(&a->a_mods[j], 0, sizeof(a->a_mods[j]));
				moved[j] = true;
				break;
			}
	free(moved);
	for (j = 0; j < a->a_ml.ml_n; j++)
		mod_free(&a->a_mods[j]);
	free(a->a_mods);
	pb_modlist_free(&a->a_ml);
	a->a_ml = ml;
	a->a_mods = mods;
	return 0;
}

static int
find_module(trace_addrsym_t *a, uint64_t addr, size_t *idx)
{
	pb_module_t *md;

	if (a->a_ml_ok && (md = pb_modlist_find_addr(&a->a_ml, addr)) != NULL) {
		*idx = (size_t)(md - a->a_ml.ml_mods);
		return 0;
	}
	if (!a->a_dirty)
		return -1;
	drop(a);
	a->a_dirty = 0;
	if (pb_modules_read(a->a_tid, &a->a_ml) != 0)
		return -1;
	a->a_ml_ok = 1;
	a->a_mods = calloc(a->a_ml.ml_n ? a->a_ml.ml_n : 1,
	    sizeof(*a->a_mods));
	if (a->a_mods == NULL) {
		drop(a);
		return -1;
	}
	md = pb_modlist_find_addr(&a->a_ml, addr);
	if (md == NULL)
		return -1;
	*idx = (size_t)(md - a->a_ml.ml_mods);
	return 0;
}

static int
jitcmp(const void *x, const void *y)
{
	const as_jit_t *p = x, *q = y;

	if (p->jt_start != q->jt_start)
		return p->jt_start < q->jt_start ? -1 : 1;
	return p->jt_seq < q->jt_seq ? -1 : p->jt_seq > q->jt_seq;
}

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * The perf map's path as we open it: /tmp/perf-N.map where N is the
 * process's own pid, in its own PID namespace and under its own root
 * (a container's node writes /tmp/perf-1.map in the container's /tmp).
 */
static const char *
jit_path(trace_addrsym_t *a)
{
	char name[64], path[PATH_MAX + 64];

	if (a->a_jitpath != NULL)
		return a->a_jitpath;
	snprintf(name, sizeof(name), "/tmp/perf-%d.map",
	    (int)pb_proc_nspid(a->a_tid));
	if (pb_proc_path(a->a_tid, name, path, sizeof(path)) != 0)
		return NULL;
	a->a_jitpath = strdup(path);
	return a->a_jitpath;
}

static void
jit_drop(trace_addrsym_t *a)
{
	size_t i;

	for (i = 0; i < a->a_njit; i++)
		free(a->a_jit[i].jt_name);
	free(a->a_jit);
	a->a_jit = NULL;
	a->a_njit = 0;
	a->a_jitoff = 0;
	a->a_jitseq = 0;
}

/*
 * Parse the whole lines of buf[0..n) into a new sorted array; *used
 * gets the bytes they take (a line still being written is left for the
 * next read).
 */
static as_jit_t *
jit_parse(trace_addrsym_t *a, char *buf, size_t n, size_t *cnt, size_t *used)
{
	as_jit_t *nj = NULL, *g;
	size_t k = 0, cap = 0;
	char *line = buf, *nl;

	*used = 0;
	while ((nl = memchr(line, '\n', n - (size_t)(line - buf))) != NULL) {
		unsigned long long start, size;
		int off = 0;

		*nl = '\0';
		if (sscanf(line, "%llx %llx %n", &start, &size, &off) == 2 &&
		    off > 0) {
			if (k == cap) {
				cap = cap ? 2 * cap : 256;
				g = realloc(nj, cap * sizeof(*g));
				if (g == NULL)
					break;
				nj = g;
			}
			nj[k].jt_start = start;
			nj[k].jt_size = size;
			nj[k].jt_seq = a->a_jitseq++;
			nj[k].jt_name = strdup(line + off);
			if (nj[k].jt_name != NULL)
				k++;
		}
		line = nl + 1;
		*used = (size_t)(line - buf);
	}
	if (k > 0)
		qsort(nj, k, sizeof(*nj), jitcmp);
	*cnt = k;
	return nj;
}

/*
 * Read the perf map again when it grew: a JIT appends a line for each
 * function it compiles (node --perf-basic-prof, the JVM's
 * perf-map-agent, LuaJIT), so only the new lines are read and merged
 * in.  A later line for the same start wins, as in perf.  Looked at
 * (one stat) at most every JIT_RECHECK_NS, and only on a miss: a stack
 * whose frames are all named costs nothing.
 */
static void
jit_load(trace_addrsym_t *a)
{
	const char *path;
	as_jit_t *nj, *all;
	size_t n, got, used, k, i, j;
	uint64_t t = now_ns();
	struct stat st;
	char *buf;
	ssize_t r;
	int fd;

	if (a->a_jitcheck != 0 && t - a->a_jitcheck < JIT_RECHECK_NS)
		return;
	a->a_jitcheck = t;
	if ((path = jit_path(a)) == NULL || stat(path, &st) != 0)
		return;		/* gone with its process: keep what we read */
	if (st.st_dev != a->a_jitdev || st.st_ino != a->a_jitino ||
	    st.st_size < a->a_jitoff) {
		jit_drop(a);	/* another file, or rewritten */
		a->a_jitdev = st.st_dev;
		a->a_jitino = st.st_ino;
	}
	if (st.st_size == a->a_jitoff)
		return;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = (size_t)(st.st_size - a->a_jitoff);
	buf = malloc(n + 1);
	got = 0;
	while (buf != NULL && got < n && (r = pread(fd, buf + got, n - got,
	    a->a_jitoff + (off_t)got)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		got += (size_t)r;
	}
	close(fd);
	if (buf == NULL)
		return;
	nj = jit_parse(a, buf, got, &k, &used);
	free(buf);
	a->a_jitoff += (off_t)used;
	if (k == 0) {
		free(nj);
		return;
	}
	all = realloc(a->a_jit, (a->a_njit + k) * sizeof(*all));
	if (all == NULL) {
		for (i = 0; i < k; i++)
			free(nj[i].jt_name);
		free(nj);
		return;
	}
	/* merge from the back: both sorted, the new lines after equals */
	i = a->a_njit;
	j = k;
	while (j > 0) {
		if (i > 0 && jitcmp(&all[i - 1], &nj[j - 1]) > 0) {
			all[i + j - 1] = all[i - 1];
			i--;
		} else {
			all[i + j - 1] = nj[j - 1];
			j--;
		}
	}
	free(nj);
	a->a_jit = all;
	a->a_njit += k;
}

/* A JIT-compiled function's name, or NULL. */
static const char *
jit_find(trace_addrsym_t *a, uint64_t addr, int reload)
{
	size_t lo = 0, hi;

	if (reload)
		jit_load(a);
	hi = a->a_njit;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (a->a_jit[mid].jt_start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && addr - a->a_jit[lo - 1].jt_start <
	    a->a_jit[lo - 1].jt_size)
		return a->a_jit[lo - 1].jt_name;
	return reload ? NULL : jit_find(a, addr, 1);
}

void
trace_addrsym_prime(trace_addrsym_t *a, uint64_t addr)
{
	size_t i;

	if (a == NULL)
		return;
	if (find_module(a, addr, &i) == 0 &&
	    a->a_ml.ml_mods[i].md_base[0] != '[') {
		if (!a->a_mods[i].as_loaded)
			load(a, i);
	} else if (!in_vdso(a, addr)) {
		/* JIT code: its perf map is read while the process lives
		 * (a container's /tmp is gone with its last process) */
		(void)jit_find(a, addr, 0);
	}
}

int
trace_addrsym_lookup(trace_addrsym_t *a, uint64_t addr, int mangled, char *buf,
    size_t len)
{
	as_mod_t *m;
	size_t i;

	if (a == NULL)
		return -1;
	if (find_module(a, addr, &i) != 0 ||
	    a->a_ml.ml_mods[i].md_base[0] == '[') {
		const char *jn;

		if (in_vdso(a, addr)) {
			format(buf, len, PB_VDSO_NAME,
			    fn_at(a->a_vfns, a->a_nvfns, addr), addr, addr,
			    mangled);
			return 0;
		}
		/* anonymous memory: JIT code, named by the perf map */
		jn = jit_find(a, addr, 0);
		if (jn == NULL)
			return -1;
		snprintf(buf, len, "%s", jn);
		return 1;
	}
	m = &a->a_mods[i];
	if (!m->as_loaded)
		load(a, i);
	format(buf, len, a->a_ml.ml_mods[i].md_base,
	    fn_at(m->as_fns, m->as_nfns, addr - m->as_bias), addr - m->as_bias,
	    addr, mangled);
	return 0;
}

int
trace_addrsym_func(trace_addrsym_t *a, uint64_t addr, uint64_t *lo,
    uint64_t *hi, char *name, size_t len)
{
	const as_fn_t *f;
	as_mod_t *m;
	size_t i;

	if (a == NULL || find_module(a, addr, &i) != 0 ||
	    a->a_ml.ml_mods[i].md_base[0] == '[')
		return -1;
	m = &a->a_mods[i];
	if (!m->as_loaded) {
		uint64_t value, size;

		if (open_files(a, i) != 0 || func_scan(m, addr - m->as_bias,
		    &value, &size, name, len) != 0)
			return -1;
		*lo = value + m->as_bias;
		*hi = *lo + size;
		return 0;
	}
	f = fn_at(m->as_fns, m->as_nfns, addr - m->as_bias);
	if (f == NULL || f->fn_size == 0)
		return -1;
	*lo = f->fn_value + m->as_bias;
	*hi = *lo + f->fn_size;
	snprintf(name, len, "%s", f->fn_name != NULL ? f->fn_name : "");
	return 0;
}
