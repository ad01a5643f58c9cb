#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/lib/csload-maps.sh: capstone is mapped into pidtrace only when an
# instruction is decoded (lib/csload.c).  pidtrace does not need it at
# start (no DT_NEEDED entry); -V and -l map no library of that name (the
# dynamic loader's own list of what it maps, LD_DEBUG=files, which names
# dlopen'd objects too: the C library must be in it, or the list says
# nothing and the test skips).  During a run with a process and no
# decoding (BEGIN alone) pidtrace's maps have no libcapstone; during a run
# whose pid probe was patched (its instruction decoded before the
# command's code runs) they have it.  The maps are read by the traced
# command itself, a script whose parent is pidtrace: it runs only once
# pidtrace has done what the script is to see.
. "$top_srcdir/t/lib.sh"

readelf -d "$PIDTRACE" >"$T/dyn" 2>&1 || skip "readelf cannot read pidtrace"
grep -q 'NEEDED.*libc\.so' "$T/dyn" || skip "readelf lists no NEEDED library"
if grep 'NEEDED.*libcapstone' "$T/dyn"; then
	fail "pidtrace is linked with capstone"
fi
say "ok: no NEEDED libcapstone"

# loaded MODE ARGS...: the objects the loader mapped for pidtrace ARGS.
loaded()
{
	LD_DEBUG=files bounded 60 "$PIDTRACE" "$@" >"$T/out" 2>"$T/ld"
	grep -q 'file=libc\.so' "$T/ld" ||
	    skip "LD_DEBUG=files lists nothing here: $(head -n 3 "$T/ld")"
	if grep 'libcapstone' "$T/ld"; then
		fail "pidtrace $* mapped capstone"
	fi
	say "ok: pidtrace $* maps no capstone"
}
loaded -V
loaded -l -n 'BEGIN {}'

cat >"$T/maps" <<'SH'
#!/bin/sh
# $1: pidtrace, which must be the parent whose maps are read
[ /proc/$PPID/exe -ef "$1" ] || { echo "parent is not pidtrace"; exit 1; }
echo "capstone $(grep -c libcapstone /proc/$PPID/maps)"
echo "pidtrace $(grep -c . /proc/$PPID/maps)"
SH
chmod +x "$T/maps"

# during PROGRAM: the lines of the script's output.
during()
{
	bounded 120 "$PIDTRACE" -q -n "$1" -c "$T/maps $PIDTRACE" \
	    >"$T/during" 2>"$T/err" || {
		cat "$T/during" "$T/err"
		fail "pidtrace -n '$1' -c maps exited $?"
	}
	cat "$T/during" "$T/err"
	grep -q '^pidtrace [1-9]' "$T/during" || fail "pidtrace's maps unread"
}

during 'BEGIN {}'
grep -qx 'capstone 0' "$T/during" || fail "BEGIN alone mapped capstone"
say "ok: a run that decodes nothing maps no capstone"

during 'pid$target:libc.so.6:malloc:entry {}'
grep -qx 'capstone [1-9][0-9]*' "$T/during" ||
    fail "a patched pid probe and no capstone mapped"
say "ok: a pid probe's run maps capstone"
