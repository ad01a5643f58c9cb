# SPDX-License-Identifier: GPL-2.0-or-later
# cmdline.sh: pidtrace's command line without a process: notices and
# -q, -o (append), -e, -l, -x, -Z, macro arguments, exit statuses,
# -h/-V, and END with the aggregations on SIGINT.
. "$top_srcdir/t/lib.sh"

say "notice: description cropped at '{' as dtrace does"
bounded 20 "$PIDTRACE" -n 'BEGIN { exit(0); }' >"$T/out" 2>"$T/err" ||
    fail "exit status $?"
printf "pidtrace: description 'BEGIN ' matched 1 probe\n" >"$T/want"
same_output "$T/want" "$T/err"

say "two programs, two notices; a clause on two probes counts two"
bounded 20 "$PIDTRACE" -n 'BEGIN, END { }' -n 'BEGIN { exit(0); }' \
    >"$T/out" 2>"$T/err" || fail "exit status $?"
printf "pidtrace: description 'BEGIN, END ' matched 2 probes\npidtrace: description 'BEGIN ' matched 1 probe\n" >"$T/want"
same_output "$T/want" "$T/err"

say "-q: no notice, no probe lines"
bounded 20 "$PIDTRACE" -q -n 'BEGIN { printf("hi\n"); exit(0); }' \
    >"$T/out" 2>"$T/err" || fail "exit status $?"
printf 'hi\n\n' >"$T/want"
same_output "$T/want" "$T/out"
[ -s "$T/err" ] && fail "stderr not empty: $(cat "$T/err")"

say "-x quiet is -q"
bounded 20 "$PIDTRACE" -x quiet -n 'BEGIN { printf("x\n"); exit(0); }' \
    >"$T/out" 2>"$T/err" || fail "exit status $?"
printf 'x\n\n' >"$T/want"
same_output "$T/want" "$T/out"

say "-o appends"
echo first >"$T/o"
bounded 20 "$PIDTRACE" -q -o "$T/o" -n 'BEGIN { printf("a\n"); exit(0); }' \
    >"$T/out" 2>&1 || fail "exit status $?"
bounded 20 "$PIDTRACE" -q -o "$T/o" -n 'BEGIN { printf("b\n"); exit(0); }' \
    >"$T/out" 2>&1 || fail "exit status $?"
printf 'first\na\n\nb\n\n' >"$T/want"
same_output "$T/want" "$T/o"
[ -s "$T/out" ] && fail "stdout not empty with -o"

say "-e compiles only"
bounded 20 "$PIDTRACE" -e -n 'BEGIN { printf("no\n"); }' >"$T/out" 2>&1 ||
    fail "exit status $?"
[ -s "$T/out" ] && fail "-e printed: $(cat "$T/out")"
bounded 20 "$PIDTRACE" -e -n 'BEGIN { x = ; }' >"$T/out" 2>&1 &&
    fail "-e accepted a syntax error"

say "-l lists the probes: dtrace's, then every syscall's (no process needed)"
bounded 20 "$PIDTRACE" -l >"$T/out" 2>&1 || fail "exit status $?"
cat >"$T/want" <<'EOW'
   ID   PROVIDER            MODULE                          FUNCTION NAME
    1     dtrace                                                     BEGIN
    2     dtrace                                                     END
    3     dtrace                                                     ERROR
    4    syscall                                                read entry
    5    syscall                                                read return
EOW
head -6 "$T/out" >"$T/got"
same_output "$T/want" "$T/got"
[ "$(tail -n +5 "$T/out" | grep -vc '^ *[0-9]*    syscall  ')" = 0 ] ||
	fail "-l: lines after dtrace's that are not syscall probes"
[ "$(grep -c ' syscall .* entry$' "$T/out")" -gt 300 ] || fail "-l: few syscalls"

say "-Z allows a description that matches nothing"
bounded 20 "$PIDTRACE" -q -n 'nosuch:::x { }' >"$T/out" 2>&1 &&
    fail "no -Z: accepted"
