/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: declarations in every position D allows: a typedef of a
 * base type, a struct defined with its variables, an anonymous struct,
 * a struct and a union defined inside another, C arrays (of several
 * dimensions), float and double, uint.  Sizes and offsets are C's on
 * x86-64 (the System V ABI), as dtrace lays out D's own declarations;
 * float and double hold zero until set, and printf's %f, %e and %g
 * print them as C's printf does.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Type and Constant
 * Definitions" and "Structs and Unions"; sizes are C's on x86-64 (the
 * System V ABI), which the CTF library's layout agrees with for these
 * structs; printf's %f %e %g as C's printf(3) for 0.
 */
#pragma D option quiet

typedef int myint;
myint m;
typedef struct pt { int x, y; } pt_t;
pt_t gp;
struct { char c; long l; } anon;
double d;
float f;
long double ld;
uint u;
int a[4];
int mat[2][3];
struct foo {
	int	a;
	struct {
		short	s;
		char	n[4];
	} in;
	union {
		int	i;
		char	b[4];
	} un;
} fv;

BEGIN
{
	m = 7;
	u = -1;
	gp.x = 3;
	gp.y = gp.x + 1;
	printf("%d %u %d %d\n", m, u, gp.x, gp.y);
	printf("%d %d %d %d %d %d\n", sizeof(pt_t), sizeof(anon),
	    sizeof(d), sizeof(f), sizeof(ld), sizeof(struct foo));
	printf("%f %e %g\n", d, f, ld);
	a[0] = 1;
	a[3] = 4;
	i = 2;
	a[i] = 3;
	printf("%d %d %d %d %d\n", a[0], a[1], a[2], a[3], sizeof(a));
	mat[1][2] = 5;
	printf("%d %d %d\n", mat[1][2], mat[0][2], sizeof(mat));
	fv.a = 1;
	fv.in.s = 2;
	fv.un.i = 0x41424344;
	printf("%d %d %c%c\n", fv.a, fv.in.s, fv.un.b[0], fv.un.b[3]);
	exit(0);
}
