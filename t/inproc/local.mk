# t/inproc: D in the traced process, proven without a tracee: the
# encoder against capstone, the generated clause code against the
# interpreter (dsl_eval_fire) on the same firings.
check_PROGRAMS += t/inproc/x86-test
t_inproc_x86_test_SOURCES = t/inproc/x86-test.c
t_inproc_x86_test_LDADD = $(DSL_LIBS) $(CAPSTONE_LIBS)
TESTS += t/inproc/x86-test

# The generated clause code against the interpreter (harness.h).
check_PROGRAMS += t/inproc/jit-test
t_inproc_jit_test_SOURCES = t/inproc/jit-test.c t/inproc/harness.c \
	t/inproc/randd.c t/inproc/randd.h \
	t/inproc/harness.h
t_inproc_jit_test_LDADD = $(DSL_LIBS) $(JSON_C_LIBS) -lpthread
TESTS += t/inproc/jit-test
