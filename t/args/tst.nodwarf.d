/*
 * ASSERTION: a function without DWARF (ta_plain, built -g0) keeps
 * untyped arguments: args[N] is argN, an int64_t.
 * @@trigger: ta-c 2
 */
#pragma D option quiet

pid$target::ta_plain:entry
{
	printf("%d %d %d %d\n", args[0], args[1], arg1, sizeof (args[1]));
}
