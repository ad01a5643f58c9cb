# t/torture: every function of a module probed on real programs (cat,
# ls, sort, python3.11, openssl, a C++ program), fast path and int3 path
# compared with an untraced run.
check_PROGRAMS += t/targets/tt-cxx
t_targets_tt_cxx_SOURCES = t/targets/tt-cxx.cc
t_targets_tt_cxx_CXXFLAGS = -O1
t_targets_tt_cxx_LDFLAGS =

EXTRA_DIST += t/torture/tlib.sh
TORTURE_SH_TESTS = t/torture/libc-entry.sh t/torture/libc-return.sh \
	t/torture/modules.sh t/torture/crypto.sh t/torture/py-return.sh
TESTS += $(TORTURE_SH_TESTS)
EXTRA_DIST += $(TORTURE_SH_TESTS)
