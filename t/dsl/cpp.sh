# SPDX-License-Identifier: GPL-2.0-or-later
# cpp.sh: -C, the C preprocessor before compiling, with -D, -U, -I, -H
# and the -x forms; errors citing the file and line the user wrote.
# Expected values: the C preprocessor's semantics (GCC's cpp manual:
# "-D name" defines it as 1, -D and -U act in command-line order, -I
# dirs are searched for "" and <> includes, -H prints each header with
# one dot a level; line markers "# N file") and the Dynamic Tracing
# Guide's "Use of the C Preprocessor" (-C, the __SUNW_D macros); the
# predefined values from Oracle's Linux DTrace (libdtrace dt_open.c:
# __linux, __unix, __SUNW_D=1, __SUNW_D_64, __GNUC__ undefined;
# dt_version.h: D 2.0.1 is 0x02000001).
. "$top_srcdir/t/lib.sh"

command -v cpp >/dev/null 2>&1 || skip "no cpp (Debian package cpp)"

say "-C: #define, #if/#elif/#else, #ifdef, a function-like macro"
cat >"$T/a.d" <<'EOF'
#!/usr/bin/env pidtrace -Cs
#pragma D option quiet
#define N 3
#define SQ(x) ((x) * (x))
BEGIN
{
#if N > 5
	printf("big\n");
#elif N > 2
	printf("mid %d\n", SQ(N + 1));
#else
	printf("small\n");
#endif
#ifdef UNDEFINED_HERE
	printf("never\n");
#endif
	exit(0);
}
EOF
bounded 20 "$PIDTRACE" -C -s "$T/a.d" >"$T/out" 2>"$T/err" ||
    fail "exit status $?: $(cat "$T/err")"
printf 'mid 16\n\n' >"$T/want"
same_output "$T/want" "$T/out"
[ -s "$T/err" ] && fail "stderr not empty: $(cat "$T/err")"

say "without -C a directive is refused, one line at its place"
bounded 20 "$PIDTRACE" -s "$T/a.d" >"$T/out" 2>"$T/err" &&
    fail "compiled without -C"
[ "$(wc -l <"$T/err")" = 1 ] || fail "not one line: $(cat "$T/err")"
grep -q "^pidtrace: failed to compile script $T/a.d: $T/a.d:3:1: invalid control directive" "$T/err" ||
    fail "wrong error: $(cat "$T/err")"

say "-D name is 1, -D name=def, -U after -D undefines, in order"
cat >"$T/d.d" <<'EOF'
BEGIN
{
#ifdef ONE
	printf("ONE=%d\n", ONE);
#endif
#ifdef VAL
	printf("VAL=%s\n", VAL);
#endif
#ifdef GONE
	printf("GONE\n");
#endif
	exit(0);
}
EOF
bounded 20 "$PIDTRACE" -q -C -D ONE -D 'VAL="str"' -D GONE -U GONE \
    -s "$T/d.d" >"$T/out" 2>"$T/err" || fail "exit status $?: $(cat "$T/err")"
printf 'ONE=1\nVAL=str\n\n' >"$T/want"
same_output "$T/want" "$T/out"
# -U then -D: the later -D wins
bounded 20 "$PIDTRACE" -q -C -U GONE -D GONE -s "$T/d.d" >"$T/out" \
    2>"$T/err" || fail "exit status $?: $(cat "$T/err")"
printf 'GONE\n\n' >"$T/want"
same_output "$T/want" "$T/out"

say "-x define=, -x undef=, -x cpp are -D, -U, -C"
bounded 20 "$PIDTRACE" -q -x cpp -x define=ONE=7 -x define=GONE \
    -x undef=GONE -s "$T/d.d" >"$T/out" 2>"$T/err" ||
    fail "exit status $?: $(cat "$T/err")"
printf 'ONE=7\n\n' >"$T/want"
same_output "$T/want" "$T/out"

say "-n texts go through cpp too; -D macros without -C do nothing"
bounded 20 "$PIDTRACE" -q -C -D X=5 -n 'BEGIN { printf("%d\n", X * 2); exit(0); }' \
    >"$T/out" 2>"$T/err" || fail "exit status $?: $(cat "$T/err")"
printf '10\n\n' >"$T/want"
same_output "$T/want" "$T/out"
bounded 20 "$PIDTRACE" -q -D X=5 -n 'BEGIN { printf("%d\n", X); exit(0); }' \
    >"$T/out" 2>"$T/err" && fail "X defined without -C"

say "dtrace's predefined macros"
cat >"$T/p.d" <<'EOF'
#pragma D option quiet
BEGIN
{
#if defined(__linux) && defined(__unix) && defined(__SVR4)
	printf("unix\n");
#endif
#if !defined(__GNUC__)
	printf("not gnuc\n");
#endif
	printf("%d %d %x\n", __SUNW_D, __SUNW_D_64, __SUNW_D_VERSION);
#if __SUNW_D_VERSION >= 0x01000000
	printf("D 1.0 or later\n");
#endif
	exit(0);
}
EOF
bounded 20 "$PIDTRACE" -C -s "$T/p.d" >"$T/out" 2>"$T/err" ||
    fail "exit status $?: $(cat "$T/err")"
