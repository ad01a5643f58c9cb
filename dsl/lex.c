/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lex.c: D tokens.  Comments, #pragma lines and a first #! line are
 * skipped here; macro arguments ($1, $$1, $target) are substituted here,
 * as dt_lex.l does.  Probe descriptions are not C tokens (they hold * and
 * :), so the parser asks for them as raw words with dsl_lex_pdesc().
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "dsl/cc.h"

const char *const dsl_lex_keywords[K_NKEYWORDS] = {
	"if", "else", "sizeof", "self", "this", "char", "short", "int",
	"long", "signed", "unsigned", "string", "int8_t", "int16_t",
	"int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
	"intptr_t", "uintptr_t", "size_t", "ssize_t", "pid_t", "uid_t",
	"uchar_t", "ushort_t", "uint_t", "ulong_t", "u_longlong_t",
	"longlong_t", "ipaddr_t", "void", "struct", "union", "enum", "typedef",
	"uint", "float", "double", "_Bool", "const", "volatile", "restrict",
	"inline", "offsetof", "extern", "static", "register", "auto",
	"translator", "xlate",
};

static int
col(dsl_cc_t *cc, const char *p)
{
	return (int)(p - cc->cc_linep) + 1;
}

static void
lex_error(dsl_cc_t *cc, const char *p, const char *tag, const char *msg)
{
	dsl_diag_error(cc, cc->cc_line, col(cc, p), tag, "%s", msg);
}

static void
putc_tok(dsl_cc_t *cc, char c)
{
	if (cc->cc_tstrlen + 2 > cc->cc_tstrcap) {
		size_t n = cc->cc_tstrcap ? cc->cc_tstrcap * 2 : 64;
		char *s = realloc(cc->cc_tstr, n);

		if (s == NULL)
			dsl_diag_error(cc, cc->cc_line, 0, NULL,
			    "out of memory");
		cc->cc_tstr = s;
		cc->cc_tstrcap = n;
	}
	cc->cc_tstr[cc->cc_tstrlen++] = c;
	cc->cc_tstr[cc->cc_tstrlen] = '\0';
}

/* Append to a buffer the compiler owns (freed by dsl_compile even after
 * an error longjmps out, so nothing leaks). */
static void
putc_buf(dsl_cc_t *cc, char **buf, size_t *len, size_t *cap, char c)
{
	if (*len + 2 > *cap) {
		size_t n = *cap ? *cap * 2 : 64;
		char *s = realloc(*buf, n);

		if (s == NULL)
			dsl_diag_error(cc, cc->cc_line, 0, NULL,
			    "out of memory");
		*buf = s;
		*cap = n;
	}
	(*buf)[(*len)++] = c;
	(*buf)[*len] = '\0';
}

static void
puts_tok(dsl_cc_t *cc, const char *s)
{
	while (*s != '\0')
		putc_tok(cc, *s++);
}

void
dsl_lex_init(dsl_cc_t *cc, int src)
{
	const dsl_src_t *s = &cc->cc_srcs[src];

	cc->cc_src = src;
	cc->cc_p = s->ds_text;
	cc->cc_end = s->ds_text + s->ds_len;
	cc->cc_line = 1;
	cc->cc_linep = cc->cc_p;
	cc->cc_file = 0;
	cc->cc_tok = T_EOF;
	/* #!/usr/bin/env pidtrace -s: an interpreter line, not D. */
	if (cc->cc_end - cc->cc_p >= 2 && cc->cc_p[0] == '#' &&
	    cc->cc_p[1] == '!') {
		while (cc->cc_p < cc->cc_end && *cc->cc_p != '\n')
			cc->cc_p++;
	}
}

static void
newline(dsl_cc_t *cc, const char *p)
{
	cc->cc_line++;
	cc->cc_linep = p + 1;
}

/*
 * Is s dtrace's attribute triple, "stability/stability/class" (#pragma D
 * attributes Evolving/Evolving/Common name)?
 */
