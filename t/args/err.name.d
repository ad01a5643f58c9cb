/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: args->NAME with a name no parameter has suggests the
 * nearest parameter name.
 * @@trigger: ta-c 1
 * EXPECTED: no DTrace source for args->NAME (DTrace names args[N] only):
 * the parameter names are the target's DWARF (t/targets/ta-c.c); the
 * suggestion and wording are pidtrace's.
 */
pid$target::ta_rec:entry
{
	trace(args->dleta);
}
