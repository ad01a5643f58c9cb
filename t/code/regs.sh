#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# regs: uregs[] with DTrace's R_* names (Oracle's regs.d for x86-64),
# DTrace's absolute-address probes (pid$target:a.out:-:ADDR, an offset
# probe at an address) and ustackdepth, on t/targets/cg-inline.c, which
# prints mark()'s address and a local's of main before it runs, then
# the sums of mark(a, b, c)'s arguments.  Asserts:
#  - at mark:entry, uregs[R_RDI], [R_RSI] and [R_RDX] summed are the
#    program's sums of a, b and c (the System V argument registers);
#    uregs[R_PC] is mark's address; uregs[R_SP] lies a little below the
#    local;
#  - the probe at mark's address fires once a call and reads rdi;
#  - at mark:return, uregs[R_RAX] summed is a + b + c;
#  - bottom() is reached 3, then 8 levels down a recursion of deep()
#    (one frame a level): ustackdepth grows by 5.
. "$top_srcdir/t/code/codelib.sh"

TG=$TARGETS/cg-inline
[ -x "$TG" ] || skip "t/targets/cg-inline not built"
n=11
rm -f "$T/in"; mkfifo "$T/in"
spawn tp 120 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" "$TG" $n
exec 3>"$T/in"
wait_for "$T/in.out" '^ready pid='
read -r _ pidw markw localw <"$T/in.out"
tpid=${pidw#pid=} mark=${markw#mark=} local=${localw#local=}
spawn pp 120 "$PIDTRACE" -q -o "$T/d" -p "$tpid" -n '
BEGIN { printf("armed\n"); }
pid$target::mark:entry { @a = sum(uregs[R_RDI]); @b = sum(uregs[R_RSI]);
	@c = sum(uregs[R_RDX]); @pc = max(uregs[R_PC]); @sp = min(uregs[R_SP]); }
pid$target:a.out:-:'"${mark#0x}"' { @abs = count(); @absa = sum(uregs[R_RDI]); }
pid$target::mark:return { @ax = sum(uregs[R_RAX]); }
pid$target::bottom:entry { printf("depth %d\n", ustackdepth); }
END { printa("mark a=%@d b=%@d c=%@d\n", @a, @b, @c);
	printa("pc %@x sp %@x\n", @pc, @sp);
	printa("abs %@d a=%@d\n", @abs, @absa); printa("ax %@d\n", @ax); }' \
    2>"$T/err"
armed "$T/d" "$pp" "$T/err"
echo go >&3
exec 3>&-
wait "$tp" || fail "target exited $?: $(cat "$T/in.out")"
wait "$pp" || fail "pidtrace exited $?: $(cat "$T/err")"
cat "$T/in.out" "$T/d" "$T/err"

grep '^mark a=' "$T/in.out" >"$T/want"
grep '^mark a=' "$T/d" >"$T/got"
same_output "$T/want" "$T/got"
a=$(sed -n 's/^mark a=\([0-9]*\) b=\([0-9]*\) c=\([0-9]*\)$/\1/p' "$T/want")
abc=$(sed -n 's/^mark a=\([0-9]*\) b=\([0-9]*\) c=\([0-9]*\)$/\1+\2+\3/p' \
    "$T/want")
[ "$(grep '^abs ' "$T/d")" = "abs $n a=$a" ] ||
	fail "the address probe: $(grep '^abs ' "$T/d"), want abs $n a=$a"
[ "$(grep '^ax ' "$T/d")" = "ax $((abc))" ] ||
	fail "rax at return: $(grep '^ax ' "$T/d"), want ax $((abc))"
pc=$(sed -n 's/^pc \([0-9a-f]*\) sp .*/\1/p' "$T/d")
sp=$(sed -n 's/^pc .* sp \([0-9a-f]*\)$/\1/p' "$T/d")
[ "$((0x$pc))" = "$((mark))" ] || fail "R_PC $pc, mark is at $mark"
below=$((local - 0x$sp))
[ "$below" -gt 0 ] && [ "$below" -lt 4096 ] ||
	fail "R_SP 0x$sp is not just below main's local at $local"
set -- $(sed -n 's/^depth //p' "$T/d")
[ $# = 2 ] && [ $(($2 - $1)) = 5 ] ||
	fail "ustackdepth at 3 and 8 levels down: $*"
grep -v 'has exited$' "$T/err" | not_fast_report /dev/stdin >"$T/err2"
[ -s "$T/err2" ] && fail "pidtrace said: $(cat "$T/err2")"
say "ok: uregs[] at entry, at an address, at return; ustackdepth $1 and $2"
