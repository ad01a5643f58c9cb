# t/dsl: tests of the dsl area (listed in TESTS, targets in check_PROGRAMS)
D_LOG_COMPILER = $(BASH) $(top_srcdir)/t/dsl/run-d
EXTRA_DIST += t/dsl/run-d
