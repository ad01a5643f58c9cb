#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# syscall::NAME:entry|return on a target that makes known calls a known
# number of times (t/targets/sc-calls): counts, arguments, return values
# and errno against the target's own view (read of 1234 bytes, open of a
# named file and of a missing one, nanosleep, fork by clone, exec), the
# buffer of a read through copyin at its return; then every call of the
# run tabulated and compared with strace -c -f on an identical run
# (the first execve is the launcher's: strace's is not ours, and
# pidtrace reports none of its child's; strace -c counts no exit_group).
. "$top_srcdir/t/syscall/sclib.sh"
command -v strace >/dev/null || skip "strace is not installed"

N=7
F=3
echo "hello world" >"$T/file"
ARGS="-n $N -f $F -x /bin/true $T/file"

# The target's own view, untraced.
bounded 60 "$SC_CALLS" $ARGS >"$T/own" || fail "untraced run failed"
grep -q "^read 1234 bytes $N\$" "$T/own" &&
    grep -q "^open ok $N enoent $N\$" "$T/own" &&
    grep -q "^read 5 bytes $N\$" "$T/own" ||
	fail "the target's own view: $(cat "$T/own")"

cat >"$T/calls.d" <<'D'
#pragma D option quiet
syscall::read:entry /arg2 == 1234/ { @n["read 1234 entry"] = count(); self->big = 1; }
syscall::read:return /self->big/ { @r["read 1234 return", arg0, arg1, errno] = count(); self->big = 0; }
syscall::openat:entry /copyinstr(arg1) == $$1/ { self->ok = 1; }
syscall::openat:return /self->ok && arg0 >= 0/ { @r["open ok fd>=0", 1, arg1 == arg0, errno] = count(); }
syscall::openat:return /self->ok/ { self->ok = 0; }
syscall::openat:entry /copyinstr(arg1) == strjoin($$1, ".missing")/ { self->m = 1; }
syscall::openat:return /self->m/ { @r["open missing", arg0, arg1, errno] = count(); self->m = 0; }
syscall::read:entry /arg2 == 5/ { self->buf = arg1; }
syscall::read:return /self->buf/ { @s[stringof(copyin(self->buf, arg0)), arg0] = count(); self->buf = 0; }
syscall::nanosleep:entry { @r["nanosleep entry", arg1, 0, 0] = count(); }
syscall::nanosleep:return { @r["nanosleep return", arg0, arg1, errno] = count(); }
syscall::clone:entry { @r["clone entry flags", arg0, 0, 0] = count(); }
syscall::clone:return { @r["clone return >0", arg0 > 0, arg1 > 0, errno] = count(); }
syscall::execve:entry { printf("execve %s %s\n", execname, copyinstr(arg0)); }
syscall::execve:return { printf("execve returned in %s: %d %d\n", execname, arg0, errno); }
END {
	printa("%s %@d\n", @n);
	printa("%s %d %d %d: %@d\n", @r);
	printa("copyin [%s] %d: %@d\n", @s);
}
D
bounded 60 "$PIDTRACE" -s "$T/calls.d" -c "$SC_CALLS $ARGS" "$T/file" \
    >"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/out"
sort "$T/out" >"$T/got"
sort >"$T/want" <<W
$(cat "$T/own")
execve sc-calls /bin/true
execve returned in true: 0 0

read 1234 entry $N
read 1234 return 1234 1234 0: $N
open ok fd>=0 1 1 0: $N
open missing -1 -1 2: $N
copyin [hello] 5: $N
nanosleep entry 0 0 0: $N
nanosleep return 0 0 0: $N
clone entry flags 17 0 0: $F
clone return >0 1 1 0: $F
W
same_output "$T/want" "$T/got"

# Every call of the run against strace -c -f on the same command.
bounded 60 strace -c -f -o "$T/strace" "$SC_CALLS" $ARGS >"$T/own2" ||
	fail "strace run failed"
same_output "$T/own" "$T/own2"
strace_table "$T/strace" |
    awk '$1 == "execve" { $2 = $2 - 1 } $1 != "total" && $2 > 0' \
    >"$T/strace.tab"
bounded 60 "$PIDTRACE" -q -n "$SC_TABLE" -c "$SC_CALLS $ARGS" \
    >"$T/p.tab.raw" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
# The target's lines come first; strace -c counts no exit_group.
grep -E '^[a-z0-9_]+ [0-9]+ [0-9]+$' "$T/p.tab.raw" |
    grep -v '^exit_group ' | sort >"$T/p.tab"
same_output "$T/strace.tab" "$T/p.tab"
say "pass: $(wc -l <"$T/p.tab") calls agree with strace -c -f"
