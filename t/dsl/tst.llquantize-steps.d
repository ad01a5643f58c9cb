/*
 * ASSERTION: llquantize(v, 2, 4, 6, 4) with fewer steps than a magnitude
 * holds: bucket widths grow with the magnitude.
 */
#pragma D option quiet

BEGIN
{
	@ = llquantize(20, 2, 4, 6, 4);
	@ = llquantize(33, 2, 4, 6, 4);
	@ = llquantize(100, 2, 4, 6, 4);
	exit(0);
}
