/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-proto.h: the handshake every fast-path target (fp-*) keeps,
 * so a test can attach between "ready" and the work, and look at the
 * process after pidtrace detached but before it exits.
 *
 *	fp_ready()	print "ready pid=N", then wait for a line on stdin
 *			(or EOF: an untraced run reads /dev/null)
 *	fp_done()	print "done", then wait for EOF on stdin
 */
#ifndef FP_PROTO_H
#define FP_PROTO_H

#include <stdio.h>
#include <unistd.h>

static inline void
fp_ready(void)
{
	char line[64];

	printf("ready pid=%d\n", (int)getpid());
	fflush(stdout);
	if (fgets(line, sizeof(line), stdin) == NULL)
		clearerr(stdin);
}

static inline void
fp_done(void)
{
	printf("done\n");
	fflush(stdout);
	while (getchar() != EOF)
		;
}

#endif
