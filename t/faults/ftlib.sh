# SPDX-License-Identifier: GPL-2.0-or-later
# t/faults/ftlib.sh: helpers for the fault suite, on top of t/lib.sh.
. "$top_srcdir/t/lib.sh"

# LeakSanitizer cannot run in a traced process (see t/tracer/trlib.sh).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
STRESS=$TARGETS/ft-stress
UNWIND=$TARGETS/ft-unwind
INSNS=$TARGETS/ft-insns

# FT_SCALE: make check runs the sizes divided by 10 (each test under
# ~20 s on 2 cores); FT_SCALE=10 runs the full sizes by hand.
FT_SCALE=${FT_SCALE:-1}

# agg FILE NAME: the value printed by `printa("NAME %@d\n", ...)` (with
# or without -q: the field after NAME).
agg()
{
	awk -v n="$2" '{ for (i = 1; i < NF; i++) if ($i == n) print $(i + 1) }' "$1"
}

# expect WHAT GOT WANT: exact equality, said in the log either way.
expect()
{
	[ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
	say "ok: $1 = $3"
}

# tasks_ok PID: no task of PID is a zombie or stopped (t, T, Z).
tasks_ok()
{
	for _st in /proc/"$1"/task/*/stat; do
		_s=$(sed 's/.*) //' "$_st" 2>/dev/null | cut -d' ' -f1)
		case $_s in
		[tTZ]) fail "task $_st is in state $_s" ;;
		esac
	done
}
