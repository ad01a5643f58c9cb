/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: nesting 250 parentheses deep is refused with a compile error, not a
 * crash: the parser, the checker and the evaluator recurse once per
 * level (fuzz-d found the stack overflow).
 * EXPECTED: no DTrace source: the project's rule that bad input gets one
 * line saying what and where, never a crash (fuzz/ found the stack
 * overflow); the limit and wording are pidtrace's.
 */
BEGIN
{
	x = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))));
}
