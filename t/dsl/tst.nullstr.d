/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: D's strings may be NULL, as in Oracle's dtrace: a constant
 * 0 or NULL is one where a string is wanted; strchr(), strrchr() and
 * strstr() give one when they find nothing, strtok() when no token is
 * left; an unset self-> string or array element is one; storing one
 * frees an element.  NULL compares less than any string, "" too, and
 * equal to itself (dtrace-utils operators/
 * tst.str_comparison-basic-with-NULL, vars/tst.nullassign,
 * codegen/tst.str_runtime_NULL-gvar, assocs/tst.init-str).
 * EXPECTED: Oracle's dtrace-utils
 * operators/tst.str_comparison-basic-with-NULL, vars/tst.nullassign,
 * codegen/tst.str_runtime_NULL-gvar, assocs/tst.init-str,
 * funcs/strtok/tst.strtok2, funcs/tst.strchr.
 */
#pragma D option quiet

self string unset;
string n;

BEGIN
{
	s = "abc";
	e = "";
	n = NULL;
	printf("%d %d %d %d\n", n < e, n == NULL, e == NULL, n == 0);
	printf("%d %d %d\n", n < s, s > n, n >= n);
	printf("%d %d %d\n", strchr(s, 'z') == NULL,
	    strstr(s, "bc") != NULL, strrchr(s, 'q') == 0);
	printf("%s %d\n", strtok(s, "b"), strtok(NULL, "b") != NULL);
	printf("%d\n", strtok(NULL, "b") == NULL);
	printf("%d %d\n", self->unset == NULL, names[1] == NULL);
	names[1] = "one";
	printf("%s\n", names[1]);
	names[1] = NULL;
	printf("%d\n", names[1] == NULL);
	this->t = strchr(s, 'x');
	printf("%s\n", this->t == NULL ? "null" : this->t);
	exit(0);
}
