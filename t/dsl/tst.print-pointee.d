/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: print(p) shows the object p points at in the layout of
 * Oracle's Linux DTrace: "ADDR = *", then "(type)value," a line, a
 * member's ".name = " before it, nested structs, unions and arrays one
 * column deeper, the outermost at column 44; a member's type keeps the
 * name it was declared with (uint16_t, long long, enum, bool); members
 * whose bytes are all zero are left out (mtu, the NULL next); a char
 * array stops at its first NUL; printsize (rounded up to 8) bounds the
 * bytes shown: the first member past it prints "..." and ends the
 * object, its open braces closed.
 * EXPECTED: Oracle's Linux DTrace print() of a pointer (libdtrace's
 * dt_print_type, as dtrace-utils' print/tst.print.local*.r show it:
 * the 44-column start, "(type)value,", zero members left out, "..."
 * past printsize, rounded up to 8 by dt_opt_printsize); values worked
 * by hand from the stores below; alloca() pointers are offsets, so the
 * address is 0x8 (the first allocation).
 */
#pragma D option quiet

enum state { DOWN = 0, UP = 2 };

struct link {
	char		name[8];
	uint16_t	mtu;
	enum state	st;
	struct {
		long long	rx;
		bool		ok;
	} stats;
	struct link	*next;
	int		hw[3];
};

BEGIN
{
	l = (struct link *)alloca(sizeof (struct link));
	l->name[0] = 'e';
	l->name[1] = 't';
	l->name[2] = 'h';
	l->name[4] = 'x';
	l->st = UP;
	l->stats.rx = -5000000000;
	l->stats.ok = 1;
	l->hw[0] = 7;
	l->hw[2] = -1;
	print(l);
	setopt("printsize", "13");
	print(l);
	exit(0);
}
