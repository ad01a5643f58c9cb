# SPDX-License-Identifier: GPL-2.0-or-later
# t/endings: how a trace ends and what the target is left with: children,
# exec, signals to pidtrace, other tracers, SIGKILL, bad input and user
# errors.
check_PROGRAMS += t/targets/fe-spawn
t_targets_fe_spawn_SOURCES = t/targets/fe-spawn.c
t_targets_fe_spawn_CFLAGS = -O1 -fno-inline
check_PROGRAMS += t/targets/fe-mix
t_targets_fe_mix_SOURCES = t/targets/fe-mix.c
t_targets_fe_mix_CFLAGS = -O1 -fno-inline -pthread
t_targets_fe_mix_LDFLAGS = -pthread

EXTRA_DIST += t/stress/endings.sh t/endings/endlib.sh
ENDINGS_SH_TESTS = \
	t/endings/spawn.sh \
	t/endings/exec.sh \
	t/endings/exits.sh \
	t/endings/tracers.sh \
	t/endings/sigkill.sh \
	t/endings/badinput.sh \
	t/endings/interrupted.sh \
	t/endings/early.sh \
	t/endings/leftmaps.sh \
	t/endings/endings.sh \
	t/endings/mix.sh
TESTS += $(ENDINGS_SH_TESTS)
EXTRA_DIST += $(ENDINGS_SH_TESTS)
