#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# static: a static program's system calls go through patched sites with
# their clauses in the process, under -c too (doc/TRACER.md, "Syscall
# sites" and "The thread key").  Launched, its thread starts with fs
# base 0 (glibc's __libc_setup_tls comes after the entry point):
# dispatch comes on at its exec, its first firings keyed by gettid, and
# by the TCB's tid through the key gate once it holds it (-v says
# which).  t/targets/sc-static:
# the main thread and a second thread, N getppid each through
# syscall(), counted by the program.
# Asserts, on -c and on -p, in the process and with -x fastpath=off:
#  - @[tid == pid] count() at getppid's entry equals each thread's own
#    count (1 the main thread, 0 the other), and the returns equal the
#    program's total;
#  - the path: -v says both clauses run in the process (under -c they
#    ran from records, silently), and "system calls: R through M
#    patched sites" with M >= 1 and fewer records and stops than one
#    thread's calls; under -x fastpath=off no patched site and at least
#    two stops a call;
#  - the key -v names under -c: the TCB's tid (not gettid's);
#  - the program's own output is what it prints untraced.
. "$top_srcdir/t/syscall/sclib.sh"
need_sud
ST=$TARGETS/sc-static
[ -x "$ST" ] || skip "sc-static not built"

N=20000
D='syscall::getppid:entry { @c[tid == pid] = count(); }
   syscall::getppid:return { @r = count(); }
   END { printa("pt %d getppid %@d\n", @c); printa("pt getppid %@d\n", @r); }'

bounded 60 "$ST" $N >"$T/own" || fail "untraced run"
same_output - "$T/own" <<W
main getppid $N
thread getppid $N
getppid $((2 * N))
W

# check NAME TARGETOUT PATH: the counts against the program's, and the
# path.
check()
{
	grep -Ev '^(ready|pt |live|$)' "$2" >"$T/$1.tgtw"
	same_output "$T/own" "$T/$1.tgtw"
	grep '^pt ' "$T/$1.out" | LC_ALL=C sort >"$T/$1.got"
	same_output - "$T/$1.got" <<W
pt 0 getppid $N
pt 1 getppid $N
pt getppid $((2 * N))
W
	getppid_path "$1" "$3" $N $((4 * N))
}

for path in fast stops; do
	o=; [ $path = stops ] && o="-x fastpath=off"
	bounded 120 "$PIDTRACE" -v -q $o -n "$D" -c "$ST $N" \
	    >"$T/c-$path.out" 2>"$T/c-$path.err" ||
		fail "c-$path: pidtrace: $(cat "$T/c-$path.err")"
	check "c-$path" "$T/c-$path.out" $path
	# the key: launched at fs base 0, the TCB's tid once it holds it;
	# through the key gate where rdfsbase can tell fs base 0 (the CPU
	# has it and the kernel lets the program use it, HWCAP2_FSGSBASE)
	if [ $path = fast ]; then
		k="the tid in the TCB"
		h=$(LD_SHOW_AUXV=1 /bin/true | awk '/^AT_HWCAP2:/ { print $2 }')
		[ $(( ${h:-0} & 2 )) != 0 ] && k="$k, through the key gate"
		grep -q "the thread key: $k\$" "$T/c-$path.err" ||
			fail "c-$path: not the TCB's key: $(grep 'thread key' "$T/c-$path.err")"
	fi
	attach_run "p-$path" "$o" "$D" "$ST" $N
	check "p-$path" "$T/p-$path.tgt" $path
done
