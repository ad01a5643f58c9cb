/*
 * ASSERTION: args->NAME with a name no parameter has suggests the
 * nearest parameter name.
 * @@trigger: ta-c 1
 */
pid$target::ta_rec:entry
{
	trace(args->dleta);
}
