#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# gokey: Go's threads keep no thread id where glibc's TCB does, so the
# fast path's trampolines ask the kernel for it (gettid, doc/TRACER.md
# "The thread key").  t/targets/fp-gokey.go (built here with Debian's go,
# offline) runs goroutines locked to their threads, each calling
# main.add N times and printing its thread's id, then goroutines that
# move between threads.
# Asserts, under -p, against what the program printed:
#  - every probe runs fast: `-x fastpath=require` accepts the script,
#    the report names no site, -l -v puts the clauses in the process;
#  - in-process count() keyed by tid: each locked thread's count equals
#    its own, and the total equals every call: the key is the thread's
#    id as the kernel gives it;
#  - a self-> latency script: each locked thread's returns that found
#    its own entry's self->ts equal its calls, and self->n, counted up
#    at each entry, reaches its calls (no state mixed between threads,
#    none lost);
#  - after detach the text equals the file and no mapping is left; the
#    program's output equals the untraced run's but for the thread ids.
. "$top_srcdir/t/fastpath/fplib.sh"

[ "$FP_MODE" = fast ] || skip "a test of the fast path's thread key"
command -v go >/dev/null || skip "go is not installed (Debian's golang-go)"
src=$top_srcdir/t/targets/fp-gokey.go
GO_BIN=$T/fp-gokey
(cd "$T" && GOCACHE=$T/gocache GOTOOLCHAIN=local GOPROXY=off GOFLAGS= \
    bounded 300 go build -o "$GO_BIN" "$src") >"$T/go.log" 2>&1 ||
	fail "go build: $(tail -n 3 "$T/go.log")"

g=4 n=$((5000 * FT_SCALE))
reference gk "$GO_BIN" $g $n
grep -q "^add calls=$((2 * g * n)) " "$T/gk.want" ||
	fail "untraced: $(cat "$T/gk.want")"

# mine NAME [s]: the program's own lines "tid T calls C", as "c T C"
# (and "s T C" with s), sorted.
mine()
{
	awk -v s="$2" '$1 == "tid" { print "c", $2, $4; if (s) print "s", $2, $4 }' \
		"$T/$1.out" | LC_ALL=C sort
}

# check NAME [s]: every locked thread's lines of pidtrace's output equal
# the program's, and the total equals every call (at least half of them
# with s: see below).
check()
{
	mine "$1" "${2:-}" >"$T/$1.mine"
	[ "$(grep -c '^c ' "$T/$1.mine")" = $g ] ||
		fail "$1: the program printed no $g threads: $(cat "$T/$1.out")"
	awk 'NR == FNR { if ($1 == "c") t[$2] = 1; next }
		($1 == "c" || $1 == "s") && ($2 in t)' "$T/$1.mine" "$T/$1.d" |
		LC_ALL=C sort >"$T/$1.got"
	same_output "$T/$1.mine" "$T/$1.got"
	_a=$(count "$T/$1.d" all)
	if [ -z "${2:-}" ]; then
		[ "$_a" = $((2 * g * n)) ] ||
			fail "$1: $_a firings, want $((2 * g * n))"
	else
		# An unlocked goroutine that moves between its entry and
		# its return finds the other thread's self->, as a DTrace
		# thread-local would: not every return counts.
		[ -n "$_a" ] && [ "$_a" -le $((2 * g * n)) ] &&
		    [ "$_a" -ge $((g * n)) ] ||
			fail "$1: $_a returns found an entry, of $((2 * g * n)) calls"
	fi
	no_drops "$T/$1.err"
	say "ok: $1: each locked thread's own count, $_a of $((2 * g * n)) in all"
}

D='pid$target::main.add:entry { @c[tid] = count(); @a = count(); }
END { printa("c %d %@d\n", @c); printa("all %@d\n", @a); }'
# fastpath=require: pidtrace refuses to start if any site would stop.
PT=("${PT[@]}" -x fastpath=require)
attach_run count "$D" "$GO_BIN" $g $n
paths_is count "BEGIN, line 1: in pidtrace
END, line 2: in pidtrace
main.add entry, line 1: in the process"
check count

# self->: each thread's entry and its return, in the process.  A locked
# goroutine never leaves its thread, so its returns all find their entry.
L='pid$target::main.add:entry { self->ts = timestamp; self->n++; }
pid$target::main.add:return /self->ts/ { @c[tid] = count();
	@s[tid] = max(self->n); @a = count();
	@q = quantize(timestamp - self->ts); self->ts = 0; }
END { printa("c %d %@d\n", @c); printa("s %d %@d\n", @s);
	printa("all %@d\n", @a); }'
attach_run lat "$L" "$GO_BIN" $g $n
paths_is lat "BEGIN, line 1: in pidtrace
END, line 5: in pidtrace
main.add entry, line 1: in the process
main.add return, line 2: in the process"
check lat s

sed -e 's/^tid [0-9]* /tid /' "$T/gk.want" >"$T/gk.w"
for r in count lat; do
	sed -e 's/^tid [0-9]* /tid /' "$T/$r.out" >"$T/$r.o"
	same_output "$T/gk.w" "$T/$r.o"
done
say "ok: the program's output is the untraced one's but for thread ids"
