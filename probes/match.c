/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * match: function globs with a cheap pre-filter on mangled names (the
 * argument is in match.h).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "demangle/demangle.h"
#include "probes/match.h"

/*
 * Words the demangler may print that are not in the mangled bytes:
 * builtin types and qualifiers (libiberty cp-demangle.c,
 * cplus_demangle_builtin_types), the std:: abbreviations (St Sa Sb Ss Si
 * So Sd), operator names, and the special names (vtable, thunks, guard
 * variables, lambdas, clones, ABI tags).  A run of the glob that is a
 * substring of any of them is not required.
 */
static const char *const unsafe_words[] = {
	"signed", "unsigned", "char", "short", "int", "long", "float",
	"double", "bool", "void", "wchar_t", "char8_t", "char16_t",
	"char32_t", "__int128", "__float128", "__float80", "__ieee128",
	"__bf16", "_Float", "_Decimal", "decimal", "_Accum", "_Fract",
	"_Sat", "const", "volatile", "restrict", "__restrict", "complex",
	"imaginary", "decltype", "auto", "nullptr_t", "nullptr", "true",
	"false", "std", "allocator", "basic_string", "char_traits",
	"basic_istream", "basic_ostream", "basic_iostream", "string",
	"istream", "ostream", "iostream", "operator", "new", "delete",
	"sizeof", "alignof", "typeid", "noexcept", "throw", "this",
	"const_cast", "dynamic_cast", "reinterpret_cast", "static_cast",
	"co_await", "vtable", "VTT", "construction", "typeinfo", "name",
	"for", "guard", "variable", "reference", "temporary", "thunk",
	"virtual", "non", "covariant", "return", "transaction", "clone",
	"safe", "TLS", "init", "function", "wrapper", "hidden", "alias",
	"template", "parameter", "object", "anonymous", "namespace",
	"lambda", "unnamed", "type", "enum", "struct", "union", "class",
	"typename", "global", "constructors", "destructors", "keyed",
	"requires", "pack", "expansion", "initializer", "list", "java",
	"JArray", "abi", "closure", "impl", "shim", "ellipsis",
};

static int
is_ident(int c)
{
	return isalnum(c) || c == '_';
}

static bool
word_is_safe(const char *w)
{
	const char *p;
	size_t i;

	for (p = w; *p != '\0' && isdigit((unsigned char)*p); p++)
		;
	if (*p == '\0')
		return false;	/* a number: lambda #1 is mangled as 0_ */
	for (i = 0; i < sizeof(unsafe_words) / sizeof(unsafe_words[0]); i++)
		if (strstr(unsafe_words[i], w) != NULL)
			return false;
	return true;
}

static int
add_word(pb_glob_t *g, const char *s, size_t n)
{
	char **p, *w;

	if (n == 0)
		return 0;
	w = strndup(s, n);
	if (w == NULL)
		return -1;
	if (!word_is_safe(w)) {
		free(w);
		return 0;
	}
	p = realloc(g->gl_words, (g->gl_nwords + 1) * sizeof(*p));
	if (p == NULL) {
		free(w);
		return -1;
	}
	g->gl_words = p;
	g->gl_words[g->gl_nwords++] = w;
	return 0;
}

int
pb_glob_init(pb_glob_t *g, const char *glob)
{
	char buf[512];
	size_t n = 0;
	const char *p;

	memset(g, 0, sizeof(*g));
	if (glob == NULL)
		glob = "";
	g->gl_text = strdup(glob);
	if (g->gl_text == NULL)
		goto nomem;
	g->gl_all = glob[0] == '\0' || strcmp(glob, "*") == 0;
	g->gl_literal = dm_glob_is_literal(glob);
	/*
	 * Split into runs of identifier characters.  A [...] class or a
	 * metacharacter ends a run; an escaped identifier character
	 * belongs to it.
	 */
	for (p = glob; *p != '\0'; p++) {
		if (*p == '\\' && p[1] != '\0' && is_ident((unsigned char)p[1]))
			p++;
		else if (*p == '[') {
			const char *q = p + 1;

			if (*q == '!' || *q == '^')
				q++;
			if (*q == ']')
				q++;
			while (*q != '\0' && *q != ']')
				q++;
			if (*q == ']')
				p = q;
			if (add_word(g, buf, n) < 0)
				goto nomem;
			n = 0;
			continue;
		}
		if (is_ident((unsigned char)*p) && n < sizeof(buf) - 1) {
			buf[n++] = *p;
			continue;
		}
		if (add_word(g, buf, n) < 0)
			goto nomem;
		n = 0;
	}
	if (add_word(g, buf, n) < 0)
		goto nomem;
	return 0;
nomem:
	pb_glob_fini(g);
	errno = ENOMEM;
	return -1;
}

void
pb_glob_fini(pb_glob_t *g)
{
	int i;

	for (i = 0; i < g->gl_nwords; i++)
		free(g->gl_words[i]);
	free(g->gl_words);
	free(g->gl_text);
	memset(g, 0, sizeof(*g));
}

/*
 * C++ names without their parameter list, so that pid$target::mix:entry
 * finds "mix(int, int)" and kv::Store::Put both overloads: the
 * parameters start at the '(' that matches the last ')'.  Then the
 * short names: that form without its leading qualifiers.
 */
static bool
match_no_params(const pb_glob_t *g, const char *name)
{
	const char *d, *p;
	char buf[1024];
	int depth = 0;

	if (!dm_maybe_mangled(name))
		return false;
	d = dm_demangle(name);
	if (d == name || (p = strrchr(d, ')')) == NULL)
		return false;
	for (; p > d; p--) {
		if (*p == ')')
			depth++;
		else if (*p == '(' && --depth == 0)
			break;
	}
	if (p == d || (size_t)(p - d) >= sizeof(buf))
		return false;
	memcpy(buf, d, (size_t)(p - d));
	buf[p - d] = '\0';
	if (fnmatch(g->gl_text, buf, 0) == 0)
		return true;
	/*
	 * A short name: each part after a "::" outside template arguments,
	 * so that Put, Put* and DBImpl??Put find leveldb::DBImpl::Put as gdb's
	 * "break Put" does.  A glob that starts with '*' already matched
	 * every suffix it could.
	 */
	if (g->gl_text[0] == '*')
		return false;
	depth = 0;
	for (p = buf; *p != '\0'; p++) {
		if (*p == '<' || *p == '(')
			depth++;
		else if ((*p == '>' || *p == ')') && depth > 0)
			depth--;
		else if (depth == 0 && p[0] == ':' && p[1] == ':' &&
		    fnmatch(g->gl_text, p + 2, 0) == 0)
			return true;
	}
	return false;
}

bool
pb_glob_match(const pb_glob_t *g, const char *name)
{
	int i;

	if (g->gl_all)
		return true;
	/*
	 * Only Itanium names: Rust v0 (_R) may encode identifiers as
	 * punycode, and other names do not demangle (then the words are
	 * needed by the plain fnmatch anyway).
	 */
	if (name[0] == '_' && name[1] == 'Z') {
		for (i = 0; i < g->gl_nwords; i++)
			if (strstr(name, g->gl_words[i]) == NULL)
				return false;
	} else if (!dm_maybe_mangled(name)) {
		for (i = 0; i < g->gl_nwords; i++)
			if (strstr(name, g->gl_words[i]) == NULL)
				return false;
		return fnmatch(g->gl_text, name, 0) == 0;
	}
	if (dm_match(g->gl_text, name))
		return true;
	return match_no_params(g, name);
}
