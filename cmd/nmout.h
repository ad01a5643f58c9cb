/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/nmout.h: pidnm's output buffer (nmout.c).  Only one thread writes
 * nmout; a worker formats into a dm_buf_t of its own.
 */
#ifndef PIDTRACE_CMD_NMOUT_H
#define PIDTRACE_CMD_NMOUT_H

#include <stddef.h>
#include <stdint.h>

#include "demangle/demangle.h"

extern dm_buf_t nmout;		/* the buffer written to standard output */

void	nmout_flush(void);	/* write it all; exit(1) if stdout fails */
void	nmout_room(dm_buf_t *b, size_t n);
void	nmout_mem(dm_buf_t *b, const char *s, size_t n);
void	nmout_str(dm_buf_t *b, const char *s);
void	nmout_hex(dm_buf_t *b, uint64_t v, int width);	/* zero-padded */

#endif /* PIDTRACE_CMD_NMOUT_H */
