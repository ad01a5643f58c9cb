/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * printf.c: D's printf conversions (after libdtrace's dt_printf.c).
 * Integers are widened from their D type before formatting: signed
 * conversions sign-extend, unsigned ones zero-extend, so printf("%x", -1)
 * of an int prints ffffffff as in dtrace.
 */
#include <config.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dsl/rt.h"
#include "dsl/printf.h"
#include "dsl/emit.h"

/* The C formats below are built by cfmt() from a conversion dsl_printf_conv()
 * accepted: flags, width, precision and one conversion letter. */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"


/*
 * As dt_printf_create, a format may not give '*' twice for a width or a
 * precision ("%**d"), nor put anything between '%' and a second '%'
 * ("%-%"): such a format is refused, not printed.
 */
/* Is c one of set's characters (not its NUL)?  strchr() for a few
 * characters cost more than the rest of a conversion's parsing. */
static inline bool
oneof(char c, const char *set)
{
	for (; *set != '\0'; set++)
		if (*set == c)
			return true;
	return false;
}

bool
dsl_printf_conv(const char *p, dsl_conv_t *cv, const char **endp)
{
	const char *start = p;
	size_t nf = 0;

	memset(cv, 0, sizeof(*cv));
	cv->cv_width = cv->cv_prec = -1;
	/* as dt_printf.c's parser, '@' and '?' may come anywhere among the
	 * flags and the width: "%8@d" and "%@8d" are the same */
	for (;;) {
		if (*p == '@') {
			cv->cv_agg = true;
			p++;
		} else if (*p == '?') {
			cv->cv_width = 16;	/* a pointer's width, LP64 */
			p++;
		} else if (*p != '\0' && (oneof(*p, "-+ #'") ||
		    (*p == '0' && cv->cv_width == -1))) {
			if (nf < sizeof(cv->cv_flags) - 1 && *p != '\'')
				cv->cv_flags[nf++] = *p;
			p++;
		} else if (*p == '*') {
			if (cv->cv_width == -2)
				return false;
			cv->cv_width = -2;
			p++;
		} else if (isdigit((unsigned char)*p)) {
			cv->cv_width = 0;
			while (isdigit((unsigned char)*p) &&
			    cv->cv_width < 100000)
				cv->cv_width = cv->cv_width * 10 +
				    (*p++ - '0');
			while (isdigit((unsigned char)*p))
				p++;
		} else {
			break;
		}
	}
	if (*p == '.') {
		p++;
		if (*p == '*') {
			cv->cv_prec = -2;
			p++;
		} else {
			cv->cv_prec = 0;
			while (isdigit((unsigned char)*p) &&
			    cv->cv_prec < 100000)
				cv->cv_prec = cv->cv_prec * 10 + (*p++ - '0');
			while (isdigit((unsigned char)*p))
				p++;
		}
	}
	while (*p != '\0' && oneof(*p, "hlLqjzt"))
		p++;
	if (*p == '\0' || !oneof(*p, "aAcdiouxXeEfFgGkpsSY%") ||
	    (*p == '%' && p != start))
		return false;
	cv->cv_conv = *p++;
	*endp = p;
	return true;
}

static int64_t
widen(const dsl_parg_t *a, bool sign)
{
	int64_t v = a->pa_int;

	switch (a->pa_size) {
	case 1: return sign ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
	case 2: return sign ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
	case 4: return sign ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
	default: return v;
	}
}

/* The value of a float or double argument from its bits (a long
 * double's first 8 bytes are read as a double). */
static double
fbits(const dsl_parg_t *a)
{
	uint64_t u = (uint64_t)a->pa_int;

	if (a->pa_fsize == 4) {
		uint32_t w = (uint32_t)u;
		float f;

		memcpy(&f, &w, sizeof(f));
		return f;
	} else {
		double d;

		memcpy(&d, &u, sizeof(d));
		return d;
	}
}

