#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Clause code reads memory with plain loads; a load that faults is fixed
# up by pidtrace at the thread's signal-delivery-stop and never reaches
# the process.  ip-burst segv N calls ip_ptr(p) with p a good int (42),
# an unmapped page, a PROT_NONE page, and an int across the edge of that
# page, in turn, and counts the SIGSEGVs and SIGBUSes its own handlers
# see.  Asserts, for a count() keyed by *(int *)arg0 and for a
# copyinstr(arg0) printed from the record:
#   - the process sees no signal (its handlers' count is 0) and its
#     output is the untraced one;
#   - each bad pointer is one "invalid address" error a call, at the
#     address the target printed for it (as dtrace reports a load the
#     process cannot make); the count and the strings are the good
#     calls';
#   - the output and errors are those of -x memread=syscall (the
#     process_vm_readv path) and of -x fastpath=off (pidtrace reads at
#     a stop);
#   - which way the code read (-v): by loads with exactly as many faults
#     fixed up as bad reads made by load (every one up to 256, then
#     process_vm_readv, said once even under -q), and by
#     process_vm_readv only under -x memread=syscall: a silent fallback
#     to the system call fails the test.
. "$top_srcdir/t/inproc/iplib.sh"

COUNT='pid$target::ip_ptr:entry { @[*(int *)arg0] = count(); }'
STR='pid$target::ip_ptr:entry { printf("[%s]\n", copyinstr(arg0)); }'

# run NAME N D MODE...: pidtrace -v on ip-burst segv N; $T/NAME.{out,err}
# the output and errors with the bad addresses named, the target's
# lines checked and left out.
run()
{
	_n=$1 _c=$2 _d=$3; shift 3
	bounded 120 "$PIDTRACE" -v "$@" -q -n "$_d" \
		-c "$IP_BURST segv $_c" </dev/null >"$T/$_n.raw" \
		2>"$T/$_n.rerr" ||
		fail "$_n: pidtrace exited $?: $(tail -n 3 "$T/$_n.rerr")"
	grep -q '^segv calls='"$_c"' signals=0$' "$T/$_n.raw" ||
		fail "$_n: the process saw a signal: $(grep '^segv' \
		    "$T/$_n.raw")"
	grep -q 'killed by signal' "$T/$_n.rerr" && fail "$_n: it died"
	set -- $(sed -n 's/^segv gone=\(.*\) none=\(.*\) edge=\(.*\)$/\1 \2 \3/p' \
		"$T/$_n.raw")
	[ $# = 3 ] || fail "$_n: no bad pointers printed"
	grep -v -e '^ready' -e '^segv ' -e '^done' "$T/$_n.raw" |
		sed -e "s/$1/GONE/g" -e "s/$2/NONE/g" -e "s/$3/EDGE/g" \
		>"$T/$_n.out"
	grep 'invalid address' "$T/$_n.rerr" |
		sed -E -e "s/$1/GONE/g" -e "s/$2/NONE/g" -e "s/$3/EDGE/g" \
		    -e 's/pid[0-9]+/pid/g' >"$T/$_n.err"
	sed -n 's/^pidtrace: pid [0-9]*: clause code read memory by //p' \
		"$T/$_n.rerr" >"$T/$_n.how"
}

# fixed NAME: the faults fixed up, from -v
fixed()
{
	sed -n 's/^loads .*; \([0-9]*\) faulting loads fixed up.*/\1/p' \
		"$T/$1.how"
}

n=$((400 * FT_SCALE))
for c in 8 $n; do
	bad=$((3 * c / 4))
	want_fix=$bad
	[ $bad -gt 256 ] && want_fix=256
	run load$c $c "$COUNT" -x memread=load
	run sys$c $c "$COUNT" -x memread=syscall
	run off$c $c "$COUNT" -x fastpath=off
	expect "count of 42s ($c calls)" \
		"$(awk '$1 == 42 { print $2 }' "$T/load$c.out")" $((c / 4))
	for b in GONE NONE EDGE; do
		expect "errors at $b ($c calls)" \
		    "$(grep -c "invalid address ($b) in action #1" \
		    "$T/load$c.err")" $((c / 4))
	done
	expect "errors ($c calls)" "$(grep -c '' "$T/load$c.err")" $bad
	same_output "$T/off$c.out" "$T/load$c.out"
	same_output "$T/off$c.err" "$T/load$c.err"
	same_output "$T/sys$c.out" "$T/load$c.out"
	same_output "$T/sys$c.err" "$T/load$c.err"
	expect "faults fixed up ($c calls)" "$(fixed load$c)" $want_fix
	expect "read by ($c calls, memread=syscall)" "$(cat "$T/sys$c.how")" \
		"process_vm_readv only (-x memread=syscall)"
	if [ $bad -ge 256 ]; then
		grep -q 'clause code met 256 bad addresses: its memory reads went back to process_vm_readv$' \
			"$T/load$c.rerr" || fail "the fallback is not said"
	else
		grep -q 'went back to process_vm_readv' "$T/load$c.rerr" &&
			fail "a fallback said with $bad faults"
	fi
done

# Strings: copyinstr() captured at the firing, byte by byte up to the
# NUL (the good int is "*"; EDGE's two bytes are NULs: an empty string,
# the page after never read).
c=8
run sload $c "$STR" -x memread=load
run soff $c "$STR" -x fastpath=off
expect "strings" "$(grep -c '^\[\*\]$' "$T/sload.out")" $((c / 4))
expect "empty strings" "$(grep -c '^\[\]$' "$T/sload.out")" $((c / 4))
expect "string errors" "$(grep -c '' "$T/sload.err")" $((c / 2))
same_output "$T/soff.out" "$T/sload.out"
same_output "$T/soff.err" "$T/sload.err"
expect "string faults fixed up" "$(fixed sload)" $((c / 2))
