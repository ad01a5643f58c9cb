/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pid: the pid provider's probe resolution (the contract is in pid.h).
 *
 * Per mapped file, a function index is built once and cached by device
 * and inode: the FUNC symbols of .symtab and .dynsym with nonzero size,
 * sorted by address and then by how good a name each is, so the first
 * name of an address is the one a glob probe takes.  A resolution walks
 * the names of each matching module, tests each against the compiled
 * function glob (match.h: cheap for non-candidates), and creates probes;
 * return and offset probes decode the function's bytes from the file
 * (retsite.h).
 */
#include "config.h"

#include <elf.h>
#include <gelf.h>
#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "demangle/demangle.h"
#include "lib/fnv.h"
#include "probes/debugfile.h"
#include "probes/dwarf.h"
#include "probes/elfsym.h"
#include "probes/match.h"
#include "probes/modules.h"
#include "probes/object.h"
#include "probes/pid.h"
#include "probes/retsite.h"
#include "probes/lsda.h"
#include "probes/cfa.h"
#include "probes/brtarget.h"
#include "probes/abi.h"
#include "probes/gosym.h"

/* One name of a function. */
struct fname {
	const char *fn_name;	/* raw symbol name, owned by the pb_elf_t */
	uint32_t fn_func;	/* index in sf_funcs */
	uint32_t fn_rank;	/* lower is better (see name_rank) */
};

/* One function: an address with a size. */
struct func {
	uint64_t fu_addr;	/* link-time */
	uint64_t fu_size;
	uint64_t fu_cold;	/* link-time start of foo.cold, or 0 */
	uint64_t fu_coldsize;
	int fu_ifunc;		/* STT_GNU_IFUNC: the address is a resolver */
	int fu_plt;		/* a PLT stub, "foo@plt" (elfsym.h) */
	uint8_t fu_abi;		/* pb_abi_t: how it takes arguments */
	uint8_t fu_unsure;	/* its names disagree on its size, or name
				 * two .cold parts: which bytes are its own
				 * is not known (inlined copies) */
};

/* One mapped ELF file (object.h), with its function index. */
struct symfile {
	pb_object_t sf_ob;	/* the file; first, for the cache */
	pb_elf_t *sf_dbg;	/* its separate debug file (debugfile.h),
				 * for .symtab when the file has none; or
				 * NULL */
	char *sf_dbgpath;	/* that file's path, or NULL */
	pb_dwarf_t *sf_dw;	/* its DWARF, opened on first use by
				 * pid_argtypes; NULL */
	int sf_dwtried;
	struct func *sf_funcs;	/* ascending fu_addr */
	size_t sf_nfuncs;
	struct fname *sf_names;	/* grouped by function, best name first */
	size_t sf_nnames;
	char **sf_owned;	/* names built here ("memcpy@GLIBC_2.2.5") */
	size_t sf_nowned;
	uint64_t *sf_lpads;	/* C++ landing pads, link-time, ascending */
	size_t sf_nlpads;
	int sf_lpadsdone;	/* read (lsda.h), on first use */
	pb_cfi_t *sf_cfi;	/* its .eh_frame's CFI (cfa.h), on first
				 * use; NULL */
	int sf_cfitried;
	pb_brt_t *sf_brt;	/* where code may land (brtarget.h), on
				 * first use with PB_FASTSITES; or NULL */
	int sf_brttried;
	int sf_goabi;		/* pb_gosym_abi: 0 not Go, 1 stack, 2
				 * registers */
	pb_gofunc_t *sf_gofuncs;	/* its .gopclntab, ascending */
	size_t sf_ngofuncs;
	int sf_fromgo;		/* the function names are .gopclntab's
				 * (no .symtab) */
};

static void symfile_init(pb_object_t *ob, const pb_module_t *md);
static void symfile_fini(pb_object_t *ob);

static pb_objcache_t cache = {
	.oc_size = sizeof(struct symfile),
	.oc_init = symfile_init,
	.oc_fini = symfile_fini,
};

struct res;
static void mark_sites(const struct res *rs, struct symfile *sf,
    pb_probe_t *p, uint64_t bias);
static pb_dwarf_t *symfile_dwarf(struct symfile *sf);

/*
 * Which alias names an address for a glob probe: .symtab before .dynsym
 * (the brief of pid.h), GLOBAL before WEAK before LOCAL, then fewer
 * leading underscores (malloc before __libc_malloc), then shorter.
 */
static uint32_t
name_rank(const pb_sym_t *s, int table)
{
	unsigned bind = GELF_ST_BIND(s->sy_info);
	uint32_t r = 0, us = 0;
	const char *p;

	r |= (uint32_t)table << 28;
	r |= (bind == STB_GLOBAL ? 0U : bind == STB_WEAK ? 1U : 2U) << 24;
	for (p = s->sy_name; *p == '_' && us < 15; p++)
		us++;
	r |= us << 16;
	r |= (uint32_t)(strlen(s->sy_name) < 0xffff ?
	    strlen(s->sy_name) : 0xffff);
	return r;
}

struct cand {
	uint64_t addr, size;
	const char *name;
	uint32_t rank;
	int ifunc;
	int plt;
	int abi0;		/* named "foo.abi0": Go's ABI0 */
};

static int
cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	int c;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	c = strcmp(x->name, y->name);
	return c;
}

struct coldent {
	const char *parent;	/* name without ".cold"; owned */
	size_t plen;
	uint64_t addr, size;
};

static int
cold_cmp(const void *a, const void *b)
{
	const struct coldent *x = a, *y = b;
	size_t n = x->plen < y->plen ? x->plen : y->plen;
	int c = memcmp(x->parent, y->parent, n);

	if (c != 0)
		return c;
	return x->plen < y->plen ? -1 : x->plen > y->plen;
}

/*
 * GCC names the unlikely part of foo "foo.cold" (sometimes "foo.cold.N"
 * on older releases).  Returns the length of "foo", or 0.
 */
static size_t
cold_parent_len(const char *name)
{
	const char *c = strstr(name, ".cold");

	if (c == NULL || c == name)
		return 0;
	if (c[5] != '\0' && c[5] != '.')
		return 0;
	return (size_t)(c - name);
}

/* Room for one more candidate at the end of *cv: it, counted, or NULL. */
static struct cand *
cand_new(struct cand **cv, size_t *ncand, size_t *ccap)
{
	if (*ncand == *ccap) {
		size_t nc = *ccap ? *ccap * 2 : 1024;
		struct cand *p = realloc(*cv, nc * sizeof(*p));

		if (p == NULL)
			return NULL;
		*cv = p;
		*ccap = nc;
	}
	return &(*cv)[(*ncand)++];
}

/*
 * The PLT stubs, as functions named "foo@plt" (objdump's names): no
 * symbol covers them, and they are where a program's calls into a
 * library can be counted one caller module at a time, as ltrace does.
 * Ranked after every real name, should a symbol share the address.
 */
static int
add_plt(struct symfile *sf, struct cand **cv, size_t *ncand, size_t *ccap)
{
	const pb_plt_t *plt;
	size_t n, i;

	if (pb_elf_plt(sf->sf_ob.ob_elf, &plt, &n) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		struct cand *c;

		if ((c = cand_new(cv, ncand, ccap)) == NULL)
			return -1;
		c->addr = plt[i].pt_addr;
		c->size = plt[i].pt_size;
		c->name = plt[i].pt_name;
		c->rank = 3U << 28;
		c->ifunc = 0;
		c->plt = 1;
		c->abi0 = 0;
	}
	return 0;
}

static int
gofunc_cmp(const void *a, const void *b)
{
	const pb_gofunc_t *x = a, *y = b;

	return (x->gf_addr > y->gf_addr) - (x->gf_addr < y->gf_addr);
}

/*
 * A Go binary: its .gopclntab says which functions are Go's (a cgo
 * program's C functions are not there) and, without .symtab (go build
 * -ldflags='-s -w'), names them.  Ranked after .dynsym's names.
 */
static int
add_go(struct symfile *sf, int hassymtab, struct cand **cv, size_t *ncand,
    size_t *ccap)
{
	char e[128];
	long n, i;

	sf->sf_goabi = pb_gosym_abi(sf->sf_ob.ob_elf);
	if (sf->sf_goabi == 0)
		return 0;
	n = pb_gosym_funcs(sf->sf_ob.ob_elf, &sf->sf_gofuncs, e, sizeof(e));
	if (n < 0) {
		snprintf(sf->sf_ob.ob_err, sizeof(sf->sf_ob.ob_err), "%s",
		    e);
		return 0;	/* .symtab may still do */
	}
	sf->sf_ngofuncs = (size_t)n;
	if (hassymtab)
		return 0;
	for (i = 0; i < n; i++) {
		struct cand *c;

		if ((c = cand_new(cv, ncand, ccap)) == NULL)
			return -1;
		c->addr = sf->sf_gofuncs[i].gf_addr;
		c->size = sf->sf_gofuncs[i].gf_size;
		c->name = sf->sf_gofuncs[i].gf_name;
		c->rank = 2U << 28;
		c->ifunc = 0;
		c->plt = 0;
		c->abi0 = 0;
		sf->sf_fromgo = 1;
	}
	return 0;
}

/* How function f of Go binary sf takes its arguments (abi.h). */
static uint8_t
go_abi(const struct symfile *sf, const struct func *f, int abi0)
{
	pb_gofunc_t key, *g;

	key.gf_addr = f->fu_addr;
	g = sf->sf_ngofuncs == 0 ? NULL : bsearch(&key, sf->sf_gofuncs,
	    sf->sf_ngofuncs, sizeof(key), gofunc_cmp);
	if (g == NULL)
		return PB_ABI_SYSV;	/* C, in a cgo program */
	/* assembly takes ABI0 (a few runtime functions excepted, which
	 * are taken for ABI0 too); so does "foo.abi0", its .symtab name
	 * when a Go function of the same name exists */
	if (sf->sf_goabi == 1 || abi0 || (g->gf_flags & PB_GOF_ASM))
		return PB_ABI_GOSTACK;
	return PB_ABI_GOREG;
}

