# SPDX-License-Identifier: GPL-2.0-or-later
# t/scale: a probe on every function of a program with many, and what
# that must not cost: exact counts on both paths, aliases sharing a site
# silently, progress on a long arming, nothing left in the process.
check_PROGRAMS += t/targets/sl-many t/targets/sl-words
t_targets_sl_many_SOURCES = t/targets/sl-many.c
t_targets_sl_many_CFLAGS = -O1
t_targets_sl_words_SOURCES = t/targets/sl-words.c
t_targets_sl_words_CFLAGS = -O1 -fno-inline

SCALE_SH_TESTS = \
	t/scale/many.sh t/scale/many-int3.sh \
	t/scale/words.sh t/scale/words-int3.sh \
	t/scale/progress.sh
TESTS += $(SCALE_SH_TESTS)
EXTRA_DIST += $(SCALE_SH_TESTS) t/scale/sllib.sh