static bool
attr_triple(const char *s)
{
	static const char *const stab[] = { "Internal", "Private",
	    "Obsolete", "External", "Unstable", "Evolving", "Stable",
	    "Standard", NULL };
	static const char *const cls[] = { "Unknown", "CPU", "Platform",
	    "Group", "ISA", "Common", NULL };
	int i, k;

	for (i = 0; i < 3; i++) {
		const char *const *names = i < 2 ? stab : cls;
		size_t len = strcspn(s, "/");

		for (k = 0; names[k] != NULL; k++)
			if (strlen(names[k]) == len &&
			    strncasecmp(names[k], s, len) == 0)
				break;
		if (names[k] == NULL)
			return false;
		s += len;
		if (i < 2 && *s++ != '/')
			return false;
	}
	return *s == '\0';
}

/*
 * The index of file in cc_files, added if new.  cpp names the same few
 * files again at each #include's end and after each run of blank lines,
 * so the file the lexer is in is tried first.
 */
static int
file_index(dsl_cc_t *cc, const char *file)
{
	uint32_t i;
	char *f;

	if (cc->cc_file > 0 && strcmp(cc->cc_files[cc->cc_file], file) == 0)
		return cc->cc_file;
	for (i = 1; i < cc->cc_nfiles; i++)
		if (strcmp(cc->cc_files[i], file) == 0)
			return (int)i;
	if (cc->cc_nfiles == 0)
		cc->cc_nfiles = 1;
	cc->cc_files = dsl_compile_grow(cc, cc->cc_files, &cc->cc_filecap,
	    cc->cc_nfiles + 1, sizeof(char *));
	if ((f = strdup(file)) == NULL)
		dsl_diag_error(cc, cc->cc_line, 0, NULL, "out of memory");
	cc->cc_files[cc->cc_nfiles] = f;
	return (int)cc->cc_nfiles++;
}

/*
 * "#line N ["file"]" or cpp's line marker "# N ["file" [flags]]": the
 * next line is line N of file (the C preprocessor's manual, "Preprocessor
 * Output" and "Line Control").  pidtrace -C runs the text through cpp, so
 * errors cite the lines of the text the user wrote and the files it
 * includes.  A marker naming the source itself (cmd/cpp.c begins each
 * text with one) gives the source's own name back.
 */
static void
line_marker(dsl_cc_t *cc, const char *start, char **tok, int nt)
{
	int d = isdigit((unsigned char)tok[0][0]) ? 0 : 1;
	const char *name = cc->cc_srcs[cc->cc_src].ds_name;
	char *e;
	long n;

	if (nt <= d)
		lex_error(cc, start, "D_PRAGMA_MALFORM", "malformed #line: "
		    "a line number expected");
	errno = 0;
	n = strtol(tok[d], &e, 10);
	if (errno != 0 || *e != '\0' || n < 0 || n > INT_MAX / 2 ||
	    !isdigit((unsigned char)tok[d][0]))
		lex_error(cc, start, "D_PRAGMA_MALFORM", "malformed #line: "
		    "a line number expected");
	if (nt > d + 1)
		cc->cc_file = strcmp(tok[d + 1], name) == 0 ? 0 :
		    file_index(cc, tok[d + 1]);
	/* the newline ending this line makes it line n */
	cc->cc_line = (int)n - 1;
}

/*
 * A control line: "#pragma D option x=y" sets an option; the other
 * directives dtrace knows without its C preprocessor are checked as
 * dt_pragma.c checks them: "#pragma D attributes" and "binding" (no
 * effect: pidtrace reports no stability), "#pragma D depends_on" (what
 * pidtrace has is there: the dtrace, pid, syscall and profile providers;
 * a library or a kernel module is not), "#error" and "#pragma D error"
 * (the compile fails with its text), "#ident" (ignored), "#line" and
 * cpp's "# N" markers (line_marker).
 * Other "#pragma" lines are ignored, as K&R asks; "#pragma D" names no
 * other pragma.
 */
