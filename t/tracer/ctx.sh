#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The fast path's context blocks (tracer.h, TR_CTX_*) with clause code
# written by hand (t/tracer/ctx-test.c), no D: each site's code counts
# its firings and adds up arg0 (entry) or rax (return) in the shared
# area, with lock adds, and an entry asks for a record when arg0 % 1024
# is 0.  On fp-load (8 threads on fp_work; then threads firing fp_work
# while their SIGALRM handlers fire fp_hwork, inside the blocks and the
# code) and fp-asm (fa_frame's entry and return in one trampoline, a
# return after a rip-relative load, an entry after endbr64).
# Asserts: every site ran fast; counts and sums equal what the target
# computed itself; return sites see the ret's offset as arg0; every
# thread had a key; the records asked for came, each with the context's
# status, event and arguments; nothing else on stderr.
. "$top_srcdir/t/faults/ftlib.sh"

CTX=$top_builddir/t/tracer/ctx-test
LOAD=$TARGETS/fp-load
ASM=$TARGETS/fp-asm
[ -x "$CTX" ] && [ -x "$LOAD" ] && [ -x "$ASM" ] ||
	skip "ctx-test or the fp-* targets not built"

# fn BIN NAME: "START:START:END" of NAME in BIN (nm -S, hex, no 0x);
# ret BIN NAME: "RET:START:END" for a NAME whose last byte is its ret.
sym()
{
	while read -r _a _z _t _n; do
		[ "$_n" = "$2" ] || continue
		_s=$((16#$_a)) _e=$((16#$_a + 16#$_z))
		return 0
	done < <(nm -S "$1")
	fail "no $2 in $1"
}
fn() { sym "$@"; printf '%x:%x:%x' $_s $_s $_e; }
ret() { sym "$@"; printf '%x:%x:%x' $((_e - 1)) $_s $_e; }
# field FILE KEY: KEY=value on FILE's line that has it.
field()
{
	tr ' ' '\n' <"$1" | sed -n "s/^$2=//p"
}
# site FILE SPEC KEY: KEY=value on SPEC's line of FILE.
site()
{
	grep "^$2 " "$1" | tr ' ' '\n' | sed -n "s/^$3=//p"
}
# site_ok FILE SPEC CALLS SUM RECORDS
site_ok()
{
	expect "$2 ran fast" "$(site "$1" "$2" fast)" 1
	expect "$2 calls" "$(site "$1" "$2" calls)" "$3"
	[ -z "${4:-}" ] || expect "$2 sum" "$(site "$1" "$2" sum)" "$4"
	expect "$2 bad arg0" "$(site "$1" "$2" badarg0)" 0
	expect "$2 firings without a key" "$(site "$1" "$2" nokey)" 0
	[ -z "${5:-}" ] || expect "$2 records" "$(site "$1" "$2" records)" "$5"
	expect "$2 bad records" "$(site "$1" "$2" badrec)" 0
}

# 8 threads x n calls of fp_work(i), i = 0..n-1.
n=$((20000 * FT_SCALE))
w=$(fn "$LOAD" fp_work)
bounded 300 "$CTX" "entry:$w" -- "$LOAD" threads 8 $n </dev/null \
	>"$T/thr" 2>"$T/thr.err" || fail "ctx-test: $(cat "$T/thr.err")"
cat "$T/thr"
[ -s "$T/thr.err" ] && fail "stderr: $(cat "$T/thr.err")"
expect "the target's calls" "$(sed -n 's/^threads calls=\([0-9]*\).*/\1/p' \
	"$T/thr")" $((8 * n))
site_ok "$T/thr" "entry:$w" $((8 * n)) $((8 * n * (n - 1) / 2)) \
	$((8 * ((n + 1023) / 1024)))

# Handlers firing fp_hwork on top of fp_work's blocks and code.
h=$(fn "$LOAD" fp_hwork)
bounded 300 "$CTX" "entry:$w" "entry:$h" -- "$LOAD" sig 4 \
	$((500 * FT_SCALE)) 50 </dev/null >"$T/sig" 2>"$T/sig.err" ||
	fail "ctx-test: $(cat "$T/sig.err")"
cat "$T/sig"
[ -s "$T/sig.err" ] && fail "stderr: $(cat "$T/sig.err")"
grep -qx 'sig ok' "$T/sig" || fail "the target's handlers went wrong"
site_ok "$T/sig" "entry:$w" "$(grep '^calls=' "$T/sig" | field /dev/stdin calls)"
site_ok "$T/sig" "entry:$h" "$(grep '^calls=' "$T/sig" | field /dev/stdin handlers)"

# Shapes: a whole function (entry and return), a return after a
# rip-relative load, an entry after endbr64; functions shorter than a
# jump's two instructions: `lea 1(%rdi),%rax; ret` (fa_leaf, 5 bytes:
# its jump covers its ret, entry and return in one trampoline), a tail
# call `lea; jmp` (fa_tail: the jmp moves as a jmp rel32), and
# `xor %eax,%eax; ret` (fa_tiny, 3 bytes: a jump would cover fa_frame's
# first bytes, which callers land on: int3).  fa_frame and fa_riprel
# return rdi + 7, fa_leaf rdi + 1: the target's sums are the returns'.
m=$((3000 * FT_SCALE))
fe=$(fn "$ASM" fa_frame) fr=$(ret "$ASM" fa_frame)
rr=$(ret "$ASM" fa_riprel) eb=$(fn "$ASM" fa_endbr)
le=$(fn "$ASM" fa_leaf) lr=$(ret "$ASM" fa_leaf) te=$(fn "$ASM" fa_tail)
ti=$(fn "$ASM" fa_tiny)
bounded 300 "$CTX" "entry:$fe" "return:$fr" "return:$rr" "entry:$eb" \
	"entry:$le" "return:$lr" "entry:$te" "entry:$ti" -- \
	"$ASM" $m </dev/null >"$T/asm" 2>"$T/asm.err" ||
	fail "ctx-test: $(cat "$T/asm.err")"
cat "$T/asm"
[ -s "$T/asm.err" ] && fail "stderr: $(cat "$T/asm.err")"
sums() { sed -n "s/^$1 calls=.* sum=//p" "$T/asm"; }
site_ok "$T/asm" "entry:$fe" $m "$(( $(sums fa_frame) - 7 * m ))"
site_ok "$T/asm" "return:$fr" $m "$(sums fa_frame)"
site_ok "$T/asm" "return:$rr" $m "$(sums fa_riprel)"
site_ok "$T/asm" "entry:$eb" $m "$(( $(sums fa_endbr) - 4 * m ))"
# fa_leaf: from fa_call5 (x) and from fa_tail (x + 5), 2m calls.
leaf=$(( ($(sums fa_call5) - m) / 2 + $(sums fa_tail) - m ))
site_ok "$T/asm" "entry:$le" $((2 * m)) $leaf
site_ok "$T/asm" "return:$lr" $((2 * m)) $((leaf + 2 * m))
site_ok "$T/asm" "entry:$te" $m "$(( $(sums fa_tail) - 6 * m ))"
expect "fa_tiny's entry" "$(grep "^entry:$ti int3:" "$T/asm")" \
	"entry:$ti int3: code may jump into the bytes a jump would replace"
expect "fa_tiny's entry ran fast" "$(site "$T/asm" "entry:$ti" fast)" 0
grep ' int3: ' "$T/asm" | grep -v "^entry:$ti " &&
	fail "a site stayed int3"
say "ok: every other site ran fast"
