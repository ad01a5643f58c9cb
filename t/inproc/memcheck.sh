#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The default memory read of clause code (-x memread=check, doc/INPROC.md
# "Memory reads"): each page is asked of the kernel first, with a system
# call that copies from it and changes nothing, and only a page it reads
# is loaded.  ip-burst keep N calls ip_ptr(p) N times from inside its own
# SIGSEGV handler and N times from a thread that blocks SIGSEGV and
# SIGBUS, p in turn a good int, an unmapped page, a PROT_NONE page, "abc"
# in the last bytes before that page (no NUL), a file's page past its end
# (a load there is SIGBUS) and a non-canonical address; then each place
# checks its handlers and mask.  A fault forced on such a thread would
# reset the action to the default and unblock the signal
# (force_sig_info_to_task) before pidtrace could cancel it.
# Asserts, for a count() keyed by *(int *)arg0 (in the process) and for a
# copyinstr(arg0) printed from the record (captured at the firing):
#   - each clause takes the path planned for it (-l -v);
#   - the process's handlers and masks are POSIX's after the reads (a
#     handler stays until changed, the handled signal is blocked while
#     its handler runs, a mask stays as set): "kept" each, no signal
#     reached it, its output is the untraced one;
#   - no load faulted: -v says the reads were checked loads and 0 faults
#     were fixed up (a silent fallback to process_vm_readv, or a fault,
#     fails the test);
#   - the output and errors are those of -x fastpath=off (pidtrace reads
#     at a stop) and of -x memread=syscall (process_vm_readv): "invalid
#     address" at each bad pointer, as dtrace reports an address the
#     process cannot load; "abc" running into the PROT_NONE page is an
#     error at that page's first byte, as dtrace's copyinstr() faults at
#     the first byte it cannot read;
#   - and under -x memread=load, the reason it is not the default: the
#     same reads fault, are fixed up (counted), and leave the handlers
#     and masks changed;
#   - below the main stack, where a load or the check would grow it,
#     the stack does not move and each read is an error, in each mode;
#   - a misspelt -x memread is an error (status 1, nothing run).
. "$top_srcdir/t/inproc/iplib.sh"

n=$((6 * FT_SCALE))
COUNT='pid$target::ip_ptr:entry { @[*(int *)arg0] = count(); }'
STR='pid$target::ip_ptr:entry { printf("[%s]\n", copyinstr(arg0)); }'

reference keep "$IP_BURST" keep $n
grep -v '^keep gone=' "$T/keep.want" >"$T/keep.w"
list_paths count "$COUNT" -c "$IP_BURST keep 1"
paths_is count "ip_ptr entry, line 1: in the process"
list_paths str "$STR" -c "$IP_BURST keep 1"
paths_is str "ip_ptr entry, line 1: $IP_CAPREC"

# run NAME D MODE...: pidtrace -v on ip-burst keep; $T/NAME.{out,err}
# the output and the errors with the bad addresses named, $T/NAME.how
# how the code read, $T/NAME.keep the target's own lines.
run()
{
	_n=$1 _d=$2; shift 2
	bounded 120 "$PIDTRACE" -v "$@" -q -n "$_d" \
		-c "$IP_BURST keep $n" </dev/null >"$T/$_n.raw" \
		2>"$T/$_n.rerr" ||
		fail "$_n: pidtrace exited $?: $(tail -n 3 "$T/$_n.rerr")"
	grep -q 'killed by signal' "$T/$_n.rerr" && fail "$_n: it died"
	set -- $(sed -n 's/^keep gone=\(.*\) none=\(.*\) str=\(.*\) bus=\(.*\) high=\(.*\)$/\1 \2 \3 \4 \5/p' \
		"$T/$_n.raw")
	[ $# = 5 ] || fail "$_n: no bad pointers printed"
	sed 's/^ready pid=.*/ready/' "$T/$_n.raw" |
		grep -e '^ready' -e '^keep [hbc]' -e '^done' >"$T/$_n.keep"
	grep -v -e '^ready' -e '^keep ' -e '^done' "$T/$_n.raw" |
		sed -e "s/$1/GONE/g" -e "s/$2/NONE/g" -e "s/$3/STR/g" \
		    -e "s/$4/BUS/g" -e "s/$5/HIGH/g" >"$T/$_n.out"
	grep 'invalid address' "$T/$_n.rerr" |
		sed -E -e "s/$1/GONE/g" -e "s/$2/NONE/g" -e "s/$3/STR/g" \
		    -e "s/$4/BUS/g" -e "s/$5/HIGH/g" \
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

CHECKED="loads of pages the kernel read first (-x memread=check) while pidtrace traced every thread; 0 faulting loads fixed up, none delivered"
for d in count str; do
	[ $d = count ] && D=$COUNT || D=$STR
	run ${d}chk "$D"
	run ${d}def "$D" -x memread=check
	run ${d}off "$D" -x fastpath=off
	run ${d}sys "$D" -x memread=syscall
	for m in chk def off sys; do
		same_output "$T/keep.w" "$T/$d$m.keep"
	done
	expect "how $d read by default" "$(cat "$T/${d}chk.how")" "$CHECKED"
	expect "how $d read (memread=check)" "$(cat "$T/${d}def.how")" \
		"$CHECKED"
	same_output "$T/${d}off.out" "$T/${d}chk.out"
	same_output "$T/${d}off.err" "$T/${d}chk.err"
	same_output "$T/${d}sys.out" "$T/${d}chk.out"
	same_output "$T/${d}sys.err" "$T/${d}chk.err"
	# 2n calls, a sixth of them good: the rest one error each
	# an int at STR is refused as a whole, at its address; a string
	# there reads "abc", then faults at NONE
	[ $d = count ] && at="GONE NONE STR BUS HIGH" || at="GONE BUS HIGH"
	for b in $at; do
		expect "$d: errors at $b" \
		    "$(grep -c "invalid address ($b) in action #1" \
		    "$T/${d}chk.err")" $((2 * n / 6))
	done
	[ $d = str ] && expect "$d: errors at NONE (and STR's end)" \
	    "$(grep -c "invalid address (NONE) in action #1" \
	    "$T/${d}chk.err")" $((4 * n / 6))
	expect "$d: errors" "$(grep -c '' "$T/${d}chk.err")" $((10 * n / 6))
