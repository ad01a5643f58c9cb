# fuzz: libFuzzer targets, built with ./configure CC=clang --enable-fuzz
# (fuzz/run-fuzz does that in its own build tree).  Each target compiles
# the sources it fuzzes itself, so they get the fuzzer's coverage.
EXTRA_DIST += fuzz/run-fuzz fuzz/corpus/d
FUZZ_FLAGS = -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined

if FUZZ
noinst_PROGRAMS += fuzz/fuzz-elf
fuzz_fuzz_elf_SOURCES = fuzz/fuzz-elf.c probes/elfsym.c demangle/demangle.c
fuzz_fuzz_elf_CFLAGS = $(AM_CFLAGS) $(FUZZ_FLAGS) -g
fuzz_fuzz_elf_LDFLAGS = $(FUZZ_FLAGS)
fuzz_fuzz_elf_LDADD = $(LIBELF_LIBS) $(LIBIBERTY_LIBS)

# fuzz-d: the D front end on arbitrary bytes (seed corpus fuzz/corpus/d/).
noinst_PROGRAMS += fuzz/fuzz-d
fuzz_fuzz_d_SOURCES = fuzz/fuzz-d.c dsl/lex.c dsl/parse.c dsl/check.c \
	dsl/diag.c dsl/eval.c dsl/var.c dsl/agg.c dsl/print.c dsl/printf.c \
	dsl/rt.c dsl/type.c
fuzz_fuzz_d_CFLAGS = $(AM_CFLAGS) $(FUZZ_FLAGS) -g
fuzz_fuzz_d_LDFLAGS = $(FUZZ_FLAGS)
endif
