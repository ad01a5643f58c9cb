/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an enumerator's name is one identifier, in any enum
 * (Oracle's dtrace-utils enum/err.D_DECL_IDRED.EnumSameName).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_DECL_IDRED for an enumerator's name
 * already taken (libdtrace/dt_decl.c); dtrace-utils
 * test/unittest/enum/err.D_DECL_IDRED.EnumSameName.d expects that tag;
 * the file:line:col are pidtrace's.
 */
enum colors { RED, GREEN };
enum shades { PINK, RED };
