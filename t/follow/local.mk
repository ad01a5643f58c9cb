# SPDX-License-Identifier: GPL-2.0-or-later
# t/follow: -x follow, fork and vfork children and what they exec traced
# by the same program.  No sanitizers in the target (it is traced, not
# tested; LeakSanitizer refuses to run under ptrace).
check_PROGRAMS += t/targets/follow-fe
t_targets_follow_fe_SOURCES = t/targets/follow-fe.c
t_targets_follow_fe_CFLAGS = -O1 -fno-inline
t_targets_follow_fe_LDFLAGS =

FOLLOW_SH_TESTS = \
	t/follow/shell.sh \
	t/follow/forkexec.sh \
	t/follow/ctrlc.sh \
	t/follow/dtruss.sh \
	t/follow/rewrite.sh
TESTS += $(FOLLOW_SH_TESTS)
EXTRA_DIST += $(FOLLOW_SH_TESTS)
