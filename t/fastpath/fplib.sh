# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath/fplib.sh: helpers of the fast-path tests, on top of
# t/faults/ftlib.sh (t/lib.sh, FT_SCALE, agg, expect).
#
# The tests judge the fast path, and run again on the int3 path through
# the *-int3.sh wrappers.  PIDTRACE_X holds extra flags for every
# pidtrace run, e.g.
#	PIDTRACE_X="-x fastpath=off" make check TESTS=t/fastpath/asm.sh
# FP_MODE says which path the flags ask for (fast or int3), for the
# tests whose outcome differs between them.  A pidtrace that refuses the
# flags fails the test: the fast path's tests never pass by not running.
. "$top_srcdir/t/faults/ftlib.sh"

FP_LOAD=$TARGETS/fp-load
FP_ASM=$TARGETS/fp-asm
FP_UNWIND=$TARGETS/fp-unwind
[ -x "$FP_LOAD" ] && [ -x "$FP_ASM" ] && [ -x "$FP_UNWIND" ] ||
	skip "fp-* targets not built"

# PT: pidtrace and the extra flags, as one command (word-split on purpose).
# The fast path is the default; say so, so that a pidtrace that does not
# know the option skips rather than passes on the int3 path.
PIDTRACE_X=${PIDTRACE_X:--x fastpath=on}
# shellcheck disable=SC2206
PT=("$PIDTRACE" $PIDTRACE_X)
if [ -n "$PIDTRACE_X" ]; then
	"${PT[@]}" -e -n 'BEGIN { exit(0); }' >"$T/x.out" 2>&1 ||
		fail "pidtrace refuses '$PIDTRACE_X': $(head -n 1 "$T/x.out")"
	say "extra flags: $PIDTRACE_X"
fi
case " $PIDTRACE_X " in
*fastpath=off*) FP_MODE=int3 ;;
*fastpath=record*) FP_MODE=record ;;
*) FP_MODE=fast ;;
esac

# drops ERRFILE: the records pidtrace said it dropped (the sum of every
# `pidtrace: N drops...` line; 0 when there is none).
drops()
{
	awk '/^pidtrace: [0-9]+ drops/ { n += $2 } END { print n + 0 }' "$1"
}

# slow ERRFILE: what the fast path's report (cmd/trace.c, fast_report)
# says stops the thread, "reason: site, site" a line, pids cut, sorted
# and once (an exec'd image is reported anew); empty when it says nothing
# (every probe ran fast, or -x fastpath=off).
slow()
{
	sed -n 's/^pidtrace:   [0-9]*: //p' "$1" | sed 's/pid[0-9]*:/pid:/g' |
		LC_ALL=C sort -u
}

# slow_is ERRFILE WANT: the report lists exactly WANT on the fast path
# and nothing on the int3 path (fastpath=off asks for no fast site).  So
# a site that falls back to int3 fails the test, unless it is expected.
slow_is()
{
	_sw=$2
	case $PIDTRACE_X in *fastpath=off*) _sw= ;; esac
	[ "$(slow "$1")" = "$_sw" ] && return 0
	fail "the fast path's report: want '$_sw', got: $(cat "$1")"
}

# fp_work's ret is the target of its `je` (count 0): a return jump laid
# over `cmp; jne; ret` would cover it, so that site stays int3 (gcc 12's
# code for t/targets/fp-load.c).
SLOW_WORK='code may jump into the bytes a jump would replace: pid:fp-load:fp_work:return at offset 0x40'

# not_report: stderr lines that are not the fast path's report.
not_report()
{
	grep -Ev '^pidtrace: pid [0-9]+: [0-9]+ of [0-9]+ probe sites stops? the thread|^pidtrace:   [0-9]+: ' "$1"
}

# quiet_err ERRFILE [SLOW]: pidtrace said nothing on stderr but drop
# reports and the fast path's report, which says SLOW (slow_is).
quiet_err()
{
	slow_is "$1" "${2:-}"
	if not_report "$1" | grep -Ev '^pidtrace: [0-9]+ drops' | grep -q .
	then
		fail "pidtrace said: $(cat "$1")"
	fi
}

# no_drops ERRFILE [SLOW]: pidtrace said nothing at all on stderr but the
# fast path's report, which says SLOW (the sizes of the exact tests fit
# any ring).
no_drops()
{
	slow_is "$1" "${2:-}"
	not_report "$1" | grep -q . && fail "pidtrace said: $(cat "$1")"
	return 0
}