printf 'unix\nnot gnuc\n1 1 2000001\nD 1.0 or later\n\n' >"$T/want"
same_output "$T/want" "$T/out"
# -U takes one of them away, as dtrace's own come first
bounded 20 "$PIDTRACE" -C -U __SVR4 -s "$T/p.d" >"$T/out" 2>"$T/err" ||
    fail "exit status $?: $(cat "$T/err")"
grep -q '^unix$' "$T/out" && fail "-U __SVR4 ignored"

say "#include from an -I directory, \"\" and <>; -H names each file"
mkdir -p "$T/inc/sub"
cat >"$T/inc/defs.h" <<'EOF'
#include "sub/more.h"
#define GREETING "hello"
EOF
printf '#define COUNT 2\n' >"$T/inc/sub/more.h"
printf 'inline int twice = 2 * 21;\n' >"$T/inc/decl.h"
cat >"$T/i.d" <<'EOF'
#include "defs.h"
#include <decl.h>
#pragma D option quiet
BEGIN { printf("%s %d %d\n", GREETING, COUNT, twice); exit(0); }
EOF
bounded 20 "$PIDTRACE" -C -I "$T/inc" -s "$T/i.d" >"$T/out" 2>"$T/err" ||
    fail "exit status $?: $(cat "$T/err")"
printf 'hello 2 42\n\n' >"$T/want"
same_output "$T/want" "$T/out"
[ -s "$T/err" ] && fail "stderr without -H: $(cat "$T/err")"
bounded 20 "$PIDTRACE" -C -H -x incdir="$T/inc" -s "$T/i.d" >"$T/out" \
    2>"$T/err" || fail "exit status $?: $(cat "$T/err")"
same_output "$T/want" "$T/out"
grep -qx "\. $T/inc/defs.h" "$T/err" || fail "-H: no defs.h: $(cat "$T/err")"
grep -qx "\.\. $T/inc/sub/more.h" "$T/err" ||
    fail "-H: no nested more.h: $(cat "$T/err")"
grep -qx "\. $T/inc/decl.h" "$T/err" || fail "-H: no decl.h: $(cat "$T/err")"
bounded 20 "$PIDTRACE" -C -s "$T/i.d" >"$T/out" 2>"$T/err" &&
    fail "an include not found compiled"
printf 'pidtrace: failed to compile script %s: %s:1:10: defs.h: No such file or directory\n' \
    "$T/i.d" "$T/i.d" >"$T/want"
same_output "$T/want" "$T/err"

say "a D error after cpp cites the line and column written"
cat >"$T/e.d" <<'EOF'
#!/usr/bin/env pidtrace -Cs
/*
 * a comment cpp turns into blank lines
 */
#define A 1
#define B 2

BEGIN
{
	x = A + B;
	y = ;
}
EOF
bounded 20 "$PIDTRACE" -C -s "$T/e.d" >"$T/out" 2>"$T/err" &&
    fail "a syntax error compiled"
printf 'pidtrace: failed to compile script %s: %s:11:6: syntax error near ";"\n' \
    "$T/e.d" "$T/e.d" >"$T/want"
same_output "$T/want" "$T/err"
# and after the checker too: an undefined name, the line of its use
printf 'BEGIN\n{\n#if 0\n\n#endif\n\ttrace(nosuch + 1);\n}\n' >"$T/u.d"
bounded 20 "$PIDTRACE" -C -xerrtags -s "$T/u.d" >"$T/out" 2>"$T/err" &&
    fail "an undefined name compiled"
grep -q "^pidtrace: failed to compile script $T/u.d: $T/u.d:6:[0-9]*: \[D_IDENT_UNDEF\] " "$T/err" ||
    fail "wrong place: $(cat "$T/err")"

say "an error in an included file names that file and its line"
printf '\n#define OK 1\nBEGIN { z = ; }\n' >"$T/inc/bad.h"
printf '#pragma D option quiet\n#include "bad.h"\n' >"$T/b.d"
bounded 20 "$PIDTRACE" -C -I "$T/inc" -s "$T/b.d" >"$T/out" 2>"$T/err" &&
    fail "a syntax error in a header compiled"
printf 'pidtrace: failed to compile script %s: %s/inc/bad.h:3:13: syntax error near ";"\n' \
    "$T/b.d" "$T" >"$T/want"
same_output "$T/want" "$T/err"

say "an error the checker finds in an included file names that file"
# cpp's line markers (GCC's cpp manual, "Preprocessor Output") say which
# file each line came from; an error found after parsing (an undefined
# name, a type error, an inline's definition) cites it as one found
# while reading does.
printf '\n/* a header */\nBEGIN\n{\n\ttrace(nosuch + 1);\n}\n' \
    >"$T/inc/undef.h"
printf '#pragma D option quiet\n\n\n#include "undef.h"\n' >"$T/cu.d"
bounded 20 "$PIDTRACE" -C -I "$T/inc" -xerrtags -s "$T/cu.d" >"$T/out" \
    2>"$T/err" && fail "an undefined name in a header compiled"