static void
directive(dsl_cc_t *cc)
{
	const char *p = cc->cc_p + 1, *e, *start = cc->cc_p;
	char word[256], *tok[8];
	size_t n;
	int nt = 0, d;

	while (p < cc->cc_end && *p != '\n')
		p++;
	e = p;
	/*
	 * A control line ends at its newline: in a file, dtrace refuses
	 * one that the end of the file cuts short (dtrace-utils'
	 * dt_lex.l), whatever it says.
	 */
	if (e == cc->cc_end && cc->cc_srcs[cc->cc_src].ds_file)
		lex_error(cc, start, "D_SYNTAX", "end of file in a control "
		    "line: end it with a newline");
	n = (size_t)(e - start);
	if (n >= sizeof(word))
		lex_error(cc, start, "D_PRAGMA_MALFORM", "#pragma too long");
	memcpy(word, start + 1, n - 1);
	word[n - 1] = '\0';
	/* the words, a "quoted string" being one */
	for (p = word; nt < 8;) {
		char *w = (char *)p;

		while (*w == ' ' || *w == '\t' || *w == '\r')
			w++;
		if (*w == '\0')
			break;
		if (*w == '"') {
			/* cpp writes \" \\ and \n in a file name's string
			 * (pidtrace -C names a -n text by the text) */
			char *q = w + 1, *o = w + 1;

			tok[nt++] = w + 1;
			while (*q != '\0' && *q != '"') {
				if (*q == '\\' && q[1] == 'n') {
					*o++ = '\n';
					q += 2;
					continue;
				}
				if (*q == '\\' && (q[1] == '"' || q[1] == '\\'))
					q++;
				*o++ = *q++;
			}
			if (*q == '\0') {
				*o = '\0';
				break;
			}
			*o = '\0';
			p = q + 1;
			continue;
		}
		tok[nt++] = w;
		while (*w != '\0' && *w != ' ' && *w != '\t' && *w != '\r')
			w++;
		if (*w != '\0')
			*w++ = '\0';
		p = w;
	}
	if (nt == 0)
		goto done;	/* a null directive */
	if (isdigit((unsigned char)tok[0][0]) ||
	    strcmp(tok[0], "line") == 0) {
		line_marker(cc, start, tok, nt);
		goto done;
	}
	d = strcmp(tok[0], "pragma") == 0 ? 1 : 0;
	if (d == 1 && nt >= 2 && strcmp(tok[1], "D") == 0)
		d = 2;		/* tok[d] names the pragma */
	if (d == 1 && nt == 1)
		goto done;
	if (d == 1 && strcmp(tok[1], "error") != 0 &&
	    strcmp(tok[1], "ident") != 0)
		goto done;	/* another's #pragma */
	if (d == 2 && nt == 2)
		goto done;
	if (strcmp(tok[d], "option") == 0 && d == 2) {
		if (nt != 4)
			lex_error(cc, start, "D_PRAGMA_MALFORM", nt < 4 ?
			    "malformed #pragma D option: name[=value] "
			    "expected" : "superfluous arguments after #pragma "
			    "D option name[=value]");
		dsl_compile_option(cc, tok[3], cc->cc_line, col(cc, start));
	} else if (strcmp(tok[d], "attributes") == 0 && d == 2) {
		if (nt != 5)
			lex_error(cc, start, "D_PRAGMA_MALFORM", "malformed "
			    "#pragma D attributes: attributes and a name "
			    "expected");
		if (!attr_triple(tok[3]))
			lex_error(cc, start, "D_PRAGMA_INVAL", "invalid "
			    "attributes in #pragma D attributes: "
			    "stability/stability/class expected, as "
			    "Evolving/Evolving/Common");
	} else if (strcmp(tok[d], "binding") == 0 && d == 2) {
		if (nt != 5)
			lex_error(cc, start, "D_PRAGMA_MALFORM", "malformed "
			    "#pragma D binding: a version and a name "
			    "expected");
	} else if (strcmp(tok[d], "depends_on") == 0 && d == 2) {
		char msg[300];

		if (nt != 5)
			lex_error(cc, start, "D_PRAGMA_MALFORM", "malformed "
			    "#pragma D depends_on: a class and a name "
			    "expected");
		if (strcmp(tok[3], "library") == 0)
			lex_error(cc, start, "D_PRAGMA_DEPEND", "the main "
			    "program may not depend on a library (pidtrace "
			    "has no D libraries)");
		if (strcmp(tok[3], "provider") != 0 &&
		    strcmp(tok[3], "module") != 0) {
			snprintf(msg, sizeof(msg), "invalid class '%s' in "
			    "#pragma D depends_on: provider, module or "
			    "library expected", tok[3]);
			lex_error(cc, start, "D_PRAGMA_INVAL", msg);
		}
		if (strcmp(tok[3], "module") == 0 ||
		    (strcmp(tok[4], "dtrace") != 0 &&
		    strcmp(tok[4], "pid") != 0 &&
		    strcmp(tok[4], "syscall") != 0 &&
		    strcmp(tok[4], "profile") != 0)) {
			snprintf(msg, sizeof(msg), "the program requires %s "
			    "%s, which pidtrace does not have", tok[3],
			    tok[4]);
			lex_error(cc, start, "D_PRAGMA_DEPEND", msg);
		}
	} else if (strcmp(tok[d], "error") == 0) {
		char msg[300];
		int i;
		size_t o;

		o = (size_t)snprintf(msg, sizeof(msg), "#error:");
		for (i = d + 1; i < nt && o < sizeof(msg); i++)
			o += (size_t)snprintf(msg + o, sizeof(msg) - o, " %s",
			    tok[i]);
		lex_error(cc, start, "D_PRAGERR", msg);
	} else if (strcmp(tok[d], "ident") == 0) {
		/* ignored, as dtrace ignores #ident */
	} else if (d == 2) {
		char msg[300];

		snprintf(msg, sizeof(msg), "invalid D pragma: %s", tok[d]);
		lex_error(cc, start, "D_PRAGMA_INVAL", msg);
	} else {
		lex_error(cc, start, "D_PRAGCTL_INVAL",
		    "invalid control directive: preprocessor directives "
		    "need the C preprocessor: give -C");
	}
done:
	cc->cc_p = e;
}

