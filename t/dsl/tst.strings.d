/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: string subroutines and comparison by value.  strtok() gives
 * NULL when no token is left.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Strings"
 * (comparison by value) and "Actions and Subroutines" (strlen, strjoin,
 * substr, index, strchr, strstr...); strtok()'s NULL at the end is
 * Oracle's dtrace's (dtrace-utils funcs/strtok/tst.strtok2).
 */
#pragma D option quiet

BEGIN
{
	s = "hello, world";
	printf("%d [%s] [%s] [%s]\n", strlen(s), strjoin(s, "!"),
	    substr(s, 7), substr(s, 0, 5));
	printf("[%s] [%s] [%s]\n", substr(s, -5), substr(s, -5, 2),
	    substr(s, 3, -2));
	printf("%d %d %d %d\n", index(s, "o"), rindex(s, "o"), index(s, "o", 5),
	    index(s, "zz"));
	printf("[%s] [%s] [%s]\n", strstr(s, "wor"), strchr(s, 'o'),
	    strrchr(s, 'o'));
	printf("[%s] [%s] [%s] [%s]\n", basename("/usr/lib/libc.so"),
	    dirname("/usr/lib/libc.so"), basename("/"), dirname("file"));
	printf("[%s] [%s]\n", toupper(s), tolower("MiXeD"));
	printf("[%s] [%s] [%s]\n", lltostr(-42), lltostr(255, 16),
	    lltostr(0));
	printf("[%s]", strtok("a,b;;c", ",;"));
	printf("[%s]", strtok(NULL, ",;"));
	printf("[%s]", strtok(NULL, ",;"));
	printf("%d\n", strtok(NULL, ",;") == NULL);
	printf("%d %d %d %d\n", "abc" < "abd", "b" > "abc", s == "hello, world",
	    s != "x");
	t = s;
	t = "changed";
	printf("%s %s\n", s, t);
	exit(0);
}
