/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: -x errtags puts dtrace's tag before the message.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace: -x errtags prefixes [TAG]; a base not below the
 * limit is D_LQUANT_MISMATCH (libdtrace/dt_cg.c; dtrace-utils
 * test/unittest/aggs/err.D_LQUANT_MISMATCH.d); the wording and the
 * file:line:col are pidtrace's.
 */
BEGIN
{
	@ = lquantize(1, 10, 0, 1);
}
