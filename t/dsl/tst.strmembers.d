/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a struct D declares may hold strings (strsize bytes each,
 * the DTrace guide's "string" type in a struct), read and written as
 * strings, in a variable or an array element; a string * points at one
 * in alloca() memory, where sizeof (string) bytes hold it (Oracle's
 * dtrace-utils funcs/strtok/tst.strtok and funcs/alloca/
 * tst.string-alloca).  A char array member is written as a string too.
 * EXPECTED: Oracle's dtrace-utils funcs/strtok/tst.strtok (string
 * members of a struct) and funcs/alloca/tst.string-alloca ("abc" through
 * a string *); the size is the CTF layout of three strings of strsize
 * (16), an int and char[4] (40).
 */
#pragma D option quiet
#pragma D option strsize=16
#pragma D option scratchsize=64

struct cmd {
	string	s1;
	string	s2;
	int	n;
	char	tag[4];
} command[int];

BEGIN
{
	command[1].s1 = "foo";
	command[1].s2 = strjoin(command[1].s1, "bar");
	command[1].n = 3;
	command[1].tag = "abcdef";
	printf("%s %s %d %s %d\n", command[1].s1, command[1].s2,
	    command[1].n, command[1].tag, sizeof(struct cmd));
	x = (string *)alloca(sizeof(string) + 1);
	*x = "in alloca";
	printf("%s %d\n", *x, sizeof(string));
	exit(0);
}
