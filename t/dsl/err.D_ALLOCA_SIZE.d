/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a constant size larger than scratch memory is refused when
 * compiled, as Oracle's dtrace refuses it (dtrace-utils
 * funcs/err.D_ALLOCA_SIZE.big_alloca; scratchsize=1024 leaves 1024).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_ALLOCA_SIZE in dt_cg_subr_alloca_impl
 * (libdtrace/dt_cg.c) for a constant size beyond scratchsize;
 * dtrace-utils test/unittest/funcs/err.D_ALLOCA_SIZE.big_alloca.d
 * expects that tag; the file:line:col are pidtrace's.
 */
#pragma D option scratchsize=1024

BEGIN
{
	ptr = alloca(1025);
}
