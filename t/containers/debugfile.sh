#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Separate debug files of a process in a container, looked up as the
# process sees them.  dw-types, stripped, runs in a container (its own
# mount and PID namespaces, a tmpfs root, chroot); its static dw_local
# is named only by its debug file.  Asserts, each in a new container:
#   - with the debug file in the container's
#     /usr/lib/debug/.build-id/xx/yyyy.debug, pid$target::dw_local:entry
#     fires once per call the target counts itself;
#   - the same through .gnu_debuglink into the container's
#     /usr/lib/debug/app/link/ (gdb's rule: DIR + the object's directory);
#   - with no debug file anywhere, dw_local matches nothing (so the
#     cases above cannot pass by some other way in);
#   - with none in the container, the host's debug directory serves by
#     build-id, and by debuglink when the CRC matches; a host debuglink
#     file with another CRC is not used;
#   - debugfile-test names where each was found (the container's under
#     /proc/PID/root, the host's at its path), and a container's
#     absolute symbolic link is followed inside the container.
# Expected counts are the target's own.
. "$top_srcdir/t/containers/ctlib.sh"
ct_need
command -v objcopy >/dev/null || skip "needs objcopy (Debian package binutils)"
DEBUGFILE_TEST=$top_builddir/t/probes/debugfile-test
[ -x "$DEBUGFILE_TEST" ] || skip "debugfile-test not built"
unset PIDTRACE_DEBUG_DIR
n=40

# The stripped program two ways, and its debug file.
objcopy --only-keep-debug "$TARGETS/dw-types" "$T/prog.debug" || fail objcopy
cp "$TARGETS/dw-types" "$T/bid" && strip -g -s "$T/bid" || fail strip
objcopy --remove-section=.note.gnu.build-id --add-gnu-debuglink="$T/prog.debug" \
    "$T/bid" "$T/link" || fail "objcopy debuglink"
bid=$(readelf -n "$T/bid" | sed -n 's/.*Build ID: *//p')
[ -n "$bid" ] || fail "dw-types has no build-id"
readelf -n "$T/link" | grep -q 'Build ID' && fail "link kept its build-id"
# Another file named prog.debug: a debuglink CRC that does not match.
objcopy --only-keep-debug "$TARGETS/usdt-args" "$T/other.debug" || fail objcopy

# stage NAME PROG: a container root with PROG at /app/NAME/prog.
stage()
{
	rm -rf "$T/stage"
	mkdir -p "$T/stage/app/$1"
	ct_copy "$T/stage" "$TARGETS/dw-types"
	rm -f "$T/stage$TARGETS/dw-types"
	cp "$2" "$T/stage/app/$1/prog"
}

# run NAME WANT: trace /app/NAME/prog in a container made from the
# stage: WANT "count" (dw_local counted as the target counts it) or
# "nomatch" (the description matches nothing).  Prints the debug file
# debugfile-test finds as found.$NAME.
run()
{
	_name=$1 _want=$2
	# p.NAME too: a run before this one of the same name left "armed"
	# there, which the handshake below could read before the new
	# pidtrace's redirection emptied the file; the target then ended
	# before the attach ("ptrace(PTRACE_SEIZE, N): No such process")
	rm -f "$T/in.$_name" "$T/out.$_name" "$T/p.$_name" "$T/e.$_name"
	mkfifo "$T/in.$_name"
	ct_start _c 120 "$T/stage" "$T/in.$_name" "$T/out.$_name" -- \
	    "/app/$_name/prog" -
	exec 3>"$T/in.$_name"
	wait_for "$T/out.$_name" '^ready'
	TP=$(ct_target "$_c") || fail "$_name: no target pid"
	"$DEBUGFILE_TEST" -p "$TP" "/app/$_name/prog" >"$T/found.$_name" ||
		fail "debugfile-test -p $TP"
	bounded 60 "$PIDTRACE" -q -n '
	    BEGIN { printf("armed\n"); }
	    pid$target:a.out:dw_local:entry { @n = count(); }
	    END { printa("dw_local %@d\n", @n); }' \
	    -p "$TP" >"$T/p.$_name" 2>"$T/e.$_name" 3>&- &
	_p=$!
	if [ "$_want" = nomatch ]; then
		wait $_p && fail "$_name: pidtrace ran without dw_local"
		grep -q "dw_local" "$T/e.$_name" ||
			fail "$_name: $(cat "$T/e.$_name")"
		say "$_name: $(cat "$T/e.$_name")"
		exec 3>&-
		wait "$_c"
		return
	fi
	wait_for "$T/p.$_name" '^armed' 30
	i=0
	while [ $i -lt $n ]; do echo x >&3; i=$((i + 1)); done
	exec 3>&-
	wait "$_c" || fail "$_name: container exit status $?"
	wait $_p || fail "$_name: pidtrace: $(cat "$T/e.$_name")"
	own=$(sed -n 's/^dw-types local=\([0-9]*\) .*/\1/p' "$T/out.$_name")
	[ "$own" = $n ] || fail "$_name: the target counted '$own'"
	grep -qx "dw_local $own" "$T/p.$_name" ||
		fail "$_name: counted $(cat "$T/p.$_name" "$T/e.$_name")"
	say "$_name: dw_local $own of $own, debug file $(cat "$T/found.$_name")"
}

