/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * match: the pre-filter of pb_glob_match never changes an answer.  For
 * a set of globs (chosen to hit the unsafe words: std abbreviations,
 * builtin types, operators, lambdas, thunks, ABI tags, numbers) and
 * every symbol name of real C++ files (the pb-kv target and libstdc++;
 * the files given as arguments instead, as t/probes/match-leveldown.sh
 * gives leveldown's .node), pb_glob_match must equal a plain reference:
 * fnmatch on the name, on its demangled form, on the demangled form
 * without parameters, and on its short names (after a "::").  Every file named must be there: a missing one
 * fails, it is never left out.
 */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "demangle/demangle.h"
#include "probes/elfsym.h"
#include "probes/match.h"

static const char *const globs[] = {
	"*", "", "main", "mix", "*mix*", "*Put*", "*DBImpl*Put*",
	"kv::Store::Put", "kv::Store::Put(*)", "_ZN2kv5Store3Put*",
	"Put", "Put*", "Store??Put", "DBImpl??Put", "push_back", "~*",
	"operator*", "*string*", "*ing*", "*basic_string*", "*char_traits*", "std::*",
	"*std::__cxx11::basic_string<char*", "*int*", "*unsigned*", "*1*",
	"*0*", "*lambda*", "*{lambda*", "*vtable*", "*thunk*", "*cxx11*",
	"*abi*", "*const*", "*::~*", "*(anonymous namespace)*", "*operator*",
	"*operator new*", "*operator<<*", "*allocator*", "*[clone*",
	"*.cold*", "*isra*", "*twice<int>*", "*Slice*", "*exception*",
	"*what*", "*_M_*", "*ios_base*", "*locale*", "*wchar_t*",
	"*long double*", "*Sa*", "*St*", "*I*", "*E", "*v", "*::*::*",
	"std::ostream*", "*istream*", "*iostream*", "*typeinfo*",
	"*guard*", "*[ab]*", "*?ut*", "*\\**", "*__*", "*_Z*",
};

static int failures, checked;

/* The reference: no pre-filter, every form. */
static int
ref_match(const char *glob, const char *name)
{
	const char *d, *p;
	char buf[1024];
	int depth = 0;

	if (glob[0] == '\0' || fnmatch(glob, name, 0) == 0)
		return 1;
	if (!dm_maybe_mangled(name))
		return 0;
	d = dm_demangle(name);
	if (d == name)
		return 0;
	if (fnmatch(glob, d, 0) == 0)
		return 1;
	if ((p = strrchr(d, ')')) == NULL)
		return 0;
	for (; p > d; p--) {
		if (*p == ')')
			depth++;
		else if (*p == '(' && --depth == 0)
			break;
	}
	if (p == d || (size_t)(p - d) >= sizeof(buf))
		return 0;
	memcpy(buf, d, (size_t)(p - d));
	buf[p - d] = '\0';
	if (fnmatch(glob, buf, 0) == 0)
		return 1;
	if (glob[0] == '*')
		return 0;
	/* the short names: after each "::" outside <> and () */
	for (p = buf; (p = strstr(p, "::")) != NULL; p += 2) {
		const char *q;
		int open = 0;

		for (q = buf; q < p; q++)
			open += (*q == '<' || *q == '(') -
			    (*q == '>' || *q == ')');
		if (open == 0 && fnmatch(glob, p + 2, 0) == 0)
			return 1;
	}
	return 0;
}

static void
check_file(const char *path)
{
	pb_glob_t g[sizeof(globs) / sizeof(globs[0])];
	size_t i, k, n, ng = sizeof(globs) / sizeof(globs[0]), hits = 0;
	const pb_sym_t *syms;
	char err[256];
	pb_elf_t *e;
	int t;

	e = pb_elf_open(path, err, sizeof(err));
	if (e == NULL) {
		printf("FAIL %s: %s\n", path, err);
		failures++;
		return;
	}
	for (k = 0; k < ng; k++)
		pb_glob_init(&g[k], globs[k]);
	for (t = PB_SYMTAB; t <= PB_DYNSYM; t++) {
		if (pb_elf_symbols(e, t, &syms, &n, err, sizeof(err)) < 0)
			continue;
		for (i = 0; i < n; i++) {
			for (k = 0; k < ng; k++) {
				int a = pb_glob_match(&g[k], syms[i].sy_name);
				int b = ref_match(globs[k], syms[i].sy_name);

				checked++;
				hits += b;
				if (a == b)
					continue;
				if (failures++ < 20)
					printf("FAIL %s: glob '%s' name %s (%s): "
					    "pb_glob_match %d, reference %d\n",
					    path, globs[k], syms[i].sy_name,
					    dm_demangle(syms[i].sy_name), a, b);
			}
		}
	}
	printf("%s: %zu matches checked\n", path, hits);
	for (k = 0; k < ng; k++)
		pb_glob_fini(&g[k]);
	pb_elf_close(e);
}

int
main(int argc, char **argv)
{
	const char *b = getenv("top_builddir");
	char path[4096];
	pb_glob_t g;

	/* The words a glob requires. */
	pb_glob_init(&g, "*DBImpl*Put*");
	if (g.gl_nwords != 2 || strcmp(g.gl_words[0], "DBImpl") != 0 ||
	    strcmp(g.gl_words[1], "Put") != 0) {
		printf("FAIL words of *DBImpl*Put*\n");
		failures++;
	}
	pb_glob_fini(&g);
	pb_glob_init(&g, "*ing*[0-9]std::int*");
	if (g.gl_nwords != 0) {
		printf("FAIL unsafe words kept: %d\n", g.gl_nwords);
		failures++;
	}
	pb_glob_fini(&g);

	if (argc > 1) {
		while (*++argv != NULL)
			check_file(*argv);
	} else {
		snprintf(path, sizeof(path), "%s/t/targets/pb-kv",
		    b ? b : ".");
		check_file(path);
		check_file("/usr/lib/x86_64-linux-gnu/libstdc++.so.6");
	}
	printf("%d comparisons, %d failures\n", checked, failures);
	return failures || checked == 0 ? 1 : 0;
}
