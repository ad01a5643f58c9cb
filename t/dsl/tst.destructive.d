/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: with -w, system() runs its printf-formatted command after
 * the output before it, and freopen() moves the trace output to a file
 * (appending) and freopen("") back.
 * @@runtest-opts: -q -w
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Destructive
 * Actions": system() runs its printf-formatted command once the preceding
 * output is out; freopen() redirects the output, freopen("") restores it.
 */
BEGIN
{
	printf("before\n");
	system("echo %s-%d", "sh", 42);
	printf("after\n");
}

BEGIN
{
	freopen("/dev/stderr");
	printf("to stderr\n");
	freopen("");
	printf("back\n");
	exit(0);
}