/* n in decimal at q, which has room; returns the end */
static char *
decimal(char *q, unsigned int n)
{
	char d[12];
	size_t k = 0;

	do {
		d[k++] = (char)('0' + n % 10);
		n /= 10;
	} while (n != 0);
	while (k > 0)
		*q++ = d[--k];
	return q;
}

/* Build "%<flags><width>.<prec><len><conv>" for the C library.  As
 * dt_printf.c's dt_printf_format, a width or a precision of 0 is none:
 * printf("%.0s", "hello") prints hello.  Built by hand: three
 * snprintf()s a conversion were a third of the cost of a record's
 * printf (bench/put.sh). */
static void
cfmt(char *buf, size_t len, const dsl_conv_t *cv, int width, int prec,
    const char *lenmod, char conv)
{
	char *q = buf;
	size_t nf = strnlen(cv->cv_flags, sizeof(cv->cv_flags) - 1);

	/* flags (7), two numbers (10 each), '.', lenmod (2), conv, NUL */
	if (len < 40) {
		*buf = '\0';
		return;
	}
	*q++ = '%';
	memcpy(q, cv->cv_flags, nf);
	q += nf;
	if (width > 0)
		q = decimal(q, (unsigned int)width);
	if (prec > 0) {
		*q++ = '.';
		q = decimal(q, (unsigned int)prec);
	}
	while (*lenmod != '\0')
		*q++ = *lenmod++;
	*q++ = conv;
	*q = '\0';
}

/*
 * A conversion's text gathered for one fwrite(): the C library's stream
 * costs most of a record's printf() per write, and a line is often five
 * (bench/put.sh's "put %s value %d bytes\n").
 */
typedef struct obuf {
	FILE	*ob_fp;
	size_t	ob_n;
	char	ob_b[512];
} obuf_t;

static void
ob_flush(obuf_t *o)
{
	if (o->ob_n > 0)
		fwrite(o->ob_b, 1, o->ob_n, o->ob_fp);
	o->ob_n = 0;
}

static void
ob_put(obuf_t *o, const char *s, size_t n)
{
	if (n > sizeof(o->ob_b) - o->ob_n) {
		ob_flush(o);
		if (n > sizeof(o->ob_b)) {
			fwrite(s, 1, n, o->ob_fp);
			return;
		}
	}
	memcpy(o->ob_b + o->ob_n, s, n);
	o->ob_n += n;
}

/*
 * An integer as a plain %d, %u, %o, %x or %X (no flag, width or
 * precision) prints it: what the C library's printf would print, without
 * its parsing of a format (most of a record's cost in a clause that
 * printf()s a line per firing, bench/put.sh).
 */
static void
plainint(obuf_t *o, int64_t v, bool sign, char conv)
{
	static const char lo[] = "0123456789abcdef";
	static const char up[] = "0123456789ABCDEF";
	const char *dig = conv == 'X' ? up : lo;
	unsigned int base = conv == 'o' ? 8 : conv == 'x' || conv == 'X' ?
	    16 : 10;
	uint64_t u = sign && v < 0 ? -(uint64_t)v : (uint64_t)v;
	char b[32], *q = b + sizeof(b);

	do {
		*--q = dig[u % base];
		u /= base;
	} while (u != 0);
	if (sign && v < 0)
		*--q = '-';
	ob_put(o, q, (size_t)(b + sizeof(b) - q));
}

/*
 * %S: s with C's escapes for \a \b \f \n \r \t \v \" and \\, any other
 * byte outside '!'..'~' but the space as a backslash and three octal
 * digits, then \0 for the NUL that ends it (libdtrace's strchr2esc over
 * the whole record).  The caller frees it; NULL without memory.
 */
