/*
 * ASSERTION: setopt() changes the options dtrace lets a running program
 * change (here aggsortrev) at once; an unknown name, a bad value or an
 * option fixed once tracing runs prints Oracle's Linux DTrace's error
 * line (its actions/setopt/tst.badopt: "couldn't set option \"Nixon\" to
 * \"1\": Invalid option name", a blank line after each) and the clause
 * goes on.
 */
#pragma D option quiet

BEGIN
{
	setopt("aggsortrev");
	setopt("Nixon");
	setopt("quiet", "um, no");
	setopt("bufsize", "1m");
	@[1] = sum(1);
	@[2] = sum(2);
	printf("reversed\n");
	exit(0);
}
