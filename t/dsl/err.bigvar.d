/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a variable holds at most 1 MiB by value: a larger struct or
 * array is refused when compiled, not allocated.
 * EXPECTED: no DTrace source: the project's bad-input rule (a clear
 * error, no allocation that could fail at run time); the wording is
 * pidtrace's.
 */
int a[1000][1000];

BEGIN
{
	exit(0);
}
