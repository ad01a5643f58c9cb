#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A read by clause code of a page another thread maps and unmaps in a
# loop: ip-burst race N calls ip_ptr(p) N times while its second thread
# maps a page of 42s at p (MAP_FIXED_NOREPLACE: nothing else is ever
# there) and unmaps it.  Whichever way each read falls (a load that
# faults is fixed up by pidtrace; after 256 of those, process_vm_readv;
# under the default a page the kernel refuses is no load at all),
# the process notices nothing (its SIGSEGV and SIGBUS handlers count 0,
# its exit is 0) and every call is either a 42 counted or an "invalid
# address" error at p: their sum is N, exactly.
. "$top_srcdir/t/inproc/iplib.sh"

n=$((4000 * FT_SCALE))
D='pid$target::ip_ptr:entry { @[*(int *)arg0] = count(); }'
# each way of reading: unchecked loads, and the default's loads after
# the kernel's check (a page unmapped between the two is a fault fixed
# up; one unmapped before the check is refused with no load)
for m in load check; do
	bounded 180 "$PIDTRACE" -v -x memread=$m -q -n "$D" \
		-c "$IP_BURST race $n" </dev/null >"$T/out" 2>"$T/err" ||
		fail "$m: pidtrace exited $?: $(tail -n 3 "$T/err")"
	say "memread=$m: $(grep 'race calls' "$T/out")"
	grep 'faulting loads' "$T/err"
	grep -q "^race calls=$n signals=0 maps=[1-9]" "$T/out" ||
		fail "$m: the process saw a signal, or never mapped: $(grep \
		    race "$T/out")"
	at=$(sed -n 's/^race at=//p' "$T/out")
	[ -n "$at" ] || fail "$m: no address printed"
	good=$(awk '$1 == 42 { print $2 }' "$T/out")
	keys=$(grep -v -e '^ready' -e '^race ' -e '^done' "$T/out" |
		awk 'NF { n++ } END { print n + 0 }')
	expect "$m: keys" "$keys" "$([ -n "$good" ] && echo 1 || echo 0)"
	bad=$(grep -c "invalid address ($at) in action #1" "$T/err")
	expect "$m: errors elsewhere" "$(grep -c 'invalid address' \
	    "$T/err")" "$bad"
	expect "$m: reads plus errors" $(( ${good:-0} + bad )) $n
done
