/*
 * ASSERTION: a ?: of an alloca pointer and another pointer may not be
 * assigned to a variable, which would not know which memory it points
 * into (Oracle's dtrace-utils funcs/alloca/err.D_ALLOCA_INCOMPAT.ternary).
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	a = (char *)alloca(1);
	a = a == NULL ? (char *)50 : a;
}