static char *
escape(const char *s)
{
	static const char from[] = "\a\b\f\n\r\t\v\"\\";
	static const char to[] = "abfnrtv\"\\";
	char *out = malloc(strlen(s) * 4 + 3), *q = out;
	const char *c;

	if (out == NULL)
		return NULL;
	for (; *s != '\0'; s++) {
		unsigned char b = (unsigned char)*s;

		if ((c = strchr(from, b)) != NULL) {
			*q++ = '\\';
			*q++ = to[c - from];
		} else if (b == ' ' || (b >= '!' && b <= '~')) {
			*q++ = (char)b;
		} else {
			*q++ = '\\';
			*q++ = (char)('0' + (b >> 6));
			*q++ = (char)('0' + ((b >> 3) & 7));
			*q++ = (char)('0' + (b & 7));
		}
	}
	*q++ = '\\';
	*q++ = '0';
	*q = '\0';
	return out;
}

/*
 * A piece of a format, parsed once: the run of text up to the next '%',
 * or a conversion.  A clause's printf() parses the same format at every
 * firing; its pieces are kept by their address in the program's string
 * table (which lives as long as the runtime), a table indexed by a hash
 * of that address, a collision parsing again.  Parsing was a tenth of
 * pidtrace's cost per record for put.d's clause (bench/put.sh).
 * Formats from elsewhere (printa()'s default, built on the stack) are
 * parsed each time.
 */
#define PFSEG_LOG	6

typedef struct dsl_pfseg {
	const char	*ps_at;		/* where it starts; NULL: unused */
	const char	*ps_end;	/* where the next piece starts */
	bool		ps_ok;		/* text, or a conversion accepted */
	dsl_conv_t	ps_cv;
} dsl_pfseg_t;

static const dsl_pfseg_t *
pfseg(dsl_rt_t *rt, const char *p, dsl_pfseg_t *tmp)
{
	const dsl_prog_t *pg = rt->rt_pg;
	dsl_pfseg_t *s = tmp;

	if (pg != NULL && p >= pg->pg_strtab &&
	    p < pg->pg_strtab + pg->pg_strlen) {
		if (rt->rt_pfseg == NULL)
			rt->rt_pfseg = calloc((size_t)1 << PFSEG_LOG,
			    sizeof(*rt->rt_pfseg));
		if (rt->rt_pfseg != NULL) {
			s = &rt->rt_pfseg[((uintptr_t)p *
			    0x9e3779b97f4a7c15ULL) >> (64 - PFSEG_LOG)];
			if (s->ps_at == p)
				return s;
		}
	}
	s->ps_at = p;
	if (*p != '%') {
		s->ps_end = strchrnul(p, '%');
		s->ps_ok = true;
	} else {
		s->ps_ok = dsl_printf_conv(p + 1, &s->ps_cv, &s->ps_end);
	}
	return s;
}

