/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a translator's output type is a struct or union.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace refuses this with D_XLATE_SOU (libdtrace/
 * dt_parser.c); the wording and the file:line:col are pidtrace's.
 */
translator int < int i > {
};

BEGIN
{
	exit(0);
}
