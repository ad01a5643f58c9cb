/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diag.c: compile errors.  One message, "NAME:LINE:COL: message", and a
 * longjmp back to dsl_compile: the first error ends the compile, as in
 * dtrace.  With -x errtags the DTrace tag (dt_errtags.h) goes before the
 * message: "NAME:LINE:COL: [D_SYNTAX] message".  In a file a line
 * marker named (cpp's #include, dsl/lex.c): "NAME: FILE:LINE:COL: ...".
 */
#include <config.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/cc.h"

static void __attribute__((noreturn, format(printf, 7, 0)))
verror(dsl_cc_t *cc, int src, int file, int line, int col, const char *tag,
    const char *fmt, va_list ap)
{
	char msg[512];
	const char *name = "<input>";
	const char *t0 = cc->cc_errtags && tag != NULL ? "[" : "";
	const char *t1 = cc->cc_errtags && tag != NULL ? tag : "";
	const char *t2 = cc->cc_errtags && tag != NULL ? "] " : "";

	if (cc->cc_err == NULL || cc->cc_errlen == 0)
		longjmp(cc->cc_jmp, 1);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (src >= 0 && (size_t)src < cc->cc_nsrcs)
		name = cc->cc_srcs[src].ds_name;
	if (src < 0) {
		/* not in a source: a -x option */
		snprintf(cc->cc_err, cc->cc_errlen, "%s%s%s%s", t0, t1, t2,
		    msg);
	} else if (file > 0 && (uint32_t)file < cc->cc_nfiles) {
		/* in a file a line marker named (cpp's #include): the
		 * source, then the file ("x.d: inc.h:3:1: ...") */
		snprintf(cc->cc_err, cc->cc_errlen, "%s: %s:%d:%d: %s%s%s%s",
		    name, cc->cc_files[file], line, col > 0 ? col : 1, t0, t1,
		    t2, msg);
	} else {
		snprintf(cc->cc_err, cc->cc_errlen, "%s:%d:%d: %s%s%s%s",
		    name, line, col > 0 ? col : 1, t0, t1, t2, msg);
	}
	longjmp(cc->cc_jmp, 1);
}

void
dsl_diag_error(dsl_cc_t *cc, int line, int col, const char *tag,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verror(cc, cc->cc_src, cc->cc_file, line, col, tag, fmt, ap);
	va_end(ap);
}

void
dsl_diag_nerror(dsl_cc_t *cc, int32_t node, const char *tag,
    const char *fmt, ...)
{
	va_list ap;
	dsl_node_t *n = CC_NODE(cc, node);

	va_start(ap, fmt);
	verror(cc, n->dn_src, n->dn_file, n->dn_line, n->dn_col, tag, fmt,
	    ap);
	va_end(ap);
}

/* Levenshtein distance, capped: names are short. */
static size_t
distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t row[64], prev, tmp;

	if (la >= 63 || lb >= 63)
		return 99;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t best = prev + (a[i - 1] != b[j - 1]);

			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			tmp = row[j];
			row[j] = best;
			prev = tmp;
		}
	}
	return row[lb];
}

const char *
dsl_diag_suggest(const char *name, const char *const *names, size_t n)
{
	const char *best = NULL;
	size_t i, bd = 3;

	for (i = 0; i < n; i++) {
		size_t d;

		if (names[i] == NULL || names[i][0] == '\0')
			continue;
		d = distance(name, names[i]);
		/* one edit for short names, two for longer ones, none for
		 * names so short that anything is one edit away */
		if (d < bd && ((d <= 1 && strlen(name) > 2) ||
		    strlen(name) > 4)) {
			bd = d;
			best = names[i];
		}
	}
	return best;
}
