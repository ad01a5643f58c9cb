#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# goargs: Go functions take their integer arguments and return their
# results in Go's registers (ABIInternal: rax, rbx, rcx, rdi, rsi, r8,
# ...; probes/abi.h), which a trampoline records at such a site instead
# of C's rdi..r9.  t/targets/fp-goargs.go (built here with Debian's go,
# offline) calls main.add(a, b), main.pair(a, b) (two results) and
# main.six(a..f), printing each call's arguments and results itself.
# Asserts, under -p, against what the program printed:
#  - printf of arg0, arg1 at main.add's entry and arg1 at its return,
#    arg1, arg2 at main.pair's return and arg0..arg5 at main.six's entry
#    print the program's own lines, every call once;
#  - @[arg0] = sum(arg1) at main.add's entry equals the program's sums,
#    @[arg1, arg2] = count() at main.pair's return and @[arg0..arg5] at
#    main.six's entry count each call once;
#  - on the fast path no clause stops the thread: the aggregations run
#    in the process, the printf clauses from the firing's record (-l
#    -v), and `-x fastpath=require` accepts the scripts; the same scripts under
#    `-x fastpath=off` (the int3 path, which reads the registers of a
#    stopped thread) print the same;
#  - after detach the text equals the file and no mapping is left; the
#    program's output equals the untraced run's.
. "$top_srcdir/t/fastpath/fplib.sh"

command -v go >/dev/null || skip "go is not installed (Debian's golang-go)"
GO_BIN=$top_builddir/t/targets/fp-goargs
src=$top_srcdir/t/targets/fp-goargs.go
if [ ! -x "$GO_BIN" ] || [ "$src" -nt "$GO_BIN" ]; then
	gc=$(go env GOCACHE 2>/dev/null)
	if [ -z "$gc" ] || ! mkdir -p "$gc" 2>/dev/null || [ ! -w "$gc" ]; then
		export GOCACHE=$T/gocache
	fi
	# a name of this run's own: the wrappers may build at once
	(cd "$T" && GOTOOLCHAIN=local GOPROXY=off GOFLAGS= \
	    bounded 300 go build -o "$GO_BIN.$$" "$src") >"$T/go.log" 2>&1 ||
		fail "go build: $(tail -n 3 "$T/go.log")"
	mv "$GO_BIN.$$" "$GO_BIN"
fi

n=$((500 * FT_SCALE))
reference ga "$GO_BIN" $n
grep -q '^six 1 -1 2 1000 4 -3$' "$T/ga.want" ||
	fail "untraced: $(head -n 5 "$T/ga.want")"

# mine NAME RE: the program's own lines matching RE, sorted.
mine()
{
	grep -E "$2" "$T/$1.out" | LC_ALL=C sort
}

# theirs NAME RE: pidtrace's lines matching RE, sorted.  Records of a
# goroutine that moved between threads may come out of different
# shards of the ring: the order is not asserted, the lines are.
# trace("armed") of attach_run ends with no newline: the first line
# printed after it follows it.
theirs()
{
	sed -e '1s/^armed//' "$T/$1.d" | grep -E "$2" | LC_ALL=C sort
}

[ "$FP_MODE" = fast ] && PT=("${PT[@]}" -x fastpath=require)

A='pid$target::main.add:entry { printf("add %d %d\n", arg0, arg1); }
pid$target::main.add:return { printf("ret %d\n", arg1); }
pid$target::main.pair:return { printf("pair %d %d\n", arg1, arg2); }
pid$target::main.six:entry {
	printf("six %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5);
}'
RE='^(add|ret|pair|six) '
attach_run args "$A" "$GO_BIN" $n
R=": in pidtrace, from the firing's record: it records data (printf, trace...)"
paths_is args "BEGIN, line 1: in pidtrace
main.add entry, line 1$R
main.add return, line 2$R
main.pair return, line 3$R
main.six entry, line 4$R"
mine args "$RE" >"$T/args.mine"
[ "$(wc -l <"$T/args.mine")" = $((4 * n)) ] ||
	fail "args: the program printed $(wc -l <"$T/args.mine") lines, want $((4 * n))"
theirs args "$RE" >"$T/args.got"
same_output "$T/args.mine" "$T/args.got"
no_drops "$T/args.err"
say "ok: args: every call's arguments and results, as the program printed them"

# Aggregations run in the process: the context block's words.
S='pid$target::main.add:entry { @s[arg0] = sum(arg1); }
pid$target::main.pair:return { @p[arg1, arg2] = count(); }
pid$target::main.six:entry { @x[arg0, arg1, arg2, arg3, arg4, arg5] = count(); }
END { printa("s %d %@d\n", @s); printa("pair %d %d %@d\n", @p);
	printa("six %d %d %d %d %d %d %@d\n", @x); }'
attach_run sum "$S" "$GO_BIN" $n
paths_is sum "BEGIN, line 1: in pidtrace
END, line 4: in pidtrace
main.add entry, line 1: in the process
main.pair return, line 2: in the process
main.six entry, line 3: in the process"
# each pair and six call is one of its own: a count of 1
{ mine sum '^s '; mine sum '^(pair|six) ' | sed 's/$/ 1/'; } |
	LC_ALL=C sort >"$T/sum.mine"
[ "$(wc -l <"$T/sum.mine")" = $((10 + 2 * n)) ] ||
	fail "sum: $(head -n 20 "$T/sum.mine")"
theirs sum '^(s|pair|six) ' >"$T/sum.got"
same_output "$T/sum.mine" "$T/sum.got"
no_drops "$T/sum.err"
say "ok: sum: @[arg0] = sum(arg1), the pairs and the sixes equal the program's"

for r in args sum; do
	same_output "$T/ga.want" "$T/$r.out"
done
say "ok: the program's output is the untraced one's"

# The int3 path prints the same (the wrapper goargs-int3.sh is that run).
if [ "$FP_MODE" != int3 ]; then
	PT=("$PIDTRACE" -x fastpath=off)
	for r in args sum; do
		if [ $r = args ]; then D=$A; else D=$S; fi
		attach_run "$r-off" "$D" "$GO_BIN" $n
		theirs "$r-off" '^(add|ret|pair|six|s) ' >"$T/$r-off.got"
		theirs "$r" '^(add|ret|pair|six|s) ' >"$T/$r.all"
		same_output "$T/$r-off.got" "$T/$r.all"
	done
	say "ok: -x fastpath=off prints the same"
fi
