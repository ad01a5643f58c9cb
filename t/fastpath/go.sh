#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A Go program: t/targets/fp-go.go (built here with Debian's go,
# offline, into t/targets/fp-go) runs 16 goroutines calling main.work
# (which allocates and spins: the collector runs and preempts them
# asynchronously with SIGURG inside it), main.leaf, and main.deep, which
# recurses deep enough to grow goroutine stacks (morestack), a goroutine
# forcing collections meanwhile.  All probed at entry and return (names
# found with pidnm), under pidtrace -c and then -p.
# Asserts: each count equals the calls the program counted, entries
# included though stacks grow (see below), the D output of -c and of -p
# is the same text, the program's output equals the untraced
# output (Go's stack copier, GC and preemption met nothing of ours),
# nothing dropped, every entry and return site fast (Go's m.procid keys
# Go's threads, -v says so under -c); after detach (-p) the text equals the file and no
# mapping was left.
. "$top_srcdir/t/fastpath/fplib.sh"

command -v go >/dev/null || skip "go is not installed (Debian's golang-go)"
GO_BIN=$top_builddir/t/targets/fp-go
src=$top_srcdir/t/targets/fp-go.go
if [ ! -x "$GO_BIN" ] || [ "$src" -nt "$GO_BIN" ]; then
	gc=$(go env GOCACHE 2>/dev/null)
	if [ -z "$gc" ] || ! mkdir -p "$gc" 2>/dev/null || [ ! -w "$gc" ]; then
		export GOCACHE=$T/gocache
	fi
	(cd "$T" && GOTOOLCHAIN=local GOPROXY=off GOFLAGS= \
	    bounded 300 go build -o "$GO_BIN.tmp" "$src") >"$T/go.log" 2>&1 ||
		fail "go build: $(tail -n 3 "$T/go.log")"
	mv "$GO_BIN.tmp" "$GO_BIN"
fi
for f in main.work main.leaf main.deep; do
	"$PIDNM" "$GO_BIN" | grep -q " T $f\$" || fail "pidnm does not list $f"
done

# Go's prologue checks the stack and, when it is short (main.deep's
# recursion) or the scheduler asks for preemption through the guard,
# calls morestack, which jumps back to the function's first byte: the
# entry probe sits past that check (probes/retsite.h, pb_stackcheck_end)
# and fires exactly once a call.  The offset probe main.deep:0, at the
# first byte, counts the re-entries too: more than the calls shows that
# stacks grew while traced.  main.leaf has no such prologue.
g=16 n=$((500 * FT_SCALE)) c=$((16 * 500 * FT_SCALE))
D='pid$target::main.work:entry, pid$target::main.leaf:entry,
	pid$target::main.deep:entry
	{ @e[probefunc] = count(); }
	pid$target::main.deep:0 { @z[probefunc] = count(); }
	pid$target::main.work:return, pid$target::main.leaf:return,
	pid$target::main.deep:return
	{ @r[probefunc] = count(); }
	END { printa("e %s %@d\n", @e); printa("z %s %@d\n", @z);
	      printa("r %s %@d\n", @r); }'
reference go "$GO_BIN" $g $n
grep -q "^work calls=$c leaf calls=$c " "$T/go.want" ||
	fail "untraced: $(cat "$T/go.want")"
dc=$(sed -n 's/^deep calls=\([0-9]*\) .*/\1/p' "$T/go.want")
[ $((dc)) = $((g * ((n + 99) / 100) * 101)) ] ||
	fail "untraced: $(cat "$T/go.want")"
printf 'e main.deep %d\ne main.leaf %d\ne main.work %d\nr main.deep %d\nr main.leaf %d\nr main.work %d\n' \
	$dc $c $c $dc $c $c >"$T/go.dw"

# dcheck NAME: NAME's D output: every count exact, the same for -c and
# -p; main.deep's first byte ran more often than main.deep was called.
dcheck()
{
	_z=$(count "$T/$1.d" "z main.deep")
	[ -n "$_z" ] && [ "$_z" -gt "$dc" ] ||
		fail "$1: main.deep's first byte ran '$_z' times for $dc calls: no stack grew"
	say "ok: $1: main.deep's first byte $_z times, $dc calls: $((_z - dc)) morestack re-entries"
	grep -v -e '^$' -e '^armed$' -e '^z main.deep ' "$T/$1.d" | sort \
		>"$T/$1.dg"
	same_output "$T/go.dw" "$T/$1.dg"
}

# A Go program's threads have no glibc TCB to read the thread id from:
# the trampolines load the one Go keeps in its M (gettid until a thread
# stored it), and every entry and return site runs fast: the report
# names none (the offset probe stops the thread by the pid provider's
# rule, which the report does not list).
GO_SLOW=

# -c
bounded 300 "${PT[@]}" -q -o "$T/c.d" -n "$D" -c "$GO_BIN $g $n" \
	</dev/null >"$T/c.raw" 2>"$T/c.err" ||
	fail "-c: pidtrace exited $?: $(cat "$T/c.err")"
cat "$T/c.raw" "$T/c.d" "$T/c.err"
sed 's/^ready pid=.*/ready/' "$T/c.raw" >"$T/c.out"
same_output "$T/go.want" "$T/c.out"
no_drops "$T/c.err" "$GO_SLOW"
dcheck c

# The key under -c: the set-up at the entry point finds no Go M (no fs
# base yet), so it is gettid's until the first thread Go starts lets
# every thread's M be checked; -v names the key the trampolines took
# last, and main.leaf's count is the program's.
if [ "$FP_MODE" != int3 ]; then
	bounded 300 "${PT[@]}" -v -q -n 'pid$target::main.leaf:entry {
	    @ = count(); } END { printa("leaf %@d\n", @); }' \
	    -c "$GO_BIN $g $n" </dev/null >"$T/k.out" 2>"$T/k.err" ||
		fail "-c -v: pidtrace exited $?: $(cat "$T/k.err")"
	grep -qx "leaf $c" "$T/k.out" || fail "-c -v: $(cat "$T/k.out")"
	grep -q "the thread key: Go's m.procid (gettid until it is set)\$" \
	    "$T/k.err" || fail "-c -v: not Go's key: $(cat "$T/k.err")"
	say "ok: -c: $c calls of main.leaf counted with Go's key"
fi

# -p
attach_run gp "$D" "$GO_BIN" $g $n
same_output "$T/go.want" "$T/gp.out"
# count() keyed by probefunc fits the process; the offset probe at
# main.deep's first byte stops the thread (the pid provider's rule).
paths_is gp "BEGIN, line 1: in pidtrace
END, line 8: in pidtrace
main.work entry, line 1: in the process
main.leaf entry, line 1: in the process
main.deep entry, line 1: in the process
main.deep 0, line 4: in pidtrace, stopping the thread: offset probes always stop the thread
main.work return, line 5: in the process
main.leaf return, line 5: in the process
main.deep return, line 5: in the process"
no_drops "$T/gp.err" "$GO_SLOW"
dcheck gp
say "ok: -c and -p: $c calls of main.work and main.leaf, $dc of main.deep, counted alike"
