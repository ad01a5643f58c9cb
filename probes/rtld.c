/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rtld: where the dynamic loader says that its link map changed
 * (rtld.h).
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/elfsym.h"
#include "probes/modules.h"
#include "probes/rtld.h"

/* AT_BASE from /proc/PID/auxv: where the program interpreter is loaded. */
static uint64_t
interp_base(pid_t pid)
{
	char path[64];
	uint64_t av[2], base = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return 0;
	while (fread(av, sizeof(av), 1, f) == 1 && av[0] != AT_NULL)
		if (av[0] == AT_BASE)
			base = av[1];
	fclose(f);
	return base;
}

/* The loader's two symbols, moved by md's bias. */
static void
find_syms(pb_elf_t *e, const pb_module_t *md, pb_rtld_t *out)
{
	const pb_sym_t *syms;
	size_t n, i;
	int table;

	for (table = PB_SYMTAB; table <= PB_DYNSYM; table++) {
		if (pb_elf_symbols(e, table, &syms, &n, NULL, 0) < 0)
			continue;
		for (i = 0; i < n; i++) {
			if (syms[i].sy_flags & PB_SYF_UNDEF)
				continue;
			if (out->rt_brk == 0 &&
			    strcmp(syms[i].sy_name, "_dl_debug_state") == 0)
				out->rt_brk = syms[i].sy_value + md->md_bias;
			if (out->rt_r_debug == 0 &&
			    strcmp(syms[i].sy_name, "_r_debug") == 0)
				out->rt_r_debug = syms[i].sy_value +
				    md->md_bias;
		}
	}
}

int
pb_rtld_find(pid_t pid, pb_rtld_t *out, char *err, size_t errlen)
{
	char path[PATH_MAX], e[256];
	const pb_load_t *loads;
	pb_module_t *md = NULL;
	pb_elf_t *elf = NULL;
	pb_modlist_t ml;
	uint64_t base;
	size_t i, n;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (pb_modules_read(pid, &ml) < 0) {
		pb_seterr(err, errlen, "/proc/%d/maps: %s", (int)pid,
		    strerror(errno));
		pb_modlist_free(&ml);
		return -1;
	}
	base = interp_base(pid);
	if (base != 0)
		md = pb_modlist_find_addr(&ml, base);
	for (i = 0; md == NULL && i < ml.ml_n; i++)
		if (pb_module_match(&ml.ml_mods[i], "ld-linux*"))
			md = &ml.ml_mods[i];
	if (md == NULL) {
		pb_seterr(err, errlen, "no dynamic loader mapped in process %d",
		    (int)pid);
		goto out;
	}
	if (pb_module_open_path(pid, md, path, sizeof(path)) < 0) {
		pb_seterr(err, errlen, "%s: cannot open: %s", md->md_path,
		    strerror(errno));
		goto out;
	}
	if ((elf = pb_elf_open(path, e, sizeof(e))) == NULL) {
		pb_seterr(err, errlen, "%s: %s", md->md_path, e);
		goto out;
	}
	pb_elf_loads(elf, &loads, &n);
	if (pb_module_bias(md, loads, n, pb_elf_type(elf) == ET_EXEC) < 0) {
		pb_seterr(err, errlen, "%s: no mapping matches its PT_LOAD "
		    "headers", md->md_path);
		goto out;
	}
	find_syms(elf, md, out);
	if (out->rt_brk == 0 || out->rt_r_debug == 0) {
		pb_seterr(err, errlen, "%s: no symbol %s", md->md_path,
		    out->rt_brk == 0 ? "_dl_debug_state" : "_r_debug");
		goto out;
	}
	out->rt_path = strdup(md->md_path);
	rc = out->rt_path != NULL ? 0 : -1;
	if (rc < 0)
		pb_seterr(err, errlen, "%s", strerror(ENOMEM));
out:
	if (rc < 0)
		memset(out, 0, sizeof(*out));
	pb_elf_close(elf);
	pb_modlist_free(&ml);
	return rc;
}

bool
pb_rtld_consistent(const pb_rtld_t *rt, pb_readmem_fn rd, void *cookie)
{
	int32_t state;

	/* r_state is an enum, an int, in the tracee's struct r_debug */
	if (rd(cookie, rt->rt_r_debug + offsetof(struct r_debug, r_state),
	    &state, sizeof(state)) != 0)
		return false;
	return state == RT_CONSISTENT;
}

void
pb_rtld_free(pb_rtld_t *rt)
{
	free(rt->rt_path);
	memset(rt, 0, sizeof(*rt));
}
