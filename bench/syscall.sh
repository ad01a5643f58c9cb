#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/syscall.sh: what a system call costs the target under the
# syscall provider, in one run against the untraced program, strace -c
# -f, perf trace (where it runs unprivileged) and pidtrace's own stop
# path (-x fastpath=off).  Run by hand after make:
#
#	bench/syscall.sh [CALLS] [REPEATS]
#
#  1. bench/sysloop makes CALLS getppid(2) calls (libc's syscall(): one
#     site) and times them itself; syscall::getppid:entry counts them:
#     ns added per call, and the count against CALLS; the clause in
#     the process (the default), and under -x fastpath=record (every
#     call's record evaluated by pidtrace, the path before clause code
#     ran at syscall sites).
#  2. The same loop with only syscall::write:entry enabled: what an
#     unprobed call costs (its site patched, its number not probed).
#     The floor: the loop with dispatch on in itself and every address
#     allowed (sysloop N sud): the kernel's own price for dispatch,
#     which every call of a traced thread pays.
#  3. The same getppid loop in Go (bench/sysloop-go.go, built here with
#     `go build`; the rows are skipped, said why, without go): Go
#     makes its calls with a `syscall` instruction of its own and its
#     threads keep no tid in a glibc TCB (doc/TRACER.md, "The thread
#     key").  Untraced, the floor (dispatch on in the loop's thread,
#     every address allowed), count() in the process and the stop path.
#  4. dd if=/dev/zero of=/dev/null bs=1 count=100000 under
#     syscall:::entry { @[probefunc] = count(); }: wall time against
#     untraced, and every count against strace -f -c's.  The floor row:
#     the same script on true(1), pidtrace's fixed cost (its start, the
#     fast path's set-up, the first calls' patching, the end), which
#     dd's row pays once whatever its count.
# Each figure is the least of REPEATS runs (the machine is shared).
# Prints the drops pidtrace reported (none expected).
set -u
cd "$(dirname "$0")/.."
n=${1:-200000}
R=${2:-3}
L=bench/sysloop
[ -x $L ] && [ -x ./pidtrace ] || { echo "make first" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
drops=0

ns() { sed -n 's/^\([0-9.]*\) ns\/call$/\1/p' "$1" | tail -1; }
# best NAME command...: the least ns/call of R runs; pidtrace's
# aggregation (a lone number line) in $tmp/NAME.count.
best() {
	_name=$1; shift
	_b=
	for _i in $(seq "$R"); do
		"$@" >"$tmp/out" 2>"$tmp/err"
		_v=$(ns "$tmp/out")
		grep -Eo '[0-9]+ drops' "$tmp/err" >>"$tmp/drops"
		sed -n 's/^ *\([0-9][0-9]*\)$/\1/p' "$tmp/out" | tail -1 \
		    >"$tmp/$_name.count"
		[ -n "$_v" ] || continue
		if [ -z "$_b" ] || awk -v a="$_v" -v b="$_b" \
		    'BEGIN { exit !(a < b) }'; then
			_b=$_v
		fi
	done
	eval "r_$_name=\${_b:-0}"
}

P1='syscall::getppid:entry { @ = count(); }'
P2='syscall::write:entry { @ = count(); }'
echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cpus," \
    "kernel $(uname -r); $n calls, least of $R runs"
best untraced $L "$n"
best floor $L "$n" sud
best fast ./pidtrace -q -n "$P1" -c "$L $n"
cnt_fast=$(cat "$tmp/fast.count")
best rec ./pidtrace -q -x fastpath=record -n "$P1" -c "$L $n"
cnt_rec=$(cat "$tmp/rec.count")
best stops ./pidtrace -q -x fastpath=off -n "$P1" -c "$L $n"
cnt_stops=$(cat "$tmp/stops.count")
best unprobed ./pidtrace -q -n "$P2" -c "$L $n"
best strace strace -c -f -o /dev/null $L "$n"
peer=
if perf trace -s -o /dev/null true >/dev/null 2>&1; then
	best perf perf trace -s -o /dev/null $L "$n"
	peer=perf
fi

awk -v u="$r_untraced" -v fl="$r_floor" -v f="$r_fast" -v st="$r_stops" \
    -v un="$r_unprobed" -v s="$r_strace" -v peer="$peer" \
    -v q="${r_perf:-0}" -v n="$n" -v cf="$cnt_fast" -v cs="$cnt_stops" \
    -v rc="$r_rec" -v cr="$cnt_rec" '
function row(name, x, note) {
	printf "%-34s %10.1f  %+10.1f%s\n", name, x, x - u, note
}
BEGIN {
	printf "%-34s %10s  %10s\n", "getppid(), ns per call", "ns", "added"
	row("untraced", u, "")
	row("floor: dispatch on, no tracer", fl, "  (the kernel check alone)")
	row("pidtrace, trampolines", f, sprintf("  count %s of %d", cf, n))
	row("pidtrace -x fastpath=record", rc,
	    sprintf("  count %s of %d", cr, n))
	row("pidtrace -x fastpath=off (stops)", st,
	    sprintf("  count %s of %d", cs, n))
	row("pidtrace, getppid unprobed", un, "")
	row("strace -c -f", s, "")
	if (peer != "")
		row("perf trace -s", q, "")
	if (f > fl)
		printf "trampolines over the floor: %+.1f probed, %+.1f " \
		    "unprobed\n", f - fl, un - fl
	if (f > u)
		printf "added: strace/trampolines %.0fx, stops/trampolines %.0fx\n",
		    (s - u) / (f - u), (st - u) / (f - u)
}'

# Go: the same loop in Go (bench/sysloop-go.go), built here offline.
gorow() {
	command -v go >/dev/null ||
		{ echo "go: skipped: go is not installed (golang-go)"; return; }
	_src=$PWD/bench/sysloop-go.go
	(cd "$tmp" && GOCACHE=$tmp/gocache GOTOOLCHAIN=local GOPROXY=off \
	    GOFLAGS= go build -o "$tmp/sysloop-go" "$_src") \
	    >"$tmp/go.log" 2>&1 || {
		echo "go: skipped: go build failed: $(tail -n 1 "$tmp/go.log")"
		return
	}
	G=$tmp/sysloop-go
	best gu $G "$n"
	best gfl $G "$n" sud
	best gfast ./pidtrace -q -n "$P1" -c "$G $n"
	cnt_gfast=$(cat "$tmp/gfast.count")
	best gstops ./pidtrace -q -x fastpath=off -n "$P1" -c "$G $n"
	cnt_gstops=$(cat "$tmp/gstops.count")
	awk -v u="$r_gu" -v fl="$r_gfl" -v f="$r_gfast" -v st="$r_gstops" \
	    -v n="$n" -v cf="$cnt_gfast" -v cs="$cnt_gstops" '
	function row(name, x, note) {
		printf "%-34s %10.1f  %+10.1f%s\n", name, x, x - u, note
	}
	BEGIN {
		printf "%-34s %10s  %10s\n", "Go getppid (RawSyscall), ns/call",
		    "ns", "added"
		row("untraced", u, "")
		row("floor: dispatch on, no tracer", fl,
		    "  (the kernel check alone)")
		row("pidtrace, trampolines", f,
		    sprintf("  count %s of %d", cf, n))
		row("pidtrace -x fastpath=off (stops)", st,
		    sprintf("  count %s of %d", cs, n))
		if (f > fl)
			printf "trampolines over the floor: %+.1f\n", f - fl
	}'
}
gorow

# dd: wall time and every count against strace -f -c.
DD='dd if=/dev/zero of=/dev/null bs=1 count=100000'
wall() {	# the least wall seconds of R runs of command...
	_b=
	for _i in $(seq "$R"); do
		_t0=$(date +%s.%N)
		"$@" >"$tmp/dd.out" 2>"$tmp/dd.err"
		_t1=$(date +%s.%N)
		grep -Eo '[0-9]+ drops' "$tmp/dd.err" >>"$tmp/drops"
		_v=$(awk -v a="$_t0" -v b="$_t1" 'BEGIN { print b - a }')
		if [ -z "$_b" ] || awk -v a="$_v" -v b="$_b" \
		    'BEGIN { exit !(a < b) }'; then
			_b=$_v
		fi
	done
	echo "$_b"
}
w_un=$(wall $DD)
w_fast=$(wall ./pidtrace -q -n 'syscall:::entry { @[probefunc] = count(); }
    END { printa("%s %@d\n", @); }' -c "$DD")
grep -E '^[a-z_0-9]+ [0-9]+$' "$tmp/dd.out" | sort >"$tmp/p.tab"
w_stops=$(wall ./pidtrace -q -x fastpath=off -n 'syscall:::entry {
    @[probefunc] = count(); }' -c "$DD")
w_true=$(wall ./pidtrace -q -n 'syscall:::entry { @[probefunc] = count(); }' \
    -c true)
w_strace=$(wall strace -f -c -o "$tmp/strace" $DD)
awk '$1 ~ /^[0-9.]+$/ && NF >= 5 && $NF != "total" { print $NF, $4 }' \
    "$tmp/strace" | sort >"$tmp/s.tab"
awk -v u="$w_un" -v f="$w_fast" -v st="$w_stops" -v s="$w_strace" \
    -v t="$w_true" 'BEGIN {
	printf "%s, wall seconds\n", "dd bs=1 count=100000"
	printf "%-34s %8.3f\n", "untraced", u
	printf "%-34s %8.3f  %.2fx untraced\n", "pidtrace, trampolines", f, f / u
	printf "%-34s %8.3f  (fixed cost: the script on true)\n", \
	    "floor: pidtrace -c true", t
	printf "%-34s %8.3f  %.2fx untraced\n", "pidtrace -x fastpath=off", st, st / u
	printf "%-34s %8.3f  %.2fx untraced\n", "strace -f -c", s, s / u
}'
echo "counts, strace -f -c | pidtrace (strace counts the execve it makes"
echo "and no exit_group; pidtrace sees the other way round):"
join -a1 -a2 -e - -o 0,1.2,2.2 "$tmp/s.tab" "$tmp/p.tab" |
    awk '{ printf "  %-20s %8s %8s%s\n", $1, $2, $3, $2 == $3 ? "" : "  *" }'
echo "drops reported: $(awk '{ s += $1 } END { print s + 0 }' "$tmp/drops")"