static int
build_index(struct symfile *sf)
{
	struct cand *cv = NULL, *cn;
	struct coldent *cold = NULL;
	size_t ncand = 0, ccap = 0, ncold = 0, coldcap = 0, i, j;
	int table;

	for (table = PB_SYMTAB; table <= PB_DYNSYM; table++) {
		const pb_sym_t *syms;
		size_t n;
		char e[128];

		/* A stripped object's local functions (libc's _int_malloc)
		 * are in its debug file's .symtab: same link-time
		 * addresses, as objcopy --only-keep-debug keeps them. */
		pb_elf_t *src = table == PB_SYMTAB && sf->sf_dbg != NULL ?
		    sf->sf_dbg : sf->sf_ob.ob_elf;

		if (pb_elf_symbols(src, table, &syms, &n, e,
		    sizeof(e)) < 0) {
			snprintf(sf->sf_ob.ob_err, sizeof(sf->sf_ob.ob_err),
			    "%s: %s",
			    table == PB_SYMTAB ? ".symtab" : ".dynsym", e);
			continue;	/* the other table may do */
		}
		for (i = 0; i < n; i++) {
			const pb_sym_t *s = &syms[i];

			/*
			 * Size 0 (assembler without .size) is kept: an entry
			 * probe is fine, the return probe is refused (retsite
			 * says why).  DTrace skips such symbols silently.
			 */
			if (!(s->sy_flags & PB_SYF_FUNC) ||
			    (s->sy_flags & PB_SYF_UNDEF) ||
			    s->sy_name[0] == '\0')
				continue;
			/*
			 * A .symtab name "memcpy@@GLIBC_2.14" (.symver in
			 * libc's source; libc6-dbg's debug file has them) is
			 * the default version, which .dynsym names plainly
			 * "memcpy": that is the user's name for it.
			 */
			if (table == PB_SYMTAB &&
			    strstr(s->sy_name, "@@") != NULL)
				continue;
			if ((cn = cand_new(&cv, &ncand, &ccap)) == NULL)
				goto nomem;
			cn->addr = s->sy_value;
			cn->size = s->sy_size;
			cn->name = s->sy_name;
			/*
			 * A non-default version (nm -D prints one '@') is
			 * not what a user means by the plain name: libc has
			 * an old memcpy@GLIBC_2.2.5 beside memcpy@@GLIBC_2.14.
			 * Name it with its version, as nm does.
			 */
			if (table == PB_DYNSYM && s->sy_version != NULL &&
			    (s->sy_flags & PB_SYF_VERAT)) {
				char *v, **o;

				if (asprintf(&v, "%s@%s", s->sy_name,
				    s->sy_version) < 0)
					goto nomem;
				/* Doubling: room runs out at powers of 2. */
				o = sf->sf_owned;
				if (sf->sf_nowned == 0 || (sf->sf_nowned >= 16 &&
				    !(sf->sf_nowned & (sf->sf_nowned - 1))))
					o = realloc(o, (sf->sf_nowned ?
					    sf->sf_nowned * 2 : 16) *
					    sizeof(*o));
				if (o == NULL) {
					free(v);
					goto nomem;
				}
				sf->sf_owned = o;
				o[sf->sf_nowned++] = v;
				cn->name = v;
			}
			cn->rank = name_rank(s, table);
			cn->ifunc =
			    GELF_ST_TYPE(s->sy_info) == STT_GNU_IFUNC;
			cn->plt = 0;
			cn->abi0 = strlen(s->sy_name) > 5 &&
			    strcmp(s->sy_name + strlen(s->sy_name) - 5,
			    ".abi0") == 0;
		}
	}
	if (add_plt(sf, &cv, &ncand, &ccap) < 0 ||
	    add_go(sf, pb_elf_has_table(sf->sf_ob.ob_elf, PB_SYMTAB) ||
	    (sf->sf_dbg != NULL && pb_elf_has_table(sf->sf_dbg, PB_SYMTAB)),
	    &cv, &ncand, &ccap) < 0)
		goto nomem;
	if (ncand > 1)	/* cv is NULL when nothing matched: no qsort(NULL) */
		qsort(cv, ncand, sizeof(*cv), cand_cmp);

	sf->sf_funcs = calloc(ncand ? ncand : 1, sizeof(*sf->sf_funcs));
	sf->sf_names = calloc(ncand ? ncand : 1, sizeof(*sf->sf_names));
	if (sf->sf_funcs == NULL || sf->sf_names == NULL)
		goto nomem;
	for (i = 0; i < ncand; i++) {
		struct func *f;
		size_t pl;

		if (sf->sf_nfuncs == 0 ||
		    sf->sf_funcs[sf->sf_nfuncs - 1].fu_addr != cv[i].addr) {
			f = &sf->sf_funcs[sf->sf_nfuncs++];
			f->fu_addr = cv[i].addr;
			f->fu_size = cv[i].size;
			f->fu_ifunc = cv[i].ifunc;
			f->fu_plt = cv[i].plt;
			if (sf->sf_goabi != 0 && !cv[i].plt)
				f->fu_abi = go_abi(sf, f, cv[i].abi0);
		}
		/* Aliases may disagree on the size: a label has none. */
		f = &sf->sf_funcs[sf->sf_nfuncs - 1];
		if (cv[i].size != 0 && f->fu_size != 0 &&
		    cv[i].size != f->fu_size)
			f->fu_unsure = 1;
		if (cv[i].size > f->fu_size)
			f->fu_size = cv[i].size;
		/* The same symbol in both tables: one name. */
		for (j = sf->sf_nnames; j > 0 && sf->sf_names[j - 1].fn_func ==
		    sf->sf_nfuncs - 1; j--)
			if (strcmp(sf->sf_names[j - 1].fn_name,
			    cv[i].name) == 0)
				break;
		if (j > 0 && sf->sf_names[j - 1].fn_func ==
		    sf->sf_nfuncs - 1)
			continue;	/* the loop broke on a duplicate */
		sf->sf_names[sf->sf_nnames].fn_name = cv[i].name;
		sf->sf_names[sf->sf_nnames].fn_func =
		    (uint32_t)(sf->sf_nfuncs - 1);
		sf->sf_names[sf->sf_nnames].fn_rank = cv[i].rank;
		sf->sf_nnames++;
		pl = cold_parent_len(cv[i].name);
		if (pl > 0) {
			if (ncold == coldcap) {
				size_t nc = coldcap ? coldcap * 2 : 64;
				struct coldent *p = realloc(cold,
				    nc * sizeof(*p));

				if (p == NULL)
					goto nomem;
				cold = p;
				coldcap = nc;
			}
			cold[ncold].parent = cv[i].name;
			cold[ncold].plen = pl;
			cold[ncold].addr = cv[i].addr;
			cold[ncold].size = cv[i].size;
			ncold++;
		}
	}
	/* Attach each foo.cold to foo. */
	if (ncold > 0) {
		qsort(cold, ncold, sizeof(*cold), cold_cmp);
		for (i = 0; i < sf->sf_nnames; i++) {
			struct coldent key, *c;

			key.parent = sf->sf_names[i].fn_name;
			key.plen = strlen(key.parent);
			c = bsearch(&key, cold, ncold, sizeof(*cold), cold_cmp);
			if (c != NULL) {
				struct func *f =
				    &sf->sf_funcs[sf->sf_names[i].fn_func];
				struct coldent *d;

				/* two parts of one name (static functions
				 * in two files), or two names of f with
				 * parts of their own: one part under two
				 * names is one part */
				for (d = c; d > cold &&
				    cold_cmp(d - 1, c) == 0; d--)
					;
				for (; d < cold + ncold &&
				    cold_cmp(d, c) == 0; d++)
					if (d->addr != c->addr)
						f->fu_unsure = 1;
				if (f->fu_cold != 0 && f->fu_cold != c->addr)
					f->fu_unsure = 1;
				f->fu_cold = c->addr;
				f->fu_coldsize = c->size;
			}
		}
	}
	free(cv);
	free(cold);
	return 0;
nomem:
	free(cv);
	free(cold);
	errno = ENOMEM;
	return -1;
}

/*
 * The debug file of a module without .symtab, if one is on disk; a
 * debug file that does not open or is not for x86-64 is ignored (the
 * object's own .dynsym still serves).
 */
static void
open_debugfile(struct symfile *sf)
{
	char path[PATH_MAX], e[128];

	if (pb_debugfile_find(sf->sf_ob.ob_pid, sf->sf_ob.ob_objpath,
	    sf->sf_ob.ob_elf, path, sizeof(path)) < 0)
		return;
	sf->sf_dbg = pb_elf_open(path, e, sizeof(e));
	if (sf->sf_dbg == NULL)
		return;
	if (pb_elf_machine(sf->sf_dbg) != EM_X86_64 ||
	    pb_elf_class(sf->sf_dbg) != ELFCLASS64 ||
	    !pb_elf_has_table(sf->sf_dbg, PB_SYMTAB) ||
	    (sf->sf_dbgpath = strdup(path)) == NULL) {
		pb_elf_close(sf->sf_dbg);
		sf->sf_dbg = NULL;
	}
}

/* A module's file just opened: its function index. */
static void
symfile_init(pb_object_t *ob, const pb_module_t *md)
{
	struct symfile *sf = (struct symfile *)ob;

	if (pb_elf_machine(ob->ob_elf) != EM_X86_64 ||
	    pb_elf_class(ob->ob_elf) != ELFCLASS64) {
		snprintf(ob->ob_err, sizeof(ob->ob_err),
		    "%.300s: not an x86-64 ELF file", md->md_path);
		return;
	}
	if (!pb_elf_has_table(ob->ob_elf, PB_SYMTAB))
		open_debugfile(sf);
	if (build_index(sf) < 0)
		snprintf(ob->ob_err, sizeof(ob->ob_err), "%.300s: %s",
		    md->md_path, strerror(errno));
}

static void
symfile_fini(pb_object_t *ob)
{
	struct symfile *sf = (struct symfile *)ob;

	pb_elf_close(sf->sf_dbg);
	free(sf->sf_dbgpath);
	pb_dwarf_close(sf->sf_dw);
	while (sf->sf_nowned > 0)
		free(sf->sf_owned[--sf->sf_nowned]);
	free(sf->sf_owned);
	free(sf->sf_lpads);
	pb_cfi_close(sf->sf_cfi);
	pb_brt_free(sf->sf_brt);
	free(sf->sf_gofuncs);
	free(sf->sf_funcs);
	free(sf->sf_names);
}

/* The cached function index of a module, opened on first use. */
static struct symfile *
symfile_get(pid_t pid, const pb_module_t *md)
{
	return (struct symfile *)pb_objcache_get(&cache, pid, md);
}

void
pb_pid_cache_flush(void)
{
	pb_objcache_flush(&cache);
	pb_module_soname_flush();
}

void
pb_pid_cache_age(void)
{
	pb_objcache_age(&cache);
}

void
pb_pid_cache_trim(void)
{
	pb_brt_stats_t st;
	pb_object_t *ob;

	for (ob = cache.oc_head; ob != NULL; ob = ob->ob_next) {
		struct symfile *sf = (struct symfile *)ob;

		if (sf->sf_brt == NULL)
			continue;
		/* a candidate is 9 bytes, a symbol or pointer 8 */
		pb_brt_stats(sf->sf_brt, &st);
		if (st.bs_candidates * 9 + (st.bs_symbols + st.bs_pointers) *
		    8 <= PB_PID_BRT_KEEP)
			continue;
		pb_brt_free(sf->sf_brt);
		sf->sf_brt = NULL;
		sf->sf_brttried = 0;
	}
}

/* Module bias, from the file's PT_LOADs. */
static int
module_bias(pb_module_t *md, struct symfile *sf)
{
	const pb_load_t *loads;
	size_t n;

	if (md->md_bias_ok)
		return 0;
	pb_elf_loads(sf->sf_ob.ob_elf, &loads, &n);
	return pb_module_bias(md, loads, n, sf->sf_ob.ob_type == ET_EXEC);
}

/* ---- the probe list ---- */

/* A set of probe keys (see probe_key), open addressing. */
struct pindex {
	char **pi_keys;
	size_t pi_cap;
	size_t pi_used;
};

/* Path, function address, symbol and probe name: one probe. */
static char *
probe_key(const pb_probe_t *p)
{
	char *k;

	if (asprintf(&k, "%s\n%" PRIx64 "\n%s\n%s", p->pr_path,
	    p->pr_faddr, p->pr_sym, p->pr_name) < 0)
		return NULL;
	return k;
}

