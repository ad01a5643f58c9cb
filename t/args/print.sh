#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# print: the print() action on values typed from DWARF, in illumos's
# print() layout (libdtrace's dt_print.c): a struct with a nested array
# of structs, a pointer, an enum (by value: DWARF's enumerators are not
# read), an anonymous union's members, a quoted char, integers in hex
# named by their declared type, a D string.  The struct's closing brace
# ends without a newline, as in illumos.  Values: t/targets/ta-c.c;
# pointers vary (PIE), so "= 0x..." addresses of 6 digits or more are
# masked.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
bounded 30 "$PIDTRACE" -q -c "$TARGETS/ta-c 1" -n '
pid$target::ta_rec:entry
{
	print(*args[1]);
	printf("\n");
	print(args[0]->pts);
	printf("\n");
	print(args->delta);
	print(args[0]->size);
	print(args[0]->ch);
	print(args[0]->c);
	print("str");
	print(*args[0]->next);
	printf("\n");
	print(args[0]);
}' >"$T/out" 2>"$T/err" || { cat "$T/err"; fail "pidtrace failed"; }
sed -E 's/0x[0-9a-f]{6,}/ADDR/' "$T/out" >"$T/got"
cat >"$T/want" <<'W'
struct point {
    int x = 0xa
    int y = 0x14
}
struct point [2] [ 
    struct point {
        int x = 0x1
        int y = 0x2
    }, 
    struct point {
        int x = 0x3
        int y = 0x4
    }
]

short 0xfffd
unsigned long 0x20
char '*'
enum color 0
string "str"
struct rec {
    char *name = ADDR
    struct point [2] pts = [ 
        struct point {
            int x = 0x5
            int y = 0x6
        }, 
        struct point {
            int x = 0x7
            int y = 0x8
        }
    ]
    enum color c = 5
    struct rec *next = 0
    unsigned long size = 0x10
    int i = 0x9
    char ch = '\011'
}
struct rec * ADDR

W
diff -u "$T/want" "$T/got" || fail "print() output differs"
not_fast_report "$T/err" | grep -q . && { cat "$T/err"; fail "unexpected stderr"; }
say "PASS: print() of DWARF types"
