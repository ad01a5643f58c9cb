#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ntop: inet_ntoa(), inet_ntop() and link_ntop() of an address in the
# traced process read its bytes there, whichever path the clause takes:
# at a stop (-x fastpath=off), or run in pidtrace from the firing's
# record with the bytes captured at the firing (the default, and
# -x fastpath=require, which refuses a stop).  The bytes are ta_a's
# pts[] in t/targets/ta-c.c: ints 1, 2, 3, 4 (little-endian), then
# enum c, RED (0).  Expected text: inet_ntop(3)'s forms of those bytes
# (a dotted quad; eight 16-bit groups in hex, big-endian, without
# leading zeros), and link_ntop()'s per Oracle's Linux DTrace
# reference: each byte in two lowercase hex digits, joined by ':' (6
# bytes for ARPHRD_ETHER, 20 for ARPHRD_INFINIBAND).
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
cat >"$T/want" <<'W'
1.0.0.0 2.0.0.0
100:0:200:0:300:0:400:0
01:00:00:00:02:00
01:00:00:00:02:00:00:00:03:00:00:00:04:00:00:00:00:00:00:00

W
for how in "" "-x fastpath=require" "-x fastpath=off"; do
	# shellcheck disable=SC2086
	bounded 30 "$PIDTRACE" $how -q -c "$TARGETS/ta-c 1" -n '
	pid$target::ta_rec:entry
	{
		printf("%s %s\n", inet_ntoa((ipaddr_t *)&args[0]->pts[0].x),
		    inet_ntop(AF_INET, (void *)&args[0]->pts[0].y));
		printf("%s\n", inet_ntop(AF_INET6, (void *)args[0]->pts));
		printf("%s\n", link_ntop(ARPHRD_ETHER, (void *)args[0]->pts));
		printf("%s\n", link_ntop(ARPHRD_INFINIBAND,
		    (void *)&args[0]->pts[0]));
	}' >"$T/out" 2>"$T/err" || { cat "$T/err"; fail "pidtrace $how failed"; }
	diff -u "$T/want" "$T/out" || fail "pidtrace $how: output differs"
	not_fast_report "$T/err" | grep -q . &&
	    { cat "$T/err"; fail "pidtrace $how: unexpected stderr"; }
done
say "PASS: the ntop functions read the process's memory on every path"
