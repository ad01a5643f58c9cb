#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tools/: the wrappers on tr-counter, which counts its own calls.
# Asserts: -h prints the usage and exits 0, a bad option exits 2;
# funclatency's histogram holds exactly the calls the target made, and
# with -i and -p prints a dated histogram each interval; ucalls -n 2
# prints the two most called functions with the target's counts; uflow
# prints the exact nested flow of one call (tail() jumps to mix(): a
# mix at worker's depth), per thread.
. "$top_srcdir/t/tracer/trlib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
TOOLS=$top_srcdir/tools
export PIDTRACE

for t in funclatency ucalls uflow; do
	"$TOOLS/pidtrace-$t" -h >"$T/h" || fail "$t -h exits $?"
	grep -q "^Usage: pidtrace-$t " "$T/h" || fail "$t -h: $(cat "$T/h")"
	"$TOOLS/pidtrace-$t" -Q >/dev/null 2>&1
	[ $? = 2 ] || fail "$t -Q does not exit 2"
done

say "funclatency: one histogram of mix() with every call"
printf 'go 400 2\nquit\n' >"$T/cmds"
bounded 60 "$TOOLS/pidtrace-funclatency" -c "$COUNTER" mix <"$T/cmds" \
	>"$T/fl" 2>"$T/fl.err" || fail "funclatency: $(cat "$T/fl.err")"
cat "$T/fl"
want=$(field "$T/fl" exit mix)
got=$(awk '$2 ~ /^\|/ { n += $NF } END { print n + 0 }' "$T/fl")
[ "$got" = "$want" ] || fail "histogram holds $got calls, the target made $want"
grep -q '^  mix *$' "$T/fl" || fail "no mix key"

say "funclatency -i 1 -p: a histogram each second"
start_counter
spawn _fp 60 "$TOOLS/pidtrace-funclatency" -i 1 -p "$TPID" 'w*' \
	>"$T/fi" 2>"$T/fi.err"
# armed: the first interval's date line
wait_for "$T/fi" '^[0-9]{4} [A-Z][a-z]{2} +[0-9]+ [0-9:]{8}$'
echo "go 300 1" >&3
wait_for "$T/out" '^done work=300 '
wait_for "$T/fi" '^  work *$'
kill -INT "$(child_of "$_fp")"
echo quit >&3
wait_for "$T/out" '^exit work=300 '

say "ucalls -n 2: the two most called"
bounded 60 "$TOOLS/pidtrace-ucalls" -n 2 -c "$COUNTER" <"$T/cmds" \
	>"$T/uc" 2>"$T/uc.err" || fail "ucalls: $(cat "$T/uc.err")"
cat "$T/uc"
mix=$(field "$T/uc" exit mix)
work=$(field "$T/uc" exit work)
sed -n '/^FUNCTION/,$p' "$T/uc" | grep -v '^$' >"$T/uc.got"
printf '%-40s %12s\n' FUNCTION CALLS >"$T/uc.want"
# work and tail tie at 800: the second row is either
row2=$(sed -n 2p "$T/uc.got" | awk '{ print $1 }')
case $row2 in work|tail) ;; *) fail "second row $row2" ;; esac
printf '%-40s %12d\n' "$row2" "$work" mix "$mix" >>"$T/uc.want"
same_output "$T/uc.want" "$T/uc.got"

say "uflow: the flow of one call"
printf 'go 1 1\nquit\n' | bounded 60 "$TOOLS/pidtrace-uflow" -c "$COUNTER" \
	'[wml][oie]*' >"$T/uf" 2>"$T/uf.err" || fail "uflow: $(cat "$T/uf.err")"
cat "$T/uf"
grep -E '^(TID|[0-9]+ )' "$T/uf" | sed -E 's/^.{8}/TID     /' >"$T/uf.got"
cat >"$T/uf.want" <<'END'
TID     FLOW
TID     -> worker
TID       -> work
TID         -> mix
TID           -> leaf
TID           <- leaf
TID         <- mix
TID       <- work
TID       -> mix
TID       <- mix
TID     <- worker
END
same_output "$T/uf.want" "$T/uf.got"
exit 0
