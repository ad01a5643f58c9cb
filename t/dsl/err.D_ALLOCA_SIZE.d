/*
 * ASSERTION: a constant size larger than scratch memory is refused when
 * compiled, as Oracle's dtrace refuses it (dtrace-utils
 * funcs/err.D_ALLOCA_SIZE.big_alloca; scratchsize=1024 leaves 1024).
 * @@runtest-opts: -x errtags
 */
#pragma D option scratchsize=1024

BEGIN
{
	ptr = alloca(1025);
}
