# SPDX-License-Identifier: GPL-2.0-or-later
# clause-body.sh: which probe clauses need "{ }".  Expected behaviour:
# Oracle DTrace's grammar (libdtrace/dt_grammar.y, probe_definition): a
# probe description alone is accepted from the command line (dtrace -n
# BEGIN enables the probe with the default action, which the Dynamic
# Tracing Guide's "Default Action" describes: a line with the CPU, the
# probe ID and its name) and refused in a file, as is a predicate with
# no actions anywhere; both D_SYNTAX.  The wording is pidtrace's.
. "$top_srcdir/t/lib.sh"

say "-n BEGIN: a description alone takes the default action"
bounded 20 "$PIDTRACE" -n BEGIN -n 'BEGIN { exit(0); }' >"$T/out" \
    2>"$T/err" || fail "exit status $?: $(cat "$T/err")"
printf "pidtrace: description 'BEGIN' matched 1 probe\npidtrace: description 'BEGIN ' matched 1 probe\n" \
    >"$T/want"
same_output "$T/want" "$T/err"
# the header, then one line for each of the two clauses on BEGIN
[ "$(grep -c ':BEGIN *$' "$T/out")" = 2 ] ||
    fail "not two BEGIN lines: $(cat "$T/out")"
grep -q '^ *CPU  *ID  *FUNCTION:NAME$' "$T/out" ||
    fail "no header: $(cat "$T/out")"

say "the same description alone in a script: refused at its place"
printf 'BEGIN { exit(0); }\n\nEND\n' >"$T/a.d"
bounded 20 "$PIDTRACE" -xerrtags -s "$T/a.d" >"$T/out" 2>"$T/err" &&
    fail "a bare description compiled in a script"
printf 'pidtrace: failed to compile script %s: %s:3:1: [D_SYNTAX] expected a predicate or actions after the probe description: add { } after it\n' \
    "$T/a.d" "$T/a.d" >"$T/want"
same_output "$T/want" "$T/err"
[ -s "$T/out" ] && fail "output from a script refused: $(cat "$T/out")"

say "in a script, before another clause: refused too, not run"
printf 'BEGIN,\nEND\nBEGIN { exit(0); }\n' >"$T/b.d"
bounded 20 "$PIDTRACE" -s "$T/b.d" >"$T/out" 2>"$T/err" &&
    fail "a bare description list compiled in a script"
printf 'pidtrace: failed to compile script %s: %s:1:1: expected a predicate or actions after the probe description: add { } after it\n' \
    "$T/b.d" "$T/b.d" >"$T/want"
same_output "$T/want" "$T/err"

say "a predicate without actions, from the command line too"
bounded 20 "$PIDTRACE" -xerrtags -n 'BEGIN /1/' >"$T/out" 2>"$T/err" &&
    fail "a predicate without actions compiled"
printf 'pidtrace: invalid probe specifier BEGIN /1/:1:9: [D_SYNTAX] expected actions after the predicate: add { } after it\n' \
    >"$T/want"
same_output "$T/want" "$T/err"

say "-C: a bare description at a header's end names the header"
if command -v cpp >/dev/null 2>&1; then
	mkdir "$T/inc"
	printf '\nEND\n' >"$T/inc/bare.h"
	printf 'BEGIN { exit(0); }\n#include "bare.h"\n' >"$T/c.d"
	bounded 20 "$PIDTRACE" -C -I "$T/inc" -s "$T/c.d" >"$T/out" \
	    2>"$T/err" && fail "a bare description in a header compiled"
	printf 'pidtrace: failed to compile script %s: %s/inc/bare.h:2:1: expected a predicate or actions after the probe description: add { } after it\n' \
	    "$T/c.d" "$T" >"$T/want"
	same_output "$T/want" "$T/err"
else
	say "no cpp (Debian package cpp): -C not tried"
fi
exit 0
