#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/lib/csload-absent.sh: pidtrace when capstone cannot be used.  The
# library pidtrace opens by its soname is, through LD_LIBRARY_PATH, the
# C library, which has none of capstone's entry points: nothing crashes,
# the pid probe's site is refused with the reason, once, the syscall
# probe still counts every call (dd's 100 writes: count=100, bs=1) and
# says, once, that its calls stopped the thread.
. "$top_srcdir/t/lib.sh"

soname=$(sed -n 's/^#define PT_CAPSTONE_SONAME "\(.*\)"$/\1/p' \
    "$top_builddir/config.h")
[ -n "$soname" ] || fail "no PT_CAPSTONE_SONAME in config.h"
libc=$(grep -m 1 -o '/[^ ]*/libc\.so\.6$' /proc/$$/maps) ||
    skip "this shell maps no libc.so.6"
mkdir "$T/lib" && ln -s "$libc" "$T/lib/$soname" || fail "no symlink"

why="capstone did not load: $soname has no cs_open"
LD_LIBRARY_PATH=$T/lib bounded 120 "$PIDTRACE" -q -n '
syscall::write:entry /pid == $target/ { @w = count(); }
pid$target:libc.so.6:malloc:entry { @m = count(); }' \
    -c 'dd if=/dev/zero of=/dev/null bs=1 count=100 status=none' \
    >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc = 0 ] || fail "pidtrace exited $rc"
# @w alone: @m has no firing (its site was never patched)
[ "$(grep -c . "$T/out")" = 1 ] && grep -Eqx ' +100' "$T/out" ||
    fail "not dd's 100 writes"
[ "$(grep -c . "$T/err")" = 2 ] || fail "not two lines on stderr"
grep -Eqx "pidtrace: cannot trace 1 site: $why: pid[0-9]+:libc\.so\.6:malloc:entry" \
    "$T/err" || fail "the site's refusal is not said with its reason"
grep -Eqx "pidtrace: pid [0-9]+: system calls stopped the thread, no call site patched: $why" \
    "$T/err" || fail "the system calls' stops are not said"
say "ok: no capstone: the reason said once for each, dd's writes counted"
