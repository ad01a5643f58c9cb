/*
 * ASSERTION: an array is not assigned whole (Oracle's dtrace-utils
 * pointers/err.D_OP_ARRFUN.ArrayAssignment).
 * @@runtest-opts: -x errtags
 */
int array1[3];
int array2[3];

BEGIN
{
	array2 = array1;
}
