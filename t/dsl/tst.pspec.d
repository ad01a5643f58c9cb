/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: the pspec option set in a #pragma takes effect for the
 * clauses after it: "int*" is a probe description (matching nothing,
 * allowed by zdefs), and BEGIN's clause runs.
 * EXPECTED: Oracle's Linux DTrace applies a compiler flag set by a
 * pragma to the program being compiled (libdtrace/dt_options.c,
 * dt_opt_cflags) and reads such a word as a probe specifier.
 */
#pragma D option pspec
#pragma D option zdefs
#pragma D option quiet

int*
{
	printf("never\n");
}

BEGIN
{
	printf("ok\n");
	exit(0);
}
