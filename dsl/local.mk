# dsl: the D language (see dsl/dsl.h): one job per file, as in Lua.
noinst_LIBRARIES += dsl/libdsl.a
dsl_libdsl_a_SOURCES = \
	dsl/dsl.h dsl/prog.h dsl/cc.h dsl/rt.h dsl/printf.h dsl/emit.h \
	dsl/lex.c dsl/parse.c dsl/check.c dsl/diag.c \
	dsl/eval.c dsl/var.c dsl/agg.c dsl/print.c dsl/printf.c dsl/rt.c \
	dsl/type.c dsl/emit.c dsl/flame.c dsl/typeprint.c \
	dsl/x86.h dsl/x86.c dsl/inproc.h dsl/ip.h dsl/ip.c dsl/plan.c \
	dsl/jit.c
dsl_libdsl_a_CFLAGS = $(AM_CFLAGS) -O2
