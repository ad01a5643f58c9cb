# SPDX-License-Identifier: GPL-2.0-or-later
# dsl: the D language (see dsl/dsl.h): one job per file, as in Lua, in two
# libraries.  The runtime runs a compiled program and never calls the
# compiler; the compiler makes the program and may call the runtime
# (t/dsl/layers.sh checks both, and that each name says its file).
# Programs link $(DSL_LIBS): the compiler first, then the runtime.
noinst_LIBRARIES += dsl/libdslcc.a dsl/libdslrt.a
DSL_LIBS = dsl/libdslcc.a dsl/libdslrt.a

dsl_libdslcc_a_SOURCES = dsl/cc.h \
	dsl/lex.c dsl/parse.c dsl/check.c dsl/compile.c dsl/diag.c
dsl_libdslcc_a_CFLAGS = $(AM_CFLAGS) -O2

dsl_libdslrt_a_SOURCES = \
	dsl/dsl.h dsl/prog.h dsl/rt.h dsl/printf.h dsl/emit.h \
	dsl/prog.c dsl/type.c dsl/eval.c dsl/rt.c dsl/var.c dsl/agg.c \
	dsl/print.c dsl/printf.c dsl/emit.c dsl/flame.c dsl/typeprint.c \
	dsl/inproc.h dsl/ip.h dsl/x86.h dsl/x86.c dsl/ip.c dsl/plan.c \
	dsl/jit.c lib/strpack.h
dsl_libdslrt_a_CFLAGS = $(AM_CFLAGS) -O2
