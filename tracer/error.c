/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/error.c: what the tracer has to say, never printed here: the
 * message a failed tr_attach()/tr_launch() leaves (tr_errmsg, with hints),
 * and the notices of a running session, handed to the host's h_notice.
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

const char *
tr_errmsg(void)
{
	return errmsg[0] != '\0' ? errmsg : "tracer error";
}

const char *
tr_errhint(size_t i)
{
	return i < (size_t)nhints ? hints[i] : NULL;
}

void
tr_notice(tr_session_t *s, int code, uint64_t addr, const char *fmt, ...)
{
	const tr_handlers_t *h = s->s_h;
	char text[512];
	va_list ap;

	if (h == NULL || h->h_notice == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	h->h_notice(h->h_arg, s, code, addr, text);
}
