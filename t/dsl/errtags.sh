# SPDX-License-Identifier: GPL-2.0-or-later
# errtags.sh: each program is refused with dtrace's tag (-x errtags) at
# its place.  The tags are Oracle's Linux DTrace's (libdtrace raises them
# for the same programs: dt_ident.c's prototype checks, dt_cg.c's checks
# of actions and aggregations, dt_parser.c's of operators, dt_printf.c's
# of formats, dt_pragma.c's of control lines, dt_options.c's of option
# values); the wording stays pidtrace's.
. "$top_srcdir/t/lib.sh"

# One line a case: the tag, the place (line:col), the program (printf's
# %b escapes: \n for a newline).
cat >"$T/cases" <<'EOC'
D_PROTO_LEN 1:13 BEGIN { @ = avg(); }
D_PROTO_LEN 1:13 BEGIN { @ = sum(1, 2); }
D_PROTO_LEN 1:13 BEGIN { @ = quantize(1, 2, 3); }
D_PROTO_LEN 1:23 BEGIN { @a = count(); clear(); }
D_PROTO_LEN 1:23 BEGIN { @a = count(); trunc(@a, 1, 2); }
D_PROTO_LEN 1:23 BEGIN { @a = count(); normalize(@a); }
D_PROTO_LEN 1:9 BEGIN { printa(); }
D_PROTO_ARG 1:37 BEGIN { @a = count(); normalize(@a, "a"); }
D_PROTO_ARG 1:33 BEGIN { @a = count(); trunc(@a, @a); }
D_PROTO_ARG 1:36 BEGIN { @ = lquantize(1, 0, 10, 2, ""); }
D_PROTO_ARG 1:41 BEGIN { @ = llquantize(1, 10, 0, 2, 20, ""); }
D_PROTO_ARG 1:14 BEGIN { exit(exit(0)); }
D_PROTO_ARG 1:29 BEGIN { x[1, "a"] = 1; x[1, 2] = 2; }
D_AGG_SCALAR 1:17 BEGIN { @ = sum("s"); }
D_AGG_NULL 1:23 BEGIN { @a = count(); @a; }
D_CG_EXPR 1:9 BEGIN { avg(1); }
D_OP_INCOMPAT 1:32 BEGIN { @a = count(); trace(@a + 3); }
D_TRACE_DYN 1:29 BEGIN { @a = count(); trace(@a); }
D_TRACE_VOID 1:15 BEGIN { trace(trace(1)); }
D_STRINGOF_TYPE 1:31 BEGIN { printf("%s", stringof(trace(0))); }
D_OP_ARITH 1:20 BEGIN { p = 123 + -trace(0); }
D_OP_ACT 1:20 BEGIN { i = 1; x = i ? trace(0) : trace(1); }
D_ADDROF_LVAL 1:15 BEGIN { trace(&1); }
D_ADDROF_VAR 1:22 BEGIN { x = 1; trace(&x); }
D_LQUANT_MISMATCH 1:13 BEGIN { @ = lquantize(1, 100, 100, 10); }
D_LLQUANT_STEPTYPE 1:37 BEGIN { @ = llquantize(1, 10, 0, 6, -1); }
D_PRINTA_PROTO 1:9 BEGIN { printa("%d"); }
D_PRINTF_ARG_PROTO 1:29 BEGIN { @ = count(); printa("%d", @); }
D_PRINTA_AGGPROTO 3:12 BEGIN { @a[1, "", 2] = count();\n@b[1, 2, ""] = count();\nprinta(@a, @b); }
D_PRINTF_FMT_EMPTY 1:16 BEGIN { printf(""); }
D_SYNTAX 1:16 BEGIN { printf("%**d", 1, 2); }
D_SYNTAX 1:16 BEGIN { printf("%-%"); }
D_FREOPEN_INVALID 1:17 BEGIN { freopen("."); }
D_IDENT_UNDEF 1:19 END { total = 1 + start; }\nBEGIN { start = 1; }
D_IDENT_UNDEF 1:8 BEGIN /z/ { }\nBEGIN { z = 1; }
D_IDENT_UNDEF 1:30 BEGIN /i++ < 10/ { trace(i + j); }
D_VAR_UNDEF 1:9 BEGIN { p -= 1; }
D_VAR_UNDEF 1:9 BEGIN { p -= trace(0); }
D_ARGS_IDX 1:20 BEGIN { trace(args[0]); }
D_IDENT_BADREF 1:15 BEGIN { trace(args); }
D_PROTO_ARG 1:20 BEGIN { trace(args["a"]); }
D_OP_SCALAR 1:13 BEGIN { c = "boo" ? 1 : 2; }
D_OP_SCALAR 1:12 BEGIN /"a" && "b"/ { }
D_OP_SCALAR 1:25 BEGIN { a = "boo"; c = a++; }
D_OP_INCOMPAT 1:21 BEGIN { a = 3; a += "x"; }
D_EMPTY 2:1 /* a comment, no clause */
D_PRAGERR 1:1 #pragma D error "stop here"\nBEGIN { }
D_PRAGERR 1:1 #error stop here\nBEGIN { }
D_PRAGMA_DEPEND 1:1 #pragma D depends_on library net.d\nBEGIN { }
D_PRAGMA_DEPEND 1:1 #pragma D depends_on provider ip\nBEGIN { }
D_PRAGMA_INVAL 1:1 #pragma D attributes incorrect_attr foo\nBEGIN { }
D_PRAGMA_MALFORM 1:1 #pragma D attributes incorrect_attr\nBEGIN { }
D_PRAGMA_INVAL 1:1 #pragma D frobnicate\nBEGIN { }
D_PRAGMA_OPTSET 1:1 #pragma D option quiet=please\nBEGIN { }
D_PRAGMA_OPTSET 1:1 #pragma D option ldpath=/nonexistent\nBEGIN { }
D_PRAGMA_OPTSET 1:1 #pragma D option bufsize=0\nBEGIN { }
D_PRINT_SIZE 1:37 BEGIN { t = (int *)alloca(4); print((struct nosuch *)t); }
D_SYNTAX 1:15 BEGIN { trace($-1); }
D_PROTO_ARG 1:16 BEGIN { strtok(1234, "abc"); }
D_PROTO_ARG 1:49 BEGIN { p = (int *)alloca(16); trace(inet_ntoa6(p)); }
D_PROTO_ARG 1:71 BEGIN { p = (struct in6_addr *)alloca(16); n = 1; trace(inet_ntoa6(p, n)); }
EOC

n=0
while read -r tag place prog; do
	n=$((n + 1))
	printf '%b\n' "$prog" >"$T/d.d"
	bounded 20 "$PIDTRACE" -x errtags -s "$T/d.d" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 1 ] || fail "case $n ($prog): exit status $rc, not 1"
	grep -q "d\.d:$place: \[$tag\] " "$T/err" ||
	    fail "case $n ($prog): want d.d:$place: [$tag], got: $(cat "$T/err")"
done <"$T/cases"
say "$n programs refused with dtrace's tags"
