#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Frames left without a return: fp_thrower() throws a C++
# exception through fp_middle() to its caller's catch (every third call),
# fp_jumper() longjmps out of itself and fp_jmiddle() (every second),
# two threads at once, all four probed at entry and return (pidtrace -p).
# Asserts: each entry count equals the calls the target counted and each
# return count the returns it counted (an unwound frame's return probe
# does not fire, nothing is rewritten for it); the output equals the
# untraced output (every catch and longjmp landed); nothing dropped;
# after detach the text equals the files and no mapping was left.
. "$top_srcdir/t/fastpath/fplib.sh"

n=$((3000 * FT_SCALE))
reference uw "$FP_UNWIND" $n
attach_run uw 'pid$target::fp_thrower:entry, pid$target::fp_middle:entry,
	pid$target::fp_jumper:entry, pid$target::fp_jmiddle:entry
	{ @e[probefunc] = count(); }
	pid$target::fp_thrower:return, pid$target::fp_middle:return,
	pid$target::fp_jumper:return, pid$target::fp_jmiddle:return
	{ @r[probefunc] = count(); }
	END { printa("e %s %@d\n", @e); printa("r %s %@d\n", @r); }' \
	"$FP_UNWIND" $n
same_output "$T/uw.want" "$T/uw.out"
no_drops "$T/uw.err"
for f in fp_thrower fp_middle fp_jumper fp_jmiddle; do
	c=$(sed -n "s/^$f calls=\([0-9]*\) .*/\1/p" "$T/uw.out")
	r=$(sed -n "s/^$f calls=.* returns=//p" "$T/uw.out")
	expect "$f entries" "$(count "$T/uw.d" "e $f")" "$c"
	expect "$f returns" "$(count "$T/uw.d" "r $f")" "$r"
done
