#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# debugfile: probes/debugfile.c finds separate debug files as gdb does.
# Copies of dw-types are split with objcopy --only-keep-debug, strip and
# --add-gnu-debuglink; the debug directory is $PIDTRACE_DEBUG_DIR, under
# $T (never /usr/lib/debug).  Asserts, for each place gdb looks: the
# file is found there, and a debuglink whose CRC does not match (or a
# build-id file of another build) is not taken.
. "$top_srcdir/t/faults/ftlib.sh"

command -v objcopy >/dev/null || skip "needs objcopy (Debian package binutils)"
FIND=$top_builddir/t/probes/debugfile-test

# split DIR: DIR/prog (stripped, linked to prog.debug) and DIR/prog.debug.
split()
{
	mkdir -p "$1"
	cp "$TARGETS/dw-types" "$1/prog"
	objcopy --only-keep-debug "$1/prog" "$1/prog.debug" || fail objcopy
	strip -g -s "$1/prog" || fail strip
	(cd "$1" && objcopy --add-gnu-debuglink=prog.debug prog) ||
		fail "objcopy --add-gnu-debuglink"
}

# find OBJ WANT: the debug file found for OBJ, with DIR=$T/root.
find_is()
{
	expect "debug file of $1" \
	    "$(PIDTRACE_DEBUG_DIR=$T/root "$FIND" "$1")" "$2"
}

mkdir -p "$T/root"
split "$T/a"
say "== beside the object"
find_is "$T/a/prog" "$T/a/prog.debug"

say "== in .debug/ beside the object"
mkdir "$T/a/.debug"
mv "$T/a/prog.debug" "$T/a/.debug/prog.debug"
find_is "$T/a/prog" "$T/a/.debug/prog.debug"

say "== under the debug directory, by the object's directory"
mkdir -p "$T/root$T/a"
mv "$T/a/.debug/prog.debug" "$T/root$T/a/prog.debug"
find_is "$T/a/prog" "$T/root$T/a/prog.debug"

say "== a CRC that does not match is not taken"
printf 'x' >>"$T/root$T/a/prog.debug"
find_is "$T/a/prog" "-"

say "== by build-id only (no debuglink)"
mkdir -p "$T/b"
cp "$TARGETS/dw-types" "$T/b/prog"
objcopy --only-keep-debug "$T/b/prog" "$T/b/keep" || fail objcopy
strip -g -s "$T/b/prog" || fail strip
bid=$(readelf -n "$T/b/prog" | sed -n 's/.*Build ID: *//p')
[ -n "$bid" ] || fail "dw-types has no build-id"
find_is "$T/b/prog" "-"
mkdir -p "$T/root/.build-id/${bid:0:2}"
dbg=$T/root/.build-id/${bid:0:2}/${bid:2}.debug
cp "$T/b/keep" "$dbg"
find_is "$T/b/prog" "$dbg"

say "== a build-id file of another build is not taken"
cp "$TARGETS/debugfile-test" "$dbg" 2>/dev/null ||
	cp "$top_builddir/t/probes/debugfile-test" "$dbg"
find_is "$T/b/prog" "-"

say "== an empty PIDTRACE_DEBUG_DIR: no debug directory"
cp "$T/b/keep" "$dbg"
expect "debug file with PIDTRACE_DEBUG_DIR=" \
    "$(PIDTRACE_DEBUG_DIR= "$FIND" "$T/b/prog")" "-"

say "== libc, as libc6-dbg installs it (the default directory)"
libc=$(ldd "$TARGETS/dw-types" | sed -n 's/.*libc\.so\.6 => \([^ ]*\).*/\1/p')
lbid=$(readelf -n "$libc" | sed -n 's/.*Build ID: *//p')
want=/usr/lib/debug/.build-id/${lbid:0:2}/${lbid:2}.debug
if [ -f "$want" ]; then
	expect "debug file of $libc" "$(env -u PIDTRACE_DEBUG_DIR "$FIND" "$libc")" \
	    "$want"
else
	say "no $want: libc6-dbg is not installed (./quickstart check installs it)"
fi
exit 0