/* Skip blanks, comments and directives. */
static void
skip(dsl_cc_t *cc)
{
	const char *p = cc->cc_p;

	for (;;) {
		if (p >= cc->cc_end)
			break;
		if (*p == '\n') {
			newline(cc, p);
			p++;
		} else if (isspace((unsigned char)*p) || *p == '\0') {
			p++;
		} else if (p[0] == '/' && p + 1 < cc->cc_end && p[1] == '*') {
			const char *s = p;

			p += 2;
			while (p + 1 < cc->cc_end &&
			    !(p[0] == '*' && p[1] == '/')) {
				if (*p == '\n')
					newline(cc, p);
				/* D comments do not nest: dtrace refuses
				 * a comment's opening inside one
				 * (dtrace-utils' dt_lex.l) */
				if (p[0] == '/' && p[1] == '*') {
					cc->cc_p = p;
					lex_error(cc, p, "D_SYNTAX", "/* inside "
					    "a comment: comments do not nest");
				}
				p++;
			}
			if (p + 1 >= cc->cc_end) {
				cc->cc_p = p;
				lex_error(cc, s, "D_SYNTAX",
				    "end of file in comment");
			}
			p += 2;
		} else if (p[0] == '/' && p + 1 < cc->cc_end && p[1] == '/') {
			while (p < cc->cc_end && *p != '\n')
				p++;
		} else if (*p == '#') {
			/* only at the start of a line (after blanks) */
			const char *q = p;

			while (q > cc->cc_linep && (q[-1] == ' ' ||
			    q[-1] == '\t'))
				q--;
			if (q != cc->cc_linep)
				break;
			cc->cc_p = p;
			directive(cc);
			p = cc->cc_p;
		} else {
			break;
		}
	}
	cc->cc_p = p;
}

/*
 * The escape sequence after a backslash at *pp, as dtrace's stresc2chr
 * reads it: octal (up to 3 digits), \x and its hex digits, \a \b \f
 * \n \r \t \v, \" and \\; any other keeps its backslash ("\?" is
 * two characters, dtrace-utils types/tst.stringconstants).  The
 * characters go to out; returns how many (1 or 2).
 */
static int
escape(dsl_cc_t *cc, const char **pp, char *out)
{
	const char *p = *pp;
	int c = (unsigned char)*p++;
	int v, i, n = 1;

	switch (c) {
	case 'n': c = '\n'; break;
	case 't': c = '\t'; break;
	case 'r': c = '\r'; break;
	case 'a': c = '\a'; break;
	case 'b': c = '\b'; break;
	case 'f': c = '\f'; break;
	case 'v': c = '\v'; break;
	case '\\': case '"': break;
	case 'x':
		v = 0;
		/* every digit counts and the character is the low byte
		 * (dtrace's stresc2chr): kept to that byte as it goes, so
		 * a long run of digits cannot overflow */
		for (i = 0; p < cc->cc_end && isxdigit((unsigned char)*p);
		    i++, p++)
			v = (v * 16 + (isdigit((unsigned char)*p) ? *p - '0' :
			    (tolower((unsigned char)*p) - 'a' + 10))) & 0xff;
		if (i == 0)
			lex_error(cc, p, "D_STR_BADESC",
			    "invalid escape sequence in string");
		c = v & 0xff;
		break;
	default:
		if (c >= '0' && c <= '7') {
			v = c - '0';
			for (i = 1; i < 3 && p < cc->cc_end && *p >= '0' &&
			    *p <= '7'; i++, p++)
				v = v * 8 + (*p - '0');
			c = v & 0xff;
		} else {
			out[0] = '\\';
			n = 2;
		}
	}
	out[n - 1] = (char)c;
	*pp = p;
	return n;
}

