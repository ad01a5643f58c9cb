/*
 * ASSERTION: a misspelt register is an unknown name, never a user's
 * array or variable (R_RDII is not one of regs.d's names).
 */
BEGIN
{
	trace(uregs[R_RDII]);
	exit(0);
}