# heap_end PID: the end of the [heap] line in /proc/PID/maps, in decimal.
heap_end()
{
	_he=$(awk '$NF == "[heap]" { split($1, r, "-"); print r[2] }' \
	    "/proc/$1/maps")
	[ -n "$_he" ] || fail "no [heap] in /proc/$1/maps"
	echo $((16#$_he))
}

# heap_ready PID: HEAP0, where the heap ends at "ready" (an AT_READY).
heap_ready()
{
	HEAP0=$(heap_end "$1")
}

# start_brk PID: where the heap begins, field 47 of /proc/PID/stat.
start_brk()
{
	_st=$(cat "/proc/$1/stat") || fail "no /proc/$1/stat"
	# comm may hold spaces and ')': fields are counted after the last.
	# shellcheck disable=SC2086
	set -- ${_st##*)}
	[ -n "${45}" ] && [ "${45}" -gt 0 ] || fail "no start_brk in $_st"
	echo "${45}"
}

# maps_snap PID: the mappings of PID that could be a tracer's: executable
# or shared ones, and any memfd, as "start-end perms offset path".
maps_snap()
{
	awk '$2 ~ /x/ || $2 ~ /s$/ || /memfd:/ {
		printf "%s %s %s %s\n", $1, $2, $3, $6 }' "/proc/$1/maps"
}

# maps_clean PID BEFORE [FILE]: no mapping of maps_snap PID is new since
# BEFORE (a snapshot taken before attach): every ending unmaps the fast
# path's memfd and the int3 path's out-of-line pages.  FILE: a library
# the target itself loaded meanwhile (dlopen), whose mappings are its
# own.  The new mappings are in the log.
maps_clean()
{
	maps_snap "$1" >"$T/maps.after"
	grep -vxF -f "$2" "$T/maps.after" |
		awk -v own="${3:-}" 'own == "" || $4 != own' >"$T/maps.new"
	[ -s "$T/maps.new" ] || { say "ok: no new mapping"; return 0; }
	say "new mappings since attach:"; cat "$T/maps.new"
	grep -q 'memfd:' "$T/maps.new" && fail "a memfd is still mapped"
	fail "mappings of pidtrace's are left in pid $1"
}

# text_clean PID: every file-backed r-x mapping of PID (the executable and
# its libraries) holds the file's bytes at its offset: every patched byte
# of every probed function, entry and return sites, is restored.
text_clean()
{
	grep ' r-xp ' "/proc/$1/maps" | awk '$6 ~ /^\// && NF == 6' >"$T/rx"
	[ -s "$T/rx" ] || fail "no r-x mapping in /proc/$1/maps"
	while read -r _range _perm _off _dev _ino _path; do
		_start=$((16#${_range%-*})); _end=$((16#${_range#*-}))
		_off=$((16#$_off))
		_len=$((_end - _start))
		_fsz=$(stat -c %s "$_path")
		[ $((_off + _len)) -gt "$_fsz" ] && _len=$((_fsz - _off))
		dd if="/proc/$1/mem" of="$T/mem" bs=65536 \
			iflag=skip_bytes,count_bytes skip="$_start" \
			count="$_len" 2>/dev/null
		dd if="$_path" of="$T/file" bs=65536 \
			iflag=skip_bytes,count_bytes skip="$_off" \
			count="$_len" 2>/dev/null
		[ "$(stat -c %s "$T/mem")" = "$_len" ] ||
			fail "cannot read $_path's text in pid $1"
		cmp "$T/mem" "$T/file" >/dev/null ||
			fail "text of $_path in pid $1 differs from the file: $(cmp "$T/mem" "$T/file" | head -n 1)"
	done <"$T/rx"
	say "ok: $(wc -l <"$T/rx") r-x file mappings equal their files"
}

# list_paths NAME D PIDTRACE-ARGS...: `pidtrace -l -v` of D with the
# run's flags: each clause's path (cmd/trace/inproc.c), in $T/NAME.list.
list_paths()
{
	_ln=$1 _ld=$2; shift 2
	bounded 120 "${PT[@]}" -l -v -n "$_ld" "$@" >"$T/$_ln.list" \
		2>"$T/$_ln.lerr" || fail "pidtrace -l -v: $(cat "$T/$_ln.lerr")"
}

# paths NAME: the paths list_paths found, one a clause of a probe:
# "FUNCTION NAME, line N: PATH" (BEGIN and END without a function),
# pids cut.
paths()
{
	awk -v tab="$TAB" '$0 ~ /^ +[0-9]+ / {
			k = $2 == "dtrace" ? 3 : 4; p = $k
			for (i = k + 1; i <= NF; i++) p = p " " $i
			next }
		index($0, tab tab "the clause of ") == 1 {
			print p ", line " substr($0, index($0, " at line ") + 9) }' \
		"$T/$1.list" | sed 's/pid[0-9]*:/pid:/g'
}
TAB=$(printf '\t')

# paths_is NAME WANT: the paths list_paths found equal WANT, which a test
# gives for the default: clauses in the process where they fit.  Under
# -x fastpath=record every clause that does not stop the thread runs
# from the firing's record, under fastpath=off every clause of a process
# stops it.  A clause on a slower path than the test expects fails it
# (the fast path's report says which sites stopped at run time).
paths_is()
{
	case $FP_MODE in
	record) _pw=$(printf '%s\n' "$2" | sed \
		-e "s/: in the process\$/: in pidtrace, from the firing's record: -x fastpath=record/" \
		-e "s/: in pidtrace, from the firing's record: .*/: in pidtrace, from the firing's record: -x fastpath=record/") ;;
	int3) _pw=$(printf '%s\n' "$2" | sed \
		-e '/^BEGIN,/b' -e '/^END,/b' -e '/^tick-[^ ]*,/b' \
		-e 's/: in .*/: in pidtrace, stopping the thread: -x fastpath=off/') ;;
	*) _pw=$2 ;;
	esac
	[ "$(paths "$1")" = "$_pw" ] && { say "ok: the clauses' paths"; return 0; }
	say "want:"; printf '%s\n' "$_pw"; say "got:"; paths "$1"
	fail "the clauses' paths differ"
}

# reference NAME CMD...: the untraced output of CMD (stdin /dev/null),
# "ready pid=N" cut to "ready", in $T/NAME.want.
reference()
{
	_rn=$1; shift
	bounded 120 "$@" </dev/null >"$T/$_rn.raw" 2>&1 ||
		fail "untraced $*: exit $?: $(tail -n 3 "$T/$_rn.raw")"
	sed 's/^ready pid=.*/ready/' "$T/$_rn.raw" >"$T/$_rn.want"
}

# attach_run NAME D CMD...: CMD (a fp-* target) started, its maps taken,
# `pidtrace -q -n D -p PID` attached ("armed" from BEGIN is the
# handshake), the target let go, and at its "done" pidtrace stopped with
# SIGINT.  Then, while the target waits: pidtrace exited 0, the target is
# not traced, text_clean and maps_clean.  Then the target exits 0.
# AT_READY, when set, names a function called at "ready" before pidtrace
# attaches, as AT_READY PID; AT_DONE one called at "done" with pidtrace
# still attached, as AT_DONE PID MAPS0 (MAPS0: maps_snap before attach).
# Leaves: $T/NAME.out (the target's output, "ready pid=N" cut to
# "ready"), $T/NAME.d (pidtrace's), $T/NAME.err, $T/NAME.list (the
# clauses' paths, list_paths, taken before the run); TPID.
attach_run()
{
	_an=$1 _ad=$2; shift 2
	rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
	spawn _tp 300 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" "$@"
	exec 3>"$T/in"
	wait_for "$T/in.out" '^ready pid='
	TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
	maps_snap "$TPID" >"$T/$_an.maps0"
	[ -z "${AT_READY:-}" ] || "$AT_READY" "$TPID"
	list_paths "$_an" "BEGIN { trace(\"armed\"); } $_ad" -p "$TPID"
	spawn _pp 300 "${PT[@]}" -q -n "BEGIN { trace(\"armed\"); } $_ad" \
		-p "$TPID" >"$T/$_an.d" 2>"$T/$_an.err"
	_ptp=$(child_of "$_pp") || fail "no pidtrace pid"
	wait_for "$T/$_an.d" '^armed' 60
	echo go >&3
	wait_for "$T/in.out" '^done' 300
	[ -z "${AT_DONE:-}" ] || "$AT_DONE" "$TPID" "$T/$_an.maps0"
	kill -INT "$_ptp"
	wait "$_pp"; _rc=$?
	cat "$T/$_an.d" "$T/$_an.err"
	[ $_rc = 0 ] || fail "$_an: pidtrace exited $_rc: $(cat "$T/$_an.err")"
	[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
		fail "$_an: target still traced after pidtrace exited"
	text_clean "$TPID"
	maps_clean "$TPID" "$T/$_an.maps0"
	tasks_ok "$TPID"
	exec 3>&-
	wait "$_tp" || fail "$_an: target exited $?: $(cat "$T/in.out")"
	sed 's/^ready pid=.*/ready/' "$T/in.out" >"$T/$_an.out"
	cat "$T/$_an.out"
}

# count FILE KEY: the count printed as "KEY N" (empty when absent).
count()
{
	awk -v k="$2" '{ v = $NF; $NF = ""; sub(/ $/, "")
		if ($0 == k) print v }' "$1"
}

# balance WHAT GOT DROPS WANT: GOT records + DROPS reported = WANT calls,
# GOT <= WANT; exact (GOT = WANT) when nothing dropped.  A fast path may
# drop when its ring fills, never lose a record silently.
balance()
{
	[ -n "$2" ] || fail "$1: no count printed"
	[ $(($2 + $3)) = "$4" ] && [ "$2" -le "$4" ] ||
		fail "$1: $2 records + $3 drops, want $4 calls"
	if [ "$3" = 0 ]; then
		say "ok: $1 = $4, exact"
	else
		say "ok: $1: $2 records + $3 drops = $4"
	fi
}
