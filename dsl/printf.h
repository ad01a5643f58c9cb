/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * printf.h: D's printf (dt_printf.c): C conversions plus %@ (an
 * aggregation's value), %a/%A (addresses), %Y (a walltimestamp), %p (hex
 * without 0x), widths, precisions and '*'.
 */
#ifndef DSL_PRINTF_H
#define DSL_PRINTF_H

#include "dsl/prog.h"

struct dsl_rt;

/* One argument of a formatted print. */
typedef struct dsl_parg {
	int		pa_type;	/* DT_INT, DT_STR, or DT_VOID for %@ */
	int		pa_size;	/* integer bytes */
	bool		pa_signed;
	int64_t		pa_int;
	int		pa_fsize;	/* a float (4) or double (8, 16):
					 * pa_int holds its bits */
	const char	*pa_str;
	/* %@: print this aggregation entry's value */
	uint32_t	pa_agg;
	void		*pa_ent;
} dsl_parg_t;

/* A conversion of a format: flags, width, precision, its letter. */
typedef struct dsl_conv {
	char		cv_flags[8];
	int		cv_width;	/* -1 none, -2 '*' */
	int		cv_prec;	/* -1 none, -2 '*' */
	bool		cv_agg;		/* %@ */
	char		cv_conv;
} dsl_conv_t;

/* Parse the conversion at p (just after '%') into cv, *endp after it;
 * false if malformed.  The checker and the output parse alike. */
bool	dsl_printf_conv(const char *p, dsl_conv_t *cv, const char **endp);

/* Format fmt with args to the runtime's output.  Returns bytes written. */
int	dsl_printf_out(struct dsl_rt *, const char *fmt, const dsl_parg_t *args,
	    size_t nargs);

#endif /* DSL_PRINTF_H */
