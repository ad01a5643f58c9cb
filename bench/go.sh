#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/go.sh [ROUNDS]: what a probe on a Go function costs: 4
# goroutines call main.add (bench/go-add.go, built here with go,
# offline) NGO times in all (400,000), untraced, under pidtrace on the
# fast path (count() in the process, then a self-> latency script:
# entry and return, quantize), under -x fastpath=off (every firing
# stops the thread), and under bpftrace (uprobe count()).  Go's threads
# keep no thread id in a glibc TCB: the fast path's key is gettid's
# (doc/TRACER.md, "The thread key").  Prints the phase's time as the
# program measures it (median of the rounds, tools interleaved), us per
# call, the ratios fastpath=off / fast and bpftrace / fast, and beside
# each figure the records its tool said it dropped over all rounds.
# The header says the date, the load and the command.  Run by hand
# after `make`.
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
top=$PWD
P=$top/pidtrace
[ -x $P ] || { echo "bench/go.sh: $P missing: make first" >&2; exit 1; }
command -v go >/dev/null || { echo "bench/go.sh: go not installed" >&2; exit 1; }
rounds=${1:-3} n=${NGO:-400000}
T=$(mktemp -d /tmp/gobench.XXXXXX)
trap 'rm -rf $T' EXIT
(cd $T && GOCACHE=$T/gocache GOTOOLCHAIN=local GOPROXY=off GOFLAGS= \
    go build -o $T/go-add $top/bench/go-add.go) >$T/build.log 2>&1 ||
	{ echo "bench/go.sh: go build: $(tail -n 3 $T/build.log)" >&2; exit 1; }
W="$T/go-add 4 $n"
# ms NAME CMD...: run CMD (which runs go-add), keep its ms and its
# tool's drops; the firings the tool counted must equal the calls.
ms() {
	local name=$1 out; shift
	out=$(cd $T && timeout 600 "$@" 2>$T/err)
	awk '/^pidtrace: [0-9]+ drops/ { n += $2 }
	    /Lost [0-9]+ events/ { for (i = 1; i < NF; i++)
		if ($i == "Lost") n += $(i + 1) }
	    END { print n + 0 }' $T/err >>$T/$name.drops
	echo "$out" | grep -o ' ms [0-9.]*' | awk '{ print $2 }' >>$T/$name
	if ! echo "$out" | grep -q " ms "; then
		echo "cannot run: $(grep -v '^$' $T/err | tail -n 1)" >$T/$name.why
	elif [ $name != untraced ] && [ $name != lat ] &&
	    ! echo "$out" | grep -Eq "^@?:? *$n\$"; then
		echo "counted $(echo "$out" | grep -E '^ *@?:? *[0-9]+$' | tr -d ' @:'), not $n" >$T/$name.why
	fi
}
D='pid$target::main.add:entry { @ = count(); }'
L='pid$target::main.add:entry { self->ts = timestamp; }
pid$target::main.add:return /self->ts/ {
	@ = quantize(timestamp - self->ts); self->ts = 0; }'
B='uprobe:'$T'/go-add:main.add { @ = count(); }'
for r in $(seq $rounds); do
	ms untraced $W
	ms fast $P -q -n "$D" -c "$W"
	ms lat $P -q -n "$L" -c "$W"
	ms off $P -x fastpath=off -q -n "$D" -c "$W"
	if command -v bpftrace >/dev/null; then
		ms bpf bpftrace -e "$B" -c "$W"
	else
		echo "cannot run: bpftrace not installed" >$T/bpf.why
	fi
done
echo "bench/go.sh $rounds (NGO=$n), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, $(go env GOVERSION)"
printf 'main.add, 4 goroutines, %s calls: ms for all, median of %s rounds (load: %s)\n' \
	$n $rounds "$(load)"
printf '%-36s %10s %9s  %s\n' "" "ms" "us/call" "drops (all rounds)"
for k in untraced fast lat off bpf; do
	case $k in
	untraced) l="untraced" ;;
	fast) l="pidtrace, count() (fast path)" ;;
	lat) l="pidtrace, self-> entry+return" ;;
	off) l="pidtrace -x fastpath=off, count()" ;;
	bpf) l="bpftrace uprobe, count()" ;;
	esac
	v=$(get $k)
	if [ -f $T/$k.why ]; then
		printf '%-36s %10s %9s  %s\n' "$l" "$v" "" "$(cat $T/$k.why)"
	else
		printf '%-36s %10s %9s  %s\n' "$l" "$v" \
		    "$(awk -v m="$v" -v n=$n 'BEGIN { if (m != "-") printf "%.3f", m * 1000 / n }')" \
		    "$(awk '{ n += $1 } END { print n + 0 }' $T/$k.drops)"
	fi
done
ratio() { awk -v a="$(get $1)" -v b="$(get $2)" 'BEGIN { if (a != "-" && b != "-" && b > 0) printf "%.1f", a / b; else printf "-" }'; }
echo "fastpath=off / fast: $(ratio off fast)x   bpftrace / fast: $(ratio bpf fast)x   fast / untraced: $(ratio fast untraced)x"
