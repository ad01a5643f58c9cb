/*
 * ASSERTION: -x aggzoom draws each histogram to the scale of its
 * largest count, whose bar fills the 40 columns (illumos's aggzoom;
 * without it a bar is its count's share of the total, as tst.quantize
 * shows).
 */
#pragma D option quiet
#pragma D option aggzoom

BEGIN
{
	@ = quantize(1);
	@ = quantize(1);
	@ = quantize(2);
	exit(0);
}
