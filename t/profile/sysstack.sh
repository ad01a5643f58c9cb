#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ustack() at syscall::read:entry and :return on pf-stack, whose read(2)
# of 4321 bytes is made from main -> top -> middle -> leaf, 3 times: the
# exact frames, each stack counted 3 times.  The syscall stop gives only
# a few registers; pf-stack keeps its frames by rbp, so a walk without
# the thread's full register set goes astray after leaf.  Offsets
# normalised.
. "$top_srcdir/t/lib.sh"
[ -x "$TARGETS/pf-stack" ] || skip "pf-stack not built"

bounded 60 "$PIDTRACE" -q -n '
	syscall::read:entry /arg2 == 4321/ { @e[ustack(5)] = count(); }
	syscall::read:return /arg0 == 4321/ { @r[ustack(5)] = count(); }
	END { printf("entry"); printa(@e); printf("return"); printa(@r); }' \
    -c "$TARGETS/pf-stack read 3" >"$T/out" 2>"$T/err" ||
	fail "pidtrace exited $?: $(cat "$T/err")"
sed 's/+0x[0-9a-f]*$/+OFF/' "$T/out" >"$T/got"
cat >"$T/want" <<'W'
read 3
entry

              libc.so.6`__read+OFF
              pf-stack`leaf+OFF
              pf-stack`middle+OFF
              pf-stack`top+OFF
              pf-stack`main+OFF
                3
return

              libc.so.6`__read+OFF
              pf-stack`leaf+OFF
              pf-stack`middle+OFF
              pf-stack`top+OFF
              pf-stack`main+OFF
                3

W
same_output "$T/want" "$T/got"
exit 0
