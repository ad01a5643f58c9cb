#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ustack(n), ucaller, ufunc, umod, usym, uaddr and printf's %a/%k in a
# pid clause of pf-split's b (called from c, from main), printed as
# dtrace prints them: a stack key on its own lines, indented 14, its
# count below; the symbol keys as strings.  Offsets normalised.
. "$top_srcdir/t/lib.sh"

cat >"$T/want" <<'W'
pf-split`c+OFF
              pf-split`b
              pf-split`c+OFF


              pf-split`b
              pf-split`c+OFF
              pf-split`main+OFF
                1
  pf-split`c                                                        1
  pf-split                                                          1
  pf-split`c                                                        1
  pf-split`c+OFF                                                    1
W
bounded 30 "$PIDTRACE" -q -n 'pid$target::b:entry {
	@s[ustack(3)] = count();
	@f[ufunc(ucaller)] = count();
	@m[umod(ucaller)] = count();
	@y[usym(ucaller)] = count();
	@a[uaddr(ucaller)] = count();
	printf("%a%k", ucaller, ustack(2));
	exit(0);
}' -c "$TARGETS/pf-split 0.1" >"$T/out" 2>"$T/err" ||
	fail "pidtrace exited $?: $(cat "$T/err")"
grep -v '^ready$' "$T/out" | sed 's/+0x[0-9a-f]*/+OFF/' >"$T/got"
same_output "$T/want" "$T/got"

# ustack() makes its probe take the stop path; -x ustackframes bounds it.
bounded 30 "$PIDTRACE" -q -x ustackframes=2 -n 'pid$target::b:entry {
	ustack(); exit(0); }' -c "$TARGETS/pf-split 0.1" >"$T/out" 2>"$T/err" ||
	fail "pidtrace -x ustackframes exited $?: $(cat "$T/err")"
[ "$(grep -c '^              pf-split`' "$T/out")" = 2 ] ||
	fail "-x ustackframes=2 printed: $(cat "$T/out")"
exit 0
