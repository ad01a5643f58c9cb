#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# resolve-system: pb_pid_resolve against the system's own libraries in a
# live process: pid$P:libc.so.6:malloc:return fires at exactly the ret
# instructions (and jumps out) that objdump shows in libc's malloc; the
# module answers to libc and libc.so.6; the alias __libc_malloc (same
# address) does not make a second probe for a glob; an old version of
# memcpy is a probe of its own, named with its version; and the dynamic
# loader's rendezvous is _dl_debug_state and _r_debug.
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/probes/sites.sh"

RESOLVE=$top_builddir/t/probes/resolve
for t in objdump readelf; do
	command -v $t >/dev/null || skip "needs $t (Debian package binutils)"
done

spawn TP 60 sleep 60
P=$(child_of "$TP") || fail "no target process"
# Killing timeout with KILL (the cleanup trap) would orphan the target.
_pt_pids="$_pt_pids $P"
# Wait for sleep to be itself (exec done), libc mapped.
n=0
while [ -z "$(map_path "$P" 'libc.so*')" ]; do
	n=$((n + 1)); [ $n -lt 500 ] || fail "libc never mapped in $P"
	sleep 0.01
done
LIBC=$(map_path "$P" 'libc.so*')
BASE=${LIBC##*/}
BIAS=$((0x$(exe_bias "$P" "$LIBC")))
set -- $(dyn_sym "$LIBC" malloc)
[ $# = 2 ] || skip "$LIBC has no malloc in .dynsym"
say "malloc at $1 size $2 in $LIBC, bias $(printf %x $BIAS)"

say "malloc:return sites are objdump's"
return_line "pid$P" "$BASE" malloc "$LIBC" "$1" "$2" "$BIAS" > "$T/want" ||
	fail "objdump finds no return site in malloc"
for m in "$BASE" libc 'libc.so'; do
	bounded 20 "$RESOLVE" "$P" "$m" malloc return > "$T/got" ||
		fail "resolve $m:malloc:return"
	same_output "$T/want" "$T/got"
done
grep -q ' sites .*/ret' "$T/got" || fail "no ret in malloc?"

say "a glob takes malloc once, by its plainest alias"
bounded 20 "$RESOLVE" "$P" libc '*libc_malloc' entry > "$T/got" ||
	fail "resolve *libc_malloc"
printf 'pid%s %s __libc_malloc entry %x %s sites 0@%x\n' "$P" "$BASE" \
    $((0x$1 + BIAS)) "$2" $((0x$1 + BIAS)) > "$T/want"
same_output "$T/want" "$T/got"
bounded 20 "$RESOLVE" "$P" libc '*malloc' entry > "$T/got" ||
	fail "resolve *malloc"
grep -c " $(printf %x $((0x$1 + BIAS))) " "$T/got" > "$T/n"
echo 1 | same_output - "$T/n"
grep -q "^pid$P $BASE malloc entry " "$T/got" ||
	fail "the glob did not name it malloc: $(cat "$T/got")"

say "an old symbol version is named with it: memcpy@GLIBC_2.2.5;"
say "the ifunc memcpy@@GLIBC_2.14 is refused with the reason"
if readelf -sW --dyn-syms "$LIBC" | grep -q 'IFUNC .* memcpy@@GLIBC_2.14$' &&
    readelf -sW --dyn-syms "$LIBC" | grep -q 'FUNC .* memcpy@GLIBC_2.2.5$'; then
	bounded 20 "$RESOLVE" "$P" libc 'memcpy*' entry | cut -d' ' -f1-3 \
	    > "$T/got" || fail "resolve memcpy*"
	printf 'pid%s %s memcpy@GLIBC_2.2.5\nrefused %s memcpy:\n' "$P" \
	    "$BASE" "$BASE" > "$T/want"
	same_output "$T/want" "$T/got"
	bounded 20 "$RESOLVE" "$P" libc memcpy entry 2> "$T/err" &&
		fail "a probe on the ifunc memcpy"
	grep -qF 'no probe on memcpy: a GNU indirect function (ifunc)' \
	    "$T/err" || fail "wrong message: $(cat "$T/err")"
fi

say "the dynamic loader's rendezvous"
LD=$(map_path "$P" 'ld-linux*')
[ -n "$LD" ] || skip "no ld-linux mapped"
LDBIAS=$((0x$(exe_bias "$P" "$LD")))
brk=$(readelf -sW --dyn-syms "$LD" | awk '$8 ~ /^_dl_debug_state(@|$)/ { print $2; exit }')
rdb=$(readelf -sW --dyn-syms "$LD" | awk '$8 ~ /^_r_debug(@|$)/ { print $2; exit }')
[ -n "$brk" ] && [ -n "$rdb" ] || skip "$LD lacks _dl_debug_state or _r_debug"
bounded 20 "$RESOLVE" -r "$P" > "$T/got" || fail "resolve -r"
printf 'rtld %s brk %x r_debug %x\n' "$LD" $((0x$brk + LDBIAS)) \
    $((0x$rdb + LDBIAS)) > "$T/want"
same_output "$T/want" "$T/got"
exit 0
