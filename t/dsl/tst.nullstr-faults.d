/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a NULL string faults where it would be read, as in
 * Oracle's dtrace: recorded by trace() or printf() (dtrace-utils
 * funcs/strtok/tst.strtok_nullstr2), passed to a subroutine
 * (funcs/strlen/tst.null, funcs/substr/err.substr_null_arg1), used as a
 * key.  Each is an invalid address, 0, DTRACEFLT_BADADDR (1).
 * EXPECTED: Oracle's dtrace-utils funcs/strtok/tst.strtok_nullstr2,
 * funcs/strlen/tst.null, funcs/substr/err.substr_null_arg1 (invalid
 * address 0); include/dtrace/faults_defines.h (DTRACEFLT_BADADDR 1); the
 * error lines' layout is pidtrace's.
 */
#pragma D option quiet

BEGIN
{
	trace(strchr("abc", 'z'));
}

BEGIN
{
	printf("%s\n", strstr("abc", "z"));
}

BEGIN
{
	strlen(0);
}

BEGIN
{
	x = substr(NULL, 1);
}

BEGIN
{
	a[strchr("abc", 'z')] = 1;
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("%d %d\n", arg4, arg5);
}
