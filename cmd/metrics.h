/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * metrics.h: the aggregations in Prometheus' text exposition format
 * (version 0.0.4), served over HTTP (-x metrics=ADDR:PORT, libmicrohttpd)
 * and written to a file (-x metrics-file=PATH, for node_exporter's
 * textfile collector).
 *
 * Threading: the D runtime belongs to the tracing thread.  It renders the
 * text (metrics_update) and swaps it in under a mutex; the HTTP thread
 * only copies the last text out.  It never touches the runtime.
 */
#ifndef PIDTRACE_CMD_METRICS_H
#define PIDTRACE_CMD_METRICS_H

#include <stdio.h>

#include "dsl/dsl.h"

typedef struct cmd_metrics cmd_metrics_t;

/*
 * Start exporting.  listen: "HOST:PORT", "[V6]:PORT" or "PORT" (then on
 * 127.0.0.1; "" = 127.0.0.1:9464); NULL = no server.  file: the path to
 * write, or NULL.  On error writes one line "pidtrace: metrics: ..." to
 * stderr and returns NULL.  Call before tracing starts; the server thread
 * blocks every signal.
 */
cmd_metrics_t	*metrics_open(const char *listen, const char *file);

/* The server's address, "127.0.0.1:9464" (port 0 resolved), or NULL. */
const char	*metrics_address(const cmd_metrics_t *);

/* Render rt's aggregations and publish them (the server's next answer,
 * the file rewritten atomically).  From the tracing thread only. */
void		metrics_update(cmd_metrics_t *, dsl_rt_t *rt);

/* Render rt's aggregations to fp (tests, and what the server serves). */
void		metrics_render(dsl_rt_t *rt, FILE *fp);

/* Stop the server, free everything. */
void		metrics_close(cmd_metrics_t *);

#endif /* PIDTRACE_CMD_METRICS_H */
