# t/dsl: tests of the dsl area (listed in TESTS, targets in check_PROGRAMS)
#
# D-script pairs run through t/dsl/run-d: tst.*.d against tst.*.r,
# err.*.d against the expected error in err.*.r.
D_LOG_COMPILER = $(BASH) $(top_srcdir)/t/dsl/run-d
EXTRA_DIST += t/dsl/run-d

dsl_d_tests = \
	t/dsl/tst.count_notquiet.d \
	t/dsl/tst.quantize.d \
	t/dsl/tst.lquantize.d \
	t/dsl/tst.lquantize-mid.d \
	t/dsl/tst.llquantize.d \
	t/dsl/tst.llquantize-steps.d \
	t/dsl/tst.aggfuncs.d \
	t/dsl/tst.aggsort.d \
	t/dsl/tst.aggsortkey.d \
	t/dsl/tst.aggsortrev.d \
	t/dsl/tst.aggsortkeypos.d \
	t/dsl/tst.signedkeys.d

TESTS += $(dsl_d_tests)
EXTRA_DIST += $(dsl_d_tests) $(dsl_d_tests:.d=.r)
