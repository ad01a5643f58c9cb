# SPDX-License-Identifier: GPL-2.0-or-later
# args[] typed from DWARF (cmd/trace/dwtypes.c): D programs against
# quiet targets built with -g; ta_plain is built without DWARF.  No
# sanitizers in the targets (they are traced, not tested).
noinst_LIBRARIES += t/targets/libta-plain.a
t_targets_libta_plain_a_SOURCES = t/targets/ta-plain.c
t_targets_libta_plain_a_CFLAGS = -O1 -g0
check_PROGRAMS += t/targets/ta-c t/targets/ta-cxx
t_targets_ta_c_SOURCES = t/targets/ta-c.c
t_targets_ta_c_CFLAGS = -O1 -g
t_targets_ta_c_LDADD = t/targets/libta-plain.a
t_targets_ta_c_LDFLAGS =
t_targets_ta_cxx_SOURCES = t/targets/ta-cxx.cc
t_targets_ta_cxx_CXXFLAGS = -O1 -g
t_targets_ta_cxx_LDFLAGS =

args_d_tests = \
	t/args/tst.c.d \
	t/args/tst.cxx.d \
	t/args/tst.declared.d \
	t/args/tst.castfwd.d \
	t/args/tst.nodwarf.d \
	t/args/err.member.d \
	t/args/err.name.d \
	t/args/err.nodwarf.d
TESTS += t/args/print.sh t/args/python.sh t/args/ntop.sh
EXTRA_DIST += t/args/print.sh t/args/python.sh t/args/ntop.sh
TESTS += $(args_d_tests)
EXTRA_DIST += $(args_d_tests) $(args_d_tests:.d=.r)

# The compiler's side of co_argtypes, with a fake host: no process.
check_PROGRAMS += t/args/args-test
t_args_args_test_SOURCES = t/args/args-test.c
t_args_args_test_LDADD = $(DSL_LIBS) $(JSON_C_LIBS)
TESTS += t/args/args-test