/* Type an integer constant as C does for its form and suffix. */
static void
number(dsl_cc_t *cc, const char *p)
{
	const char *s = p;
	uint64_t v = 0;
	int base = 10;
	bool over = false, u = false, l = false;

	if (p[0] == '0' && p + 1 < cc->cc_end && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
		if (p >= cc->cc_end || !isxdigit((unsigned char)*p))
			lex_error(cc, s, "D_INT_DIGIT",
			    "invalid digit in hexadecimal constant");
	} else if (p[0] == '0') {
		base = 8;
	}
	/*
	 * As dtrace's lexer reads a constant: decimal or octal digits, or
	 * hex ones, then u and up to two l; a letter after them begins the
	 * next token ("int 0abc;" is a syntax error near "0").
	 */
	for (; p < cc->cc_end && (isdigit((unsigned char)*p) ||
	    (base == 16 && isxdigit((unsigned char)*p))); p++) {
		char c = (char)tolower((unsigned char)*p);
		int d = isdigit((unsigned char)c) ? c - '0' : c - 'a' + 10;

		if (d >= base)
			lex_error(cc, p, "D_INT_DIGIT",
			    "invalid digit in octal constant");
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			over = true;
		v = v * (uint64_t)base + (uint64_t)d;
	}
	if (p < cc->cc_end && (*p == 'u' || *p == 'U')) {
		u = true;
		p++;
	}
	if (p < cc->cc_end && (*p == 'l' || *p == 'L')) {
		l = true;
		p++;
		if (p < cc->cc_end && (*p == 'l' || *p == 'L'))
			p++;
	}
	if (over)
		lex_error(cc, s, "D_INT_OFLOW",
		    "integer constant exceeds the range of uint64_t");
	cc->cc_tival = (int64_t)v;
	cc->cc_tunsigned = u;
	cc->cc_tlong = l;
	if (!l && !u && v <= INT32_MAX) {
		/* int */
	} else if (!l && base != 10 && v <= UINT32_MAX) {
		cc->cc_tunsigned = true;
	} else if (!l && u && v <= UINT32_MAX) {
		/* unsigned int */
	} else {
		cc->cc_tlong = true;
		if (v > INT64_MAX)
			cc->cc_tunsigned = true;
	}
	cc->cc_p = p;
}

static bool
is_int(const char *s, int64_t *v)
{
	char *e;

	if (*s == '\0')
		return false;
	errno = 0;
	*v = (int64_t)strtoull(s, &e, 0);
	if (*s == '-')
		*v = strtoll(s, &e, 0);
	return errno == 0 && *e == '\0';
}

/* $$target, $$pid...: the macro variable's value as a string token. */
static int
macro_str(dsl_cc_t *cc)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", (long long)cc->cc_tival);
	cc->cc_tstrlen = 0;
	putc_tok(cc, 0);
	cc->cc_tstrlen = 0;
	puts_tok(cc, buf);
	return T_STRING;
}

