/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * randd.h: random D programs of the in-process subset (and a little
 * past it) and random firings, driven by bytes: fuzz/fuzz-jit feeds it
 * libFuzzer's input, t/inproc/jit-test fixed seeds.  Every choice reads
 * a byte; when they run out every choice is the first one, so any input
 * makes a program.
 */
#ifndef T_INPROC_RANDD_H
#define T_INPROC_RANDD_H

#include <stddef.h>
#include <stdint.h>

#include "t/inproc/harness.h"

#define RD_MAXFIRE	96

typedef struct rd {
	const uint8_t	*rd_p;
	size_t		rd_n;
	char		rd_text[8192];
	size_t		rd_len;
	hr_firing_t	rd_f[RD_MAXFIRE];
	int		rd_nf;
	int		rd_naggs;
} rd_t;

/* A program in rd_text and firings in rd_f from data[0..n). */
void	rd_make(rd_t *, const uint8_t *data, size_t n);
/* Run rd's program both ways (harness.h); 1 if the outputs agree, 0 if
 * not (both printed on where), -1 if the program does not compile, 2
 * if a thread's buffer was out of room (drops: nothing to compare). */
int	rd_run(rd_t *, FILE *where);

#endif /* T_INPROC_RANDD_H */
