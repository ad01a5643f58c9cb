#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# exec inside a syscall, from a thread other than the leader, while the
# leader waits in futex (pthread_join): the exec'ing thread's execve
# entry fires in its own tid; its return comes from the leader's tid
# (the kernel gives the thread that exec'd the leader's id), in the new
# image, with 0: it must be execve's return, not the futex the leader's
# record was in (TRACER.md, "Syscall stops").  Exact output.
. "$top_srcdir/t/syscall/sclib.sh"

echo "hello world" >"$T/file"
bounded 60 "$PIDTRACE" -q -n '
	syscall::execve:entry { printf("execve entry %s %s leader %d\n", execname, copyinstr(arg0), tid == pid); }
	syscall::execve:return { printf("execve return %s %d %d leader %d\n", execname, arg0, errno, tid == pid); }
	syscall::futex:return /execname == "true"/ { printf("futex return in true\n"); }' \
    -c "$SC_CALLS -n 1 -t /bin/true $T/file" >"$T/out" 2>"$T/err" ||
	fail "pidtrace: $(cat "$T/err")"
cat >"$T/want" <<'W'
read 1234 bytes 1
open ok 1 enoent 1
read 5 bytes 1
nanosleep 1
fork 0
exec from a thread /bin/true
execve entry sc-calls /bin/true leader 0
execve return true 0 0 leader 1

W
same_output "$T/want" "$T/out"
say pass
