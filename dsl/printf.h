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
	const char	*pa_str;
	/* %@: print this aggregation entry's value */
	uint32_t	pa_agg;
	void		*pa_ent;
} dsl_parg_t;

/*
 * Check a printf (or printa, with isprinta) format against its argument
 * nodes at compile time.  Returns NULL, or dtrace's tag of the error
 * ("D_PRINTF_ARG_TYPE"...) with a message in msg such as
 * "argument #2 is incompatible with conversion #1 prototype: ...".
 */
const char *dsl_printf_check(const char *fmt, bool isprinta, const dsl_prog_t *,
	    const dsl_node_t *nodes, int32_t arg, char *msg, size_t len);

/* Format fmt with args to the runtime's output.  Returns bytes written. */
int	dsl_printf_out(struct dsl_rt *, const char *fmt, const dsl_parg_t *args,
	    size_t nargs);

#endif /* DSL_PRINTF_H */
