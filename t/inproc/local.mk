# t/inproc: D in the traced process, proven without a tracee: the
# encoder against capstone, the generated clause code against the
# interpreter (dsl_fire) on the same firings.
check_PROGRAMS += t/inproc/x86-test
t_inproc_x86_test_SOURCES = t/inproc/x86-test.c
t_inproc_x86_test_LDADD = dsl/libdsl.a $(CAPSTONE_LIBS)
TESTS += t/inproc/x86-test
