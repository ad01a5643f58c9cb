#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# libmicrohttpd is opened only when -x metrics asks for a server: with a
# broken library first on the loader's path (a text file under its
# soname), a run without -x metrics (and one with -x metrics-file, which
# needs no server) works and prints the aggregation, and -x metrics
# fails with exit 1 and exactly one line that names the library and the
# Debian package that has it.  (That a served /metrics answers is
# t/output/prometheus.sh.)
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
so=$(sed -n 's/^#define PT_MHD_SONAME "\(.*\)"$/\1/p' "$top_builddir/config.h")
[ -n "$so" ] || fail "no PT_MHD_SONAME in config.h"

mkdir "$T/lib"
echo "not a library" >"$T/lib/$so"

LD_LIBRARY_PATH="$T/lib" bounded 30 "$PIDTRACE" -q \
	-n 'BEGIN { @n = count(); exit(0); }' >"$T/out" 2>"$T/err" ||
	fail "without -x metrics: $(cat "$T/err")"
[ "$(tr -d ' \n' <"$T/out")" = 1 ] || fail "without -x metrics: $(cat "$T/out")"
[ -s "$T/err" ] && fail "without -x metrics, stderr: $(cat "$T/err")"

LD_LIBRARY_PATH="$T/lib" bounded 30 "$PIDTRACE" -q \
	-x metrics-file="$T/m.prom" -n 'BEGIN { @n = count(); exit(0); }' \
	>/dev/null 2>"$T/err" || fail "-x metrics-file: $(cat "$T/err")"
grep -qx 'pidtrace_n_total 1' "$T/m.prom" || fail "-x metrics-file: $(cat "$T/m.prom")"

rc=0
LD_LIBRARY_PATH="$T/lib" bounded 30 "$PIDTRACE" -q -x metrics=127.0.0.1:0 \
	-n 'BEGIN { exit(0); }' >/dev/null 2>"$T/err" || rc=$?
[ "$rc" = 1 ] || fail "-x metrics with a broken $so: exit $rc, $(cat "$T/err")"
[ "$(wc -l <"$T/err")" = 1 ] || fail "not one line: $(cat "$T/err")"
grep -q "^pidtrace: metrics: cannot load $so (install the Debian package libmicrohttpd12): " \
	"$T/err" || fail "wording: $(cat "$T/err")"
exit 0
