/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a description that matches no probe is an error (without
 * -Z).
 * EXPECTED: Oracle DTrace: 'probe description ... does not match any
 * probes' (D_PDESC_ZERO, libdtrace/dt_cc.c; dtrace-utils
 * test/unittest/begin/err.D_PDESC_ZERO.begin.d); the file:line:col are
 * pidtrace's.
 */
BEGIN
{
}

nosuch:::probe
{
}