/* $1, $$1, $target, $pid at p (which points at '$'). */
static int
macro(dsl_cc_t *cc, const char *p)
{
	const char *s = p++;
	bool str = false;
	const char *a;
	int64_t v;

	if (p < cc->cc_end && *p == '$') {
		str = true;
		p++;
	}
	if (p < cc->cc_end && isdigit((unsigned char)*p)) {
		int n = *p++ - '0';

		if (p < cc->cc_end && isdigit((unsigned char)*p))
			lex_error(cc, s, "D_MACRO_UNDEF",
			    "macro argument number too large");
		cc->cc_p = p;
		if (n >= cc->cc_copts->co_nargs ||
		    cc->cc_copts->co_args[n] == NULL) {
			if (cc->cc_pg->pg_opts[O_DEFAULTARGS] <= 0) {
				dsl_diag_error(cc, cc->cc_line, col(cc, s),
				    "D_MACRO_UNDEF", "macro argument %s%d is "
				    "not defined", str ? "$$" : "$", n);
			}
			a = str ? "" : "0";
		} else {
			a = cc->cc_copts->co_args[n];
			cc->cc_argused[n] = true;
		}
		cc->cc_tstrlen = 0;
		putc_tok(cc, 0);
		cc->cc_tstrlen = 0;
		if (str) {
			puts_tok(cc, a);
			return T_STRING;
		}
		if (is_int(a, &v)) {
			cc->cc_tival = v;
			cc->cc_tunsigned = false;
			cc->cc_tlong = !(v >= INT32_MIN && v <= INT32_MAX);
			return T_INT;
		}
		if (isalpha((unsigned char)a[0]) || a[0] == '_') {
			const char *q;

			for (q = a; *q != '\0'; q++)
				if (!isalnum((unsigned char)*q) && *q != '_')
					break;
			if (*q == '\0') {
				puts_tok(cc, a);
				return T_IDENT;
			}
		}
		/* neither: a string, as dtrace's lexer takes it ($0, a
		 * path), its enclosing quotes dropped */
		{
			size_t len = strlen(a);

			if (len > 1 && a[0] == '"' && a[len - 1] == '"')
				for (len -= 2, a++; len > 0; len--)
					putc_tok(cc, *a++);
			else
				puts_tok(cc, a);
			return T_STRING;
		}
	}
	/* "$" before neither a digit nor a name: "$-1" */
	if (p >= cc->cc_end || (!isalpha((unsigned char)*p) && *p != '_'))
		lex_error(cc, s, "D_SYNTAX", "syntax error near \"$\"");
	if (cc->cc_end - p >= 6 && strncmp(p, "target", 6) == 0 &&
	    (cc->cc_end - p == 6 || !isalnum((unsigned char)p[6]))) {
		cc->cc_p = p + 6;
		cc->cc_tival = cc->cc_copts->co_target;
		cc->cc_tunsigned = false;
		cc->cc_tlong = false;
		return str ? macro_str(cc) : T_INT;
	}
	/* dtrace's macro variables of its own process */
	{
		static const char *const names[] = { "pid", "ppid", "uid",
		    "gid", "euid", "egid", "pgid", "sid" };
		size_t i, l;

		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			l = strlen(names[i]);
			if (cc->cc_end - p < (ptrdiff_t)l ||
			    strncmp(p, names[i], l) != 0 ||
			    (cc->cc_end - p > (ptrdiff_t)l &&
			    (isalnum((unsigned char)p[l]) || p[l] == '_')))
				continue;
			cc->cc_p = p + l;
			switch (i) {
			case 0: cc->cc_tival = getpid(); break;
			case 1: cc->cc_tival = getppid(); break;
			case 2: cc->cc_tival = getuid(); break;
			case 3: cc->cc_tival = getgid(); break;
			case 4: cc->cc_tival = geteuid(); break;
			case 5: cc->cc_tival = getegid(); break;
			case 6: cc->cc_tival = getpgid(0); break;
			default: cc->cc_tival = getsid(0); break;
			}
			cc->cc_tunsigned = false;
			cc->cc_tlong = false;
			return str ? macro_str(cc) : T_INT;
		}
	}
	lex_error(cc, s, "D_MACRO_UNDEF", "invalid macro variable");
	return T_EOF;
}

