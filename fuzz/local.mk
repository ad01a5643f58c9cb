# SPDX-License-Identifier: GPL-2.0-or-later
# fuzz: libFuzzer targets, built with ./configure CC=clang --enable-fuzz
# (fuzz/run-fuzz does that in its own build tree).  Each target compiles
# the sources it fuzzes itself, so they get the fuzzer's coverage.
EXTRA_DIST += fuzz/run-fuzz fuzz/corpus/d fuzz/corpus/fuzz-usdt \
	fuzz/corpus/fuzz-jit
FUZZ_FLAGS = -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined

if FUZZ
noinst_PROGRAMS += fuzz/fuzz-elf
fuzz_fuzz_elf_SOURCES = fuzz/fuzz-elf.c probes/elfsym.c probes/gosym.c \
	demangle/demangle.c
fuzz_fuzz_elf_CFLAGS = $(AM_CFLAGS) $(FUZZ_FLAGS) -g
fuzz_fuzz_elf_LDFLAGS = $(FUZZ_FLAGS)
fuzz_fuzz_elf_LDADD = $(LIBELF_LIBS) $(LIBIBERTY_LIBS)

# fuzz-d: the D front end on arbitrary bytes (seed corpus fuzz/corpus/d/).
noinst_PROGRAMS += fuzz/fuzz-d
fuzz_fuzz_d_SOURCES = fuzz/fuzz-d.c dsl/lex.c dsl/parse.c dsl/check.c \
	dsl/compile.c dsl/prog.c \
	dsl/diag.c dsl/eval.c dsl/var.c dsl/agg.c dsl/print.c dsl/printf.c \
	dsl/rt.c dsl/type.c dsl/emit.c
fuzz_fuzz_d_SOURCES += dsl/typeprint.c dsl/ip.c dsl/plan.c dsl/jit.c dsl/x86.c
fuzz_fuzz_d_LDADD = $(JSON_C_LIBS)
fuzz_fuzz_d_CFLAGS = $(AM_CFLAGS) $(FUZZ_FLAGS) -g
fuzz_fuzz_d_LDFLAGS = $(FUZZ_FLAGS)

# fuzz-jit: the in-process clause code against the interpreter, on
# random programs of its subset and random firings (t/inproc/randd.c).
noinst_PROGRAMS += fuzz/fuzz-jit
fuzz_fuzz_jit_SOURCES = fuzz/fuzz-jit.c t/inproc/randd.c t/inproc/harness.c \
	dsl/lex.c dsl/parse.c dsl/check.c dsl/compile.c dsl/prog.c \
	dsl/diag.c dsl/eval.c dsl/var.c dsl/agg.c dsl/print.c dsl/printf.c \
	dsl/rt.c dsl/type.c dsl/emit.c dsl/typeprint.c dsl/x86.c dsl/ip.c \
	dsl/plan.c dsl/jit.c
fuzz_fuzz_jit_LDADD = $(JSON_C_LIBS)
fuzz_fuzz_jit_CFLAGS = $(AM_CFLAGS) $(FUZZ_FLAGS) -g
fuzz_fuzz_jit_LDFLAGS = $(FUZZ_FLAGS)

# fuzz-usdt: stapsdt notes and argument specifications (probes/usdt).
noinst_PROGRAMS += fuzz/fuzz-usdt
fuzz_fuzz_usdt_SOURCES = fuzz/fuzz-usdt.c probes/usdt.c probes/elfsym.c \
	probes/modules.c probes/match.c probes/procns.c probes/object.c \
	demangle/demangle.c
fuzz_fuzz_usdt_CFLAGS = $(AM_CFLAGS) $(FUZZ_FLAGS) -g
fuzz_fuzz_usdt_LDFLAGS = $(FUZZ_FLAGS)
fuzz_fuzz_usdt_LDADD = $(LIBELF_LIBS) $(LIBIBERTY_LIBS)
endif
