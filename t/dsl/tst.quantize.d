/*
 * ASSERTION: quantize() buckets are powers of two, negative values go to
 * the negative buckets, the output runs from one empty bucket below the
 * data to one above, bars are 40 columns scaled and rounded.
 */
#pragma D option quiet

BEGIN
{
	@ = quantize(0);
	@ = quantize(1);
	@ = quantize(2);
	@ = quantize(3);
	@ = quantize(1000);
	@ = quantize(-5);
	exit(0);
}
