/*
 * ASSERTION: void is a prototype's sole parameter (Oracle's
 * dtrace-utils decls/err.D_DECL_PROTO_VOID.NonSoleVoid).
 * @@runtest-opts: -x errtags
 */
int foo(int, void);
