#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Rootless containers: made by an unprivileged user (a uid made up for
# the test, with no other rights), in a user namespace of theirs, and
# traced by that same user.  dw-types, stripped, its debug file in the
# container's /usr/lib/debug/.build-id, runs in each.  Asserts:
#   - root inside (uid 0 there is the user's own uid, as podman's
#     default): pid$target::dw_local:entry, named by the container's
#     debug file (read through /proc/PID/root: map_files is closed to an
#     unprivileged tracer), counts what the target counts;
#   - a subordinate uid (the program runs as uid 1000 of the container,
#     a uid of the user's subordinate range on the host, as podman's
#     USER 1000): pidtrace enters the container's user namespace, as
#     `podman unshare` does (its /proc/PID/mem opens only there), and
#     counts the same; pidnm --pid lists dw_local from the container's
#     debug file;
#   - the same when no process of the user's is left in that namespace
#     (the container's PID 1 is the program; its runtime is gone).
# Expected counts are the target's own.
. "$top_srcdir/t/containers/ctlib.sh"
ct_need
command -v setpriv >/dev/null || skip "needs setpriv (Debian package util-linux)"
command -v objcopy >/dev/null || skip "needs objcopy (Debian package binutils)"
# An unprivileged user of our own, and its subordinate range
# (what /etc/subuid would give it); neither is in /etc/passwd.
U=47291 SUB=3400000
AS="setpriv --reuid=$U --regid=$U --clear-groups"
$AS unshare -U -m -p -f --kill-child true 2>"$T/userns.err" ||
	skip "this machine refuses user namespaces to users:" \
	    "$(head -n 1 "$T/userns.err")"
chmod 755 "$T"
n=30

cp "$TARGETS/dw-types" "$T/prog" && strip -g -s "$T/prog" || fail strip
objcopy --only-keep-debug "$TARGETS/dw-types" "$T/prog.debug" || fail objcopy
bid=$(readelf -n "$T/prog" | sed -n 's/.*Build ID: *//p')
mkdir -p "$T/stage/app" "$T/stage/usr/lib/debug/.build-id/${bid:0:2}"
ct_copy "$T/stage" "$TARGETS/dw-types" "$(command -v setpriv)"
rm -f "$T/stage$TARGETS/dw-types"
mkdir -p "$T/stage/usr/bin"
cp "$(command -v setpriv)" "$T/stage/usr/bin/setpriv"
cp "$T/prog" "$T/stage/app/prog"
cp "$T/prog.debug" "$T/stage/usr/lib/debug/.build-id/${bid:0:2}/${bid:2}.debug"
chmod -R a+rX "$T/stage"
unset PIDTRACE_DEBUG_DIR

# start NAME: the fifo and output of container NAME, open to the user.
files()
{
	rm -f "$T/in.$1" "$T/out.$1"
	mkfifo -m 666 "$T/in.$1"
	: >"$T/out.$1" && chmod 666 "$T/out.$1"
}

# count NAME TP: trace dw_local of TP as the user for n rounds sent on
# fd 3, then close it; the count must be the target's own.
count()
{
	$AS "$PIDTRACE" -q -n '
	    BEGIN { printf("armed\n"); }
	    pid$target:a.out:dw_local:entry { @n = count(); }
	    END { printa("dw_local %@d\n", @n); }' \
	    -p "$2" >"$T/p.$1" 2>"$T/e.$1" 3>&- &
	_p=$!
	n_=0
	until grep -q '^armed' "$T/p.$1"; do
		kill -0 $_p 2>/dev/null || { wait $_p
			fail "$1: pidtrace exited $?: $(cat "$T/e.$1")"; }
		n_=$((n_ + 1))
		[ $n_ -lt 3000 ] || fail "$1: pidtrace did not arm"
		sleep 0.01
	done
	i=0
	while [ $i -lt $n ]; do echo x >&3; i=$((i + 1)); done
	exec 3>&-
	wait $_p || fail "$1: pidtrace: $(cat "$T/e.$1")"
	own=$(sed -n 's/^dw-types local=\([0-9]*\) .*/\1/p' "$T/out.$1")
	[ "$own" = $n ] || fail "$1: the target counted '$own'"
	grep -qx "dw_local $own" "$T/p.$1" ||
		fail "$1: counted $(cat "$T/p.$1" "$T/e.$1")"
	say "$1: dw_local $own of $own"
}

say "== root inside: uid 0 of the container is the user's"
files root
CT_AS=$AS ct_start _r 120 "$T/stage" "$T/in.root" "$T/out.root" \
    -U --map-root-user -- /app/prog -
exec 3>"$T/in.root"
wait_for "$T/out.root" '^ready'
TP=$(ct_target "$_r") || fail "no target pid"
grep -q "^Uid:[[:space:]]*$U[[:space:]]" "/proc/$TP/status" ||
	fail "root: $(grep Uid: "/proc/$TP/status")"
count root "$TP"
wait "$_r" || fail "root: container exit status $?"

say "== a subordinate uid: uid 1000 of the container"
files sub
CT_AS=$AS CT_WAITMAP=1 CT_SETPRIV="--reuid=1000 --regid=1000 --clear-groups" \
    ct_start _s 120 "$T/stage" "$T/in.sub" "$T/out.sub" -U -- /app/prog -
ct_map _s "0 $U 1
1 $SUB 65536"
exec 3>"$T/in.sub"
wait_for "$T/out.sub" '^ready'
TP=$(ct_target "$_s") || fail "no target pid"
grep -q "^Uid:[[:space:]]*$((SUB + 999))[[:space:]]" "/proc/$TP/status" ||
	fail "sub: $(grep Uid: "/proc/$TP/status")"
$AS "$PIDNM" --debug-file --pid "$TP" >"$T/nm" 2>"$T/nm.err" 3>&- ||
	fail "pidnm --pid: $(cat "$T/nm.err")"
cat "$T/nm.err"
grep -q ' t prog`dw_local$' "$T/nm" || fail "pidnm: no prog\`dw_local"
grep -q "^pidnm: /app/prog: symbols from its debug file /proc/$TP/root/usr/lib/debug/.build-id/" \
    "$T/nm.err" || fail "pidnm names no container debug file"
count sub "$TP"
wait "$_s" || fail "sub: container exit status $?"

say "== no process of the user's left in the namespace"
files gone
# PID 1 is the program itself and unshare goes: nothing of the user's
# is in the namespace but its ownership.
CT_AS=$AS CT_WAITMAP=1 CT_EXEC=1 CT_ORPHAN=1 \
    CT_SETPRIV="--reuid=1000 --regid=1000 --clear-groups" \
    ct_start _g 120 "$T/stage" "$T/in.gone" "$T/out.gone" -U -- /app/prog -
ct_map _g "0 $U 1
1 $SUB 65536"
exec 3>"$T/in.gone"
wait_for "$T/out.gone" '^ready'
UP=$(child_of "$_g") || fail "no unshare pid"
TP=$(child_of "$UP") || fail "no target pid"
_pt_pids="$_pt_pids $TP"
kill -KILL "$UP"
wait "$_g" 2>/dev/null
for p in $(pgrep -u "$U"); do
	[ "$(readlink "/proc/$p/ns/user")" = "$(readlink "/proc/$TP/ns/user")" ] &&
		fail "process $p of the user's is still in the namespace"
done
count gone "$TP"
exit 0