/* 1 if key is present; else 0 (and, with add, key is taken over). */
static int
pindex_has(struct pindex *pi, char *key, int add)
{
	size_t i;

	if (add && (pi->pi_used + 1) * 2 > pi->pi_cap) {
		size_t nc = pi->pi_cap ? pi->pi_cap * 2 : 256, j;
		char **nk = calloc(nc, sizeof(*nk));

		if (nk == NULL)
			return -1;
		for (j = 0; j < pi->pi_cap; j++) {
			if (pi->pi_keys[j] == NULL)
				continue;
			i = fnv1a_str(pi->pi_keys[j]) & (nc - 1);
			while (nk[i] != NULL)
				i = (i + 1) & (nc - 1);
			nk[i] = pi->pi_keys[j];
		}
		free(pi->pi_keys);
		pi->pi_keys = nk;
		pi->pi_cap = nc;
	}
	if (pi->pi_cap == 0)
		return 0;
	i = fnv1a_str(key) & (pi->pi_cap - 1);
	while (pi->pi_keys[i] != NULL) {
		if (strcmp(pi->pi_keys[i], key) == 0)
			return 1;
		i = (i + 1) & (pi->pi_cap - 1);
	}
	if (add) {
		pi->pi_keys[i] = key;
		pi->pi_used++;
	}
	return 0;
}

static void
probe_free(pb_probe_t *p)
{
	free(p->pr_mod);
	free(p->pr_func);
	free(p->pr_sym);
	free(p->pr_name);
	free(p->pr_path);
	free(p->pr_sites);
}

void
pb_probe_list_drop(pb_probe_list_t *list, size_t i)
{
	if (i >= list->pl_n)
		return;
	probe_free(&list->pl_probes[i]);
	memset(&list->pl_probes[i], 0, sizeof(list->pl_probes[i]));
}

