/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/nmout.c: pidnm's output, formatted straight into one buffer that
 * is written to standard output when it holds a megabyte (workers that
 * format half of a listing fill buffers of their own).
 */
#include <config.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/nmout.h"

dm_buf_t nmout;

void
nmout_flush(void)
{
	size_t off = 0;
	ssize_t n;

	while (off < nmout.db_len) {
		n = write(STDOUT_FILENO, nmout.db_data + off,
		    nmout.db_len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			/* Nothing sensible to print to: nm exits too. */
			exit(EXIT_FAILURE);
		}
		off += n;
	}
	nmout.db_len = 0;
}

/* Room for N more bytes in B; the main buffer is written out when it
 * holds a megabyte, a worker's grows. */
void
nmout_room(dm_buf_t *b, size_t n)
{
	if (b == &nmout && nmout.db_len + n > (1 << 20))
		nmout_flush();
	if (!dm_buf_reserve(b, n)) {
		fprintf(stderr, "pidnm: %s\n", strerror(ENOMEM));
		exit(EXIT_FAILURE);
	}
}

void
nmout_mem(dm_buf_t *b, const char *s, size_t n)
{
	nmout_room(b, n);
	memcpy(b->db_data + b->db_len, s, n);
	b->db_len += n;
}

void
nmout_str(dm_buf_t *b, const char *s)
{
	nmout_mem(b, s, strlen(s));
}

/* WIDTH hex digits of V, zero-padded, as nm's %016lx. */
void
nmout_hex(dm_buf_t *b, uint64_t v, int width)
{
	static const char hex[] = "0123456789abcdef";
	char *p;
	int i;

	nmout_room(b, width);
	p = b->db_data + b->db_len;
	for (i = width - 1; i >= 0; i--, v >>= 4)
		p[i] = hex[v & 15];
	b->db_len += width;
}

