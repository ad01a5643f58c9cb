#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Descriptions that name a syscall probe twice make it once, as dtrace
# lists each probe once whatever the number of descriptions matching it:
# "read:entry, rea*:entry, :::entry, :::" lists every syscall's entry
# and return exactly once, in the order first matched (read's entry
# first, then the other rea* entries, ...), the same set as ":::" alone;
# an entry named again after ":::" adds nothing.  Exact counts of each
# line against the kernel table's names that -l ":::entry" lists.
. "$top_srcdir/t/syscall/sclib.sh"

bounded 30 "$PIDTRACE" -l -n 'syscall:::entry' >"$T/entry" 2>"$T/err" ||
	fail "-l syscall:::entry: $(cat "$T/err")"
n=$(($(wc -l <"$T/entry") - 1))
[ "$n" -gt 300 ] || fail "few syscalls: $n"

bounded 30 "$PIDTRACE" -l -n 'syscall::read:entry,syscall::rea*:entry,syscall:::entry,syscall:::,syscall::write:entry' \
	>"$T/many" 2>"$T/err" || fail "-l many: $(cat "$T/err")"
# the probe lines, without the ID column
tail -n +2 "$T/many" | sed 's/^ *[0-9]* *//' >"$T/many.p"
tail -n +2 "$T/entry" | sed 's/^ *[0-9]* *//' >"$T/entry.p"
[ "$(wc -l <"$T/many.p")" = $((2 * n)) ] ||
	fail "$(wc -l <"$T/many.p") probes, want $((2 * n))"
[ -z "$(LC_ALL=C sort "$T/many.p" | uniq -d)" ] ||
	fail "listed twice: $(LC_ALL=C sort "$T/many.p" | uniq -d | head -3)"
head -1 "$T/many.p" | grep -Eq '^syscall +read entry$' ||
	fail "first: $(head -1 "$T/many.p")"
grep -E ' entry$' "$T/many.p" | LC_ALL=C sort >"$T/e.got"
LC_ALL=C sort "$T/entry.p" >"$T/e.want"
same_output "$T/e.want" "$T/e.got"
grep -E ' return$' "$T/many.p" | sed 's/ return$/ entry/' |
	LC_ALL=C sort >"$T/r.got"
same_output "$T/e.want" "$T/r.got"
exit 0
