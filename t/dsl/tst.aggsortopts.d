/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: the sort options, set by setopt() between printa()s:
 * aggsortkey sorts by key then value, aggsortkeypos=1 starts with the
 * second key, aggsortrev reverses; all printed, nothing is left for END.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Options and
 * Tunables" (aggsortkey, aggsortkeypos, aggsortrev) and illumos libdtrace
 * dt_aggregate.c, which applies them when printa() runs.
 */
#pragma D option quiet

BEGIN
{
	@[3, "c"] = sum(5);
	@[1, "b"] = sum(5);
	@[2, "a"] = sum(1);
	@[1, "a"] = sum(9);
	setopt("aggsortkey");
	printa(@);
	setopt("aggsortkeypos", "1");
	printa(@);
	setopt("aggsortkey", "0");
	setopt("aggsortkeypos", "0");
	setopt("aggsortrev");
	printa(@);
	exit(0);
}
