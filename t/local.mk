# SPDX-License-Identifier: GPL-2.0-or-later
# The test suite: shell tests (*.sh) and D-script pairs (*.d with *.r).
# Each area's tests are listed in its own block below.
EXTRA_DIST += t/lib.sh t/check.h t/skips-allowed
include t/lib/local.mk
include t/pidnm/local.mk
include t/dsl/local.mk
include t/tracer/local.mk
include t/probes/local.mk
include t/faults/local.mk
include t/story/local.mk
include t/multi/local.mk
include t/pid/local.mk
include t/endings/local.mk
include t/output/local.mk
include t/tools/local.mk
include t/usdt/local.mk
include t/syscall/local.mk
include t/follow/local.mk
include t/fastpath/local.mk
include t/torture/local.mk
include t/profile/local.mk
include t/args/local.mk
include t/trace/local.mk
include t/inproc/local.mk
include t/containers/local.mk
include t/scale/local.mk
include t/inject/local.mk
include t/doc/local.mk
include t/code/local.mk
include t/suite/local.mk
