#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# go: Go's functions as Go calls them.  Since Go 1.17 arguments and
# results travel in rax, rbx, rcx, rdi, rsi, r8-r11 ("Go internal ABI
# specification", src/cmd/compile/abi-internal.md), a string as its
# pointer and length, a slice as pointer, length and capacity.
# t/targets/cg-go.go is built here (offline, its cache in the test's
# folder) normally and with -ldflags='-s -w', which drops .symtab and
# DWARF: the names then come from .gopclntab.  Four goroutines call
# main.add(i, g) and main.greet(word, g); main.total returns two values.
# Asserts, against what the program prints it passed:
#  - both builds: arg0 and arg1 of main.add summed; main.greet's string
#    read as copyinstr(arg0, arg1) and its int as arg2, counted by word;
#    main.total's results as arg1 and arg2 of its return probe;
#  - the normal build: the same through args[] typed from DWARF
#    (stringof(args[0]) of the string, args->n), and -l -v's types;
#  - pidnm lists the stripped program's functions from .gopclntab, at
#    the addresses binutils nm gives the normal build.
. "$top_srcdir/t/code/codelib.sh"

command -v go >/dev/null || skip "go is not installed (Debian's golang-go)"
v=$(go env GOVERSION 2>/dev/null)
case $v in
go1.1[0-6]|go1.1[0-6].*|go1.[0-9]|go1.[0-9].*)
	skip "$v passes arguments on the stack; this test is of registers" ;;
esac
src=$top_srcdir/t/targets/cg-go.go
for b in plain:"" stripped:"-s -w"; do
	name=${b%%:*} flags=${b#*:}
	(cd "$T" && GOCACHE=$T/gocache GOTOOLCHAIN=local GOPROXY=off \
	    GOFLAGS= bounded 300 go build -ldflags="$flags" \
	    -o "$T/cg-go-$name" "$src") >"$T/go.log" 2>&1 ||
		fail "go build $flags: $(tail -n 3 "$T/go.log")"
done
[ -z "$(nm "$T/cg-go-stripped" 2>/dev/null)" ] ||
	fail "nm finds symbols in the -s -w build: not stripped"

# want OUT: the lines of the program's output the D programs reprint.
want()
{
	sed -e '/^ready pid=/d' -e 's/ r=[0-9]*$//' "$1" | LC_ALL=C sort
}

D='pid$target::main.add:entry { @n = count(); @i = sum(arg0); @g = sum(arg1); }
pid$target::main.greet:entry { @w[copyinstr(arg0, arg1)] = count();
	@gn = sum(arg2); }
pid$target::main.total:return { printf("total %d %d\n", arg1, arg2); }
END { printa("add calls=%@d i=%@d g=%@d\n", @n, @i, @g);
	printa("greet %s %@d\n", @w); printa("greet n=%@d\n", @gn); }'
for name in plain stripped; do
	trace "$name" "$D" "$T/cg-go-$name" 4 3000
	want "$T/$name.out" >"$T/$name.want"
	grep -v '^$' "$T/$name.d" | LC_ALL=C sort >"$T/$name.got"
	same_output "$T/$name.want" "$T/$name.got"
	no_err "$name"
	say "ok: $name: arg0.. of main.add and main.greet, main.total's results"
done

# args[] from DWARF: a string is typed as its pointer, and stringof()
# reads as many bytes as its length says.
DT='pid$target::main.greet:entry { @w[stringof(args[0])] = count();
	@gn = sum(args->n); }
pid$target::main.total:return { printf("total %d %d\n", args[1], args[2]); }
END { printa("greet %s %@d\n", @w); printa("greet n=%@d\n", @gn); }'
trace typed "$DT" "$T/cg-go-plain" 4 3000
want "$T/typed.out" | grep -v '^add ' >"$T/typed.want"
grep -v '^$' "$T/typed.d" | LC_ALL=C sort >"$T/typed.got"
same_output "$T/typed.want" "$T/typed.got"
no_err typed
say "ok: args[] typed from Go's DWARF"

bounded 60 "$PIDTRACE" -l -v -n 'pid$target::main.greet:entry,
    pid$target::main.total:entry, pid$target::main.total:return' \
    -c "$T/cg-go-plain 1 1" </dev/null >"$T/lv" 2>&1 ||
	fail "-l -v: $(cat "$T/lv")"
awk '/^ *[0-9]+ +pid/ { print $4, $5 } /args\[/ { sub(/^\t+/, "  "); print }' \
    "$T/lv" >"$T/lv.got"
cat >"$T/lv.want" <<'W'
main.greet entry
  args[0]: uint8 *
  args[1]: int
main.total entry
  args[0]: int *
  args[1]: int
main.total return
  args[0]: uint64_t
  args[1]: int
  args[2]: int
W
same_output "$T/lv.want" "$T/lv.got"
say "ok: -l -v: a string and a slice as their pointers, two results"

# pidnm: the stripped build's functions, where nm puts them in the
# other (the same link but for the tables -s -w drops)
"$PIDNM" "$T/cg-go-stripped" >"$T/nm.got" 2>"$T/nm.err" ||
	fail "pidnm: $(cat "$T/nm.err")"
grep -q "^pidnm: $T/cg-go-stripped: no symbol table: [0-9]* functions from .gopclntab\$" \
    "$T/nm.err" || fail "pidnm's note: $(cat "$T/nm.err")"
nm "$T/cg-go-plain" | grep -E ' T main\.(add|greet|total)$' >"$T/nm.want"
grep -E ' T main\.(add|greet|total)$' "$T/nm.got" >"$T/nm.main"
same_output "$T/nm.want" "$T/nm.main"
nm "$T/cg-go-plain" | awk '$2 == "T" || $2 == "t" { print $1 }' |
	LC_ALL=C sort -u >"$T/nm.addrs"
awk '{ print $1 }' "$T/nm.got" | LC_ALL=C sort -u >"$T/pidnm.addrs"
extra=$(LC_ALL=C comm -13 "$T/nm.addrs" "$T/pidnm.addrs" | head -n 3)
[ -z "$extra" ] || fail "pidnm lists functions nm does not know at: $extra"
[ "$(wc -l <"$T/pidnm.addrs")" -gt 1000 ] ||
	fail "pidnm lists $(wc -l <"$T/pidnm.addrs") functions"
say "ok: pidnm lists the stripped build's $(wc -l <"$T/pidnm.addrs") functions"
