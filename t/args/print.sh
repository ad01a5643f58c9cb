#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# print: the print() action on pointers typed from DWARF, in the layout
# of Oracle's Linux DTrace (its print() of a pointer; dtrace-utils'
# print tests show it): the address and "= *", then "(type)value," one a
# line, ".member = " before a member's, a nested struct or array one
# column deeper, the outermost at column 44; members all of whose bytes
# are zero left out (rec's enum c is RED, 0, in ta_a; ta_b's next is
# NULL), chars as the character itself (ta_b's ch is a tab), integers in
# decimal, pointers in hex.  An array of structs shows each element's
# members and closing brace (Oracle's printer opens the element only: a
# pidtrace completion of the layout).  pidtrace's type table from DWARF
# drops qualifiers (const char * is char *), names no enumerator (c is
# 5) and lays an anonymous union's members out as rec's own (i, ch);
# a pointer that is not one is refused.  Values: t/targets/ta-c.c;
# pointers vary (PIE), so addresses of 6 digits or more are masked.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
bounded 30 "$PIDTRACE" -q -c "$TARGETS/ta-c 1" -n '
pid$target::ta_rec:entry
{
	print(args[1]);
	print(&args[0]->pts[1]);
	print(args[0]);
	print(args[0]->next);
}' >"$T/out" 2>"$T/err" || { cat "$T/err"; fail "pidtrace failed"; }
sed -E 's/0x[0-9a-f]{6,}/ADDR/' "$T/out" >"$T/got"
cat >"$T/want" <<'W'
ADDR = *
                                            (struct point) {
                                             .x = (int)10,
                                             .y = (int)20,
                                            }
ADDR = *
                                            (struct point) {
                                             .x = (int)3,
                                             .y = (int)4,
                                            }
ADDR = *
                                            (struct rec) {
                                             .name = (char *)ADDR,
                                             .pts = (struct point [2]) [
                                              (struct point) {
                                               .x = (int)1,
                                               .y = (int)2,
                                              },
                                              (struct point) {
                                               .x = (int)3,
                                               .y = (int)4,
                                              },
                                             ],
                                             .next = (struct rec *)ADDR,
                                             .size = (unsigned long)32,
                                             .i = (int)42,
                                             .ch = (char)'*',
                                            }
ADDR = *
                                            (struct rec) {
                                             .name = (char *)ADDR,
                                             .pts = (struct point [2]) [
                                              (struct point) {
                                               .x = (int)5,
                                               .y = (int)6,
                                              },
                                              (struct point) {
                                               .x = (int)7,
                                               .y = (int)8,
                                              },
                                             ],
                                             .c = (enum color)5,
                                             .size = (unsigned long)16,
                                             .i = (int)9,
                                             .ch = (char)'	',
                                            }

W
# the tab of ta_b's ch, as the file can show it
tab=$(printf '\t')
sed "s/<TAB>/$tab/" "$T/want" >"$T/want.t"
diff -u "$T/want.t" "$T/got" || fail "print() output differs"
not_fast_report "$T/err" | grep -q . && { cat "$T/err"; fail "unexpected stderr"; }

# On the fast path the clause runs in pidtrace from the firing's record:
# the object print() shows is captured at the firing (the tracee's
# memory may have changed since), served from the capture.
bounded 30 "$PIDTRACE" -x fastpath=require -q -c "$TARGETS/ta-c 1" -n '
pid$target::ta_rec:entry { print(args[1]); }' >"$T/out" 2>"$T/err" ||
    { cat "$T/err"; fail "pidtrace -x fastpath=require failed"; }
sed -E 's/0x[0-9a-f]{6,}/ADDR/' "$T/out" >"$T/got"
head -n 5 "$T/want" >"$T/want.f"
echo >>"$T/want.f"
diff -u "$T/want.f" "$T/got" || fail "print() on the fast path differs"

# Not a pointer: refused when compiled, with the tag Oracle's prototype
# gives it (print's is void(void *)).
bounded 30 "$PIDTRACE" -x errtags -c "$TARGETS/ta-c 1" -n '
pid$target::ta_rec:entry { print(*args[1]); }' >"$T/out" 2>"$T/err" &&
    fail "print() of a struct value was taken"
grep -q '\[D_PROTO_ARG\] .*print( ) argument #1' "$T/err" ||
    { cat "$T/err"; fail "no D_PROTO_ARG for print() of a value"; }
say "PASS: print() of DWARF types"
