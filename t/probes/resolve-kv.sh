#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# resolve-kv: pb_pid_resolve against the running C++ target pb-kv (built
# -O2), compared line by line with what readelf, c++filt and objdump say:
#   - pid$P:a.out::entry is every FUNC symbol of .symtab (not the .cold
#     parts; _init and the size-0 crt functions included), demangled, at
#     its run-time address;
#   - pid$P:a.out::return fires exactly at objdump's ret instructions and
#     jumps out of the function (tail calls), .cold parts included and
#     jumps into them excluded, indirect jumps where readelf says the CFA
#     is rsp+8 (a jump table's, where the frame is set up, is not a site);
#     functions without any return or of size 0 are refused with the
#     reason;
#   - globs on demangled and mangled names, overloads, the static
#     function, template instances, offsets and their errors.
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/probes/sites.sh"

RESOLVE=$top_builddir/t/probes/resolve
# resolve-kv-nopie.sh runs this test on the ET_EXEC build (bias 0).
KV=${KV:-$TARGETS/pb-kv}
KVBASE=${KV##*/}
for t in objdump readelf c++filt; do
	command -v $t >/dev/null || skip "needs $t (Debian package binutils)"
done

mkfifo "$T/in"
exec 3<>"$T/in"
# Redirected inside: bash gives a background job /dev/null for stdin.
spawn TP 60 sh -c 'exec "$0" 3 <"$1" >"$2"' "$KV" "$T/in" "$T/out"
wait_for "$T/out" '^ready'
P=$(child_of "$TP") || fail "no target process"
# Killing timeout with KILL (the cleanup trap) would orphan the target.
_pt_pids="$_pt_pids $P"
BIAS=$((0x$(exe_bias "$P" "$KV")))
say "pb-kv is pid $P, bias $(printf %x $BIAS)"

# The expected probes of 'return', and the refusals, for every function.
func_syms "$KV" > "$T/syms"
cut -d' ' -f3 "$T/syms" | c++filt > "$T/dem"
paste -d' ' "$T/syms" "$T/dem" > "$T/funcs"
: > "$T/want.entry"; : > "$T/want.return"; : > "$T/want.refused"
while read -r addr size sym dem; do
	case $sym in
	*.cold) continue ;;
	esac
	faddr=$(printf %x $((0x$addr + BIAS)))
	echo "pid$P $KVBASE $dem entry $faddr $size sites 0@$faddr" \
	    >> "$T/want.entry"
	if [ "$size" = 0 ]; then
		echo "refused $KVBASE $dem: symbol size is 0" >> "$T/want.refused"
		continue
	fi
	cold=$(awk -v s="$sym.cold" '$3 == s { print $1, $2 }' "$T/syms")
	# Both parts, in address order (the .cold part usually lies below).
	{
		objdump_sites "$KV" "$addr" "$size" $cold
		[ -z "$cold" ] || objdump_sites "$KV" $cold "$addr" "$size"
	} | while read -r a k; do
		printf '%016x %s\n' $((0x$a)) "$k"
	done | sort | sed 's/^0*//' > "$T/s"
	# An indirect jmp is a site where the frame is as at the entry.
	ind_sites "$KV" < "$T/s" > "$T/s2"
	mv "$T/s2" "$T/s"
	if [ ! -s "$T/s" ]; then
		echo "refused $KVBASE $dem: no return instruction (does not return?)" \
		    >> "$T/want.refused"
		continue
	fi
	line="pid$P $KVBASE $dem return $faddr $size sites"
	while read -r a k; do
		line="$line $(printf %x $((0x$a - 0x$addr)))@$(printf %x $((0x$a + BIAS)))/$k"
	done < "$T/s"
	echo "$line" >> "$T/want.return"
done < "$T/funcs"

say "entry: every function, demangled"
bounded 20 "$RESOLVE" "$P" a.out '*' entry > "$T/got" || fail "resolve entry"
same_output "$T/want.entry" "$T/got"

say "return: objdump's return sites, refusals with their reason"
cat "$T/want.return" "$T/want.refused" > "$T/want"
bounded 20 "$RESOLVE" "$P" a.out '' return > "$T/got" || fail "resolve return"
same_output "$T/want" "$T/got"
grep -q 'kv::detail::forward(int) return .* 15@[0-9a-f]*/tail$' "$T/got" ||
	fail "forward's tail call is not its return site"
grep -q "kv::detail::dispatch(int, int) return .*/ret" "$T/got" ||
	fail "dispatch, with a jump table, has no return probe"
grep -Eq 'kv::detail::checked\(int\) return .* f{8}[0-9a-f]+@[0-9a-f]+/ret' \
	"$T/got" || fail "no return site in checked.cold"

say "the module by its own name, by a.out and a glob; the static function"
for m in "$KVBASE" a.out 'pb-*'; do
	bounded 20 "$RESOLVE" "$P" "$m" mix entry > "$T/got" ||
		fail "module $m"
	grep "mix(int, int) entry" "$T/want.entry" > "$T/want"
	same_output "$T/want" "$T/got"
