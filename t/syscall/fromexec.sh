#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidtrace -c with syscall probes traces the command from its exec on,
# the dynamic loader's calls included, as strace -f and dtrace -c do: a
# dynamically linked dd's calls, every one, counted as strace -c -f
# counts them on an identical run (the first execve is the launcher's in
# both: strace's is not ours, and pidtrace hands over no call of its
# child before the image; strace -c counts no exit_group).  BEGIN fires
# before the first call, the first call is the one strace shows first
# after the execve, and pid probes in the libraries, resolved at the
# entry point, still fire (libc's write, as often as the write calls).
# The same with copies of the loader and libc (not scanned ahead): the
# counts agree and the sites are patched (few calls stop).
. "$top_srcdir/t/syscall/sclib.sh"
command -v strace >/dev/null || skip "strace is not installed"
DD=$(command -v dd) || skip "no dd"
grep -aq 'ld-linux' "$DD" || skip "$DD is not dynamically linked"
CMD="$DD if=/dev/zero of=/dev/null bs=1 count=3000"

# agree NAME COMMAND [PIDTRACE-ARG...]: the command's calls under
# strace -c -f and under pidtrace -c, each a table by name in
# $T/NAME.strace and $T/NAME.tab, the same (pidtrace's stderr in
# $T/NAME.err).
agree()
{
	_n=$1 _c=$2
	shift 2
	bounded 60 strace -c -f -o "$T/$_n.st" $_c 2>/dev/null ||
		fail "$_n: strace run failed"
	strace_table "$T/$_n.st" |
	    awk '$1 == "execve" { $2 = $2 - 1 } $1 != "total" && $2 > 0' \
	    >"$T/$_n.strace"
	bounded 60 "$PIDTRACE" -q "$@" -n "$SC_TABLE" -c "$_c" \
	    >"$T/$_n.raw" 2>"$T/$_n.err" ||
		fail "$_n: pidtrace: $(cat "$T/$_n.err")"
	grep -E '^[a-z0-9_]+ [0-9]+ [0-9]+$' "$T/$_n.raw" |
	    grep -v '^exit_group ' | sort >"$T/$_n.tab"
	same_output "$T/$_n.strace" "$T/$_n.tab"
}

agree dd "$CMD"
say "$(wc -l <"$T/dd.tab") calls agree with strace -c -f"

# The order: BEGIN, then the image's first call (strace's second line).
bounded 60 strace -o "$T/trace" $CMD 2>/dev/null || fail "strace run failed"
first=$(sed -n '2s/(.*//p' "$T/trace")
[ -n "$first" ] || fail "no first call in strace's output"
bounded 60 "$PIDTRACE" -q -c "$CMD" -n '
BEGIN { printf("begin\n"); }
syscall:::entry /!done/ { printf("first %s\n", probefunc); done = 1; }
syscall::execve:entry, syscall::execve:return { printf("execve\n"); }
syscall::write:entry { @s = count(); }
pid$target:libc.so.6:write:entry { @l = count(); }
END { printa("syscall %@d\n", @s); printa("libc %@d\n", @l); }' \
    >"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
grep -v '^$' "$T/out" >"$T/got"
w=$(awk '$1 == "write" { print $2 }' "$T/dd.strace")
printf 'begin\nfirst %s\nsyscall %s\nlibc %s\n' "$first" "$w" "$w" \
    >"$T/want"
same_output "$T/want" "$T/got"

# A description that matches nothing once the libraries are in is still
# the error it was, the command killed; -Z lets it be.
bounded 60 "$PIDTRACE" -q -c "$CMD" -n 'syscall::read:entry { }
    pid$target::no_such_function_here:entry { }' >"$T/out" 2>"$T/err" &&
	fail "an unmatched description was accepted"
grep -q 'no_such_function_here:entry does not match any probes' \
    "$T/err" || fail "no error: $(cat "$T/err")"
bounded 60 "$PIDTRACE" -q -Z -c "$CMD" -n 'syscall::read:entry { @ = count(); }
    pid$target::no_such_function_here:entry { }' >"$T/out" 2>"$T/err" ||
	fail "-Z: $(cat "$T/err")"
r=$(awk '$1 == "read" { print $2 }' "$T/dd.strace")
grep -q "^ *$r\$" "$T/out" || fail "-Z: $(cat "$T/out"), not $r"

# The loader and libc copied, run as the loader's program: files that
# pidtrace does not scan ahead (they are not the ones it runs on, as a
# container's are not), so their sites' bounds come from their symbols,
# read after the loader has mapped the copies.  Every count as strace's
# on the same command, and the sites patched: the calls dispatched to a
# stop are the few that always stop, not one a read or write.
LD=$(ldd "$DD" | awk '$1 ~ /^\/.*ld-linux/ { print $1 }')
LC=$(ldd "$DD" | sed -n 's/.*libc\.so\.6 => \([^ ]*\) .*/\1/p')
[ -f "$LD" ] && [ -f "$LC" ] || fail "no loader or libc in: $(ldd "$DD")"
mkdir "$T/lib" && cp "$LD" "$T/lib/ld.so" && cp "$LC" "$T/lib/libc.so.6" ||
	fail "cannot copy $LD and $LC"
agree copies "$T/lib/ld.so --library-path $T/lib $CMD" -v
disp=$(sed -n 's/.* patched sites, \([0-9]*\) dispatched to a stop.*/\1/p' \
    "$T/copies.err")
[ -n "$disp" ] ||
	fail "copies: -v said no system calls line: $(cat "$T/copies.err")"
[ "$disp" -lt 50 ] ||
	fail "copies: $disp calls dispatched to a stop: sites left unpatched"
say "copies: $(wc -l <"$T/copies.tab") calls agree, $disp dispatched to a stop"

say "pass"
