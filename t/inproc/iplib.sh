# SPDX-License-Identifier: GPL-2.0-or-later
# t/inproc/iplib.sh: helpers of the tests of D in the traced process
# through pidtrace, on top of t/fastpath/fplib.sh (attach_run, paths_is,
# text_clean, maps_clean, count, drops).
. "$top_srcdir/t/fastpath/fplib.sh"

IP_BURST=$TARGETS/ip-burst
[ -x "$IP_BURST" ] || skip "ip-burst not built"

# ip_drops ERRFILE KIND: the N of "pidtrace: N KIND drops" (0 when there
# is none): KIND "dynamic variable" or "aggregation", as dtrace words
# them and as the runtime words its own.
ip_drops()
{
	sed -n "s/^pidtrace: \([0-9]*\) $2 drops\{0,1\}\$/\1/p" \
		"$1" | awk '{ n += $1 } END { print n + 0 }'
}

# ip_str_d FILE: FILE gets the D program on stdin after the lines that
# all the clauses on ip-burst's ip_str want: quiet, and the declaration
# of struct slice, its third argument (a pointer and a size).
ip_str_d()
{
	{
		printf '#pragma D option quiet\n'
		printf 'struct slice { uintptr_t data; size_t size; };\n\n'
		cat
	} >"$1"
}

# list_file NAME ARGS...: list_paths for the D program in $T/NAME.d.
list_file()
{
	_ln=$1; shift
	bounded 120 "${PT[@]}" -l -v -s "$T/$_ln.d" "$@" </dev/null \
		>"$T/$_ln.list" 2>"$T/$_ln.lerr" ||
		fail "pidtrace -l -v: $(cat "$T/$_ln.lerr")"
}

# The path that -l -v names for a clause that reads the process's memory
# and runs in pidtrace from the firing's record.
IP_CAPREC="in pidtrace, from the firing's record, the bytes it reads captured at the firing: it records data (printf, trace...)"
