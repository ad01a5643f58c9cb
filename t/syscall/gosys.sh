#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# gosys: Go's raw system calls go through patched sites, their clauses
# in the process (doc/TRACER.md, "Syscall sites" and "The thread key").
# Go makes its calls with `syscall` instructions of its own and its
# threads keep no thread id in a TCB: the trampolines key them by the
# tid Go keeps in its M (m.procid), or by gettid, made through the key
# gate in the range dispatch lets call, while a thread has not stored it.
# t/targets/sc-go.go (built here with Debian's go, offline): G goroutines
# locked to their threads, N getppid each, counted by the program.
# Asserts, on -c and on -p, in the process and with -x fastpath=off:
#  - @[tid] count() at getppid's entry equals each thread's own count
#    (the key is the thread's id as the kernel gives it), and the
#    returns equal the program's total;
#  - the path: -v says both clauses run in the process, and "system
#    calls: R through M patched sites" with M >= 1, fewer records R (the
#    -p run's getpid clause makes a few) and fewer stops than one
#    thread's calls (each call from records would make two records, on
#    stops two stops); under -x fastpath=off no patched site and at
#    least two stops a call.
#  - the key: -v says the trampolines took Go's m.procid, the tid Go
#    keeps in its M (gettid only for a thread that has not stored it
#    yet), not a gettid a firing;
#  - the program's own output is what it prints untraced, thread ids
#    aside;
#  - Ctrl-C: pidtrace -p stopped by SIGINT while every goroutine is in
#    its loop (the loops end only after pidtrace; Go's preemption
#    signals land in the trampolines and the key gate, threads are
#    stopped anywhere in them): no SIGSYS kills the program, it is no
#    longer traced, its maps hold nothing of ours after the detach, and
#    it runs on to its own counts (each goroutine's at least N, the
#    total their sum).
. "$top_srcdir/t/syscall/sclib.sh"
need_sud
go_target sc-go

G=4 N=20000
D='syscall::getppid:entry { @c[tid] = count(); }
   syscall::getppid:return { @r = count(); }
   END { printa("pt tid %d getppid %@d\n", @c); printa("pt getppid %@d\n", @r); }'

bounded 60 "$GO_BIN" $G $N >"$T/own" || fail "untraced run"
sed 's/^tid [0-9]* /tid T /' "$T/own" >"$T/own.want"
same_output - "$T/own.want" <<W
calling
$(for i in $(seq $G); do echo "tid T getppid $N"; done)
getppid $((G * N))
W

# check NAME TARGETOUT PATH: the counts against the program's, and the
# path.
check()
{
	grep '^tid ' "$2" | LC_ALL=C sort >"$T/$1.mine"
	sed -n 's/^pt tid /tid /p' "$T/$1.out" | LC_ALL=C sort >"$T/$1.got"
	[ -s "$T/$1.mine" ] || fail "$1: the program printed nothing: $(cat "$2")"
	same_output "$T/$1.mine" "$T/$1.got"
	grep -qx "pt getppid $((G * N))" "$T/$1.out" ||
		fail "$1: returns: $(cat "$T/$1.out")"
	grep -Ev '^(ready|pt |live|$)' "$2" | sed 's/^tid [0-9]* /tid T /' \
	    >"$T/$1.tgtw"
	same_output "$T/own.want" "$T/$1.tgtw"
	getppid_path "$1" "$3" $N $((2 * G * N))
	# The key: Go's m.procid, no gettid a firing (each thread's count
	# above says it is the thread's own).
	[ "$3" != fast ] ||
	    grep -q "the thread key: Go's m.procid (gettid until it is set)\$" \
	    "$T/$1.err" || fail "$1: not Go's key: $(cat "$T/$1.err")"
}

for path in fast stops; do
	o=; [ $path = stops ] && o="-x fastpath=off"
	bounded 120 "$PIDTRACE" -v -q $o -n "$D" -c "$GO_BIN $G $N" \
	    >"$T/c-$path.out" 2>"$T/c-$path.err" ||
		fail "c-$path: pidtrace: $(cat "$T/c-$path.err")"
	check "c-$path" "$T/c-$path.out" $path
	attach_run "p-$path" "$o" "$D" "$GO_BIN" $G $N
	check "p-$path" "$T/p-$path.tgt" $path
done

# Ctrl-C mid-burst: the goroutines call on until x.stop exists, made
# only once pidtrace is gone, so the SIGINT lands while every one is in
# its loop, whatever the machine's load.
N2=$N
rm -f "$T/x.go" "$T/x.tgt" "$T/x.stop"
spawn _xt 300 sh -c 'exec "$0" "$1" "$2" "$3" "$4" >"$5"' "$GO_BIN" $G $N2 \
    "$T/x.go" "$T/x.stop" "$T/x.tgt"
wait_for "$T/x.tgt" '^ready' 60
XPID=$(child_of "$_xt") || fail "ctrlc: no target pid"
spawn _xp 300 "$PIDTRACE" -q -n 'syscall::getppid:entry { @ = count(); }
    syscall::getpid:entry /!live/ { live = 1; printf("live\n"); }' \
    -p "$XPID" >"$T/x.out" 2>"$T/x.err"
XPT=$(child_of "$_xp") || fail "ctrlc: no pidtrace pid"
wait_for "$T/x.out" '^live' 60
: >"$T/x.go"
wait_for "$T/x.tgt" '^calling' 120
kill -INT "$XPT" || fail "ctrlc: pidtrace was gone before the SIGINT: $(cat "$T/x.err")"
wait "$_xp" || fail "ctrlc: pidtrace: $(cat "$T/x.err")"
grep -q 'memfd:pidtrace' "/proc/$XPID/maps" 2>/dev/null &&
	fail "ctrlc: our mapping left: $(grep pidtrace "/proc/$XPID/maps"); pidtrace said: $(cat "$T/x.err")"
[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$XPID/status")" = 0 ] ||
	fail "ctrlc: the target is still traced"
: >"$T/x.stop"
wait "$_xt" || fail "ctrlc: the target failed: $(cat "$T/x.tgt")"
# Each goroutine made N2 calls and went on: its count is its own (at
# least N2), the total their sum.
grep -Ev '^(ready|$)' "$T/x.tgt" >"$T/x.got"
awk -v g=$G -v n=$N2 '
	NR == 1 { if ($0 != "calling") bad = "first line " $0; next }
	/^tid [0-9]+ getppid [0-9]+$/ { k++; sum += $4
		if ($4 < n) bad = bad " " $0 " (< " n ")"; next }
	/^getppid [0-9]+$/ { tot = $2; t++; next }
	{ bad = bad " unexpected: " $0 }
	END { if (k != g || t != 1 || tot != sum) bad = bad " " k " tid lines, total " tot " against " sum
	      if (bad != "") { print bad; exit 1 } }' "$T/x.got" ||
	fail "ctrlc: the target's output: $(cat "$T/x.tgt")"
say "ctrlc: $(grep -E '^ +[0-9]+$' "$T/x.out" | tr -d ' ') calls counted before the detach, $(sed -n 's/^getppid //p' "$T/x.got") made"
