/*
 * ASSERTION: C's register, auto and static mean nothing in D (Oracle's
 * dtrace-utils types/err.D_DECL_BADCLASS.bad).
 * @@runtest-opts: -x errtags
 */
register x;