bounded 20 "$PIDTRACE" -Z -n 'nosuch:::x { }' -n 'BEGIN { exit(0); }' \
    >"$T/out" 2>"$T/err" || fail "-Z: exit status $?"
grep -q "description 'nosuch:::x ' matched 0 probes" "$T/err" ||
    fail "no 0-probe notice: $(cat "$T/err")"

say "macro arguments and \$\$1"
bounded 20 "$PIDTRACE" -q -n 'BEGIN { printf("%d %s\n", $1, $$2); exit(0); }' \
    7 word >"$T/out" 2>&1 || fail "exit status $?"
printf '7 word\n\n' >"$T/want"
same_output "$T/want" "$T/out"

say "exit statuses: exit(n), compile error 1, usage 2"
bounded 20 "$PIDTRACE" -q -n 'BEGIN { exit(42); }' >/dev/null 2>&1
[ $? -eq 42 ] || fail "exit(42) gave another status"
bounded 20 "$PIDTRACE" -n 'BEGIN { x = ; }' >/dev/null 2>&1
[ $? -eq 1 ] || fail "a compile error is not status 1"
bounded 20 "$PIDTRACE" >/dev/null 2>&1
[ $? -eq 2 ] || fail "no program is not status 2"
bounded 20 "$PIDTRACE" -h >"$T/out" 2>&1 || fail "-h failed"
grep -q '^Usage: pidtrace' "$T/out" || fail "-h: no usage"
bounded 20 "$PIDTRACE" -V >"$T/out" 2>&1 || fail "-V failed"
grep -q '^pidtrace ' "$T/out" || fail "-V: no version"

say "-n errors name the program text, as dtrace's 'invalid probe specifier'"
bounded 20 "$PIDTRACE" -n 'BEGIN { x = ; }' >"$T/out" 2>"$T/err" &&
    fail "a syntax error compiled"
printf 'pidtrace: invalid probe specifier BEGIN { x = ; }:1:13: syntax error near ";"\n' >"$T/want"
same_output "$T/want" "$T/err"

say "%Y prints a walltimestamp as 2026 Nov 21 10:23:41"
bounded 20 "$PIDTRACE" -q -n 'BEGIN { printf("%Y\n", walltimestamp); exit(0); }' \
    >"$T/out" 2>&1 || fail "exit status $?"
head -n 1 "$T/out" | grep -Eq '^[0-9]{4} [A-Z][a-z]{2} [ 1-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-6][0-9]$' ||
    fail "%Y: $(cat "$T/out")"

say "SIGINT: a newline (dtrace's after ^C), END, a newline, the aggregations"
# ready once a tick has counted: a SIGINT right after BEGIN may come
# before the first tick (a loaded machine), leaving nothing to print
spawn p 30 "$PIDTRACE" -q -o "$T/sig" \
    -n 'tick-1ms { @n = count(); } tick-1ms /!said/ { said = 1;
    printf("ready\n"); }' -n 'END { printf("end\n"); }'
wait_for "$T/sig" '^ready$'
kill -INT "$(child_of "$p")"
wait "$p" || fail "SIGINT: exit status $?"
sed -n '2,4p' "$T/sig" >"$T/got"
printf '\nend\n\n' >"$T/want"
same_output "$T/want" "$T/got"
tail -n 1 "$T/sig" | grep -Eq '^ +[0-9]+$' || fail "no count: $(cat "$T/sig")"

say "-v without -l traces (the per-path report is for processes): exit 0"
bounded 20 "$PIDTRACE" -q -v -n 'BEGIN { printf("ran\n"); exit(0); }' \
    >"$T/out" 2>"$T/err"
[ $? = 0 ] || fail "-v without -l: exit status not 0: $(cat "$T/err")"
printf 'ran\n\n' >"$T/want"
same_output "$T/want" "$T/out"
exit 0
