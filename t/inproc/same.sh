#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The same output whichever path the clauses take: each program below
# runs on fp-asm (one thread, the same calls with the same arguments
# every run) with its clauses in the process (the default), from the
# trampolines' records (-x fastpath=record) and at stops (-x
# fastpath=off, the reference: the interpreter on every firing, as
# before the fast path).  They cover the subset of doc/INPROC.md: every
# aggregating function, keys of integers and probe names, predicates,
# self->, this-> and globals shared with BEGIN and END, ?:, faults
# reported at their clause's place, and clauses that record (printf)
# between clauses in the process.
# Asserts: -l -v puts each program's clauses where the subset and the
# partition rule say; standard output and standard error, pids aside,
# are byte for byte those of -x fastpath=off, in both other modes.
. "$top_srcdir/t/inproc/iplib.sh"

n=$((300 * FT_SCALE))
reference asm "$FP_ASM" $n

# same NAME D PATHS: run D in the three modes, compare; PATHS as
# paths_is wants them (the default mode's).
same()
{
	list_paths "$1" "$2" -c "$FP_ASM 1"
	paths_is "$1" "$3"
	for m in off record on; do
		# pidtrace's output apart from the program's, whose
		# interleaving with a record's printf is the scheduler's
		bounded 120 "$PIDTRACE" -x fastpath=$m -q -o "$T/$1.$m.d" \
			-n "$2" -c "$FP_ASM $n" </dev/null >"$T/$1.$m.raw" \
			2>"$T/$1.$m.err" ||
			fail "$1, fastpath=$m: exit $?: $(cat "$T/$1.$m.err")"
		sed 's/^ready pid=.*/ready/' "$T/$1.$m.raw" >"$T/$1.$m.prog"
		cmp -s "$T/$1.$m.prog" "$T/asm.want" ||
			fail "$1, fastpath=$m: the program's output differs"
		sed 's/pid[0-9][0-9]*/pid/g' "$T/$1.$m.d" >"$T/$1.$m.out"
		sed 's/pid[0-9][0-9]*/pid/g; s/pid [0-9][0-9]*/pid N/g' \
			"$T/$1.$m.err" >"$T/$1.$m.e"
	done
	for m in record on; do
		cmp -s "$T/$1.off.out" "$T/$1.$m.out" || {
			diff "$T/$1.off.out" "$T/$1.$m.out" | head -n 20
			fail "$1: the output of fastpath=$m differs"; }
		cmp -s "$T/$1.off.e" "$T/$1.$m.e" || {
			diff "$T/$1.off.e" "$T/$1.$m.e" | head -n 20
			fail "$1: the errors of fastpath=$m differ"; }
	done
	say "ok: $1: the same in the three modes"
}

same aggs 'pid$target::fa_frame:entry, pid$target::fa_leave:entry {
		@c[probefunc] = count(); @s[probefunc] = sum(arg0);
		@mx[probefunc] = max(arg0); @mn[probefunc] = min(arg0);
		@a[probefunc] = avg(arg0); @sd[probefunc] = stddev(arg0); }
	pid$target::fa_frame:return {
		@q = quantize(arg1); @l = lquantize(arg1, 0, 1000, 50);
		@ll = llquantize(arg1, 10, 0, 4, 10); }' \
"fa_frame entry, line 1: in the process
fa_leave entry, line 1: in the process
fa_frame return, line 5: in the process"

same vars 'BEGIN { x = 5; }
	pid$target::fa_frame:entry /arg0 % 3 == 0/ { self->a = arg0; }
	pid$target::fa_frame:return /self->a/ {
		@d[arg1 - self->a] = count(); self->a = 0; }
	pid$target::fa_leave:entry { x += arg0 > 100 ? 2 : 1;
		this->v = arg0 * 3; @k[arg0 % 7, arg0 & 1] = count();
		@t[this->v % 11] = sum(this->v); }
	END { printf("x=%d\n", x); printa(@k); printa(@t); }' \
"BEGIN, line 1: in pidtrace
END, line 8: in pidtrace
fa_frame entry, line 2: in the process
fa_frame return, line 3: in the process
fa_leave entry, line 5: in the process"

same faults 'pid$target::fa_endbr:entry { @d[100 / (arg0 % 4)] = count(); }
	pid$target::fa_endbr:entry { @n = count(); }' \
"fa_endbr entry, line 1: in the process
fa_endbr entry, line 2: in the process"

same mixed 'pid$target::fa_riprel:entry { @n[probefunc] = count(); }
	pid$target::fa_riprel:entry /arg0 < 3/ { printf("%d\n", arg0); }
	pid$target::fa_riprel:entry { @m = max(arg0); }' \
"fa_riprel entry, line 1: in the process
fa_riprel entry, line 2: in pidtrace, from the firing's record: it records data (printf, trace...)
fa_riprel entry, line 3: in the process"
