# SPDX-License-Identifier: GPL-2.0-or-later
# t/syscall: the syscall provider in traced processes.  The targets are
# static (no dynamic loader: the first call is their own); a dynamic
# program's loader is traced too (fromexec.sh).  Their counts equal
# strace -c -f's on an identical run, execve aside.
check_PROGRAMS += t/targets/sc-calls t/targets/sc-threads t/targets/sc-sud \
	t/targets/sc-static
t_targets_sc_calls_SOURCES = t/targets/sc-calls.c
t_targets_sc_calls_CFLAGS = -O1 -pthread
t_targets_sc_calls_LDFLAGS = -static -pthread
t_targets_sc_threads_SOURCES = t/targets/sc-threads.c
t_targets_sc_threads_CFLAGS = -O1 -fno-inline -pthread
t_targets_sc_threads_LDFLAGS = -static -pthread
t_targets_sc_sud_SOURCES = t/targets/sc-sud.c
t_targets_sc_sud_CFLAGS = -O1 -pthread
t_targets_sc_sud_LDFLAGS = -pthread
t_targets_sc_static_SOURCES = t/targets/sc-static.c
t_targets_sc_static_CFLAGS = -O2 -pthread
t_targets_sc_static_LDFLAGS = -static -pthread
# Two syscall sites, one of them jumped into (into.sh).  No sanitizer:
# the target is traced, not tested, and LeakSanitizer dies under ptrace
# at its exit, before its output is written.
check_PROGRAMS += t/targets/sc-into
t_targets_sc_into_SOURCES = t/targets/sc-into-main.c t/targets/sc-into.S
t_targets_sc_into_CFLAGS = -O1
t_targets_sc_into_LDFLAGS =

EXTRA_DIST += t/syscall/sclib.sh t/targets/sc-go.go t/targets/sc-goexec.go
SYSCALL_SH_TESTS = \
	t/syscall/counts.sh \
	t/syscall/signals.sh \
	t/syscall/ctrlc.sh \
	t/syscall/oneliners.sh \
	t/syscall/threads.sh \
	t/syscall/exec.sh \
	t/syscall/emptyprov.sh \
	t/syscall/resolve.sh \
	t/syscall/quiet.sh \
	t/syscall/fromexec.sh \
	t/syscall/sud.sh \
	t/syscall/into.sh \
	t/syscall/inflight.sh \
	t/syscall/heldframe.sh \
	t/syscall/require.sh \
	t/syscall/inproc.sh \
	t/syscall/gosys.sh \
	t/syscall/goexec.sh \
	t/syscall/static.sh
TESTS += $(SYSCALL_SH_TESTS)
EXTRA_DIST += $(SYSCALL_SH_TESTS)