static int
lex(dsl_cc_t *cc)
{
	const char *p;
	int c;

	skip(cc);
	p = cc->cc_p;
	cc->cc_tline = cc->cc_line;
	cc->cc_tcol = col(cc, p);
	cc->cc_tstrlen = 0;
	if (p >= cc->cc_end)
		return T_EOF;
	c = (unsigned char)*p;
	if (isdigit(c)) {
		number(cc, p);
		return T_INT;
	}
	if (isalpha(c) || c == '_' || c == '`') {
		int k;

		while (p < cc->cc_end && (isalnum((unsigned char)*p) ||
		    *p == '_' || *p == '`'))
			putc_tok(cc, *p++);
		cc->cc_p = p;
		for (k = 0; k < K_NKEYWORDS; k++) {
			if (strcmp(cc->cc_tstr, dsl_lex_keywords[k]) == 0) {
				cc->cc_tival = k;
				return T_KEYWORD;
			}
		}
		return T_IDENT;
	}
	if (c == '@') {
		p++;
		putc_tok(cc, 0);
		cc->cc_tstrlen = 0;
		while (p < cc->cc_end && (isalnum((unsigned char)*p) ||
		    *p == '_'))
			putc_tok(cc, *p++);
		cc->cc_p = p;
		return T_AGGNAME;
	}
	if (c == '$')
		return macro(cc, p);
	if (c == '"') {
		const char *s = p++;

		putc_tok(cc, 0);
		cc->cc_tstrlen = 0;
		for (;;) {
			if (p >= cc->cc_end || *p == '\n')
				lex_error(cc, s, "D_STR_NL",
				    "newline encountered in string literal");
			if (*p == '"')
				break;
			if (*p == '\\') {
				char e[2];
				int k, ne;

				p++;
				if (p >= cc->cc_end)
					continue;
				ne = escape(cc, &p, e);
				for (k = 0; k < ne; k++)
					putc_tok(cc, e[k]);
			} else {
				putc_tok(cc, *p++);
			}
		}
		cc->cc_p = p + 1;
		return T_STRING;
	}
	if (c == '\'') {
		/*
		 * Up to 8 characters, the first the most significant
		 * byte of the value, as dtrace's lexer packs them (its
		 * types/tst.charconstants: 'ab"d' is 1633821284, '\?'
		 * 23615); typed as a decimal constant of that value.
		 */
		const char *s = p++;
		uint64_t v = 0;
		int n = 0;

		while (p < cc->cc_end && *p != '\n' && *p != '\'') {
			char e[2];
			int k, ne = 1;

			if (*p == '\\' && p + 1 < cc->cc_end) {
				p++;
				ne = escape(cc, &p, e);
			} else {
				e[0] = *p++;
			}
			for (k = 0; k < ne; k++) {
				v = (v << 8) | (unsigned char)e[k];
				n++;
			}
		}
		if (p >= cc->cc_end || *p != '\'')
			lex_error(cc, s, "D_CHR_NL",
			    "newline encountered in character constant");
		if (n == 0)
			lex_error(cc, s, "D_CHR_NULL",
			    "empty character constant");
		if (n > 8)
			lex_error(cc, s, "D_CHR_OFLOW",
			    "character constant is too long");
		cc->cc_p = p + 1;
		cc->cc_tival = (int64_t)v;
		cc->cc_tunsigned = false;
		cc->cc_tlong = v > INT32_MAX;
		return T_INT;
	}

	/* operators: longest match */
	{
		static const struct { const char *s; int t; } ops[] = {
			{ "<<=", T_SHLEQ }, { ">>=", T_SHREQ },
			{ "==", T_EQ }, { "!=", T_NE }, { "<=", T_LE },
			{ ">=", T_GE }, { "<<", T_SHL }, { ">>", T_SHR },
			{ "&&", T_LAND }, { "||", T_LOR }, { "^^", T_LXOR },
			{ "++", T_INC }, { "--", T_DEC }, { "->", T_ARROW },
			{ "+=", T_ADDEQ }, { "-=", T_SUBEQ },
			{ "*=", T_MULEQ }, { "/=", T_DIVEQ },
			{ "%=", T_MODEQ }, { "&=", T_ANDEQ },
			{ "|=", T_OREQ }, { "^=", T_XOREQ },
		};
		size_t i, left = (size_t)(cc->cc_end - p);

		for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			size_t n = strlen(ops[i].s);

			if (n <= left && memcmp(p, ops[i].s, n) == 0) {
				cc->cc_p = p + n;
				return ops[i].t;
			}
		}
	}
	if (strchr("{}()[];,:?+-*/%<>=!~&|^.", c) != NULL) {
		cc->cc_p = p + 1;
		return c;
	}
	{
		char msg[64];

		if (isprint(c))
			snprintf(msg, sizeof(msg), "syntax error near \"%c\"",
			    c);
		else
			snprintf(msg, sizeof(msg),
			    "invalid character \\%03o", c);
		lex_error(cc, p, "D_SYNTAX", msg);
	}
	return T_EOF;
}

int
dsl_lex_next(dsl_cc_t *cc)
{
	cc->cc_tok = lex(cc);
	return cc->cc_tok;
}

