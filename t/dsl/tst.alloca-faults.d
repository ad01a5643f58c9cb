/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: every access through an alloca pointer is checked against
 * what the clause allocated, as Oracle's dtrace checks it
 * (dt_cg_alloca_access_check, and dtrace-utils' funcs/alloca tests):
 * before the first allocation or past the last is an invalid address
 * (DTRACEFLT_BADADDR, 1), a size that runs past the last an invalid
 * size (DTRACEFLT_BADSIZE, 10), as is bcopy()'s size beyond
 * scratchsize; an allocation beyond scratchsize is out of scratch space
 * (DTRACEFLT_NOSCRATCH, 5); a pointer from another clause points at
 * nothing; NULL is no alloca pointer.  The faults report the offset.
 * EXPECTED: Oracle's dtrace-utils dt_cg_alloca_access_check
 * (libdtrace/dt_cg.c) and its funcs/alloca err.* tests for the faults;
 * include/dtrace/faults_defines.h for the numbers (BADADDR 1, NOSCRATCH
 * 5, BADSIZE 10); the offsets are those of Oracle's alloca pointers; the
 * error lines' layout is pidtrace's.
 */
#pragma D option quiet
#pragma D option scratchsize=64

BEGIN
{
	s = (char *)alloca(15);
	s[16] = 65;
}

BEGIN
{
	s = (char *)alloca(15);
	trace(s[-1]);
}

BEGIN
{
	s = (char *)alloca(16);
	bcopy("01", &s[15], 2);
}

BEGIN
{
	bcopy("01", alloca(1), 65);
}

BEGIN
{
	n = 65;
	alloca(n);
}

BEGIN
{
	s = (char *)alloca(1);
	*s = 'a';
}

BEGIN
{
	trace(*s);
}

BEGIN
{
	s = NULL;
	*s = 4;
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("%d %d\n", arg4, arg5);
}
