#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Issue 9, a Go program: t/targets/fp-go.go (built here with Debian's go,
# offline, into t/targets/fp-go) runs 16 goroutines calling main.work
# (which allocates and spins: the collector runs and preempts them
# asynchronously with SIGURG inside it) and main.leaf, a goroutine
# forcing collections meanwhile.  Both probed at entry and return (names
# found with pidnm), under pidtrace -c and then -p.
# Asserts: each count equals the calls the program counted (main.work's
# entries: at least, see below), the D output of -c and of -p is the
# same text but for those, the program's output equals the untraced
# output (Go's stack copier, GC and preemption met nothing of ours),
# nothing dropped; after detach (-p) the text equals the file and no
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
for f in main.work main.leaf; do
	"$PIDNM" "$GO_BIN" | grep -q " T $f\$" || fail "pidnm does not list $f"
done

# Go's prologue re-runs a function's first instruction after morestack
# (stack growth, or a preemption request through the stack guard): the
# entry probe of main.work fires again for such a call, as an uprobe
# would, so its count is at least the calls; the offset probe just past
# the prologue's check (main.work:OFF, found with objdump) fires exactly
# once a call.  main.leaf has no such prologue.
objdump -d --no-show-raw-insn "$GO_BIN" | awk '
	/^[0-9a-f]+ <main\.work>:$/ { on = 1; print $1; next }
	on && seen { sub(":", "", $1); print $1; exit }
	on && $2 ~ /^jbe/ { seen = 1 }' >"$T/addrs"
[ "$(wc -l <"$T/addrs")" = 2 ] || fail "no jbe in main.work's prologue"
off=$(printf '%x' $((16#$(sed -n 2p "$T/addrs") - 16#$(sed -n 1p "$T/addrs"))))
say "main.work's prologue check ends at offset 0x$off"

g=16 n=$((500 * FT_SCALE)) c=$((16 * 500 * FT_SCALE))
D='pid$target::main.work:entry, pid$target::main.leaf:entry
	{ @e[probefunc] = count(); }
	pid$target::main.work:'$off' { @o[probefunc] = count(); }
	pid$target::main.work:return, pid$target::main.leaf:return
	{ @r[probefunc] = count(); }
	END { printa("e %s %@d\n", @e); printa("o %s %@d\n", @o);
	      printa("r %s %@d\n", @r); }'
reference go "$GO_BIN" $g $n
grep -q "^work calls=$c leaf calls=$c " "$T/go.want" ||
	fail "untraced: $(cat "$T/go.want")"
printf 'e main.leaf %d\no main.work %d\nr main.leaf %d\nr main.work %d\n' \
	$c $c $c $c >"$T/go.dw"

# dcheck NAME: NAME's D output: main.work's entries at least the calls,
# the rest exact and the same for -c and -p.
dcheck()
{
	_e=$(count "$T/$1.d" "e main.work")
	[ -n "$_e" ] && [ "$_e" -ge $c ] ||
		fail "$1: main.work entries '$_e', fewer than $c calls"
	say "ok: $1: main.work entries $_e (calls $c; again after morestack: $((_e - c)))"
	grep -v -e '^$' -e '^armed$' -e '^e main.work ' "$T/$1.d" | sort \
		>"$T/$1.dg"
	same_output "$T/go.dw" "$T/$1.dg"
}

# -c
bounded 300 "${PT[@]}" -q -o "$T/c.d" -n "$D" -c "$GO_BIN $g $n" \
	</dev/null >"$T/c.raw" 2>"$T/c.err" ||
	fail "-c: pidtrace exited $?: $(cat "$T/c.err")"
cat "$T/c.raw" "$T/c.d" "$T/c.err"
sed 's/^ready pid=.*/ready/' "$T/c.raw" >"$T/c.out"
same_output "$T/go.want" "$T/c.out"
no_drops "$T/c.err"
dcheck c

# -p
attach_run gp "$D" "$GO_BIN" $g $n
same_output "$T/go.want" "$T/gp.out"
no_drops "$T/gp.err"
dcheck gp
say "ok: -c and -p: $c calls of main.work and main.leaf, counted alike"
