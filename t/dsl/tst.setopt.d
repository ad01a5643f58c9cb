/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: setopt() changes the options dtrace lets a running program
 * change (here aggsortrev) at once; an unknown name, a bad value or an
 * option fixed once tracing runs prints an error line and the clause
 * goes on.
 * EXPECTED: Oracle's Linux DTrace (dtrace-utils' actions/setopt/
 * tst.badopt): "couldn't set option \"Nixon\" to \"1\": Invalid option
 * name", "Invalid value for specified option", "Operation illegal when
 * tracing is active", a blank line after each; the dynamic options are
 * dt_options.c's _dtrace_drtoptions.
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
