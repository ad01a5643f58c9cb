/*
 * ASSERTION: a member the DWARF struct does not have is one line with
 * its place and the nearest member's name.
 * @@trigger: ta-cxx 1
 */
pid$target::*Cart*Add*:entry
{
	trace(args[3]->len);
}
