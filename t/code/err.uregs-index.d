/*
 * ASSERTION: uregs[] has 26 registers on x86-64 (R_R15 0 to R_TRAPNO
 * 25, Oracle's regs.d); dtrace-utils' arrays/err.D_UNKNOWN.uregs_toobig
 * refuses index 42 so.
 */
BEGIN
{
	trace(uregs[42]);
	exit(0);
}
