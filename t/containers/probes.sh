#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# USDT and pid probes in a process in a container (its own mount and
# PID namespaces, a tmpfs root, chroot): usdt-args -p runs there,
# attached by its host pid.  Asserts:
#   - the container is one: the target's own getpid() is not the host
#     pid we attach to;
#   - $target, pid and the pid provider's name are the host's numbers
#     (the ones -p took), as dtrace keeps them;
#   - for 5 rounds the gated USDT probe (its semaphore raised while we
#     are attached, lowered after: the target saw it set 5 times) and
#     pid probes on gated (global) and round_ (static) fire once a
#     round, the string argument reads, and the target runs on to a
#     clean exit after we detach.
# Expected counts are the rounds we send; the semaphore count is the
# target's own.
. "$top_srcdir/t/containers/ctlib.sh"
ct_need
[ -x "$TARGETS/usdt-args" ] || skip "usdt-args not built"

mkdir -p "$T/stage/app"
ct_copy "$T/stage" "$TARGETS/usdt-args"
cp "$TARGETS/usdt-args" "$T/stage/app/usdt-args"
mkfifo "$T/in"
ct_start _c 120 "$T/stage" "$T/in" "$T/out" -- /app/usdt-args -p /share/args
exec 3>"$T/in"
wait_for "$T/out" '^ready'
TP=$(ct_target "$_c") || fail "no target pid"
nspid=$(sed -n 's/^ready pid=//p' "$T/out")
say "host pid $TP, its own pid $nspid"
[ -n "$nspid" ] && [ "$nspid" != "$TP" ] || fail "not in a PID namespace"

bounded 30 "$PIDTRACE" -l -n 'pid$target:a.out:round_:entry' -p "$TP" \
    >"$T/l" 2>&1 3>&- || fail "-l: $(cat "$T/l")"
cat "$T/l"
grep -Eq "^ +[0-9]+ +pid$TP +usdt-args +round_ entry$" "$T/l" ||
	fail "-l does not name pid$TP usdt-args round_"

spawn _pp 60 "$PIDTRACE" -q -n '
	BEGIN { printf("armed %d\n", $target); }
	ut$target::gated:gated { @g = count(); }
	ut$target:::dash__name /copyinstr(arg0) == "hello"/ { @d = count(); }
	pid$target:a.out:gated:entry { @pg = count(); }
	pid$target:a.out:round_:entry { @pr = count(); }
	pid$target:a.out:round_:entry /!said++/ {
		printf("pid %d ppid-known %d\n", pid, ppid > 0);
	}
	END { printa("gated %@d\n", @g); printa("dash %@d\n", @d);
	      printa("pid-gated %@d\n", @pg); printa("pid-round %@d\n", @pr); }' \
	-p "$TP" >"$T/p.out" 2>"$T/p.err" 3>&-
PP=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed' 30
for i in 1 2 3 4 5; do echo x >&3; done
# The target says "round N" after each round's probes fired: stop
# tracing only once all five have run.
wait_for "$T/out" '^round 4$'
wait_for "$T/p.out" '^pid '
kill -INT "$PP"
wait_for "$T/p.out" '^pid-round' 20
for i in 1 2 3; do echo x >&3; done
exec 3>&-
wait "$_c" || fail "container exit status $?"
cat "$T/p.out" "$T/p.err"
printf 'armed %s\npid %s ppid-known 1\n\ngated 5\ndash 5\npid-gated 5\npid-round 5\n\n' \
    "$TP" "$TP" >"$T/want"
same_output "$T/want" "$T/p.out"
args=$T/ctroot._c.share/args
grep -q '^checks 5 max 1$' "$args" ||
	fail "semaphore: $(grep checks "$args") (want 5: raised while attached only)"
grep -c '^gated' "$args" | grep -qx 5 || fail "gated lines: $(grep -c '^gated' "$args")"
exit 0