printf 'pidtrace: failed to compile script %s: %s/inc/undef.h:5:8: [D_IDENT_UNDEF] failed to resolve nosuch: Unknown variable name\n' \
    "$T/cu.d" "$T" >"$T/want"
same_output "$T/want" "$T/err"
printf 'BEGIN\n{\n\tx = "a" + 1;\n}\n' >"$T/inc/type.h"
printf 'BEGIN { exit(0); }\n#include "type.h"\nEND { }\n' >"$T/ct.d"
bounded 20 "$PIDTRACE" -C -I "$T/inc" -s "$T/ct.d" >"$T/out" 2>"$T/err" &&
    fail "a type error in a header compiled"
printf 'pidtrace: failed to compile script %s: %s/inc/type.h:3:10: operator +: operands have incompatible types: "string" + "int"\n' \
    "$T/ct.d" "$T" >"$T/want"
same_output "$T/want" "$T/err"
printf '\ninline int bad = "str";\n' >"$T/inc/inl.h"
printf '#include "inl.h"\nBEGIN { exit(0); }\n' >"$T/ci.d"
bounded 20 "$PIDTRACE" -C -I "$T/inc" -s "$T/ci.d" >"$T/out" 2>"$T/err" &&
    fail "a bad inline in a header compiled"
printf 'pidtrace: failed to compile script %s: %s/inc/inl.h:2:12: inline bad definition uses incompatible types: "int" = "string"\n' \
    "$T/ci.d" "$T" >"$T/want"
same_output "$T/want" "$T/err"
# and back in the script after the #include, the script's own name
printf 'BEGIN\n{\n\ty = 1;\n}\n' >"$T/inc/fine.h"
printf '#include "fine.h"\nBEGIN\n{\n\ttrace(nosuch);\n}\n' >"$T/cb.d"
bounded 20 "$PIDTRACE" -C -I "$T/inc" -s "$T/cb.d" >"$T/out" 2>"$T/err" &&
    fail "an undefined name compiled"
printf 'pidtrace: failed to compile script %s: %s:4:8: failed to resolve nosuch: Unknown variable name\n' \
    "$T/cb.d" "$T/cb.d" >"$T/want"
same_output "$T/want" "$T/err"

say "cpp's own errors: one line, the file and line, status 1"
printf 'BEGIN { exit(0); }\n\n#else\n' >"$T/c1.d"
bounded 20 "$PIDTRACE" -C -s "$T/c1.d" >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || fail "status not 1"
printf 'pidtrace: failed to compile script %s: %s:3:2: #else without #if\n' \
    "$T/c1.d" "$T/c1.d" >"$T/want"
same_output "$T/want" "$T/err"
printf '#if 1\n#else\n#else\n#endif\n#endif\n' >"$T/c2.d"
bounded 20 "$PIDTRACE" -C -s "$T/c2.d" >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || fail "status not 1"
printf 'pidtrace: failed to compile script %s: %s:3:2: #else after #else\n' \
    "$T/c2.d" "$T/c2.d" >"$T/want"
same_output "$T/want" "$T/err"
bounded 20 "$PIDTRACE" -C -n '#define' >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || fail "status not 1"
printf 'pidtrace: invalid probe specifier #define: #define:1:8: no macro name given in #define directive\n' \
    >"$T/want"
same_output "$T/want" "$T/err"

say "#line, with or without -C, sets the line and file errors cite"
printf 'BEGIN\n{\n#line 40 "other.d"\n\tq = ;\n}\n' >"$T/l.d"
bounded 20 "$PIDTRACE" -s "$T/l.d" >"$T/out" 2>"$T/err" &&
    fail "a syntax error compiled"
printf 'pidtrace: failed to compile script %s: other.d:40:6: syntax error near ";"\n' \
    "$T/l.d" >"$T/want"
same_output "$T/want" "$T/err"
bounded 20 "$PIDTRACE" -C -s "$T/l.d" >"$T/out" 2>"$T/err" &&
    fail "a syntax error compiled"
same_output "$T/want" "$T/err"

say "no cpp: one line, status 1"
bounded 20 "$PIDTRACE" -C -x cpppath="$T/no-such-cpp" -s "$T/a.d" \
    >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || fail "status not 1"
printf 'pidtrace: failed to compile script %s: -C needs the C preprocessor: %s/no-such-cpp not found (install cpp)\n' \
    "$T/a.d" "$T" >"$T/want"
same_output "$T/want" "$T/err"
bounded 20 env PATH="$T/empty" "$PIDTRACE" -C -n 'BEGIN { exit(0); }' \
    >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || fail "status not 1 with no cpp in PATH"
[ "$(wc -l <"$T/err")" = 1 ] || fail "not one line: $(cat "$T/err")"

say "preprocessor options in a #pragma come too late"
bounded 20 "$PIDTRACE" -n '#pragma D option define=X' -n 'BEGIN { exit(0); }' \
    >"$T/out" 2>"$T/err" && fail "#pragma D option define accepted"
grep -q "failed to set option 'define'.*on the command line" "$T/err" ||
    fail "wrong error: $(cat "$T/err")"
exit 0