say "== build-id: /usr/lib/debug/.build-id in the container"
stage bid "$T/bid"
mkdir -p "$T/stage/usr/lib/debug/.build-id/${bid:0:2}"
cp "$T/prog.debug" "$T/stage/usr/lib/debug/.build-id/${bid:0:2}/${bid:2}.debug"
run bid count
grep -qx "/proc/[0-9]*/root/usr/lib/debug/.build-id/${bid:0:2}/${bid:2}.debug" \
    "$T/found.bid" || fail "bid found $(cat "$T/found.bid")"

say "== build-id, the container's /usr/lib/debug an absolute link to /dbg"
# resolved inside the container's root: the host has no /dbg
stage bid "$T/bid"
mkdir -p "$T/stage/dbg/.build-id/${bid:0:2}" "$T/stage/usr/lib"
cp "$T/prog.debug" "$T/stage/dbg/.build-id/${bid:0:2}/${bid:2}.debug"
ln -s /dbg "$T/stage/usr/lib/debug"
[ -e /dbg ] && skip "the host has a /dbg"
run bid count
grep -qx "/proc/[0-9]*/root/dbg/.build-id/${bid:0:2}/${bid:2}.debug" \
    "$T/found.bid" || fail "bid found $(cat "$T/found.bid")"

say "== .gnu_debuglink: /usr/lib/debug/app/link in the container"
stage link "$T/link"
mkdir -p "$T/stage/usr/lib/debug/app/link"
cp "$T/prog.debug" "$T/stage/usr/lib/debug/app/link/prog.debug"
run link count
grep -qx "/proc/[0-9]*/root/usr/lib/debug/app/link/prog.debug" \
    "$T/found.link" || fail "link found $(cat "$T/found.link")"

say "== no debug file anywhere: dw_local is unknown"
export PIDTRACE_DEBUG_DIR=$T/hostdebug
mkdir -p "$PIDTRACE_DEBUG_DIR"
stage bid "$T/bid"
run bid nomatch
grep -qx -- - "$T/found.bid" || fail "found $(cat "$T/found.bid")"

say "== none in the container: the host's, by build-id"
mkdir -p "$PIDTRACE_DEBUG_DIR/.build-id/${bid:0:2}"
cp "$T/prog.debug" "$PIDTRACE_DEBUG_DIR/.build-id/${bid:0:2}/${bid:2}.debug"
run bid count
grep -qx "$PIDTRACE_DEBUG_DIR/.build-id/${bid:0:2}/${bid:2}.debug" \
    "$T/found.bid" || fail "bid found $(cat "$T/found.bid")"

say "== none in the container: the host's debuglink, CRC checked"
stage link "$T/link"
mkdir -p "$PIDTRACE_DEBUG_DIR/app/link"
cp "$T/other.debug" "$PIDTRACE_DEBUG_DIR/app/link/prog.debug"
run link nomatch
grep -qx -- - "$T/found.link" || fail "found $(cat "$T/found.link")"
cp "$T/prog.debug" "$PIDTRACE_DEBUG_DIR/app/link/prog.debug"
run link count
grep -qx "$PIDTRACE_DEBUG_DIR/app/link/prog.debug" "$T/found.link" ||
	fail "link found $(cat "$T/found.link")"
exit 0
