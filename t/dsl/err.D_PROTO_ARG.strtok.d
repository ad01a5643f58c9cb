/*
 * ASSERTION: strtok() takes a string, or NULL to go on (Oracle's
 * dtrace-utils funcs/strtok/err.D_PROTO_ARG.strtokbadstr).
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	strtok(1234, "abc");
}
