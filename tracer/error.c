/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/error.c: the message a failed tr_attach()/tr_launch() leaves.
 * The library formats the words; the command adds "pidtrace: " and
 * prints each line with one fprintf.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tracer/tr-impl.h"

static char errmsg[512];
static char hints[4][256];
static int nhints;

void
tr_seterr(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(errmsg, sizeof(errmsg), fmt, ap);
	va_end(ap);
	nhints = 0;
}

void
tr_addhint(const char *fmt, ...)
{
	va_list ap;

	if (nhints >= 4)
		return;
	va_start(ap, fmt);
	vsnprintf(hints[nhints++], sizeof(hints[0]), fmt, ap);
	va_end(ap);
}

void
tr_perror(const char *prog)
{
	int i;

	fprintf(stderr, "%s: %s\n", prog, errmsg[0] ? errmsg : "tracer error");
	for (i = 0; i < nhints; i++)
		fprintf(stderr, "hint: %s\n", hints[i]);
}