void
pb_probe_list_release(pb_probe_list_t *list, size_t n)
{
	uintptr_t lo, hi, pg = 4096;
	long ps = sysconf(_SC_PAGESIZE);

	if (ps > 0)
		pg = (uintptr_t)ps;
	if (n > list->pl_n)
		n = list->pl_n;
	lo = ((uintptr_t)list->pl_probes + pg - 1) & ~(pg - 1);
	hi = (uintptr_t)(list->pl_probes + n) & ~(pg - 1);
	if (list->pl_probes != NULL && hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

void
pb_probe_list_free(pb_probe_list_t *list)
{
	struct pindex *pi = list->pl_index;
	size_t i;

	for (i = 0; i < list->pl_n; i++)
		probe_free(&list->pl_probes[i]);
	free(list->pl_probes);
	for (i = 0; i < list->pl_nrefused; i++) {
		free(list->pl_refused[i].rf_mod);
		free(list->pl_refused[i].rf_func);
	}
	free(list->pl_refused);
	for (i = 0; i < list->pl_nnotes; i++)
		free(list->pl_notes[i]);
	free(list->pl_notes);
	if (pi != NULL) {
		for (i = 0; i < pi->pi_cap; i++)
			free(pi->pi_keys[i]);
		free(pi->pi_keys);
		free(pi);
	}
	memset(list, 0, sizeof(*list));
}

static int
siteref_cmp(const void *a, const void *b)
{
	const pb_siteref_t *x = a, *y = b;

	if (x->sr_addr != y->sr_addr)
		return x->sr_addr < y->sr_addr ? -1 : 1;
	if (x->sr_probe != y->sr_probe)
		return x->sr_probe < y->sr_probe ? -1 : 1;
	return (x->sr_site > y->sr_site) - (x->sr_site < y->sr_site);
}

int
pb_probe_list_sites(const pb_probe_list_t *list, pb_siteref_t **refs,
    size_t *nrefs)
{
	size_t i, j, n = 0;
	pb_siteref_t *r;

	for (i = 0; i < list->pl_n; i++)
		n += list->pl_probes[i].pr_nsites;
	r = malloc((n ? n : 1) * sizeof(*r));
	if (r == NULL) {
		errno = ENOMEM;
		return -1;
	}
	n = 0;
	for (i = 0; i < list->pl_n; i++)
		for (j = 0; j < list->pl_probes[i].pr_nsites; j++) {
			r[n].sr_addr = list->pl_probes[i].pr_sites[j].st_addr;
			r[n].sr_probe = (uint32_t)i;
			r[n].sr_site = (uint32_t)j;
			n++;
		}
	qsort(r, n, sizeof(*r), siteref_cmp);
	*refs = r;
	*nrefs = n;
	return 0;
}

/* ---- resolution ---- */

/* What the name field asks for. */
struct want {
	int wa_entry;
	int wa_return;
	int wa_offset;		/* one literal offset */
	uint64_t wa_off;
	const char *wa_offglob;	/* offsets whose hex name matches */
};

static int
parse_name(const char *name, int flags, struct want *w, char *err,
    size_t errlen)
{
	memset(w, 0, sizeof(*w));
	if (name == NULL || name[0] == '\0')
		name = "*";
	if (!dm_glob_is_literal(name)) {
		w->wa_entry = fnmatch(name, "entry", 0) == 0;
		w->wa_return = fnmatch(name, "return", 0) == 0;
		if (flags & PB_ALLOFFSETS)
			w->wa_offglob = name;
		if (!w->wa_entry && !w->wa_return && w->wa_offglob == NULL) {
			pb_seterr(err, errlen, "[D_PROC_NAME] probe name '%s' "
			    "matches neither entry nor return (offset probes "
			    "are created only by a hexadecimal name)", name);
			return -1;
		}
		return 0;
	}
	if (strcmp(name, "entry") == 0) {
		w->wa_entry = 1;
		return 0;
	}
	if (strcmp(name, "return") == 0) {
		w->wa_return = 1;
		return 0;
	}
	{
		const char *p = name;
		char *end;

		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
			p += 2;
		errno = 0;
		w->wa_off = strtoull(p, &end, 16);
		if (*p == '\0' || *end != '\0' || errno != 0 ||
		    *p == '-' || *p == '+') {
			pb_seterr(err, errlen, "[D_PROC_NAME] invalid probe "
			    "name '%s': expected entry, return or a "
			    "hexadecimal offset", name);
			return -1;
		}
		w->wa_offset = 1;
	}
	return 0;
}

/* The state of one call of pb_pid_resolve. */
struct res {
	pid_t rs_pid;
	int rs_flags;
	struct want rs_want;
	pb_probe_list_t rs_new;		/* probes made by this call */
	size_t rs_pcap;			/* room in rs_new.pl_probes */
	size_t rs_rcap;			/* room in rs_new.pl_refused */
	size_t rs_nfuncs;		/* functions matched */
	char rs_firsterr[256];		/* first per-function failure */
	int rs_nomem;
};

static pb_probe_t *
new_probe(struct res *rs, const pb_module_t *md, const struct symfile *sf,
    const struct func *f, const char *sym, pb_kind_t kind, const char *name)
{
	pb_probe_list_t *l = &rs->rs_new;
	pb_probe_t *p, *np;

	/* Doubling: `pid$target:::entry` on node makes 90k probes. */
	if (l->pl_n == rs->rs_pcap) {
		size_t nc = rs->rs_pcap ? rs->rs_pcap * 2 : 64;

		np = realloc(l->pl_probes, nc * sizeof(*np));
		if (np == NULL) {
			rs->rs_nomem = 1;
			return NULL;
		}
		l->pl_probes = np;
		rs->rs_pcap = nc;
	}
	p = &l->pl_probes[l->pl_n];
	memset(p, 0, sizeof(*p));
	snprintf(p->pr_provider, sizeof(p->pr_provider), "pid%d",
	    (int)rs->rs_pid);
	p->pr_mod = strdup(md->md_base);
	p->pr_func = strdup(rs->rs_flags & PB_MANGLED ? sym :
	    dm_demangle(sym));
	p->pr_sym = strdup(sym);
	p->pr_name = strdup(name);
	p->pr_path = strdup(sf->sf_ob.ob_path);
	p->pr_kind = kind;
	p->pr_arm = PB_ARM_SITE;
	p->pr_faddr = f->fu_addr + md->md_bias;
	p->pr_fsize = f->fu_size;
	p->pr_cold = f->fu_cold != 0 ? f->fu_cold + md->md_bias : 0;
	p->pr_coldsize = f->fu_coldsize;
	p->pr_data = f->fu_abi;		/* pid_args reads the words so */
	if (!p->pr_mod || !p->pr_func || !p->pr_sym || !p->pr_name ||
	    !p->pr_path) {
		probe_free(p);
		rs->rs_nomem = 1;
		return NULL;
	}
	l->pl_n++;
	return p;
}

static int
add_site(pb_probe_t *p, uint64_t addr, uint64_t off, uint8_t len,
    uint8_t kind)
{
	pb_site_t *s = realloc(p->pr_sites, (p->pr_nsites + 1) * sizeof(*s));

	if (s == NULL)
		return -1;
	p->pr_sites = s;
	s[p->pr_nsites].st_addr = addr;
	s[p->pr_nsites].st_off = off;
	s[p->pr_nsites].st_len = len;
	s[p->pr_nsites].st_rskind = kind;
	/* an offset always stops; entries and returns: mark_sites */
	s[p->pr_nsites].st_fast = PB_FAST_NONE;
	s[p->pr_nsites].st_slow = p->pr_kind == PB_OFFSET ?
	    "offset probes always stop the thread" : NULL;
	s[p->pr_nsites].st_inline = 0;
	s[p->pr_nsites].st_recargs = 0;
	s[p->pr_nsites].st_recgo = 0;
	s[p->pr_nsites].st_tprev = 0;
	s[p->pr_nsites].st_tnext = 0;
	s[p->pr_nsites].st_inback = 0;
	s[p->pr_nsites].st_insize = 0;
	s[p->pr_nsites].st_incold = 0;
	s[p->pr_nsites].st_incoldsize = 0;
	p->pr_nsites++;
	return 0;
}

/* probe: the probe refused ("return"...), "" for every one asked for. */
static int
refuse(struct res *rs, const pb_module_t *md, const char *sym,
    const char *probe, const char *why, int lost)
{
	pb_probe_list_t *l = &rs->rs_new;
	pb_refusal_t *r;

	if (l->pl_nrefused == rs->rs_rcap) {
		size_t nc = rs->rs_rcap ? rs->rs_rcap * 2 : 16;

		r = realloc(l->pl_refused, nc * sizeof(*r));
		if (r == NULL) {
			rs->rs_nomem = 1;
			return -1;
		}
		l->pl_refused = r;
		rs->rs_rcap = nc;
	}
	r = &l->pl_refused[l->pl_nrefused];
	r->rf_probe = probe;
	r->rf_mod = strdup(md->md_base);
	r->rf_func = strdup(rs->rs_flags & PB_MANGLED ? sym :
	    dm_demangle(sym));
	snprintf(r->rf_why, sizeof(r->rf_why), "%s", why);
	r->rf_lost = (uint8_t)(lost != 0);
	if (r->rf_mod == NULL || r->rf_func == NULL) {
		free(r->rf_mod);
		free(r->rf_func);
		rs->rs_nomem = 1;
		return -1;
	}
	l->pl_nrefused++;
	return 0;
}

/* Decode [addr, addr + size) of sf, its other part in inside. */
static int
scan(struct symfile *sf, uint64_t addr, uint64_t size,
    const pb_range_t *inside, size_t ninside, pb_fnscan_t *fs)
{
	uint8_t *buf;
	int rc;

	memset(fs, 0, sizeof(*fs));
	if (size == 0)
		return pb_retsite_scan(NULL, 0, addr, NULL, 0, fs);
	buf = malloc(size);
	if (buf == NULL)
		return -1;
	if (pb_elf_read(sf->sf_ob.ob_elf, addr, buf, size) < 0) {
		free(buf);
		fs->fs_unsafe = 1;
		snprintf(fs->fs_why, sizeof(fs->fs_why),
		    "its bytes are not in the file");
		return 0;
	}
	rc = pb_retsite_scan(buf, size, addr, inside, ninside, fs);
	free(buf);
	return rc;
}

static void
first_err(struct res *rs, const char *fmt, ...)
{
	va_list ap;

	if (rs->rs_firsterr[0] != '\0')
		return;
	va_start(ap, fmt);
	vsnprintf(rs->rs_firsterr, sizeof(rs->rs_firsterr), fmt, ap);
	va_end(ap);
}

static int
site_cmp(const void *a, const void *b)
{
	const pb_site_t *x = a, *y = b;

	return (x->st_addr > y->st_addr) - (x->st_addr < y->st_addr);
}

/*
 * An indirect jmp (PB_RS_TAIL_IND) where the function's frame is still
 * on the stack (the CFA is not rsp + 8) cannot leave the function: a
 * jump table, a computed goto.  A site there would stop the thread at
 * each jump and never fire (python3.11's _PyEval_EvalFrameDefault has
 * 235 of them, one run per bytecode, each at rsp + 352): drop it.  Where
 * the CFI says nothing the site stays, and the run time decides.
 */
static void
drop_inner_jumps(struct symfile *sf, uint64_t start, pb_fnscan_t *fs)
{
	size_t i, n = 0;

	for (i = 0; i < fs->fs_nret; i++) {
		if (fs->fs_ret[i].rs_kind == PB_RS_TAIL_IND) {
			if (!sf->sf_cfitried) {
				sf->sf_cfitried = 1;
				sf->sf_cfi = pb_cfi_open(sf->sf_ob.ob_elf);
			}
			if (pb_cfi_at_entry(sf->sf_cfi,
			    start + fs->fs_ret[i].rs_off) == 0)
				continue;
		}
		fs->fs_ret[n++] = fs->fs_ret[i];
	}
	fs->fs_nret = n;
}

static void
return_probe(struct res *rs, const pb_module_t *md, struct symfile *sf,
    const struct func *f, const char *sym)
{
	pb_range_t main_r = { f->fu_addr, f->fu_addr + f->fu_size };
	pb_range_t cold_r = { f->fu_cold, f->fu_cold + f->fu_coldsize };
	pb_fnscan_t fs, cs;
	pb_probe_t *p;
	size_t i;

	if (scan(sf, f->fu_addr, f->fu_size, &cold_r, f->fu_cold ? 1 : 0,
	    &fs) < 0) {
		rs->rs_nomem = 1;
		return;
	}
	memset(&cs, 0, sizeof(cs));
	if (!fs.fs_unsafe && f->fu_cold != 0) {
		if (scan(sf, f->fu_cold, f->fu_coldsize, &main_r, 1,
		    &cs) < 0) {
			rs->rs_nomem = 1;
			goto out;
		}
		if (cs.fs_unsafe) {
			fs.fs_unsafe = 1;
			snprintf(fs.fs_why, sizeof(fs.fs_why), "%.70s in its "
			    ".cold part", cs.fs_why);
		}
	}
	if (!fs.fs_unsafe) {
		drop_inner_jumps(sf, f->fu_addr, &fs);
		drop_inner_jumps(sf, f->fu_cold, &cs);
	}
	if (fs.fs_unsafe || fs.fs_nret + cs.fs_nret == 0) {
		const char *why = fs.fs_unsafe ? fs.fs_why :
		    "no return instruction (does not return?)";

		refuse(rs, md, sym, "return", why, fs.fs_unsafe);
		first_err(rs, "no return probe for %s: %s",
		    rs->rs_flags & PB_MANGLED ? sym : dm_demangle(sym), why);
		goto out;
	}
	p = new_probe(rs, md, sf, f, sym, PB_RETURN, "return");
	if (p == NULL)
		goto out;
	for (i = 0; i < fs.fs_nret; i++)
		if (add_site(p, p->pr_faddr + fs.fs_ret[i].rs_off,
		    fs.fs_ret[i].rs_off, fs.fs_ret[i].rs_len,
		    fs.fs_ret[i].rs_kind) < 0)
			rs->rs_nomem = 1;
	/*
	 * Sites of the .cold part: their offset from the function's start
	 * is negative when the part lies below (it usually does), kept as
	 * two's complement in st_off.
	 */
	for (i = 0; i < cs.fs_nret; i++) {
		uint64_t a = f->fu_cold + md->md_bias + cs.fs_ret[i].rs_off;

		if (add_site(p, a, a - p->pr_faddr, cs.fs_ret[i].rs_len,
		    cs.fs_ret[i].rs_kind) < 0)
			rs->rs_nomem = 1;
	}
	/* The contract says ascending addresses; .cold usually lies below. */
	qsort(p->pr_sites, p->pr_nsites, sizeof(*p->pr_sites), site_cmp);
	mark_sites(rs, sf, p, md->md_bias);
out:
	pb_fnscan_free(&fs);
	pb_fnscan_free(&cs);
}

static void
boundary_list(const pb_fnscan_t *fs, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < fs->fs_ninsn && i < 8 && n < len; i++)
		n += snprintf(buf + n, len - n, "%s0x%x", i ? ", " : "",
		    fs->fs_insn[i]);
	if (i < fs->fs_ninsn && n < len)
		snprintf(buf + n, len - n, ", ...");
}

static void
offset_probes(struct res *rs, const pb_module_t *md, struct symfile *sf,
    const struct func *f, const char *sym)
{
	const char *fname = rs->rs_flags & PB_MANGLED ? sym : dm_demangle(sym);
	const struct want *w = &rs->rs_want;
	pb_fnscan_t fs;
	pb_probe_t *p;
	char name[32], list[128];
	size_t i;

	if (w->wa_offset && w->wa_off >= f->fu_size) {
		first_err(rs, "[D_PROC_OFF] offset 0x%" PRIx64 " is beyond "
		    "the end of %s (size 0x%" PRIx64 ")", w->wa_off, fname,
		    f->fu_size);
		return;
	}
	if (scan(sf, f->fu_addr, f->fu_size, NULL, 0, &fs) < 0) {
		rs->rs_nomem = 1;
		return;
	}
	if (fs.fs_unsafe) {
		refuse(rs, md, sym, "offset", fs.fs_why, 1);
		first_err(rs, "no offset probes in %s: %s", fname, fs.fs_why);
		goto out;
	}
	if (w->wa_offset) {
		uint32_t k;

		if (!pb_fnscan_is_boundary(&fs, w->wa_off)) {
			boundary_list(&fs, list, sizeof(list));
			first_err(rs, "[D_PROC_OFF] offset 0x%" PRIx64 " is "
			    "not on an instruction boundary of %s "
			    "(instructions at %s)",
			    w->wa_off, fname, list);
			goto out;
		}
		snprintf(name, sizeof(name), "%" PRIx64, w->wa_off);
		p = new_probe(rs, md, sf, f, sym, PB_OFFSET, name);
		for (k = 0; k < fs.fs_ninsn && fs.fs_insn[k] != w->wa_off; k++)
			;
		if (p != NULL && add_site(p, p->pr_faddr + w->wa_off,
		    w->wa_off, (uint8_t)((k + 1 < fs.fs_ninsn ?
		    fs.fs_insn[k + 1] : f->fu_size) - w->wa_off), 0) < 0)
			rs->rs_nomem = 1;
		goto out;
	}
	for (i = 0; i < fs.fs_ninsn && w->wa_offglob != NULL; i++) {
		uint32_t off = fs.fs_insn[i];

		snprintf(name, sizeof(name), "%x", off);
		if (fnmatch(w->wa_offglob, name, 0) != 0)
			continue;
		p = new_probe(rs, md, sf, f, sym, PB_OFFSET, name);
		if (p != NULL && add_site(p, p->pr_faddr + off, off,
		    (uint8_t)((i + 1 < fs.fs_ninsn ? fs.fs_insn[i + 1] :
		    f->fu_size) - off), 0) < 0)
			rs->rs_nomem = 1;
	}
out:
	pb_fnscan_free(&fs);
}

static int
u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Whether a landing pad of sf lies in [lo, hi] (link-time). */
static int
lpad_in(struct symfile *sf, uint64_t lo, uint64_t hi)
{
	size_t a = 0, b;

	if (!sf->sf_lpadsdone) {
		sf->sf_lpadsdone = 1;
		if (pb_elf_lpads(sf->sf_ob.ob_elf, 0, UINT64_MAX, &sf->sf_lpads,
		    &sf->sf_nlpads) == 0 && sf->sf_nlpads > 1)
			qsort(sf->sf_lpads, sf->sf_nlpads, sizeof(uint64_t),
			    u64_cmp);
	}
	b = sf->sf_nlpads;
	while (a < b) {		/* the first pad >= lo */
		size_t m = a + (b - a) / 2;

		if (sf->sf_lpads[m] < lo)
			a = m + 1;
		else
			b = m;
	}
	return a < sf->sf_nlpads && sf->sf_lpads[a] <= hi;
}

/*
 * The argument words pid_args finds in a trampoline's record (provider.h,
 * st_recargs): C's six registers at an entry, the offset and rax at a
 * return.  A function of Go's register ABI has its record hold Go's
 * first six registers (st_recgo: rax rbx rcx rdi rsi r8), its
 * arguments at an entry, the offset and its first five results at a
 * return.  ABI0's results are on the stack: a clause reading them needs
 * the thread stopped (rdx too, at a C return: a string_view's pointer
 * comes back there).
 */
static void
record_args(const pb_probe_t *p, pb_site_t *st)
{
	st->st_recgo = p->pr_data == PB_ABI_GOREG;
	if (p->pr_data == PB_ABI_GOREG)
		st->st_recargs = 0x3f;
	else if (p->pr_kind == PB_RETURN)
		st->st_recargs = p->pr_data == PB_ABI_GOSTACK ? 0x1 : 0x3;
	else
		st->st_recargs = p->pr_data == PB_ABI_SYSV ? 0x3f : 0;
	st->st_slow = p->pr_data == PB_ABI_GOSTACK ? "its clause reads "
	    "arguments of Go's stack ABI, which the record does not hold" :
	    "its clause reads an argument the record does not hold";
}

static const struct func *
func_at(const struct symfile *sf, uint64_t a);

/*
 * The function holding an inlined copy at link-time address a, or NULL
 * when it is a .cold part or is not known.  The tracer proves the bytes
 * a jump would replace there from the enclosing function's code and its
 * .cold part (the site's st_inback...): a cold part is scanned with its
 * function, and which function a cold part belongs to its symbol does
 * not say for sure; a jump table of the body landing in it would go
 * unseen.
 */
static const struct func *
inline_host(const struct symfile *sf, uint64_t a)
{
	const struct func *h = func_at(sf, a);
	uint32_t k;
	size_t lo = 0, hi = sf->sf_nnames;

	if (h == NULL)
		return NULL;
	/* h a .cold part itself: the body's tables may land in it */
	k = (uint32_t)(h - sf->sf_funcs);
	while (lo < hi) {	/* sf_names ascend by function */
		size_t m = lo + (hi - lo) / 2;

		if (sf->sf_names[m].fn_func < k)
			lo = m + 1;
		else
			hi = m;
	}
	for (; lo < sf->sf_nnames && sf->sf_names[lo].fn_func == k; lo++)
		if (cold_parent_len(sf->sf_names[lo].fn_name) > 0)
			return NULL;
	return h;
}

/*
 * The bounds of an inlined copy's host h and of its .cold part, as
 * offsets from the copy at link-time a: 0, or -1, the site's left 0,
 * when they are not known for sure (fu_unsure) or do not fit.
 */
static int
inline_bounds(pb_site_t *st, const struct func *h, uint64_t a)
{
	int64_t d = (int64_t)(h->fu_cold - a);

	if (h->fu_unsure || h->fu_size > UINT32_MAX ||
	    h->fu_coldsize > UINT32_MAX ||
	    (h->fu_cold != 0 && (d < INT32_MIN || d > INT32_MAX)))
		return -1;
	st->st_inback = (uint32_t)(a - h->fu_addr);
	st->st_insize = (uint32_t)h->fu_size;
	st->st_incold = h->fu_cold != 0 ? (int32_t)d : 0;
	st->st_incoldsize = h->fu_cold != 0 ? (uint32_t)h->fu_coldsize : 0;
	return 0;
}

/*
 * Which sites of entry or return probe p the tracer's fast path may run
 * (st_fast, st_slow: provider.h): an entry, and a plain ret; a return by
 * a jcc or tail jump fires only when it leaves the function, which only
 * a stop can tell.  The fast path replaces up to 32 bytes from an entry
 * site, or ending at a return site's ret, by a jump: a C++ landing pad
 * there (the unwinder enters it without a branch) forbids it, and so
 * does any address the module's code may jump to (st_tprev, st_tnext;
 * brtarget.h), scanned once per file when the glue says it will lay
 * jumps (PB_FASTSITES); the tracer weighs those.  An inlined copy lies
 * inside the function it was inlined into: a jump there covers that
 * function's code, so the tracer weighs the branches of the enclosing
 * function (the site names its bounds) as it does a function's own for
 * its entry, and no argument is in a register there (st_recargs 0).
 */
static void
mark_sites(const struct res *rs, struct symfile *sf, pb_probe_t *p,
    uint64_t bias)
{
	const struct func *h = NULL;	/* an inlined copy's host */
	size_t i;
	uint64_t prev, next;

	if (p != NULL && (rs->rs_flags & PB_FASTSITES) && !sf->sf_brttried) {
		sf->sf_brttried = 1;
		sf->sf_brt = pb_brt_new(sf->sf_ob.ob_elf, sf->sf_dbg, NULL, 0);
	}
	for (i = 0; p != NULL && i < p->pr_nsites; i++) {
		pb_site_t *st = &p->pr_sites[i];
		uint64_t a = st->st_addr - bias;

		/* A Go entry sits past the stack check (st_off > 0): fine. */
		if (p->pr_kind == PB_RETURN && st->st_rskind != PB_RS_RET) {
			st->st_fast = PB_FAST_REFUSED;
			st->st_slow = "a return by a jump fires only when the "
			    "jump leaves the function";
		} else if (p->pr_kind == PB_ENTRY ? lpad_in(sf, a + 1,
		    a + 31) : lpad_in(sf, a - 31, a)) {
			st->st_fast = PB_FAST_REFUSED;
			st->st_slow = "a C++ landing pad lies in the bytes a "
			    "jump would replace";
		} else if (st->st_inline && (h = inline_host(sf, a)) == NULL) {
			st->st_fast = PB_FAST_REFUSED;
			st->st_slow = "an inlined copy in a .cold part, or in "
			    "no known function";
		} else if (st->st_inline) {
			/* the tracer weighs the enclosing function's code;
			 * bounds not known for sure stay 0 and the glue
			 * keeps the site int3, saying why */
			(void)inline_bounds(st, h, a);
			st->st_fast = PB_FAST_ENTRY;
			st->st_recargs = 0;
			st->st_slow = "an inlined copy: no call passes its "
			    "arguments there";
		} else {
			st->st_fast = p->pr_kind == PB_ENTRY ? PB_FAST_ENTRY :
			    PB_FAST_RETURN;
			record_args(p, st);
		}
		if (!(rs->rs_flags & PB_FASTSITES) || sf->sf_brt == NULL)
			continue;
		pb_brt_near(sf->sf_brt, a, &prev, &next);
		st->st_tprev = prev + bias;
		st->st_tnext = next + bias;
	}
}

/*
 * Where a function's entry probe goes: its first byte, or in Go code just
 * past the stack check (retsite.h, pb_stackcheck_end), which morestack
 * jumps back to: there the probe fires once a call, not again when the
 * stack grows or the scheduler preempts through the guard (uprobes at the
 * first byte, bpftrace's, count those twice).  The raw bytes of the check
 * are looked for first, so other code costs one 16-byte read.
 */
static uint64_t
go_entry_off(struct symfile *sf, const struct func *f)
{
	static const uint8_t cmp_rsp[] = { 0x49, 0x3b, 0x66, 0x10 };
	static const uint8_t cmp_r12[] = { 0x4d, 0x3b, 0x66, 0x10 };
	uint8_t head[16], *buf;
	uint64_t off;

	if (f->fu_size < sizeof(head) ||
	    pb_elf_read(sf->sf_ob.ob_elf, f->fu_addr, head,
	    sizeof(head)) < 0)
		return 0;
	if (memcmp(head, cmp_rsp, 4) != 0 &&
	    !(head[0] == 0x4c && head[1] == 0x8d &&
	      (memcmp(head + 5, cmp_r12, 4) == 0 ||
	       memcmp(head + 8, cmp_r12, 4) == 0)))
		return 0;
	buf = malloc(f->fu_size);
	if (buf == NULL)
		return 0;
	off = pb_elf_read(sf->sf_ob.ob_elf, f->fu_addr, buf,
	    f->fu_size) < 0 ? 0 :
	    pb_stackcheck_end(buf, f->fu_size, f->fu_addr);
	free(buf);
	return off;
}

/* A line the glue says about this resolution (pl_notes). */
static void
note(struct res *rs, const char *fmt, ...)
{
	pb_probe_list_t *l = &rs->rs_new;
	char **nn, *s;
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (r < 0) {
		rs->rs_nomem = 1;
		return;
	}
	nn = realloc(l->pl_notes, (l->pl_nnotes + 1) * sizeof(*nn));
	if (nn == NULL) {
		free(s);
		rs->rs_nomem = 1;
		return;
	}
	l->pl_notes = nn;
	nn[l->pl_nnotes++] = s;
}

/* The function of sf whose code holds link-time address a, or NULL. */
static const struct func *
func_at(const struct symfile *sf, uint64_t a)
{
	size_t lo = 0, hi = sf->sf_nfuncs;

	while (lo < hi) {	/* the first function past a */
		size_t m = lo + (hi - lo) / 2;

		if (sf->sf_funcs[m].fu_addr <= a)
			lo = m + 1;
		else
			hi = m;
	}
	while (lo > 0) {	/* a function of size 0 hides none */
		const struct func *f = &sf->sf_funcs[--lo];

		/* an ifunc's resolver is code as any (ld.so inlines into
		 * __x86_cpu_features_ifunc); a PLT stub holds no copy */
		if (f->fu_plt)
			return NULL;
		if (a < f->fu_addr + f->fu_size)
			return f;
		if (f->fu_size != 0)
			return NULL;
	}
	return NULL;
}

static int
site_cmp(const void *a, const void *b);

/*
 * A copy GCC made of a function and named after it: foo.part.0 (the
 * tail of foo, whose head is inlined into its callers), foo.isra.0,
 * foo.constprop.0, foo.lto_priv.0, foo.localalias.  Its DWARF names
 * foo's abstract function too, but foo's inlined copies are calls of
 * foo, not of the clone: a part's probe would fire twice for one call.
 */
static int
gcc_clone(const char *name)
{
	static const char *const tags[] = { ".part.", ".isra.",
	    ".constprop.", ".lto_priv.", ".localalias", ".cold" };
	size_t i;

	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if (strstr(name, tags[i]) != NULL)
			return 1;
	return 0;
}

/*
 * Entry sites where the copies of f that the compiler inlined into
 * other functions start (dwarf.h, pb_dwarf_inlined): the same probe
 * fires there as at f's own entry, so a count is every call, made or
 * inlined.  Each start is checked to be an instruction of the function
 * holding it, decoded from that function's first byte: a copy starts
 * in the middle of someone else's code, and DWARF is only the
 * compiler's word.  A copy that fails is left out, and said.
 */
static void
inline_sites(struct res *rs, const pb_module_t *md, struct symfile *sf,
    const struct func *f, const char *sym, pb_probe_t *p)
{
	pb_dwarf_t *dw = symfile_dwarf(sf);
	uint64_t *pcs;
	long n, i;
	size_t bad = 0;

	if (dw == NULL || p == NULL || gcc_clone(sym))
		return;
	n = pb_dwarf_inlined(dw, f->fu_addr, &pcs);
	if (n < 0) {
		rs->rs_nomem = 1;
		return;
	}
	for (i = 0; i < n && !rs->rs_nomem; i++) {
		const struct func *h = func_at(sf, pcs[i]);
		pb_fnscan_t fs;
		int ok;

		if (h == NULL) {
			bad++;
			continue;
		}
		if (scan(sf, h->fu_addr, h->fu_size, NULL, 0, &fs) < 0) {
			rs->rs_nomem = 1;
			break;
		}
		ok = !fs.fs_unsafe &&
		    pb_fnscan_is_boundary(&fs, pcs[i] - h->fu_addr);
		pb_fnscan_free(&fs);
		if (!ok) {
			bad++;
			continue;
		}
		if (add_site(p, pcs[i] + md->md_bias, 0, 0, 0) < 0) {
			rs->rs_nomem = 1;
			break;
		}
		p->pr_sites[p->pr_nsites - 1].st_inline = 1;
		p->pr_ninline++;
	}
	free(pcs);
	if (bad > 0)
		note(rs, "%s`%s: %zu of its %ld inlined copies are not probed: "
		    "DWARF puts their start where no instruction of a known "
		    "function starts", md->md_base, rs->rs_flags & PB_MANGLED ?
		    sym : dm_demangle(sym), bad, n);
	qsort(p->pr_sites, p->pr_nsites, sizeof(*p->pr_sites), site_cmp);
}

/*
 * An ifunc gets no probe of any kind: name the one kind the description
 * asked for, or "" when it asked for several (mem*: wants entry and
 * return; "no entry probe" would say its return probe was made).
 */
static const char *
ifunc_kind(const struct want *w)
{
	int offs = w->wa_offset || w->wa_offglob != NULL;

	if (w->wa_entry + w->wa_return + offs != 1)
		return "";
	return w->wa_entry ? "entry" : w->wa_return ? "return" : "offset";
}

static void
make_probes(struct res *rs, const pb_module_t *md, struct symfile *sf,
    const struct func *f, const char *sym)
{
	pb_probe_t *p;

	rs->rs_nfuncs++;
	/*
	 * A GNU indirect function's symbol is its resolver, which runs once
	 * when the loader binds it; the code that runs on each call is
	 * another function, chosen by the CPU (libc's memcpy is one).  A
	 * probe there would never fire: refuse, and say where to look.
	 */
	if (f->fu_ifunc) {
		const char *why = "a GNU indirect function (ifunc): its "
		    "symbol is the resolver, not the code that runs";

		refuse(rs, md, sym, ifunc_kind(&rs->rs_want), why, 0);
		first_err(rs, "no probe on %s: %s; probe the implementation "
		    "it picks, if the library's .symtab names it",
		    rs->rs_flags & PB_MANGLED ? sym : dm_demangle(sym), why);
		return;
	}
	if (rs->rs_want.wa_entry) {
		uint64_t off = go_entry_off(sf, f);

		/* st_len 0: the entry instruction is not decoded here. */
		p = new_probe(rs, md, sf, f, sym, PB_ENTRY, "entry");
		if (p != NULL && add_site(p, p->pr_faddr + off, off, 0, 0) < 0)
			rs->rs_nomem = 1;
		if (!f->fu_plt && !rs->rs_nomem)
			inline_sites(rs, md, sf, f, sym, p);
		mark_sites(rs, sf, p, md->md_bias);
	}
	/*
	 * A stub ends in a jump into the function it binds, which returns
	 * to the stub's caller: a return probe here would be that
	 * function's, fired in every caller module alike.
	 */
	if (rs->rs_want.wa_return && f->fu_plt) {
		const char *why = "a PLT stub: it jumps to the function it "
		    "binds; probe that function's return";

		refuse(rs, md, sym, "return", why, 0);
		first_err(rs, "no return probe for %s: %s", sym, why);
	} else if (rs->rs_want.wa_return)
		return_probe(rs, md, sf, f, sym);
	if (rs->rs_want.wa_offset || rs->rs_want.wa_offglob != NULL)
		offset_probes(rs, md, sf, f, sym);
}

/* Edit distance, bounded: returns > max as soon as it must be. */
static size_t
edit_distance(const char *a, const char *b, size_t max)
{
	size_t la = strlen(a), lb = strlen(b), i, j, d[128];

	if (la >= sizeof(d) / sizeof(d[0]) || lb >= 127)
		return max + 1;
	if ((la > lb ? la - lb : lb - la) > max)
		return max + 1;
	for (j = 0; j <= lb; j++)
		d[j] = j;
	for (i = 1; i <= la; i++) {
		size_t prev = d[0], rowmin;

		d[0] = i;
		rowmin = d[0];
		for (j = 1; j <= lb; j++) {
			size_t cur = d[j], best = prev + (a[i - 1] != b[j - 1]);

			if (d[j] + 1 < best)
				best = d[j] + 1;
			if (d[j - 1] + 1 < best)
				best = d[j - 1] + 1;
			d[j] = best;
			prev = cur;
			if (best < rowmin)
				rowmin = best;
		}
		if (rowmin > max)
			return max + 1;
	}
	return d[lb];
}

/*
 * A demangled name without its parameter list: "leveldb::DBImpl::Put(
 * leveldb::WriteOptions const&, ...)" gives "leveldb::DBImpl::Put", the
 * form a literal description matches (match.h).
 */
static const char *
no_params(const char *d, char *buf, size_t len)
{
	const char *p = strrchr(d, ')');
	size_t n;
	int depth = 0;

	if (p == NULL) {
		snprintf(buf, len, "%s", d);
		return buf;
	}
	for (; p > d; p--) {
		if (*p == ')')
			depth++;
		else if (*p == '(' && --depth == 0)
			break;
	}
	n = p > d ? (size_t)(p - d) : strlen(d);
	if (n >= len)
		n = len - 1;
	memcpy(buf, d, n);
	buf[n] = '\0';
	return buf;
}

/*
 * Did-you-mean over the function names of the matched modules: the
 * glob without its stars is compared with each name without parameters
 * and with each of its "::" suffixes (Put, DBImpl::Put,
 * leveldb::DBImpl::Put).  A glob gets its stars back around the best
 * suffix; a literal gets the whole name, the form it can match.  Only
 * on the error path: it demangles every name.
 */
static void
suggest(const pb_modlist_t *ml, const char *mod_glob, const char *glob,
    char *out, size_t len)
{
	char want[128], np[512];
	size_t i, k, n = 0, best = SIZE_MAX, max;
	int lead = glob[0] == '*', trail, literal = dm_glob_is_literal(glob);
	const char *p;

	out[0] = '\0';
	for (p = glob; *p != '\0' && n < sizeof(want) - 1; p++)
		if (*p != '*' && *p != '?')
			want[n++] = *p;
	want[n] = '\0';
	trail = n > 0 && glob[strlen(glob) - 1] == '*';
	if (n == 0)
		return;
	max = n < 6 ? 2 : n / 3;
	for (i = 0; i < ml->ml_n; i++) {
		const pb_module_t *md = &ml->ml_mods[i];
		struct symfile *sf;

		if (!md->md_exec ||
		    !pb_module_match_pid(ml->ml_pid, md, mod_glob))
			continue;
		sf = (struct symfile *)pb_objcache_find(&cache, md);
		if (sf == NULL)
			continue;
		for (k = 0; k < sf->sf_nnames; k++) {
			const char *raw = sf->sf_names[k].fn_name, *s;
			const char *d = dm_maybe_mangled(raw) ?
			    dm_demangle(raw) : raw;

			no_params(d, np, sizeof(np));
			for (s = np; s != NULL; ) {
				size_t e = edit_distance(want, s, max);

				if (e < best) {
					char c[sizeof(np) + 2];

					if (literal)
						snprintf(c, sizeof(c), "%s", np);
					else
						snprintf(c, sizeof(c), "%s%s%s",
						    lead ? "*" : "", s,
						    trail ? "*" : "");
					/* never the input again */
					if (strcmp(c, glob) != 0) {
						best = e;
						snprintf(out, len, "%s", c);
					}
				}
				s = strstr(s, "::");
				if (s != NULL)
					s += 2;
			}
		}
	}
	if (best > max)
		out[0] = '\0';
}

/* The keys of out's probes, made when a second resolve appends to it. */
static int
index_list(pb_probe_list_t *out)
{
	struct pindex *pi = calloc(1, sizeof(*pi));
	size_t i;
	char *key;

	if (pi == NULL)
		return -1;
	out->pl_index = pi;
	for (i = 0; i < out->pl_n; i++) {
		if ((key = probe_key(&out->pl_probes[i])) == NULL)
			return -1;
		if (pindex_has(pi, key, 1) != 0)
			free(key);	/* one resolve makes no two alike */
	}
	return 0;
}

/*
 * Move the new probes into out, leaving out those it already has.  Into
 * an empty out they move whole, without a copy and without keys (a
 * probe on every function of node: 15 MB of probes and 12 MB of keys,
 * besides the probes themselves): the glue resolves each description
 * into a list of its own.
 */
static int
append(pb_probe_list_t *out, pb_probe_list_t *nw)
{
	struct pindex *pi = out->pl_index;
	size_t i, added = 0;
	pb_probe_t *np;
	pb_refusal_t *nr;
	char **nn;

	if (out->pl_n == 0 && out->pl_nrefused == 0 && out->pl_nnotes == 0 &&
	    pi == NULL) {
		free(out->pl_probes);
		free(out->pl_refused);
		free(out->pl_notes);
		*out = *nw;
		memset(nw, 0, sizeof(*nw));
		return (int)out->pl_n;
	}
	if (pi == NULL) {
		if (index_list(out) < 0)
			return -1;
		pi = out->pl_index;
	}
	np = realloc(out->pl_probes, (out->pl_n + nw->pl_n + 1) *
	    sizeof(*np));
	if (np == NULL)
		return -1;
	out->pl_probes = np;
	nr = realloc(out->pl_refused, (out->pl_nrefused + nw->pl_nrefused +
	    1) * sizeof(*nr));
	if (nr == NULL)
		return -1;
	out->pl_refused = nr;
	nn = realloc(out->pl_notes, (out->pl_nnotes + nw->pl_nnotes + 1) *
	    sizeof(*nn));
	if (nn == NULL)
		return -1;
	out->pl_notes = nn;
	for (i = 0; i < nw->pl_n; i++) {
		pb_probe_t *p = &nw->pl_probes[i];
		char *key = probe_key(p);
		int has;

		if (key == NULL)
			return -1;
		has = pindex_has(pi, key, 1);
		if (has != 0) {
			free(key);
			if (has < 0)
				return -1;
			probe_free(p);
			continue;
		}
		out->pl_probes[out->pl_n++] = *p;
		added++;
	}
	for (i = 0; i < nw->pl_nrefused; i++)
		out->pl_refused[out->pl_nrefused++] = nw->pl_refused[i];
	for (i = 0; i < nw->pl_nnotes; i++)
		out->pl_notes[out->pl_nnotes++] = nw->pl_notes[i];
	free(nw->pl_notes);
	free(nw->pl_probes);
	free(nw->pl_refused);
	memset(nw, 0, sizeof(*nw));
	return (int)added;
}

/*
 * DTrace's absolute-address probes: pid$target:a.out:-:4009a0 fires at
 * run-time address 0x4009a0 of the program (the module must be a.out
 * or left empty, the name one address, as dtrace-utils' dt_pid.c
 * requires).  Its function is "-", its name the address.  The address
 * must start an instruction of a function the program's symbols know,
 * decoded from the function's first byte, as an offset probe's.
 */
static int
absolute(pid_t pid, const char *mod_glob, const char *name, int flags,
    pb_probe_list_t *out, char *err, size_t errlen)
{
	struct res rs;
	pb_modlist_t ml;
	pb_module_t *md = NULL, *at;
	struct symfile *sf;
	const struct func *f;
	pb_fnscan_t fs;
	pb_probe_t *p;
	uint64_t addr, link, off;
	const char *q = name != NULL ? name : "";
	char *end, hex[32], list[128];
	size_t i;
	int rc = -1;

	if (mod_glob != NULL && mod_glob[0] != '\0' &&
	    strcmp(mod_glob, "a.out") != 0) {
		pb_seterr(err, errlen, "[D_PROC_LIB] function '-' takes an "
		    "address in a.out: module '%s' is not the program",
		    mod_glob);
		return -1;
	}
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X'))
		q += 2;
	errno = 0;
	addr = strtoull(q, &end, 16);
	if (*q == '\0' || *end != '\0' || errno != 0 || *q == '-' ||
	    *q == '+') {
		pb_seterr(err, errlen, "[D_PROC_NAME] function '-' takes one "
		    "address as its name, in hexadecimal, not '%s'",
		    name != NULL ? name : "");
		return -1;
	}
	memset(&rs, 0, sizeof(rs));
	rs.rs_pid = pid;
	rs.rs_flags = flags;
	if (pb_modules_read(pid, &ml) < 0) {
		pb_seterr(err, errlen, "/proc/%d/maps: %s", (int)pid,
		    strerror(errno));
		pb_modlist_free(&ml);
		return -1;
	}
	for (i = 0; i < ml.ml_n && md == NULL; i++)
		if (ml.ml_mods[i].md_is_exe)
			md = &ml.ml_mods[i];
	at = pb_modlist_find_addr(&ml, addr);
	if (md == NULL || at != md) {
		pb_seterr(err, errlen, "address %#" PRIx64 " is not in a.out "
		    "of process %d", addr, (int)pid);
		goto out;
	}
	sf = symfile_get(pid, md);
	if (sf == NULL) {
		pb_seterr(err, errlen, "%s", strerror(ENOMEM));
		goto out;
	}
	if (sf->sf_ob.ob_elf == NULL || sf->sf_funcs == NULL ||
	    module_bias(md, sf) < 0) {
		pb_seterr(err, errlen, "%s: %s", md->md_path,
		    sf->sf_ob.ob_err[0] ? sf->sf_ob.ob_err :
		    "cannot read it");
		goto out;
	}
	link = addr - md->md_bias;
	if ((f = func_at(sf, link)) == NULL) {
		pb_seterr(err, errlen, "address %#" PRIx64 " is in no function "
		    "a.out's symbols know: where its instructions start is "
		    "unknown", addr);
		goto out;
	}
	off = link - f->fu_addr;
	if (scan(sf, f->fu_addr, f->fu_size, NULL, 0, &fs) < 0) {
		pb_seterr(err, errlen, "%s", strerror(ENOMEM));
		goto out;
	}
	if (fs.fs_unsafe || !pb_fnscan_is_boundary(&fs, off)) {
		boundary_list(&fs, list, sizeof(list));
		for (i = 0; i < sf->sf_nnames; i++)
			if (&sf->sf_funcs[sf->sf_names[i].fn_func] == f)
				break;
		if (fs.fs_unsafe)
			pb_seterr(err, errlen, "address %#" PRIx64 " in %s: %s",
			    addr, i < sf->sf_nnames ? dm_demangle(
			    sf->sf_names[i].fn_name) : "?", fs.fs_why);
		else
			pb_seterr(err, errlen, "address %#" PRIx64 " is not "
			    "on an instruction boundary of %s (instructions "
			    "at offsets %s)", addr, i < sf->sf_nnames ?
			    dm_demangle(sf->sf_names[i].fn_name) : "?", list);
		pb_fnscan_free(&fs);
		goto out;
	}
	snprintf(hex, sizeof(hex), "%" PRIx64, addr);
	p = new_probe(&rs, md, sf, f, "-", PB_OFFSET, hex);
	for (i = 0; i < fs.fs_ninsn && fs.fs_insn[i] != off; i++)
		;
	if (p != NULL && add_site(p, addr, off, (uint8_t)((i + 1 <
	    fs.fs_ninsn ? fs.fs_insn[i + 1] : f->fu_size) - off), 0) < 0)
		rs.rs_nomem = 1;
	pb_fnscan_free(&fs);
	if (rs.rs_nomem || (rc = append(out, &rs.rs_new)) < 0) {
		pb_seterr(err, errlen, "%s", strerror(ENOMEM));
		rc = -1;
	}
out:
	pb_probe_list_free(&rs.rs_new);
	pb_modlist_free(&ml);
	return rc;
}

/*
 * The name dtrace gives the function whose names begin at sf_names[k]
 * when it looks its address up (libproc's byaddr_cmp_common): a global
 * or weak name before a local one, then the fewest leading
 * underscores, then the first in byte order; a versioned name
 * ("memcpy@GLIBC_2.2.5") only when there is no other.  malloc, not
 * __libc_malloc; read, not __libc_read, though that one is global and
 * read weak.
 */
static const char *
preferred(const struct symfile *sf, size_t k)
{
	const struct fname *f0 = &sf->sf_names[k], *b = f0;
	size_t i;

	for (i = k + 1; i < sf->sf_nnames &&
	    sf->sf_names[i].fn_func == f0->fn_func; i++) {
		const struct fname *f = &sf->sf_names[i];
		int fl = (f->fn_rank >> 24 & 0xf) == 2, bl =
		    (b->fn_rank >> 24 & 0xf) == 2;
		int fv = strchr(f->fn_name, '@') != NULL, bv =
		    strchr(b->fn_name, '@') != NULL;
		unsigned fu = f->fn_rank >> 16 & 0xff, bu = b->fn_rank >> 16 &
		    0xff;

		if (fv != bv ? fv < bv : fl != bl ? fl < bl : fu != bu ?
		    fu < bu : strcmp(f->fn_name, b->fn_name) < 0)
			b = f;
	}
	return b->fn_name;
}

int
pb_pid_resolve(pid_t pid, const char *mod_glob, const char *func_glob,
    const char *name_glob, int flags, pb_probe_list_t *out, char *err,
    size_t errlen)
{
	struct res rs;
	pb_modlist_t ml;
	pb_glob_t g;
	size_t i, k, nmods = 0, made = 0;
	char moderr[512] = "", dym[600];
	const char *where;
	int rc = -1, plt_glob;

	if (func_glob != NULL && strcmp(func_glob, "-") == 0)
		return absolute(pid, mod_glob, name_glob, flags, out, err,
		    errlen);
	plt_glob = func_glob != NULL && strstr(func_glob, "@plt") != NULL;
	memset(&rs, 0, sizeof(rs));
	rs.rs_pid = pid;
	rs.rs_flags = flags;
	if (parse_name(name_glob, flags, &rs.rs_want, err, errlen) < 0)
		return -1;
	if (pb_modules_read(pid, &ml) < 0) {
		pb_seterr(err, errlen, "/proc/%d/maps: %s", (int)pid,
		    strerror(errno));
		pb_modlist_free(&ml);
		return -1;
	}
	if (pb_glob_init(&g, func_glob) < 0) {
		pb_seterr(err, errlen, "%s", strerror(errno));
		pb_modlist_free(&ml);
		return -1;
	}
	for (i = 0; i < ml.ml_n && !rs.rs_nomem; i++) {
		pb_module_t *md = &ml.ml_mods[i];
		struct symfile *sf;
		size_t taken = SIZE_MAX;
		const char *best = NULL;

		if (!md->md_exec ||
		    !pb_module_match_pid(pid, md, mod_glob))
			continue;
		sf = symfile_get(pid, md);
		if (sf == NULL) {
			rs.rs_nomem = 1;
			break;
		}
		if (sf->sf_ob.ob_elf == NULL || sf->sf_funcs == NULL) {
			/* Not ELF: skipped, but say why if nothing else. */
			if (moderr[0] == '\0')
				snprintf(moderr, sizeof(moderr), "%s",
				    sf->sf_ob.ob_err);
			continue;
		}
		nmods++;
		if (sf->sf_ob.ob_err[0] != '\0' && moderr[0] == '\0')
			/* A corrupt .symtab beside a good .dynsym. */
			snprintf(moderr, sizeof(moderr), "%.300s: %.200s",
			    md->md_path, sf->sf_ob.ob_err);
		if (module_bias(md, sf) < 0) {
			if (moderr[0] == '\0')
				snprintf(moderr, sizeof(moderr), "%.300s: no "
				    "mapping matches its PT_LOAD headers",
				    md->md_path);
			continue;
		}
		for (k = 0; k < sf->sf_nnames && !rs.rs_nomem; k++) {
			const struct fname *fn = &sf->sf_names[k];

			if (k == 0 ||
			    fn->fn_func != sf->sf_names[k - 1].fn_func)
				best = preferred(sf, k);
			/*
			 * An address is one probe.  A literal names it by
			 * dtrace's preferred name (preferred()), whichever
			 * alias it matched, as dtrace looks the address up
			 * again: go and its weak alias _go are one probe,
			 * "go" (dtrace's tests pid/tst.weak1.d,
			 * tst.weak2.d).  A glob takes the first alias it
			 * matches, best first, as dtrace's glob takes the
			 * name matched.
			 */
			if (fn->fn_func == taken)
				continue;
			/*
			 * foo.cold is no function of its own: entering it is
			 * no call, leaving it no return.  Its sites belong to
			 * foo's return probe.
			 */
			if (cold_parent_len(fn->fn_name) > 0)
				continue;
			/*
			 * DTrace has no PLT probes: a glob takes foo@plt only
			 * when it says "@plt", so that pid$target:::entry and
			 * *malloc* match what they match in DTrace.
			 */
			if (sf->sf_funcs[fn->fn_func].fu_plt && !plt_glob)
				continue;
			if (!pb_glob_match(&g, fn->fn_name))
				continue;
			taken = fn->fn_func;
			make_probes(&rs, md, sf, &sf->sf_funcs[fn->fn_func],
			    g.gl_literal ? best : fn->fn_name);
			/* the code decoded for it, out of RSS as it goes */
			if (++made % 4096 == 0)
				pb_elf_release_bytes(sf->sf_ob.ob_elf);
			/*
			 * Without DWARF the copies the compiler inlined are
			 * not found, and a count misses them silently: say
			 * so for a function named exactly whose symbol is
			 * local (static), what -O2 inlines most, keeping
			 * one copy where its address is taken.
			 */
			if (rs.rs_want.wa_entry && g.gl_literal &&
			    ((fn->fn_rank >> 24) & 3) == 2 &&
			    !sf->sf_funcs[fn->fn_func].fu_plt &&
			    symfile_dwarf(sf) == NULL)
				note(&rs, "%s has no debug info: copies of %s "
				    "the compiler inlined, if any, are not "
				    "probed", md->md_base, rs.rs_flags &
				    PB_MANGLED ? fn->fn_name :
				    dm_demangle(fn->fn_name));
		}
		/* its code was read for branch targets: not kept in RSS */
		pb_elf_release_bytes(sf->sf_ob.ob_elf);
	}
	if (rs.rs_nomem) {
		pb_seterr(err, errlen, "%s", strerror(ENOMEM));
		goto out;
	}
	where = mod_glob != NULL && mod_glob[0] != '\0' ? mod_glob :
	    "any module";
	/*
	 * A return probe wanted, and every function it names refused one
	 * (pl_refused says which and why): no error.  One function whose
	 * return cannot be placed must not take the whole program down;
	 * the host says so, as lost data, and runs the other probes.  An
	 * entry refused (an ifunc) or a bad offset stays an error: the
	 * probe asked for could never fire.
	 */
	if (rs.rs_new.pl_n == 0 && rs.rs_new.pl_nrefused != 0 &&
	    rs.rs_want.wa_return && !rs.rs_want.wa_entry &&
	    !rs.rs_want.wa_offset && rs.rs_want.wa_offglob == NULL)
		flags |= PB_ZEROOK;
	if (rs.rs_new.pl_n == 0 && !(flags & PB_ZEROOK)) {
		if (nmods == 0 && moderr[0] != '\0')
			pb_seterr(err, errlen, "[D_PDESC_ZERO] no module "
			    "matches '%s' in process %d (%s)",
			    mod_glob ? mod_glob : "", (int)pid, moderr);
		else if (nmods == 0)
			pb_seterr(err, errlen, "[D_PDESC_ZERO] no module "
			    "matches '%s' in process %d",
			    mod_glob ? mod_glob : "", (int)pid);
		else if (rs.rs_nfuncs == 0 && moderr[0] != '\0')
			/* A module was unreadable: it may hold the function. */
			pb_seterr(err, errlen, "[D_PROC_FUNC] no function "
			    "matches '%s' in %s (unreadable: %s)", g.gl_text,
			    where, moderr);
		else if (rs.rs_nfuncs == 0) {
			suggest(&ml, mod_glob, g.gl_text, dym, sizeof(dym));
			if (dym[0] != '\0')
				pb_seterr(err, errlen, "[D_PROC_FUNC] no "
				    "function matches '%s' in %s; did you "
				    "mean '%s'?", g.gl_text, where, dym);
			else
				pb_seterr(err, errlen, "[D_PROC_FUNC] no "
				    "function matches '%s' in %s", g.gl_text,
				    where);
		} else if (rs.rs_firsterr[0] != '\0')
			pb_seterr(err, errlen, "%s", rs.rs_firsterr);
		else
			pb_seterr(err, errlen, "no probe matches");
		goto out;
	}
	/* A literal function with a bad literal offset is an error. */
	if (rs.rs_firsterr[0] != '\0' && rs.rs_want.wa_offset &&
	    g.gl_literal && !(flags & PB_ZEROOK)) {
		pb_seterr(err, errlen, "%s", rs.rs_firsterr);
		goto out;
	}
	rc = append(out, &rs.rs_new);
	if (rc < 0)
		pb_seterr(err, errlen, "%s", strerror(ENOMEM));
out:
	pb_probe_list_free(&rs.rs_new);
	pb_glob_fini(&g);
	pb_modlist_free(&ml);
	return rc;
}

/* ---- the provider (provider.h) ---- */

static bool
pid_names(const char *prov, pid_t pid)
{
	char name[32];

	size_t n = strlen(prov), k = n;

	/*
	 * Only a field that names pid makes pid probes, never :::entry or
	 * *:::entry, which would patch every function of every library
	 * (provider.h, pv_names): one that begins with "pid" (pid$target;
	 * pid* for every process grabbed), or, as dtrace takes the pid
	 * from the field's last digits, one that ends in this pid and
	 * matches pid<PID> as a glob (p*d$target).
	 */
	while (k > 0 && prov[k - 1] >= '0' && prov[k - 1] <= '9')
		k--;
	if (pid == 0)	/* pid0 is refused by pid_resolve */
		return strcmp(prov, "pid0") == 0;
	if (strncmp(prov, "pid", 3) != 0 && (k == n || k == 0 ||
	    prov[k] == '0' || strtol(prov + k, NULL, 10) != (long)pid))
		return false;
	snprintf(name, sizeof(name), "pid%d", (int)pid);
	return pb_prov_match(prov, name);
}

/*
 * Resolved through a live thread (tid), named after the process: the
 * leader may have called pthread_exit, and its probes are still
 * pid<PID>'s.
 */
static int
pid_resolve(pid_t pid, pid_t tid, const pb_desc_t *d, int flags,
    pb_probe_list_t *out, char *err, size_t errlen)
{
	size_t first = out->pl_n, i;
	int n;

	/* pid0 names no process: dtrace refuses it (D_PROC_BADPID). */
	if (pid == 0) {
		pb_seterr(err, errlen, "[D_PROC_BADPID] provider pid0 names no "
		    "process: give pid$target or pid<PID> of a -p or -c");
		return -1;
	}
	/*
	 * As dtrace: an empty or globbed name also makes a probe on each
	 * instruction whose offset it matches (pid$target:a.out:f: is
	 * entry, return and every offset of f).
	 */
	n = pb_pid_resolve(tid, d->de_mod, d->de_func, d->de_name,
	    flags | PB_ALLOFFSETS, out, err, errlen);
	for (i = first; n > 0 && i < out->pl_n; i++)
		snprintf(out->pl_probes[i].pr_provider,
		    sizeof(out->pl_probes[i].pr_provider), "pid%d", (int)pid);
	return n;
}

/*
 * The calling convention's words (abi.h, by the function's pb_abi_t in
 * fr_data): entry and offset probes of C get rdi, rsi, rdx, rcx, r8,
 * r9, then the stack; return probes the offset of the returning
 * instruction and rax, as DTrace's pid provider, then rdx.  Go's
 * ABIInternal: rax, rbx, rcx, rdi, rsi, r8, r9, r10, r11, then the
 * stack, at entry and, after the offset, at return.  Go's ABI0: the
 * stack.  A jcc or tail jmp returns only when it leaves the function
 * (fasttrap), an indirect jmp when it leaves its .cold part too.  An
 * inlined copy was never called: its arguments are wherever the
 * compiler left them, and read 0 (the glue says so).
 */
static int
pid_args(const pb_fireref_t *fr, const pb_fire_t *f, uint64_t *args,
    size_t max)
{
	const pb_regs_t *r = f->fi_regs;
	const uint64_t go[PB_ABI_GONREGS] = { r->rax, r->rbx, r->rcx,
	    r->rdi, r->rsi, r->r8, r->r9, r->r10, r->r11 };
	size_t i;

	if (max < PB_ABI_GONREGS + 1)
		return -1;
	if (fr->fr_inline) {
		args[0] = 0;
		return 1;
	}
	if (fr->fr_kind == PB_RETURN) {
		if ((fr->fr_rskind == PB_RS_JCC_OUT ||
		    fr->fr_rskind == PB_RS_TAIL ||
		    fr->fr_rskind == PB_RS_TAIL_GOT ||
		    fr->fr_rskind == PB_RS_TAIL_IND) && f->fi_nextpc != NULL) {
			uint64_t next = f->fi_nextpc(f->fi_cookie);

			if (next >= fr->fr_faddr &&
			    next < fr->fr_faddr + fr->fr_fsize)
				return -1;
			if (fr->fr_cold != 0 && next >= fr->fr_cold &&
			    next < fr->fr_cold + fr->fr_coldsize)
				return -1;
		}
		args[0] = fr->fr_off;
		args[1] = r->rax;
		if (fr->fr_data == PB_ABI_GOSTACK)
			return 1;	/* results on the stack: pid_getarg */
		if (fr->fr_data != PB_ABI_GOREG)
			return 2;	/* rdx: pid_getarg */
		for (i = 0; i < PB_ABI_GONREGS; i++)
			args[1 + i] = go[i];
		return 1 + PB_ABI_GONREGS;
	}
	if (fr->fr_data == PB_ABI_GOREG) {
		for (i = 0; i < PB_ABI_GONREGS; i++)
			args[i] = go[i];
		return PB_ABI_GONREGS;
	}
	if (fr->fr_data == PB_ABI_GOSTACK) {
		/* one read now; the others when a clause asks */
		if (f->fi_read(f->fi_cookie, r->rsp + 8, &args[0], 8) < 0)
			args[0] = 0;
		return 1;
	}
	args[0] = r->rdi;
	args[1] = r->rsi;
	args[2] = r->rdx;
	args[3] = r->rcx;
	args[4] = r->r8;
	args[5] = r->r9;
	return 6;
}

/*
 * The words pid_args left: stack words above the return address (C's
 * past the sixth, Go's past the ninth register), rdx at a C return.
 */
static int
pid_getarg(const pb_fireref_t *fr, const pb_fire_t *f, int i, uint64_t *val)
{
	int first;	/* the word of the first stack word */

	if (i < 0 || i >= PB_ABI_NOWORD || fr->fr_inline)
		return -1;
	if (fr->fr_kind == PB_RETURN && fr->fr_data == PB_ABI_SYSV) {
		if (i != 2)
			return -1;
		*val = f->fi_regs->rdx;
		return 0;
	}
	switch (fr->fr_data) {
	case PB_ABI_GOREG:
		first = PB_ABI_GONREGS + (fr->fr_kind == PB_RETURN);
		break;
	case PB_ABI_GOSTACK:
		first = fr->fr_kind == PB_RETURN;
		break;
	default:
		first = 6;
		break;
	}
	if (i < first)
		return -1;
	return f->fi_read(f->fi_cookie, f->fi_regs->rsp + 8 +
	    8 * (uint64_t)(i - first), val, 8);
}

/*
 * The DWARF of a symfile: the object's own .debug_info, else its debug
 * file's (found now if .symtab did not need it).  Opened on the first
 * -l -v or typed use only: attach never pays for it.
 */
static pb_dwarf_t *
symfile_dwarf(struct symfile *sf)
{
	char path[PATH_MAX], e[128];

	if (sf->sf_dwtried)
		return sf->sf_dw;
	sf->sf_dwtried = 1;
	if (sf->sf_ob.ob_path != NULL)
		sf->sf_dw = pb_dwarf_open(sf->sf_ob.ob_path, e, sizeof(e));
	if (sf->sf_dw == NULL && sf->sf_dbgpath != NULL)
		sf->sf_dw = pb_dwarf_open(sf->sf_dbgpath, e, sizeof(e));
	if (sf->sf_dw == NULL && sf->sf_dbgpath == NULL &&
	    sf->sf_ob.ob_elf != NULL && sf->sf_ob.ob_objpath != NULL &&
	    pb_debugfile_find(sf->sf_ob.ob_pid, sf->sf_ob.ob_objpath,
	    sf->sf_ob.ob_elf, path, sizeof(path)) == 0)
		sf->sf_dw = pb_dwarf_open(path, e, sizeof(e));
	return sf->sf_dw;
}

static int
argtypes_add(char ***v, int *n, const char *s)
{
	char **nv = realloc(*v, (size_t)(*n + 1) * sizeof(*nv));

	if (nv == NULL)
		return -1;
	*v = nv;
	if ((nv[*n] = strdup(s)) == NULL)
		return -1;
	(*n)++;
	return 0;
}

int
pb_pid_dwfunc(const pb_probe_t *pr, pb_dwfunc_t *out)
{
	struct symfile *sf;
	pb_dwarf_t *dw;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (pr->pr_path == NULL || pr->pr_sym == NULL)
		return 0;
	sf = (struct symfile *)pb_objcache_find_path(&cache, pr->pr_path);
	if (sf == NULL)
		return 0;
	/* The link-time address of the symbol the probe was made from. */
	for (i = 0; i < sf->sf_nnames; i++)
		if (strcmp(sf->sf_names[i].fn_name, pr->pr_sym) == 0)
			break;
	if (i == sf->sf_nnames)
		return 0;
	dw = symfile_dwarf(sf);
	if (dw == NULL)
		return 0;
	return pb_dwarf_func(dw, sf->sf_funcs[sf->sf_names[i].fn_func].fu_addr,
	    out);
}

/* Where args[] are: by the function's convention, in pr_data. */
static size_t
pid_arglocs(const pb_probe_t *pr, const pb_dwfunc_t *df, pb_argloc_t *out,
    size_t max)
{
	return pb_abi_args(df, (pb_abi_t)pr->pr_data,
	    pr->pr_kind == PB_RETURN, out, max);
}

/*
 * Entry probes: the parameters' types; return probes: args[0] is the
 * offset of the return site (uint64_t), args[1] (and on, for Go) the
 * return value with the function's return type; offset probes stay
 * untyped.  Each as D types args[] (abi.h): a class passed by
 * invisible reference is a pointer to it, a counted string its pointer
 * (its length is another word); an aggregate in registers or a
 * floating-point value, which args[] leaves untyped, by its declared
 * type.
 */
static int
pid_argtypes(const pb_probe_t *pr, char ***types)
{
	pb_argloc_t al[16];
	pb_dwfunc_t df;
	char buf[1024];
	size_t i, k, nal;
	int n = 0, r;
	int32_t decl;

	*types = NULL;
	if (pr->pr_kind == PB_OFFSET)
		return 0;
	r = pb_pid_dwfunc(pr, &df);
	if (r <= 0)
		return r;
	nal = pb_abi_args(&df, (pb_abi_t)pr->pr_data,
	    pr->pr_kind == PB_RETURN, al, sizeof(al) / sizeof(al[0]));
	for (i = 0, k = 0; i < nal; i++) {
		/* the parameter or result it is (Go lists both) */
		decl = pr->pr_kind == PB_RETURN ? df.df_ret : -1;
		for (; k < df.df_nparams && (pr->pr_kind == PB_RETURN ?
		    i > 0 : 1); k++)
			if (df.df_params[k].pa_out ==
			    (pr->pr_kind == PB_RETURN)) {
				decl = df.df_params[k++].pa_type;
				break;
			}
		if (pr->pr_kind == PB_RETURN && i == 0) {
			snprintf(buf, sizeof(buf), "uint64_t");
		} else if (al[i].al_type < 0 || al[i].al_word < 0) {
			pb_dwtype_name(&df, decl, buf, sizeof(buf));
		} else
			pb_dwtype_name(&df, al[i].al_type, buf,
			    sizeof(buf) - 2);
		if (al[i].al_byref && al[i].al_type >= 0)
			strcat(buf, " *");
		if (argtypes_add(types, &n, buf) < 0)
			goto nomem;
	}
	pb_dwfunc_free(&df);
	return n;
nomem:
	pb_dwfunc_free(&df);
	while (n > 0)
		free((*types)[--n]);
	free(*types);
	*types = NULL;
	errno = ENOMEM;
	return -1;
}

const pb_provider_t pb_pid_provider = {
	.pv_name = "pid",
	.pv_names = pid_names,
	.pv_resolve = pid_resolve,
	.pv_args = pid_args,
	.pv_getarg = pid_getarg,
	.pv_flush = pb_pid_cache_age,
	.pv_trim = pb_pid_cache_trim,
	.pv_argtypes = pid_argtypes,
	.pv_dwfunc = pb_pid_dwfunc,
	.pv_arglocs = pid_arglocs,
	/* dtrace -lv: Private/Private/Unknown, as fasttrap's */
	.pv_attr = { "Private", "Private", "Unknown" },
};
