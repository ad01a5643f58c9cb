# SPDX-License-Identifier: GPL-2.0-or-later
# bench/lib.sh: what the benchmarks share, sourced (bash) after they cd
# to the top of the tree: a process's CPU time from /proc, the wait for
# a tool's line, the median of a column of figures.

hz=$(getconf CLK_TCK)

now() { date +%s%N; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

# ticks PID: utime + stime of PID and its threads, dead ones too, in
# clock ticks (proc(5)'s fields 14 and 15, counted after the command
# name's closing parenthesis); 0 when PID is empty or gone.
ticks() {
	[ -n "$1" ] && [ -r /proc/$1/stat ] || { echo 0; return; }
	awk '{ sub(/.*\) /, ""); print $12 + $13 }' /proc/$1/stat
}

# cpu PID: the same in ns (ticks are all the kernel keeps of a dead
# thread's time, so a target's threads count once they are gone).
cpu() {
	awk -v t="$(ticks "$1")" -v hz=$hz 'BEGIN { print t * 1e9 / hz }'
}

# tcpu PID: the ns on CPU of PID's live threads (schedstat: finer than
# ticks, for a tool whose threads live to the end).
tcpu() {
	cat /proc/$1/task/*/schedstat | awk '{ n += $1 } END { print n + 0 }'
}

# waitline FILE REGEX [SECONDS]: until FILE has a line matching REGEX,
# for SECONDS (60) at the most; a handshake, polled.
waitline() {
	local i

	for i in $(seq $((${3:-60} * 200))); do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.005
	done
	return 1
}

# fifo_start CMD...: CMD in the background reading the fifo $T/in (held
# open on fd 3: echo go >&3 speaks to it), its output in $T/t.out,
# waited for at its "ready"; sets TP.
fifo_start() {
	rm -f $T/in $T/t.out; mkfifo $T/in
	"$@" <$T/in >$T/t.out 2>&1 &
	TP=$!
	exec 3>$T/in
	waitline $T/t.out '^ready'
}

# dropsum FILE: the records a tool said it lost on stderr, in FILE:
# pidtrace's drop reports and bpftrace's "Lost N events"; 0 for none.
dropsum() {
	awk '/^pidtrace: [0-9]+ (dynamic variable |aggregation )?drops/ { n += $2 }
	    /Lost [0-9]+ events/ { for (i = 1; i < NF; i++)
		if ($i == "Lost") n += $(i + 1) }
	    END { print n + 0 }' "$1" 2>/dev/null
}

# median: the median of the figures on stdin, one a line ("-" for none).
median() {
	sort -g | awk '{ v[NR] = $1 }
	    END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'
}

# get NAME: the median of the figures in $T/NAME, "-" when it has none.
get() { [ -s $T/$1 ] && median <$T/$1 || echo -; }
