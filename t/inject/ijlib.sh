# SPDX-License-Identifier: GPL-2.0-or-later
# t/inject/ijlib.sh: helpers of the tests of syscalls injected into a
# traced process and of what endings leave behind, on top of
# t/fastpath/fplib.sh (PT and PIDTRACE_X, maps_snap, text_clean,
# quiet_err; FT_SCALE and expect from t/faults/ftlib.sh).
. "$top_srcdir/t/fastpath/fplib.sh"

IJ_FORK=$TARGETS/ij-fork
IJ_SLEEP=$TARGETS/ij-sleep
[ -x "$IJ_FORK" ] && [ -x "$IJ_SLEEP" ] || skip "ij-* targets not built"

# maps_all PID: the mappings of PID as "start-end perms offset path",
# but the anonymous private ones that are not executable (the process
# makes and drops those itself: malloc's, posix_spawn's child stacks,
# ASan's shadow; none of ours is one: out-of-line pages are r-x, the
# fast path's ring and trampolines a shared memfd); the heap and the
# main stack by name only (they grow on their own).
maps_all()
{
	awk '$2 ~ /^[-r][-w]-p$/ && NF == 5 { next }
		{ r = $1; if ($6 == "[heap]" || $6 == "[stack]") r = $6
		  print r, $2, $3, $6 }' "/proc/$1/maps"
}

# maps_same PID BEFORE WHAT: maps_all PID is BEFORE, line for line.
maps_same()
{
	maps_all "$1" >"$T/maps.now"
	diff -u "$2" "$T/maps.now" >"$T/maps.diff" && return 0
	cat "$T/maps.diff"
	fail "$3: /proc/$1/maps is not what it was before attach"
}

# session TPID D WHAT [EACH]: one session of pidtrace -p TPID running
# "BEGIN { trace("armed"); } D", ended by SIGINT at a random moment up to
# 0.9 s after "armed" (EACH, a command, runs right after "armed").
# Asserts: pidtrace exits 0 and says nothing but drops (no notice of a
# page left, a munmap failed, a syscall that did not run); the target is
# no longer traced.  Leaves $T/s.out and $T/s.err.
session()
{
	_st=$1 _sd=$2 _sw=$3 _se=${4:-:}
	rm -f "$T/s.out" "$T/s.err"	# not the last session's "armed"
	spawn _sp 120 "${PT[@]}" -q -n "BEGIN { trace(\"armed\"); } $_sd" \
		-p "$_st" >"$T/s.out" 2>"$T/s.err"
	_spp=$(child_of "$_sp") || fail "$_sw: no pidtrace pid"
	wait_for "$T/s.out" '^armed' 60
	$_se
	sleep "0.$(printf '%03d' $((RANDOM % 900)))"
	kill -INT "$_spp"
	wait "$_sp"; _src=$?
	[ $_src = 0 ] || fail "$_sw: pidtrace exited $_src: $(cat "$T/s.err")"
	quiet_err "$T/s.err"
	[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$_st/status")" = 0 ] ||
		fail "$_sw: pid $_st still traced"
}

# fork_log LOG LOOPS [nochild]: LOG (of ij-fork) holds "p I" and
# "c I 0" exactly once for every I below LOOPS (no "c" lines with
# nochild: vfork and posix_spawn children write none), and nothing else:
# no fork, no write ran twice or not at all, and no child found a
# mapping of ours.
fork_log()
{
	awk -v n="$2" -v noc="${3:-}" '
		$1 == "p" && NF == 2 { p[$2]++; next }
		$1 == "c" && NF == 3 && noc == "" {
			c[$2]++; if ($3 != 0) d++; next }
		{ bad++ }
		END {
			for (i = 0; i < n; i++) {
				if (p[i] != 1) { print "p", i, p[i] + 0; e++ }
				if (noc == "" && c[i] != 1) {
					print "c", i, c[i] + 0; e++ }
			}
			for (k in p)
				if (k + 0 >= n) { print "p past the end", k; e++ }
			for (k in c)
				if (k + 0 >= n) { print "c past the end", k; e++ }
			if (d) { print d, "children saw our mappings"; e++ }
			if (bad) { print bad, "lines of another shape"; e++ }
			exit e != 0
		}' "$1" >"$T/log.bad" && return 0
	head -n 20 "$T/log.bad"
	fail "$1: a fork or a write ran other than once," \
		"or a child found our pages"
}

# fork_run MODE D WHAT: ij-fork MODE, untraced first, then traced by
# $N sessions of D (session), each followed by maps_same; then the
# loop is stopped (SIGTERM) and judged: no child left over, none that
# exited wrong, the log exact (fork_log), as untraced.
fork_run()
{
	_fm=$1 _fd=$2 _fw=$3 _nc=
	[ "$_fm" = spawn ] && _nc=nochild
	# Untraced: the same judgement holds.
	spawn _ft 120 "$IJ_FORK" "$_fm" "$T/log0" >"$T/out0" 2>&1
	wait_for "$T/out0" '^ready pid='
	_tp=$(sed -n 's/^ready pid=//p' "$T/out0")
	wait_count "$T/log0" '^p ' 200 60
	kill -TERM "$_tp"
	wait "$_ft" || fail "untraced ij-fork $_fm exited $?"
	_l=$(sed -n 's/^loops=\([0-9]*\) extra=0 bad=0$/\1/p' "$T/out0")
	[ -n "$_l" ] || fail "untraced: $(cat "$T/out0")"
	fork_log "$T/log0" "$_l" $_nc
	say "untraced: $_l loops, each fork and write once"

	spawn _ft 600 "$IJ_FORK" "$_fm" "$T/log" >"$T/out" 2>&1
	wait_for "$T/out" '^ready pid='
	_tp=$(sed -n 's/^ready pid=//p' "$T/out")
	maps_all "$_tp" >"$T/maps0"
	_i=0
	while [ $_i -lt "$N" ]; do
		_i=$((_i + 1))
		session "$_tp" "$_fd" "$_fw: session $_i"
		maps_same "$_tp" "$T/maps0" "$_fw: session $_i"
	done
	say "$_fw: $N sessions, each left /proc/$_tp/maps as it found it"
	kill -TERM "$_tp"
	wait "$_ft" || fail "$_fw: ij-fork exited $?: $(cat "$T/out")"
	cat "$T/out"
	_l=$(sed -n 's/^loops=\([0-9]*\) extra=[0-9]* bad=[0-9]*$/\1/p' \
		"$T/out")
	[ -n "$_l" ] || fail "$_fw: $(cat "$T/out")"
	expect "$_fw: children left over" \
		"$(sed -n 's/^loops=.* extra=\([0-9]*\) .*/\1/p' "$T/out")" 0
	expect "$_fw: children that exited wrong" \
		"$(sed -n 's/^loops=.* bad=\([0-9]*\)$/\1/p' "$T/out")" 0
	fork_log "$T/log" "$_l" $_nc
	say "$_fw: $_l loops, each fork and write once," \
		"no child saw our pages"
}
