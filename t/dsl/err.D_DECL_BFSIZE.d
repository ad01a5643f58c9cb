/*
 * ASSERTION: a bit-field is no wider than its type (Oracle's
 * dtrace-utils bitfields/err.D_DECL_BFSIZE.ExceedBaseType).
 * @@runtest-opts: -x errtags
 */
struct bits {
	char	a : 9;
};
