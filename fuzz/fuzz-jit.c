/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz-jit: random programs of the in-process subset and random firings
 * (t/inproc/randd.c), run by the interpreter and by the generated code
 * with records for the rest (t/inproc/harness.c).  The two must print
 * the same, byte for byte; a difference aborts with both outputs and
 * the program.  A program the compiler refuses is not interesting, nor
 * one whose buffers ran out of room (its drops are said, not compared).
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "t/inproc/randd.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static rd_t d;

	rd_make(&d, data, size);
	if (rd_run(&d, stderr) == 0)
		abort();
	return 0;
}
