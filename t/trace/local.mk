# t/trace: the glue (cmd/trace/) over a fake provider, without ptrace;
# and pidtrace's D hooks outside a process's firing, end to end.
check_PROGRAMS += t/trace/trace-test
TESTS += t/trace/trace-test
t_trace_trace_test_SOURCES = t/trace/trace-test.c t/check.h
t_trace_trace_test_LDADD = $(TRACE_LIBS)

TRACE_SH_TESTS = t/trace/hooks.sh
TESTS += $(TRACE_SH_TESTS)
EXTRA_DIST += $(TRACE_SH_TESTS)
