# SPDX-License-Identifier: GPL-2.0-or-later
# t/multi: several processes in one run (-p A -p B, -c with -p): one stop
# loop over every session.  Targets are t/tracer's (tr-counter).
EXTRA_DIST += t/multi/mlib.sh

MULTI_SH_TESTS = t/multi/two-p.sh t/multi/c-and-p.sh \
	t/multi/one-exits.sh t/multi/bad-pid.sh
TESTS += $(MULTI_SH_TESTS)
EXTRA_DIST += $(MULTI_SH_TESTS)
