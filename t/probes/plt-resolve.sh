#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# plt-resolve: the synthesized foo@plt functions of pb-plt, linked three
# ways Debian 12's gcc and ld do it: PIE (lazy .plt, 16-byte entries,
# and __cxa_finalize in an 8-byte .plt.got), -no-pie (bias 0) and IBT
# (-fcf-protection -z ibtplt: the stubs are in .plt.sec, .plt holds only
# lazy entries, .plt.got entries are 16 bytes).  Asserts:
#   - pid$P:a.out:*@plt:entry is exactly objdump -d's <foo@plt> labels,
#     at their run-time addresses, sized by their section's entry size;
#   - globs without "@plt" take no stub (* and *rand_r*), a literal
#     foo@plt takes one;
#   - a stub's offset probes are objdump's instruction boundaries in it;
#   - return is refused with the reason.
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/probes/sites.sh"

RESOLVE=$top_builddir/t/probes/resolve
command -v objdump >/dev/null || skip "needs objdump (Debian package binutils)"
command -v readelf >/dev/null || skip "needs readelf (Debian package binutils)"

# plt_check TARGET
plt_check()
{
	_t=$1
	_b=${_t##*/}
	rm -f "$T/in" "$T/out"
	mkfifo "$T/in"
	exec 3<>"$T/in"
	spawn TP 60 sh -c 'exec "$0" 1 <"$1" >"$2"' "$_t" "$T/in" "$T/out"
	wait_for "$T/out" '^ready'
	P=$(child_of "$TP") || fail "no target process"
	_pt_pids="$_pt_pids $P"
	BIAS=$((0x$(exe_bias "$P" "$_t")))
	say "$_b is pid $P, bias $(printf %x $BIAS)"

	# Entry size of each PLT section, by the section's address range.
	readelf -SW "$_t" | sed 's/^ *\[ *[0-9]*\] *//' |
	    awk '$1 ~ /^\.plt/ { print $1, $3, $5, $6 }' > "$T/secs"
	objdump -d "$_t" | sed -n 's/^\([0-9a-f]*\) <\(.*@plt\)>:$/\1 \2/p' |
	    while read -r a n; do
		while read -r sn sa ss se; do
			if [ $((0x$a)) -ge $((0x$sa)) ] &&
			    [ $((0x$a)) -lt $((0x$sa + 0x$ss)) ]; then
				f=$(printf %x $((0x$a + BIAS)))
				z=$(printf %x $((0x$se)))
				echo "pid$P $_b $n entry $f $z sites 0@$f"
			fi
		done < "$T/secs"
	done > "$T/want"
	[ -s "$T/want" ] || fail "objdump shows no foo@plt in $_b"
	grep -q ' rand_r@plt ' "$T/want" || fail "no rand_r@plt in $_b"
	say "$_b: *@plt:entry is objdump's stubs ($(wc -l < "$T/want"))"
	bounded 20 "$RESOLVE" "$P" a.out '*@plt' entry > "$T/got" ||
		fail "resolve *@plt"
	same_output "$T/want" "$T/got"

	say "$_b: globs without @plt take no stub"
	bounded 20 "$RESOLVE" "$P" a.out '*' entry > "$T/all" ||
		fail "resolve *"
	! grep -q '@plt' "$T/all" || fail "* matched a stub"
	bounded 20 "$RESOLVE" -z "$P" '' '*rand_r*' entry > "$T/all" ||
		fail "resolve *rand_r*"
	! grep -q '@plt' "$T/all" || fail "*rand_r* matched a stub"
	bounded 20 "$RESOLVE" "$P" '' 'rand_r@plt' entry > "$T/got" ||
		fail "resolve rand_r@plt"
	grep ' rand_r@plt ' "$T/want" > "$T/w1"
	same_output "$T/w1" "$T/got"

	say "$_b: offset probes are the stub's instructions"
	set -- $(grep ' rand_r@plt ' "$T/want")
	_f=$5
	_a=$(printf %x $((0x$_f - BIAS)))
	objdump -d --start-address=0x$_a --stop-address=$((0x$_a + 0x$6)) \
	    "$_t" | sed -n 's/^ *\([0-9a-f]*\):.*/\1/p' |
	    while read -r i; do
		o=$(printf %x $((0x$i - 0x$_a)))
		echo "pid$P $_b rand_r@plt $o $_f $6" \
		    "sites $o@$(printf %x $((0x$i + BIAS)))"
	done > "$T/want.off"
	# The glob matches "entry" too ([0-9a-f] takes its e).
	bounded 20 "$RESOLVE" -a "$P" a.out rand_r@plt '[0-9a-f]*' \
	    > "$T/all" || fail "resolve offsets"
	grep -v ' entry ' "$T/all" > "$T/got"
	same_output "$T/want.off" "$T/got"

	say "$_b: no return probe on a stub, said; no error"
	bounded 20 "$RESOLVE" "$P" a.out rand_r@plt return > "$T/got" ||
		fail "resolve rand_r@plt:return failed"
	echo "refused $_b rand_r@plt: a PLT stub: it jumps to the" \
	    "function it binds; probe that function's return" \
	    > "$T/want.ref"
	same_output "$T/want.ref" "$T/got"

	echo go >&3
	exec 3>&-
	wait "$TP" || fail "$_b exited $?"
}

plt_check "$TARGETS/pb-plt"
plt_check "$TARGETS/pb-plt-nopie"
plt_check "$TARGETS/pb-plt-ibt"
exit 0
