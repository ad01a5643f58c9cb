/*
 * ASSERTION: args[0] of a function without DWARF is an integer: -> is
 * an error at compile time, with its place.
 * @@trigger: ta-c 1
 */
pid$target::ta_plain:entry
{
	trace(args[0]->x);
}