done

say "overloads: a demangled glob takes both Put, a mangled one only one"
bounded 20 "$RESOLVE" "$P" a.out 'kv::Store::Put*' entry | cut -d' ' -f3- \
    > "$T/got" || fail "Put glob"
grep -E 'kv::Store::Put\(' "$T/want.entry" | cut -d' ' -f3- > "$T/want"
[ $(wc -l < "$T/want") = 2 ] || fail "pb-kv should have two Put"
same_output "$T/want" "$T/got"
bounded 20 "$RESOLVE" "$P" a.out '_ZN2kv5Store3PutEPKci' entry \
    > "$T/got" || fail "mangled Put"
grep -F 'kv::Store::Put(char const*, int) entry' "$T/want.entry" > "$T/want"
same_output "$T/want" "$T/got"
bounded 20 "$RESOLVE" -m "$P" a.out '*Put*' entry | cut -d' ' -f3 \
    > "$T/got" || fail "-m"
printf '%s\n' _ZN2kv5Store3PutERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES8_ \
    _ZN2kv5Store3PutEPKci > "$T/want"
same_output "$T/want" "$T/got"

say "templates: twice<int> and twice<double>"
bounded 20 "$RESOLVE" "$P" a.out '*twice*' entry > "$T/got" || fail "twice"
grep -E ' (int kv::twice<int>\(int\)|double kv::twice<double>\(double\)) ' \
    "$T/want.entry" > "$T/want"
[ $(wc -l < "$T/want") = 2 ] || fail "pb-kv should have two twice"
same_output "$T/want" "$T/got"
say "a name without its parameters finds every overload"
bounded 20 "$RESOLVE" "$P" a.out 'kv::Store::Put' entry > "$T/got" ||
	fail "Put without parameters"
grep -E 'kv::Store::Put\(' "$T/want.entry" > "$T/want"
same_output "$T/want" "$T/got"

say "offsets: on a boundary, not on one, past the end"
main=$(awk '$3 == "main" { print $1, $2 }' "$T/syms")
set -- $main
second=$(objdump -d --no-show-raw-insn --start-address=$((0x$1)) \
    --stop-address=$((0x$1 + 0x$2)) "$KV" | awk '/^ +[0-9a-f]+:/ {
	n++; if (n == 2) { sub(/:.*/, ""); sub(/^ +/, ""); print; exit } }')
off=$(printf %x $((0x$second - 0x$1)))
bounded 20 "$RESOLVE" "$P" a.out main "$off" > "$T/got" || fail "offset $off"
printf 'pid%s %s main %s %x %s sites %s@%x\n' "$P" "$KVBASE" "$off" \
    $((0x$1 + BIAS)) "$2" "$off" $((0x$second + BIAS)) > "$T/want"
same_output "$T/want" "$T/got"
if bounded 20 "$RESOLVE" "$P" a.out main 3 2> "$T/err"; then
	fail "offset 3 of main accepted"
fi
grep -q 'offset 0x3 is not on an instruction boundary of main (instructions at 0x0, 0x' \
    "$T/err" || fail "wrong message: $(cat "$T/err")"
if bounded 20 "$RESOLVE" "$P" a.out main 100000 2> "$T/err"; then
	fail "offset past the end accepted"
fi
grep -q 'offset 0x100000 is beyond the end of main' "$T/err" ||
	fail "wrong message: $(cat "$T/err")"

say "errors: unknown function (did you mean), module, name"
bounded 20 "$RESOLVE" "$P" a.out 'kv::detail::forwrd' entry 2> "$T/err" &&
	fail "forwrd matched"
grep -qF "no function matches 'kv::detail::forwrd' in a.out; did you mean 'kv::detail::forward'?" \
    "$T/err" || fail "wrong message: $(cat "$T/err")"
bounded 20 "$RESOLVE" "$P" a.out 'kv::detail::forwad*' entry 2> "$T/err" &&
	fail "forwad matched"
grep -qF "no function matches 'kv::detail::forwad*' in a.out; did you mean 'kv::detail::forward*'?" \
    "$T/err" || fail "wrong message: $(cat "$T/err")"
bounded 20 "$RESOLVE" "$P" nosuchlib main entry 2> "$T/err" &&
	fail "nosuchlib matched"
grep -q "no module matches 'nosuchlib' in process $P" "$T/err" ||
	fail "wrong message: $(cat "$T/err")"
bounded 20 "$RESOLVE" -z "$P" nosuchlib main entry > "$T/got" ||
	fail "-z: matching nothing is fine"
[ -s "$T/got" ] && fail "-z printed probes"

say "the target still runs to a correct exit"
echo go >&3
wait "$TP" || fail "pb-kv exited $?"
grep -q '^forward 3$' "$T/out" || fail "pb-kv counts: $(cat "$T/out")"
exit 0
