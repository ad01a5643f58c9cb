#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Return probes through indirect jumps (pb-ret, -O2).  ret_query leaves
# through `jmp ret_std` in the first half of its calls and through
# `jmp *%rax` to its hook in the second (PostgreSQL's ExecutorRun): each
# call's return fires once, at the jump it took (arg0, its offset, from
# objdump), as fasttrap fires a tail call's return at the jump.
# ret_pick's jump table (`jmp *%rax` in a leaf: the frame as at the
# entry, so only the run time can tell) never fires, its rets do: the
# count and sum(arg1) equal the program's own.  Illumos' fasttrap would
# miss the hook's returns; Oracle's uretprobes see them all, and so must
# we.  Fast path on and off (it takes neither function: int3).
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/probes/sites.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
RET=$TARGETS/pb-ret
command -v objdump >/dev/null || skip "needs objdump (binutils)"
N=1000

# The offsets of ret_query's two jumps, from objdump.
set -- $(func_syms "$RET" | awk '$3 == "ret_query" { print $1, $2 }')
[ $# = 2 ] || fail "no ret_query in $RET"
objdump_sites "$RET" "$1" "$2" >"$T/sites"
ind=$(awk '$2 == "indirect" { print $1 }' "$T/sites")
tail=$(awk '$2 == "tail" { print $1 }' "$T/sites")
[ -n "$ind" ] && [ -n "$tail" ] ||
	fail "ret_query is not jmp *%rax and jmp ret_std: $(cat "$T/sites")"
ind=$(printf %x $((0x$ind - 0x$1)))
tail=$(printf %x $((0x$tail - 0x$1)))

D='pid$target::ret_query:return { @q[arg0] = count(); }
pid$target::ret_pick:return { @p = count(); @s = sum(arg1); }
pid$target::ret_std:entry, pid$target::ret_hooked:entry { @h[probefunc] = count(); }
END { printa("q %x %@d\n", @q); printa("p %@d\n", @p); printa("s %@d\n", @s);
      printa("h %s %@d\n", @h); }'
for fp in on off; do
	say "fastpath=$fp"
	echo go | bounded 60 "$PIDTRACE" -q -x fastpath=$fp -n "$D" \
	    -c "$RET $N" >"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
	not_fast_report "$T/err" | grep -q . &&
		fail "pidtrace said: $(cat "$T/err")"
	cat "$T/out"
	pick=$(sed -n 's/^ret_pick calls=\([0-9]*\) sum=//p' "$T/out")
	[ -n "$pick" ] || fail "the target did not finish: $(cat "$T/out")"
	{
		echo "h ret_hooked $((N - N / 2))"
		echo "h ret_std $((N / 2))"
		echo "p $N"
		echo "q $ind $((N - N / 2))"
		echo "q $tail $((N / 2))"
		echo "s $pick"
	} | sort >"$T/want"
	grep -E '^[hpqs] ' "$T/out" | sort >"$T/got"
	same_output "$T/want" "$T/got"
done
exit 0
