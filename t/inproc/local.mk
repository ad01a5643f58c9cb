# t/inproc: D in the traced process: proven without a tracee (the
# encoder against capstone, the generated clause code against the
# interpreter, dsl_eval_fire, on the same firings), then through
# pidtrace on ip-burst (bursts, the area's limits, bad pointers, ^C).
check_PROGRAMS += t/inproc/x86-test
t_inproc_x86_test_SOURCES = t/inproc/x86-test.c
t_inproc_x86_test_LDADD = $(DSL_LIBS) $(CSLOAD_LIBS)
TESTS += t/inproc/x86-test

# The generated clause code against the interpreter (harness.h).
check_PROGRAMS += t/inproc/jit-test
t_inproc_jit_test_SOURCES = t/inproc/jit-test.c t/inproc/harness.c \
	t/inproc/randd.c t/inproc/randd.h \
	t/inproc/harness.h
t_inproc_jit_test_LDADD = $(DSL_LIBS) $(JSON_C_LIBS) -lpthread
TESTS += t/inproc/jit-test

# The wiring: clauses in a traced process, through pidtrace.
check_PROGRAMS += t/targets/ip-burst
t_targets_ip_burst_SOURCES = t/targets/ip-burst.c t/targets/fp-proto.h
t_targets_ip_burst_CFLAGS = -O1 -fno-inline -pthread
t_targets_ip_burst_LDFLAGS = -pthread
EXTRA_DIST += t/inproc/iplib.sh
INPROC_SH_TESTS = t/inproc/burst.sh t/inproc/overflow.sh \
	t/inproc/badptr.sh t/inproc/ctrlc.sh t/inproc/same.sh \
	t/inproc/capture.sh t/inproc/capdrops.sh t/inproc/capmix.sh \
	t/inproc/loadfix.sh t/inproc/unmapped.sh t/inproc/killed.sh \
	t/inproc/sysgate.sh t/inproc/memcheck.sh
TESTS += $(INPROC_SH_TESTS)
EXTRA_DIST += $(INPROC_SH_TESTS)
