#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tls: threads whose thread pointer is not glibc's (doc/TRACER.md, "The
# thread key").  t/targets/fp-tls.c, built with glibc and (here, when
# musl-gcc is installed) statically with musl: threads of pthread_create
# or of raw clone(2) with fs bases of their own, which they move every
# 64 calls to blocks other threads had or have; each thread prints its
# gettid and its calls of fp_add.
# Asserts, against what the program printed (fp-proto.h's handshake,
# pidtrace attached with -p before the work unless said):
#  - musl, static, under -c (no TCB yet at the entry: the key is
#    gettid's) and -p (musl's TCB holds the tid; threads made after the
#    attach are checked at their first stop): fast (-x fastpath=require
#    runs) and every thread's in-process count() exact;
#  - raw threads with their own fs bases (glibc and musl), there at the
#    attach: fast, and per thread exact, both count() and a self->
#    script (self->n counted up at each entry, read at the return), while
#    the threads swap and share fs bases: no state mixed;
#  - a vfork child calling fp_add (musl, -c: keyed by its own tid) is
#    not counted, as the int3 path fires nothing for it;
#  - with syscall probes on, syscall::gettid counts the program's own
#    calls (strace's count), none of the trampolines';
#  - raw threads made after a glibc process was set up with the TCB's
#    key, alone (late) or while pthreads fire (mixed): pidtrace says the
#    trampolines ask the kernel from then on, every probe stays fast and
#    per thread exact, both count() and self->;
#  - the same launched with a syscall probe on (set up at the exec,
#    keyed through the key gate): the gate goes off, said, exact;
#  - after each detach the text equals the file and no mapping is left.
. "$top_srcdir/t/fastpath/fplib.sh"

[ "$FP_MODE" = fast ] || skip "a test of the fast path's thread key"
TLS=$TARGETS/fp-tls
[ -x "$TLS" ] || skip "fp-tls not built"
g=4 n=$((5000 * FT_SCALE))

# check NAME WHAT: each thread's "c T C" (and "s T C" for WHAT s) in
# pidtrace's output equal the program's "tid T calls C"; "all" is every
# call.
check()
{
	awk -v s="${2:-}" '$1 == "tid" { print "c", $2, $4
		if (s == "s") print "s", $2, $4 }' "$T/$1.out" |
		LC_ALL=C sort >"$T/$1.mine"
	[ "$(grep -c '^c ' "$T/$1.mine")" = $g ] ||
		fail "$1: the program printed no $g threads: $(cat "$T/$1.out")"
	grep -E '^[cs] ' "$T/$1.d" | LC_ALL=C sort >"$T/$1.got"
	same_output "$T/$1.mine" "$T/$1.got"
	[ "$(count "$T/$1.d" all)" = $((g * n)) ] ||
		fail "$1: $(count "$T/$1.d" all) firings, want $((g * n))"
	say "ok: $1: every thread's own count of fp_add"
}

C='pid$target::fp_add:entry { @c[tid] = count(); @a = count(); }
END { printa("c %d %@d\n", @c); printa("all %@d\n", @a); }'
S='pid$target::fp_add:entry { self->ts = timestamp; self->n++; }
pid$target::fp_add:return /self->ts/ { @s[tid] = max(self->n);
	@c[tid] = count(); @a = count(); self->ts = 0; }
END { printa("c %d %@d\n", @c); printa("s %d %@d\n", @s);
	printa("all %@d\n", @a); }'
PT0=("${PT[@]}")
FAST=("${PT[@]}" -x fastpath=require)

# fast NAME BIN MODE: attached with fastpath=require, count() and the
# self-> script, both exact per thread.
fast()
{
	PT=("${FAST[@]}")
	attach_run "$1" "$C" "$2" "$3" $g $n
	check "$1"
	no_drops "$T/$1.err"
	attach_run "$1-s" "$S" "$2" "$3" $g $n
	check "$1-s" s
	no_drops "$T/$1-s.err"
	PT=("${PT0[@]}")
}

fast ownfs "$TLS" ownfs

