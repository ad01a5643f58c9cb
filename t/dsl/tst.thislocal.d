/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: this-> variables are shared by the clauses of one firing and
 * start at 0 in the next firing; globals persist.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Clause-Local
 * Variables": this-> variables live through one firing's clauses and are
 * undefined at the next firing; globals persist.
 */
#pragma D option quiet

tick-10ms
{
	printf("start %d\n", this->x);
	this->x = 5;
	n++;
}

tick-10ms
{
	printf("second %d\n", this->x);
	this->x++;
}

tick-10ms
/n == 2/
{
	printf("third %d\n", this->x);
	exit(0);
}