int
dsl_printf_out(dsl_rt_t *rt, const char *fmt, const dsl_parg_t *args,
    size_t nargs)
{
	FILE *fp = rt->rt_out;
	const char *p = fmt;
	size_t ai = 0, vi = 0;
	const dsl_parg_t *aggarg = NULL;
	obuf_t ob;

	/* -x oformat=json: a record, whose text comes back here */
	if (rt->rt_emit != NULL && !dsl_emit_busy(rt))
		return dsl_emit_printf(rt, fmt, args, nargs);
	ob.ob_fp = fp;
	ob.ob_n = 0;
	/* printa: the value arguments (DT_VOID) are only for %@, each
	 * %@ taking the next (the last again when they run out) */
	while (*p != '\0') {
		dsl_pfseg_t tmp;
		const dsl_pfseg_t *sg = pfseg(rt, p, &tmp);
		dsl_conv_t cv;
		const dsl_parg_t *a;
		char f[64];
		int width, prec;

		if (*p != '%') {
			ob_put(&ob, p, (size_t)(sg->ps_end - p));
			p = sg->ps_end;
			continue;
		}
		if (!sg->ps_ok) {
			/* checked at compile time */
			ob_put(&ob, p, strlen(p));
			break;
		}
		cv = sg->ps_cv;
		p = sg->ps_end;
		if (cv.cv_conv == '%') {
			ob_put(&ob, "%", 1);
			continue;
		}
		width = cv.cv_width;
		prec = cv.cv_prec;
		if (width == -2) {
			width = ai < nargs && args[ai].pa_type == DT_INT ?
			    (int)args[ai].pa_int : 0;
			ai++;
			if (width < 0) {
				/* a negative '*' width left-justifies */
				size_t nf = strlen(cv.cv_flags);

				if (nf < sizeof(cv.cv_flags) - 1) {
					cv.cv_flags[nf] = '-';
					cv.cv_flags[nf + 1] = '\0';
				}
				width = -width;
			}
		}
		if (prec == -2) {
			prec = ai < nargs && args[ai].pa_type == DT_INT ?
			    (int)args[ai].pa_int : -1;
			ai++;
		}
		if (cv.cv_agg) {
			dsl_hent_t *he;

			ob_flush(&ob);
			const dsl_agg_t *ag;

			while (vi < nargs && args[vi].pa_type != DT_VOID)
				vi++;
			if (vi < nargs)
				aggarg = &args[vi++];
			if (aggarg == NULL)
				continue;
			he = aggarg->pa_ent;
			ag = &rt->rt_pg->pg_aggs[aggarg->pa_agg];
			if (ag->ag_func == F_QUANTIZE ||
			    ag->ag_func == F_LQUANTIZE ||
			    ag->ag_func == F_LLQUANTIZE) {
				dsl_print_value(rt, aggarg->pa_agg, he);
			} else {
				int64_t normal =
				    rt->rt_aggs[aggarg->pa_agg].ag_normal;
				const int64_t *d = he->he_data;
				long long v;

				if (ag->ag_func == F_AVG)
					v = d[0] ? d[1] / normal / d[0] : 0;
				else if (ag->ag_func == F_STDDEV) {
					uint64_t dsl_agg_stddev(const int64_t *,
					    int64_t);

					v = (long long)
					    dsl_agg_stddev(d, normal);
				} else
					v = d[0] / normal;
				cfmt(f, sizeof(f), &cv, width, prec, "ll",
				    strchr("dioxXuc", cv.cv_conv) ?
				    cv.cv_conv : 'd');
				fprintf(fp, f, v);
			}
			continue;
		}
		/* skip the printa value: %@ alone consumes it */
		while (ai < nargs && args[ai].pa_type == DT_VOID)
			ai++;
		if (ai >= nargs)
			continue;
		a = &args[ai++];
		/* no flag, width or precision: printed here, as the C
		 * library would */
		if (cv.cv_flags[0] == '\0' && width <= 0 && prec <= 0) {
			if (a->pa_type == DT_INT && (cv.cv_conv == 'd' ||
			    cv.cv_conv == 'i')) {
				/* an unsigned argument prints unsigned, as
				 * below */
				plainint(&ob, widen(a, a->pa_signed),
				    a->pa_signed, 'd');
				continue;
			}
			if (a->pa_type == DT_INT && (cv.cv_conv == 'u' ||
			    cv.cv_conv == 'o' || cv.cv_conv == 'x' ||
			    cv.cv_conv == 'X')) {
				plainint(&ob, widen(a, false), false,
				    cv.cv_conv);
				continue;
			}
			if (a->pa_type == DT_STR && cv.cv_conv == 's') {
				ob_put(&ob, a->pa_str, strlen(a->pa_str));
				continue;
			}
		}
		ob_flush(&ob);
		switch (cv.cv_conv) {
		case 'd':
		case 'i':
			if (a->pa_type != DT_INT)
				break;
			/* an unsigned argument prints unsigned, as
			 * dt_printf.c's pfcheck_dint makes %d a %u:
			 * (uint16_t)-1 is 65535 */
			cfmt(f, sizeof(f), &cv, width, prec, "ll",
			    a->pa_signed ? 'd' : 'u');
			fprintf(fp, f, (long long)widen(a, a->pa_signed));
			break;
		case 'u':
		case 'o':
		case 'x':
		case 'X':
			if (a->pa_type != DT_INT)
				break;
			cfmt(f, sizeof(f), &cv, width, prec, "ll", cv.cv_conv);
			fprintf(fp, f, (unsigned long long)widen(a, false));
			break;
		case 'p':
			if (a->pa_type != DT_INT)
				break;
			cfmt(f, sizeof(f), &cv, width, prec, "ll", 'x');
			fprintf(fp, f, (unsigned long long)a->pa_int);
			break;
		case 'a':
		case 'A': {
			/* the host names it, or it prints in hex */
			char s[512];

			if (rt->rt_host.dh_addr2sym == NULL ||
			    rt->rt_host.dh_addr2sym(rt->rt_ctx != NULL ?
			    rt->rt_ctx->cx_cookie : NULL, (uint64_t)a->pa_int,
			    s, sizeof(s)) != 0)
				snprintf(s, sizeof(s), "0x%llx",
				    (unsigned long long)a->pa_int);
			s[sizeof(s) - 1] = '\0';
			cfmt(f, sizeof(f), &cv, width, prec, "", 's');
			fprintf(fp, f, s);
			break;
		}
		case 'c':
			cfmt(f, sizeof(f), &cv, width, -1, "", 'c');
			fprintf(fp, f, (int)(unsigned char)a->pa_int);
			break;
		case 'e':
		case 'E':
		case 'f':
		case 'F':
		case 'g':
		case 'G':
			cfmt(f, sizeof(f), &cv, width, prec, "", cv.cv_conv);
			fprintf(fp, f, a->pa_type != DT_INT ? 0.0 :
			    a->pa_fsize != 0 ? fbits(a) :
			    (double)widen(a, a->pa_signed));
			break;
		case 'k':
			/* a stack (ustack(), jstack()): the format applies
			 * to each frame, as dt_print_ustack's */
			cfmt(f, sizeof(f), &cv, width, prec, "", 's');
			if (a->pa_type == DT_STR &&
			    a->pa_str[0] == DSL_STACKMARK) {
				dsl_print_stack_fmt(rt, fp, a->pa_str, f);
				break;
			}
			if (a->pa_type == DT_STR)
				fprintf(fp, f, a->pa_str);
			break;
		case 'S':
			/* a string value is a strsize record holding its NUL:
			 * dtrace escapes the record up to that NUL, shown too
			 * (dtruss's open("/etc/passwd\0", 0x0, 0x1B6)) */
			cfmt(f, sizeof(f), &cv, width, prec, "", 's');
			if (a->pa_type == DT_STR) {
				char *e = escape(a->pa_str);

				if (e != NULL)
					fprintf(fp, f, e);
				free(e);
				break;
			}
			/* FALLTHROUGH */
		case 's':
			/* a precision of 0 is none: "%.0s" prints all of the
			 * string in dtrace (dtrace-utils printf/tst.precs) */
			cfmt(f, sizeof(f), &cv, width, prec == 0 ? -1 : prec,
			    "", 's');
			if (a->pa_type == DT_STR)
				fprintf(fp, f, a->pa_str);
			else {
				char s[32];

				snprintf(s, sizeof(s), "%lld",
				    (long long)a->pa_int);
				fprintf(fp, f, s);
			}
			break;
		case 'Y': {
			/* ctime(3) order made "1973 Dec  3 17:20:00", as
			 * dt_printf.c's pfprint_time */
			time_t sec = (time_t)((uint64_t)a->pa_int /
			    1000000000ULL);
			struct tm tm;
			char s[64];

			localtime_r(&sec, &tm);
			strftime(s, sizeof(s), "%Y %b %e %T", &tm);
			cfmt(f, sizeof(f), &cv, width, prec, "", 's');
			fprintf(fp, f, s);
			break;
		}
		}
	}
	ob_flush(&ob);
	return 0;
}
