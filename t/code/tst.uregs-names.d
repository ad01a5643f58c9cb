/*
 * ASSERTION: the R_* constants of uregs[] for x86-64: the values in
 * Oracle's regs.d, printed in the order of dtrace-utils'
 * arrays/tst.uregsarray-constants.x86_64.d, whose .r this equals; then
 * the 64-bit names and R_FS.
 */
#pragma D option quiet

BEGIN
{
	printf(" %d %d %d %d %d %d %d %d", R_PC, R_SP, R_R0, R_R1, R_CS, R_GS,
	    R_ES, R_DS);
	printf(" %d %d %d %d %d %d %d %d", R_EDI, R_ESI, R_EBP, R_EAX, R_ESP,
	    R_EAX, R_EBX, R_ECX);
	printf(" %d %d %d %d %d %d %d\n", R_EDX, R_TRAPNO, R_ERR, R_EIP, R_CS,
	    R_EFL, R_SS);
	printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n",
	    R_R15, R_R14, R_R13, R_R12, R_RBP, R_RBX, R_R11, R_R10, R_R9,
	    R_R8, R_RAX, R_RCX, R_RDX, R_RSI, R_RDI, R_RIP, R_RFL, R_RSP,
	    R_FS, R_FP);
	exit(0);
}
