#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Pages left by pid probes on a Go program built with cgo
# (t/targets/ij-cgo.go, built here with Debian's go and gcc, offline):
# 6 sessions of entry and return probes on main.work and on the C
# function it calls, ended by SIGINT at random moments.  Before, every
# session left 17 MB mapped ("a signal frame still points into
# pidtrace's trampolines"): the stack scan for signal frames ran from a
# goroutine's stack on into Go's heap, where small integers fell in the
# chunk pidtrace had placed in the gap below the binary at 0x400000.
# Only a kernel signal frame can take a thread back to a pc of ours
# (tracer/sigframe.c), and real ones (SIGURG interrupting a trampoline)
# are moved.
# Asserts: each session ends with exit 0 and nothing said (drops aside),
# the process untraced, no task stopped, no executable, shared or memfd
# mapping new since attach, the text of every file mapping equal to the
# file; then the program ends as untraced, its C and Go call counts
# equal.
. "$top_srcdir/t/inject/ijlib.sh"

command -v go >/dev/null || skip "go is not installed (Debian's golang-go)"
command -v gcc >/dev/null || skip "gcc is not installed (cgo needs it)"
GO_BIN=$top_builddir/t/targets/ij-cgo
src=$top_srcdir/t/targets/ij-cgo.go
if [ ! -x "$GO_BIN" ] || [ "$src" -nt "$GO_BIN" ]; then
	gc=$(go env GOCACHE 2>/dev/null)
	if [ -z "$gc" ] || ! mkdir -p "$gc" 2>/dev/null || [ ! -w "$gc" ]; then
		export GOCACHE=$T/gocache
	fi
	(cd "$T" && CGO_ENABLED=1 GOTOOLCHAIN=local GOPROXY=off GOFLAGS= \
	    bounded 300 go build -o "$GO_BIN.tmp" "$src") >"$T/go.log" 2>&1 ||
		fail "go build: $(tail -n 3 "$T/go.log")"
	mv "$GO_BIN.tmp" "$GO_BIN"
fi
ldd "$GO_BIN" | grep -q 'libc\.so' || fail "$GO_BIN is not a cgo binary"

N=${IJ_N:-6}
D='pid$target::main.work:entry, pid$target::main.work:return,
	pid$target::cwork:entry, pid$target::cwork:return
	{ @[probefunc, probename] = count(); }'
reference cgo "$GO_BIN"
rm -f "$T/in"; mkfifo "$T/in"
spawn _tp 300 sh -c 'exec "$0" <"$1" >"$1.out" 2>&1' "$GO_BIN" "$T/in"
exec 3>"$T/in"
wait_for "$T/in.out" '^ready pid='
TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
maps_snap "$TPID" >"$T/maps0"
i=0
while [ $i -lt "$N" ]; do
	i=$((i + 1))
	session "$TPID" "$D" "session $i"
	grep -q 'main.work *entry' "$T/s.out" ||
		fail "session $i: main.work never fired: $(cat "$T/s.out")"
	maps_clean "$TPID" "$T/maps0"
	text_clean "$TPID"
	tasks_ok "$TPID"
done
say "$N sessions, none left a mapping"
exec 3>&-
wait "$_tp" || fail "ij-cgo exited $?: $(cat "$T/in.out")"
sed 's/^ready pid=.*/ready/' "$T/in.out" >"$T/cgo.out"
same_output "$T/cgo.want" "$T/cgo.out"
