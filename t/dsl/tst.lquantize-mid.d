/*
 * ASSERTION: lquantize() prints from one empty row below the data to one
 * above, and the rows keep the step.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = lquantize(42, 0, 100, 5);
	@a["x"] = lquantize(44, 0, 100, 5);
	@a["x"] = lquantize(51, 0, 100, 5);
	exit(0);
}
