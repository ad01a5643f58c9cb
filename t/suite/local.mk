# SPDX-License-Identifier: GPL-2.0-or-later
# t/suite: the test suite's own library (t/lib.sh), which every shell
# test relies on.
SUITE_SH_TESTS = t/suite/cleanup.sh
TESTS += $(SUITE_SH_TESTS)
EXTRA_DIST += $(SUITE_SH_TESTS)
