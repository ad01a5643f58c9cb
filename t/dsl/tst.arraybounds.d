/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an element of a variable's own C array is checked against
 * the array's bounds when the index is known only at run time: the
 * clause faults with "index out of bounds" and the index, and ERROR's
 * arg4 is DTRACEFLT_BADINDEX (11) (Oracle's dtrace-utils
 * arrays/tst.declared-bounds.runtime_out and faults_defines.h).  The
 * faulting clause's output is dropped, as dtrace drops its record.
 * EXPECTED: Oracle's dtrace-utils arrays/tst.declared-bounds.runtime_out
 * ("index out of bounds (8)") and include/dtrace/faults_defines.h
 * (DTRACEFLT_BADINDEX 11); the error line's layout is pidtrace's.
 */
#pragma D option quiet

int a[5];

BEGIN
{
	i = 4;
	a[i] = 7;
	printf("%d\n", a[4]);
}

BEGIN
{
	i = 8;
	a[i] = 1;
	printf("not reached\n");
}

ERROR
{
	printf("fault %d\n", arg4);
	exit(0);
}