int
dsl_lex_peek(dsl_cc_t *cc)
{
	/* Save the lexer, take one token, put everything back. */
	const char *p = cc->cc_p, *linep = cc->cc_linep;
	int line = cc->cc_line, tok = cc->cc_tok, tl = cc->cc_tline;
	int tc = cc->cc_tcol, next;
	int64_t iv = cc->cc_tival;
	bool u = cc->cc_tunsigned, l = cc->cc_tlong;
	size_t len = cc->cc_tstrlen, i;
	int file = cc->cc_file;

	cc->cc_pstrlen = 0;
	for (i = 0; i < len; i++)
		putc_buf(cc, &cc->cc_pstr, &cc->cc_pstrlen, &cc->cc_pstrcap,
		    cc->cc_tstr[i]);
	next = lex(cc);
	/* what the peeked token is: a cast needs to know */
	cc->cc_pival = cc->cc_tival;
	snprintf(cc->cc_peektext, sizeof(cc->cc_peektext), "%.*s",
	    (int)cc->cc_tstrlen, cc->cc_tstr != NULL ? cc->cc_tstr : "");
	cc->cc_p = p;
	cc->cc_linep = linep;
	cc->cc_line = line;
	cc->cc_file = file;	/* a marker peeked */
	cc->cc_tok = tok;
	cc->cc_tline = tl;
	cc->cc_tcol = tc;
	cc->cc_tival = iv;
	cc->cc_tunsigned = u;
	cc->cc_tlong = l;
	cc->cc_tstrlen = 0;
	for (i = 0; i < len; i++)
		putc_tok(cc, cc->cc_pstr[i]);
	if (len == 0 && cc->cc_tstr != NULL)
		cc->cc_tstr[0] = '\0';
	return next;
}

bool
dsl_lex_pdesc(dsl_cc_t *cc)
{
	const char *p;
	int line, tcol;

	skip(cc);
	p = cc->cc_p;
	cc->cc_dstart = p;
	line = cc->cc_line;
	tcol = col(cc, p);
	cc->cc_dstrlen = 0;
	putc_buf(cc, &cc->cc_dstr, &cc->cc_dstrlen, &cc->cc_dstrcap, 0);
	cc->cc_dstrlen = 0;
	if (p < cc->cc_end) {
		while (p < cc->cc_end && !isspace((unsigned char)*p) &&
		    strchr(",{/;", *p) == NULL && *p != '\0') {
			const char *s;
			char buf[32];

			if (*p != '$') {
				putc_buf(cc, &cc->cc_dstr, &cc->cc_dstrlen,
				    &cc->cc_dstrcap, *p++);
				continue;
			}
			/* pid$target, pid$1: substitute the macro */
			cc->cc_p = p;
			if (macro(cc, p) == T_INT) {
				snprintf(buf, sizeof(buf), "%lld",
				    (long long)cc->cc_tival);
				s = buf;
			} else {
				s = cc->cc_tstr;
			}
			for (; *s != '\0'; s++)
				putc_buf(cc, &cc->cc_dstr, &cc->cc_dstrlen,
				    &cc->cc_dstrcap, *s);
			p = cc->cc_p;
		}
	}
	cc->cc_p = p;
	cc->cc_tline = line;
	cc->cc_tcol = tcol;
	cc->cc_tstrlen = 0;
	putc_tok(cc, 0);
	cc->cc_tstrlen = 0;
	puts_tok(cc, cc->cc_dstr);
	return p < cc->cc_end || cc->cc_tstrlen > 0;
}

const char *
dsl_lex_tokname(dsl_cc_t *cc, int tok)
{
	static const char *names[] = {
		"==", "!=", "<=", ">=", "<<", ">>", "&&", "||", "^^", "++",
		"--", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
		"<<=", ">>=",
	};
	static char one[2];

	switch (tok) {
	case T_EOF:
		return "end of input";
	case T_INT:
	case T_STRING:
	case T_IDENT:
	case T_KEYWORD:
		return cc->cc_tstr != NULL && tok != T_INT ?
		    cc->cc_tstr : "constant";
	case T_AGGNAME:
		return "@";
	default:
		if (tok >= T_EQ && tok <= T_SHREQ)
			return names[tok - T_EQ];
		one[0] = (char)tok;
		one[1] = '\0';
		return one;
	}
}
