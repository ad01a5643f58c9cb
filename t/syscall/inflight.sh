#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A call in progress at the attach shows by its return only, once, as
# DTrace's syscall provider shows it (its return probe fires when the
# call returns, whether or not its entry was seen; quiet.sh asserts it
# with four threads).  The target (t/targets/sc-sud inflight) has one
# thread, blocked in poll(2) or read(2) of a fifo when pidtrace -p
# attaches with syscall probes; the test then writes the line that
# wakes it.  The attach's interrupt breaks the call, and the kernel
# restarts it when the thread resumes: poll through restart_syscall,
# read as itself.  Under syscall user dispatch that restart is the
# thread's first dispatched call, from a site not yet patched: it was
# held, its site patched, and the call sent through the trampoline,
# which knows nothing of the attach: poll's return was lost (the
# trampoline made restart_syscall, which no probe names) and read
# showed an entry it never made.  With one thread nothing else can be
# dispatched first, so this failed every run; quiet.sh lost "poll
# return 1" 1 run in 3 to 15, when its poll thread came first.  Both
# paths: the patched one (the default where the kernel has syscall
# user dispatch) and the stop path (-x fastpath=off).
. "$top_srcdir/t/syscall/sclib.sh"
need_sud

D='BEGIN { printf("armed\n"); }
syscall::poll:entry, syscall::poll:return, syscall::read:entry,
syscall::read:return { @[probefunc, probename] = count(); }
END { printa("%s %s %@d\n", @); }'

# run HOW NR PATH OPTS: the target blocked in HOW (system call NR), then
# pidtrace -p, then the line that wakes it.
run()
{
	rm -f "$T/in" "$T/out" "$T/p.out" "$T/p.err"
	mkfifo "$T/in"
	spawn TP 60 sh -c 'exec "$0" inflight "$1" <"$2" >"$3"' "$SUD" \
	    "$1" "$T/in" "$T/out"
	exec 3>"$T/in"
	wait_for "$T/out" '^ready'
	TPID=$(child_of "$TP") || fail "no target pid"
	blocked "$TPID" "$2"
	spawn PP 60 "$PIDTRACE" -v -q $4 -n "$D" -p "$TPID" \
	    >"$T/p.out" 2>"$T/p.err"
	wait_for "$T/p.out" '^armed'
	echo go >&3
	exec 3>&-
	wait "$TP" || fail "$1 $3: the target failed: $(cat "$T/out")"
	wait "$PP" || fail "$1 $3: pidtrace exited $?: $(cat "$T/p.err")"
	grep -E 'system calls: ' "$T/p.err" >"$T/path" ||
		fail "$1 $3: no path line: $(cat "$T/p.err")"
	say "$1 $3: $(cat "$T/path")"
	# Dispatch on (the restart dispatched to a stop), or off.
	set -- "$1" "$3" $(sed -n 's/.*calls: \([0-9]*\) through .*, \([0-9]*\) dispatched.*/\1 \2/p' "$T/path")
	if [ "$2" = fast ]; then
		[ "${4:-0}" -ge 1 ] ||
			fail "$1 $2: not the patched path: $(cat "$T/path")"
	else
		[ "$3" = 0 ] && [ "$4" = 0 ] ||
			fail "$1 $2: not the stop path: $(cat "$T/path")"
	fi
	sed '1d; /^$/d' "$T/p.out" | sort >"$T/got"
}

for path in fast stops; do
	o=; [ $path = stops ] && o="-x fastpath=off"

	run poll 7 $path "$o"
	same_output - "$T/out" <<W
ready
poll 1 read 3
SIGSYS 0
W
	same_output - "$T/got" <<W
poll return 1
read entry 1
read return 1
W

	run read 0 $path "$o"
	same_output - "$T/out" <<W
ready
read 3
SIGSYS 0
W
	same_output - "$T/got" <<W
read return 1
W
done
exit 0
