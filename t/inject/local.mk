# t/inject: syscalls injected into traced processes (at every kind of
# ptrace stop, into forks, vforks, blocked calls) and what every ending
# leaves behind: the process as untraced, /proc/PID/maps as found.
check_PROGRAMS += t/targets/ij-fork t/targets/ij-sleep
t_targets_ij_fork_SOURCES = t/targets/ij-fork.c
t_targets_ij_sleep_SOURCES = t/targets/ij-sleep.c
t_targets_ij_sleep_CFLAGS = -O1 -fno-inline -pthread
t_targets_ij_sleep_LDFLAGS = -pthread

EXTRA_DIST += t/inject/ijlib.sh t/targets/ij-cgo.go
INJECT_SH_TESTS = \
	t/inject/fork.sh t/inject/fork-int3.sh t/inject/fork-sys.sh \
	t/inject/spawn.sh t/inject/sleepers.sh t/inject/sleepers-int3.sh \
	t/inject/vfork-slow.sh t/inject/go-cgo.sh t/inject/postgres.sh
TESTS += $(INJECT_SH_TESTS)
EXTRA_DIST += $(INJECT_SH_TESTS)
CLEANFILES += t/targets/ij-cgo
