# fuzz: see the top Makefile.am
if FUZZ
# fuzz-d: the D front end on arbitrary bytes (seed corpus fuzz/corpus/d/).
noinst_PROGRAMS += fuzz/fuzz-d
fuzz_fuzz_d_SOURCES = fuzz/fuzz-d.c dsl/lex.c dsl/parse.c dsl/check.c \
	dsl/diag.c dsl/eval.c dsl/var.c dsl/agg.c dsl/print.c dsl/printf.c \
	dsl/rt.c
fuzz_fuzz_d_CFLAGS = $(AM_CFLAGS) -g -fsanitize=fuzzer,address,undefined
fuzz_fuzz_d_LDFLAGS = -fsanitize=fuzzer,address,undefined
endif
EXTRA_DIST += fuzz/corpus/d
