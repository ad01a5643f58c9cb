/*
 * ASSERTION: if, else if, else, nested blocks and empty statements.
 */
#pragma D option quiet

BEGIN
{
	i = 0;
}

tick-1ms
{
	i++;
	if (i == 1) {
		printf("one\n");
	} else if (i == 2) {
		printf("two\n");
	} else if (i < 5)
		printf("small %d\n", i);
	else {
		if (i % 2 == 0) { ; } else { printf("odd %d\n", i); }
		;
	}
}

tick-1ms
/i == 7/
{
	exit(0);
}
