#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A provider glob that ends in the pid and matches pid<PID> makes pid
# probes, as in Oracle's Linux DTrace, which takes the pid from the
# field's last digits (test/unittest/pid/tst.provregex1.sh:
# p*d$target::go:entry fires at go; tst.provregex2.r: "main:go:entry"
# once per call).  A field with no pid at its end (*, an empty field)
# makes none, and a description nothing else matches is an error, exit
# status 1.  The counts are pd-prog's own calls of go (run 2: two).
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

for prov in 'p*d$target' 'pi?$target' '*$target' '[p]id$target' 'pid$target'; do
	bounded 60 "$PIDTRACE" -q -n "$prov::go:entry { @[probemod, probefunc, probename] = count(); }" \
	    -n 'END { printa("%s:%s:%s %@d\n", @); }' \
	    -c "$TARGETS/pd-prog run 2" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/err"
	[ $rc -eq 0 ] || fail "$prov: exit $rc"
	grep -v '^$' "$T/out" | grep -v '^done ' >"$T/got"
	echo 'pd-prog:go:entry 2' >"$T/want"
	same_output "$T/want" "$T/got"
done

for prov in '*' '' 'p*d'; do
	bounded 60 "$PIDTRACE" -q -n "$prov::go:entry { @ = count(); }" \
	    -c "$TARGETS/pd-prog run 2" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/err"
	[ $rc -eq 1 ] || fail "'$prov': exit $rc, not 1"
	grep -q 'does not match any probes' "$T/err" ||
		fail "'$prov': no error"
done
exit 0
