/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an array takes at most 8 keys.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace fails to compile this with its error
 * "Insufficient tuple registers to generate code", which has no D_ tag
 * (libdtrace/dt_error.c, EDT_NOTUPREG): none is shown under errtags.
 * The wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	a[1, 2, 3, 4, 5, 6, 7, 8, 9] = 0;
	exit(0);
}
