/*
 * ASSERTION: an enumerator is an int (Oracle's dtrace-utils
 * types/err.D_DECL_ENOFLOW.enoflow).
 * @@runtest-opts: -x errtags
 */
enum e {
	toobig = 2147483648
};
