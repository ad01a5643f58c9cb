#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A stack through the vDSO: pf-stack spins in clock_gettime, sampled by
# profile-499 until 20 samples were in the vDSO (umod(arg1)).  Each such
# stack names the vDSO's function from its in-memory ELF image
# ([vdso]`__vdso_clock_gettime, after any frame of a vDSO function that
# has no symbol: [vdso]`0xADDR, as dtrace prints a frame without one)
# and goes on past it to the right callers, through the vDSO's own CFI:
# libc's clock_gettime, spin, main.  Offsets normalised.
. "$top_srcdir/t/lib.sh"
[ -x "$TARGETS/pf-stack" ] || skip "pf-stack not built"

bounded 90 "$PIDTRACE" -q -n '
	profile-499 /umod(arg1) == "[vdso]"/ { @[ustack(8)] = count(); n++; }
	profile-499 /n >= 20/ { exit(0); }' \
    -c "$TARGETS/pf-stack clock 60" >"$T/out" 2>"$T/err" ||
	fail "pidtrace exited $?: $(cat "$T/err")"
cat "$T/out"
# One line per stack: its frames joined by spaces, the unnamed vDSO
# frames at the top dropped, cut after main.
awk '
	BEGIN { top = 1 }
	/^$/ { next }
	/^ +[0-9]+$/ { print line; total += $1; line = ""; top = 1; next }
	{
		f = $1
		sub(/\+0x[0-9a-f]+$/, "", f)
		sub(/`__clock_gettime$/, "`clock_gettime", f)
		if (top && f ~ /^\[vdso\]`0x[0-9a-f]+$/)
			next
		top = 0
		if (line !~ /`main$/)
			line = line (line == "" ? "" : " ") f
	}
	END { print "samples", total }' "$T/out" | sort -u >"$T/got"
cat >"$T/want" <<'W'
[vdso]`__vdso_clock_gettime libc.so.6`clock_gettime pf-stack`spin pf-stack`main
samples 20
W
same_output "$T/want" "$T/got"
exit 0