done
expect "count of 42s" "$(awk '$1 == 42 { print $2 }' "$T/countchk.out")" \
	$((2 * n / 6))
expect "strings" "$(grep -c '^\[\*\]$' "$T/strchk.out")" $((2 * n / 6))

# -x memread=load: the faults happen (each fixed up) and the handlers
# and masks are not POSIX's any more.
run countld "$COUNT" -x memread=load
expect "faults fixed up (memread=load)" "$(fixed countld)" $((10 * n / 6))
same_output "$T/countoff.err" "$T/countld.err"
grep -q '^keep handler segv=changed .*mask=changed$' "$T/countld.keep" ||
	fail "memread=load left the handler's state: $(cat "$T/countld.keep")"
grep -q '^keep blocked segv=changed bus=changed mask=changed$' \
    "$T/countld.keep" ||
	fail "memread=load left the thread's state: $(cat "$T/countld.keep")"

# Below the main thread's stack, where it may grow: a load there, or the
# kernel's copy for the check, would grow the stack to the address (the
# process changed, and zeros read where process_vm_readv and dtrace say
# "invalid address").  ip-burst grow reads 64 pages below [stack], then
# shows the address is in the stack's room (its own load grows it).
# Each mode: the stack has not moved after the calls, one error a call
# at that address, as under -x fastpath=off.
c=$((4 * FT_SCALE))
for m in check load syscall off; do
	[ $m = off ] && set -- -x fastpath=off || set -- -x memread=$m
	bounded 120 "$PIDTRACE" -v "$@" -q -n "$COUNT" \
	    -c "$IP_BURST grow $c" </dev/null >"$T/g$m.out" 2>"$T/g$m.err" ||
		fail "grow, $m: pidtrace exited $?: $(tail -n 3 "$T/g$m.err")"
	grep -q "^grow calls=$c moved=0\$" "$T/g$m.out" ||
		fail "grow, $m: the stack grew: $(grep '^grow' "$T/g$m.out")"
	grep -q '^grow loaded moved=64$' "$T/g$m.out" ||
		fail "grow, $m: not in the stack's room: $(grep '^grow' \
		    "$T/g$m.out")"
	at=$(sed -n 's/^grow at=//p' "$T/g$m.out")
	expect "grow, $m: errors at the address" "$(grep -c \
	    "invalid address ($at) in action #1" "$T/g$m.err")" $c
	expect "grow, $m: keys" "$(grep -v -e '^ready' -e '^grow' -e '^done' \
	    "$T/g$m.out" | grep -c '[0-9]')" 0
done

# A misspelt mode is an error before anything runs, in dtrace's words
# for a bad option value, never taken for the default.
bounded 60 "$PIDTRACE" -x memread=checked -q -n "$COUNT" \
    -c "$IP_BURST keep 1" </dev/null >"$T/bad.out" 2>"$T/bad.err"
expect "a misspelt mode: status" $? 1
[ -s "$T/bad.out" ] && fail "a misspelt mode: something ran: $(cat \
    "$T/bad.out")"
printf "pidtrace: failed to set -x memread to 'checked': Invalid value (check, load or syscall)\n" \
    >"$T/bad.want"
same_output "$T/bad.want" "$T/bad.err"
exit 0
