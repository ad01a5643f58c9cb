# SPDX-License-Identifier: GPL-2.0-or-later
# t/faults: the fault suite: traced runs compared with untraced
# runs of purpose-built targets.
check_PROGRAMS += t/targets/ft-insns
t_targets_ft_insns_SOURCES = t/targets/ft-insns-main.c t/targets/ft-insns.S

# Targets keep their functions: -O1 and no inlining, as a probed program.
check_PROGRAMS += t/targets/ft-stress t/targets/ft-unwind
t_targets_ft_stress_SOURCES = t/targets/ft-stress.c
t_targets_ft_stress_CFLAGS = -O1 -fno-inline -pthread
t_targets_ft_stress_LDFLAGS = -pthread
t_targets_ft_unwind_SOURCES = t/targets/ft-unwind.cc
t_targets_ft_unwind_CXXFLAGS = -O1 -fno-inline -pthread
t_targets_ft_unwind_LDFLAGS = -pthread

EXTRA_DIST += t/faults/ftlib.sh
FAULTS_SH_TESTS = t/faults/concurrency.sh t/faults/insns.sh \
	t/faults/threads.sh t/faults/signals.sh t/faults/death.sh \
	t/faults/unwind.sh t/faults/sigattach.sh t/faults/stopstorm.sh \
	t/faults/int3.sh
TESTS += $(FAULTS_SH_TESTS)
EXTRA_DIST += $(FAULTS_SH_TESTS)

# A probed first instruction that faults, the fault handled by the program.
check_PROGRAMS += t/targets/ft-fault
t_targets_ft_fault_SOURCES = t/targets/ft-fault.c t/targets/ft-fault-load.S
TESTS += t/faults/fault.sh
EXTRA_DIST += t/faults/fault.sh

# Forced unwinding: pthread_exit and pthread_cancel out of probed frames.
check_PROGRAMS += t/targets/ft-cancel
t_targets_ft_cancel_SOURCES = t/targets/ft-cancel.c
t_targets_ft_cancel_CFLAGS = -O1 -fno-inline -pthread
t_targets_ft_cancel_LDFLAGS = -pthread
TESTS += t/faults/cancel.sh
EXTRA_DIST += t/faults/cancel.sh
