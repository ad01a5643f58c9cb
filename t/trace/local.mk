# t/trace: the glue (cmd/trace/) over a fake provider, without ptrace;
# pidtrace's D hooks outside a process's firing, end to end; the names
# the library exports (doc/STYLE.md).
check_PROGRAMS += t/trace/trace-test
TESTS += t/trace/trace-test
t_trace_trace_test_SOURCES = t/trace/trace-test.c t/check.h
t_trace_trace_test_LDADD = $(TRACE_LIBS)

TRACE_SH_TESTS = t/trace/hooks.sh t/trace/names.sh
TESTS += $(TRACE_SH_TESTS)
EXTRA_DIST += $(TRACE_SH_TESTS)
