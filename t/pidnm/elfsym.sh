#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# probes/elfsym: the self-checks of elfsym-test (a function's symbol,
# relocated by the bias from /proc/self/maps, is its run-time address;
# pb_elf_read() gives its running bytes), the build-id against readelf's,
# the header facts, and opening from memory as from a file.
. "$top_srcdir/t/lib.sh"

ET=$top_builddir/t/pidnm/elfsym-test
cxx=$TARGETS/cxxsyms

bounded 30 "$ET" self || fail "elfsym-test self"

command -v readelf >/dev/null || skip "no readelf to compare build-ids with"
for f in "$cxx" $(command -v node) /usr/lib/x86_64-linux-gnu/libc.so.6; do
	[ -f "$f" ] || continue
	want=$(readelf -n "$f" | awk '/Build ID:/ { print $3; exit }')
	[ -n "$want" ] || want=none
	got=$(bounded 30 "$ET" build-id "$f") || fail "build-id $f"
	[ "$got" = "$want" ] || fail "build-id of $f: $got, readelf says $want"
	say "ok: build-id $f $got"
done
# No note at all: "none".
echo 'int f(void) { return 0; }' | gcc -x c -c -o "$T/nonote.o" - ||
	fail "cc failed"
[ "$(bounded 30 "$ET" build-id "$T/nonote.o")" = none ] ||
	fail "build-id of an object without a note"

# e_type, e_machine, class: ET_DYN (3) for a PIE, ET_REL (1) for a .o.
case $(bounded 30 "$ET" open "$cxx") in
"ok 3 62 2"|"ok 2 62 2") ;;
*) fail "open $cxx: $(bounded 30 "$ET" open "$cxx")" ;;
esac
[ "$(bounded 30 "$ET" open "$T/nonote.o")" = "ok 1 62 2" ] ||
	fail "open a .o: $(bounded 30 "$ET" open "$T/nonote.o")"

# From memory as from the file: the same symbols (the listings are
# checked against nm by the oracle tests).
for f in "$cxx" "$TARGETS/rustsyms"; do
	bounded 30 "$ET" mem "$f" >"$T/mem" || fail "mem $f"
	bounded 30 "$ET" list "$f" >"$T/list" || fail "list $f"
	same_output "$T/list" "$T/mem"
	[ "$(wc -l <"$T/mem")" -gt 3 ] || fail "too few symbols in $f"
done
exit 0
