/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: at the head of a clause, a word whose part before its first
 * '*' names a type begins a declaration, not a probe description.
 * EXPECTED: Oracle's Linux DTrace (libdtrace/dt_lex.l, the rule that reads
 * probe specifiers) resolves "int*x" in favour of the type and pushes the
 * '*' back; the declarations then follow C: q is a pointer, r an int.
 */
#pragma D option quiet

int*p;
int*q, r;
uint64_t*u;

BEGIN
{
	printf("%d %d %d %d\n", sizeof(p), sizeof(q), sizeof(r), sizeof(*u));
	exit(0);
}