if command -v musl-gcc >/dev/null; then
	MUSL=$T/fp-tls-musl
	musl-gcc -static -O1 -fno-stack-protector -pthread \
	    -o "$MUSL" "$top_srcdir/t/targets/fp-tls.c" 2>"$T/musl.log" ||
		fail "musl-gcc: $(cat "$T/musl.log")"
	file -L "$MUSL" | grep -q 'statically linked' ||
		fail "musl build not static: $(file -L "$MUSL")"
	fast musl "$MUSL" pthread
	fast musl-ownfs "$MUSL" ownfs
	# -c: at the entry the thread has no TCB yet.
	bounded 120 "${FAST[@]}" -q -o "$T/mc.d" -n "$C" \
	    -c "$MUSL pthread $g $n" </dev/null >"$T/mc.out" 2>"$T/mc.err" ||
		fail "musl -c: pidtrace exited $?: $(cat "$T/mc.err")"
	check mc
	no_drops "$T/mc.err"
	# A vfork child, keyed by its own tid, calls fp_add in our memory
	# until it exits: muted, as the int3 path fires nothing for it.
	bounded 120 "${FAST[@]}" -q -o "$T/mv.d" -n "$C" \
	    -c "$MUSL vfork $g $n" </dev/null >"$T/mv.out" 2>"$T/mv.err" ||
		fail "musl vfork: pidtrace exited $?: $(cat "$T/mv.err")"
	grep -q "^vfork calls=$n\$" "$T/mv.out" ||
		fail "mv: no vfork child's calls: $(cat "$T/mv.out")"
	check mv
	no_drops "$T/mv.err"
	# With syscall probes on, the trampolines' own gettid calls are
	# not the program's: syscall::gettid counts what strace counts.
	if command -v strace >/dev/null; then
		strace -f -qq -e trace=gettid -o "$T/st.txt" \
		    "$MUSL" pthread $g $n </dev/null >/dev/null 2>&1 ||
			fail "strace of the musl build failed"
		# Entries: with -f a call may show as 'gettid( <unfinished ...>'.
		sg=$(grep -c 'gettid(' "$T/st.txt")
		bounded 120 "${PT0[@]}" -q -o "$T/ms.d" -n "$C
		    syscall::gettid:entry { @g = count(); }
		    syscall::gettid:return { @r = count(); }
		    END { printa(\"e %@d\n\", @g); printa(\"r %@d\n\", @r); }" \
		    -c "$MUSL pthread $g $n" </dev/null >"$T/ms.out" \
		    2>"$T/ms.err" ||
			fail "musl -c with gettid probes: $(cat "$T/ms.err")"
		check ms
		[ "$(count "$T/ms.d" e)" = "$sg" ] &&
		    [ "$(count "$T/ms.d" r)" = "$sg" ] ||
			fail "ms: gettid $(count "$T/ms.d" e)/$(count "$T/ms.d" r) times, strace saw $sg"
		say "ok: ms: the program's $sg gettid calls, none of ours"
	fi
else
	say "musl-gcc not installed (Debian's musl-tools): no musl build"
fi

# Raw threads made after the set-up took glibc's TCB for the key: the
# trampolines are switched to gettid with every thread stopped, some of
# them inside record blocks (mixed).
KEYED="^pidtrace: pid [0-9]*: thread [0-9]*'s TCB does not hold its id \
(a thread pointer of its own): threads are keyed by gettid from now on \
(a system call more a firing)\$"
for m in late mixed; do
	PT=("${FAST[@]}")
	attach_run "$m" "$C" "$TLS" $m $g $n
	attach_run "$m-s" "$S" "$TLS" $m $g $n
	PT=("${PT0[@]}")
	for r in "$m" "$m-s"; do
		case $r in *-s) check "$r" s ;; *) check "$r" ;; esac
		grep -q "$KEYED" "$T/$r.err" ||
			fail "$r: the new key not said: $(cat "$T/$r.err")"
		grep -v "$KEYED" "$T/$r.err" >"$T/$r.rest"
		no_drops "$T/$r.rest"
	done
	say "ok: $m: keyed by gettid from the new thread on, said, exact"
done

# Launched with a syscall probe on: set up at its exec, keyed by gettid
# until glibc's TCB holds the tid, then by the TCB's tid through the key
# gate (-v says which); raw threads made after that turn the gate off:
# said, every block asks the kernel, and every count stays exact.
D="$C syscall::getppid:entry { @p = count(); }"
bounded 120 "${PT0[@]}" -q -v -o "$T/lc.d" -n "$D" -c "$TLS late $g $n" \
    </dev/null >"$T/lc.out" 2>"$T/lc.err" ||
	fail "lc: pidtrace exited $?: $(cat "$T/lc.err")"
check lc
grep -q "$KEYED" "$T/lc.err" ||
	fail "lc: the new key not said: $(cat "$T/lc.err")"
grep -q 'the thread key: gettid$' "$T/lc.err" ||
	fail "lc: not gettid's key at the end: $(grep 'thread key' "$T/lc.err")"
say "ok: lc: launched, the TCB's key through the gate, then gettid's"
