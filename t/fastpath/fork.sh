#!/bin/bash
# Issue 9, children while probes are live: under pidtrace -c, a thread of
# fp-load calls the probed fp_work() without pause while the main thread
# calls it around a fork child (which checks its own text against the
# file and its maps for a shared or memfd executable mapping, then calls
# fp_work()), a vfork child calling fp_work() in the shared memory, a
# posix_spawn and a fork+exec of a fresh image calling it; then the
# same, ending with the target exec'ing itself ("fp-load child N").
# pidtrace traces the process it was given, not its children.
# Asserts, counts by pid: entries and returns of fp_work were seen in the
# target's pid alone, as many as the parent's own calls (the children's
# and the vfork child's are not counted; after its exec, the new image's
# N calls are); every child exited as untraced (the fork child found its
# text and maps clean); the output equals the untraced output.
. "$top_srcdir/t/fastpath/fplib.sh"

n=$((1000 * FT_SCALE))
D='pid$target::fp_work:entry { @e[pid] = count(); }
	pid$target::fp_work:return { @r[pid] = count(); }
	END { printa("e %d %@d\n", @e); printa("r %d %@d\n", @r); }'

# forkrun NAME EXTRA ARGS...
forkrun()
{
	_f=$1 _x=$2; shift 2
	reference "$_f" "$FP_LOAD" fork $n "$@"
	grep -v '^parent calls=' "$T/$_f.want" >"$T/$_f.w"
	bounded 120 "${PT[@]}" -q -o "$T/$_f.d" -n "$D" \
		-c "$FP_LOAD fork $n $*" </dev/null >"$T/$_f.raw" 2>"$T/$_f.err" ||
		fail "$_f: pidtrace exited $?: $(cat "$T/$_f.err")"
	cat "$T/$_f.raw" "$T/$_f.d" "$T/$_f.err"
	sed 's/^ready pid=.*/ready/' "$T/$_f.raw" | grep -v '^parent calls=' \
		>"$T/$_f.g"
	same_output "$T/$_f.w" "$T/$_f.g"
	no_drops "$T/$_f.err"
	_pid=$(sed -n 's/^ready pid=//p' "$T/$_f.raw")
	_calls=$(sed -n 's/^parent calls=//p' "$T/$_f.raw")
	[ -n "$_calls" ] || fail "$_f: no parent calls printed"
	_calls=$((_calls + _x))
	printf 'e %s %s\n' "$_pid" $_calls >"$T/$_f.dw"
	printf 'r %s %s\n' "$_pid" $_calls >>"$T/$_f.dw"
	grep -v '^$' "$T/$_f.d" >"$T/$_f.dg"
	same_output "$T/$_f.dw" "$T/$_f.dg"
	say "ok: $_f: $_calls entries and returns, all in pid $_pid"
}
forkrun fork 0
forkrun fexec $n exec
