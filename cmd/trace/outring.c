/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/outring.c: -x bufpolicy=ring, dtrace's flight recorder.  A
 * ring keeps the newest data and prints it once, when tracing ends (the
 * DTrace guide, "Buffers and Buffering": the ring policy).  dtrace rings
 * its binary records; pidtrace's output is text by then, so the ring
 * keeps whole lines: the oldest go to make room, and how many went is
 * said on the notices stream at the end, under -q too, since that output
 * is lost.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/trace/impl.h"

typedef struct outring {
	FILE	*or_out;	/* where the ring is written at the end */
	FILE	*or_notices;
	char	*or_buf;	/* or_size bytes, a circle */
	size_t	or_size;
	size_t	or_head;	/* offset of the oldest byte */
	size_t	or_len;		/* bytes held */
	size_t	or_lost;	/* lines dropped */
} outring_t;

static size_t
lines_in(const char *p, size_t n)
{
	size_t k = 0;

	while (n > 0) {
		const char *nl = memchr(p, '\n', n);

		if (nl == NULL)
			break;
		k++;
		n -= (size_t)(nl + 1 - p);
		p = nl + 1;
	}
	return k;
}

/* Drop the oldest line held (or all, when none ends). */
static void
drop_line(outring_t *r)
{
	size_t i;

	for (i = 0; i < r->or_len; i++)
		if (r->or_buf[(r->or_head + i) % r->or_size] == '\n')
			break;
	if (i == r->or_len) {
		r->or_head = 0;
		r->or_len = 0;
	} else {
		r->or_head = (r->or_head + i + 1) % r->or_size;
		r->or_len -= i + 1;
	}
	r->or_lost++;
}

static ssize_t
outring_write(void *cookie, const char *p, size_t n)
{
	outring_t *r = cookie;
	size_t done = n, tail, k;

	if (n >= r->or_size) {
		/* all that is held goes, and p's lines up to the first
		 * that starts within its last or_size - 1 bytes */
		while (r->or_len > 0)
			drop_line(r);
		tail = n - r->or_size + 1;
		while (tail < n && p[tail - 1] != '\n')
			tail++;
		r->or_lost += lines_in(p, tail) +
		    (tail > 0 && p[tail - 1] != '\n' ? 1 : 0);
		p += tail;
		n -= tail;
	}
	while (r->or_len + n > r->or_size)
		drop_line(r);
	for (k = 0; k < n; k++)
		r->or_buf[(r->or_head + r->or_len + k) % r->or_size] = p[k];
	r->or_len += n;
	return (ssize_t)done;
}

static int
outring_close(void *cookie)
{
	outring_t *r = cookie;
	size_t first = r->or_size - r->or_head;

	if (first > r->or_len)
		first = r->or_len;
	fwrite(r->or_buf + r->or_head, 1, first, r->or_out);
	fwrite(r->or_buf, 1, r->or_len - first, r->or_out);
	if (r->or_lost > 0)
		fprintf(r->or_notices, "pidtrace: %zu line%s of output "
		    "overwritten in the ring buffer (bufsize=%zu)\n",
		    r->or_lost, r->or_lost == 1 ? "" : "s", r->or_size);
	free(r->or_buf);
	free(r);
	return 0;
}

FILE *
trace_outring_open(const trace_t *tr, FILE *out)
{
	size_t size = tr->tr_opts.op_bufsize != 0 ? tr->tr_opts.op_bufsize :
	    (size_t)4 << 20;
	cookie_io_functions_t io = {
		.write = outring_write,
		.close = outring_close,
	};
	outring_t *r;
	FILE *f;

	r = calloc(1, sizeof(*r));
	if (r == NULL)
		return NULL;
	r->or_buf = malloc(size);
	if (r->or_buf == NULL) {
		free(r);
		return NULL;
	}
	r->or_out = out;
	r->or_notices = tr->tr_notices;
	r->or_size = size;
	f = fopencookie(r, "w", io);
	if (f == NULL) {
		free(r->or_buf);
		free(r);
	}
	return f;
}
