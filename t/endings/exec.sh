#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# exec: the old image's probes go with it and the descriptions are
# resolved again against the new one.  Asserts: a -c command that is a
# shell script exec'ing the real program is traced (counts exact, output
# as untraced); a script that runs the program as a child (not traced)
# says at the end that its description matched nothing; a target that
# execs a program without the function says so in one line, prints what
# it had and exits 0.
. "$top_srcdir/t/tracer/trlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

D='pid$target::work:entry { @ = count(); } END { printa("work %@d\n", @); }'

# A wrapper script that execs the program.
printf '#!/bin/sh\nexec "%s" "$@"\n' "$COUNTER" >"$T/wrap.sh"
chmod +x "$T/wrap.sh"
printf 'go 3000 2\nquit\n' >"$T/cmds"
bounded 60 "$PIDTRACE" -q -o "$T/d" -n "$D" -c "$T/wrap.sh" <"$T/cmds" \
	>"$T/out" 2>"$T/err" || fail "pidtrace -c wrap.sh: $(cat "$T/err")"
cat "$T/out" "$T/d" "$T/err"
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 3000 2\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
printf 'work 6000\n\n' >"$T/dwant"
same_output "$T/dwant" "$T/d"
[ ! -s "$T/err" ] || fail "pidtrace said: $(cat "$T/err")"

# A script that runs the program as a child: nothing matched, said once.
printf '#!/bin/sh\n"%s" "$@"\n' "$COUNTER" >"$T/child.sh"
chmod +x "$T/child.sh"
bounded 60 "$PIDTRACE" -q -o "$T/d1" -n "$D" -c "$T/child.sh" <"$T/cmds" \
	>"$T/out1" 2>"$T/err1" || fail "pidtrace -c child.sh: $(cat "$T/err1")"
cat "$T/out1" "$T/d1" "$T/err1"
sed 's/pid=[0-9]*//' "$T/out1" >"$T/got"
same_output "$T/want" "$T/got"
pid=$(sed -n 's/.* in pid \([0-9]*\) .*/\1/p' "$T/err1")
echo "pidtrace: probe description pid$pid::work:entry matched no probes in pid $pid or what it exec'd" \
	>"$T/ewant1"
same_output "$T/ewant1" "$T/err1"

# The target execs echo: nothing matches there.
bounded 60 "$PIDTRACE" -q -o "$T/d2" -n "$D" \
	-c "$TARGETS/fe-spawn --exec 500" >"$T/out2" 2>"$T/err2" ||
	fail "pidtrace exited $?: $(cat "$T/err2")"
cat "$T/out2" "$T/d2" "$T/err2"
printf 'before exec work=500 sum=%s\nreplaced\n' \
	"$(bounded 10 "$TARGETS/fe-spawn" --exec 500 | sed -n 's/.*sum=//p')" \
	>"$T/want2"
same_output "$T/want2" "$T/out2"
printf 'work 500\n\n' >"$T/dwant2"
same_output "$T/dwant2" "$T/d2"
pid=$(sed -n 's/^pidtrace: pid \([0-9]*\) .*/\1/p' "$T/err2")
printf 'pidtrace: pid %s exec'\''d echo: probe description pid%s::work:entry matches no probes\n' \
	"$pid" "$pid" >"$T/ewant2"
same_output "$T/ewant2" "$T/err2"
