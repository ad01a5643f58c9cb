# SPDX-License-Identifier: GPL-2.0-or-later
# t/tracer: tests of the tracer area (listed in TESTS, targets in check_PROGRAMS)
check_PROGRAMS += t/tracer/trdrive t/targets/tr-counter
t_tracer_trdrive_SOURCES = t/tracer/trdrive.c
t_tracer_trdrive_LDADD = tracer/libtracer.a $(CSLOAD_LIBS) $(LIBUNWIND_PTRACE_LIBS)

# ring-test: the fast path's ring consumer against simulated producers.
check_PROGRAMS += t/tracer/ring-test
TESTS += t/tracer/ring-test
t_tracer_ring_test_SOURCES = t/tracer/ring-test.c
t_tracer_ring_test_LDADD = tracer/libtracer.a $(CSLOAD_LIBS) $(LIBUNWIND_PTRACE_LIBS)

# inject-test: a syscall injected while a thread is inside its clone or fork.
check_PROGRAMS += t/tracer/inject-test
TESTS += t/tracer/inject-test
t_tracer_inject_test_SOURCES = t/tracer/inject-test.c
t_tracer_inject_test_LDADD = tracer/libtracer.a $(CSLOAD_LIBS) $(LIBUNWIND_PTRACE_LIBS)
t_tracer_inject_test_LDFLAGS = $(AM_LDFLAGS) -pthread

# wbatch-test: text writes kept and made a page range at a time.
check_PROGRAMS += t/tracer/wbatch-test
TESTS += t/tracer/wbatch-test
t_tracer_wbatch_test_SOURCES = t/tracer/wbatch-test.c
t_tracer_wbatch_test_LDADD = tracer/libtracer.a $(CSLOAD_LIBS) $(LIBUNWIND_PTRACE_LIBS)

# Targets keep their functions: -O1 and no inlining, as a probed program.
t_targets_tr_counter_SOURCES = t/targets/tr-counter.c
t_targets_tr_counter_CFLAGS = -O1 -fno-inline -pthread
t_targets_tr_counter_LDFLAGS = -pthread

EXTRA_DIST += t/tracer/trlib.sh t/tracer/lv-put.js
TRACER_SH_TESTS = \
	t/tracer/attach-count.sh \
	t/tracer/threads.sh \
	t/tracer/every-insn.sh \
	t/tracer/blocked.sh \
	t/tracer/fork.sh \
	t/tracer/signals.sh \
	t/tracer/exec.sh \
	t/tracer/death.sh \
	t/tracer/stopcont.sh \
	t/tracer/exit-early.sh \
	t/tracer/errors.sh \
	t/tracer/errors-user.sh \
	t/tracer/ft-insns.sh \
	t/tracer/exec-thread.sh \
	t/tracer/remove.sh \
	t/tracer/interrupt.sh \
	t/tracer/attach-stopped.sh \
	t/tracer/zombie-leader.sh \
	t/tracer/fork-stress.sh \
	t/tracer/reattach.sh \
	t/tracer/ctx.sh
TESTS += $(TRACER_SH_TESTS)
EXTRA_DIST += $(TRACER_SH_TESTS)

# A program that dlopens a library after start (rtld hook tests).
check_PROGRAMS += t/targets/tr-dlopen t/targets/tr-plugin.so
t_targets_tr_dlopen_SOURCES = t/targets/tr-dlopen.c
t_targets_tr_dlopen_LDADD = -ldl
t_targets_tr_plugin_so_SOURCES = t/targets/tr-plugin.c
t_targets_tr_plugin_so_CFLAGS = -O1 -fPIC
t_targets_tr_plugin_so_LDFLAGS = -shared

# Hard first instructions beyond ft-insns (SSE through %rip, indirect calls).
check_PROGRAMS += t/targets/tr-insns
t_targets_tr_insns_SOURCES = t/targets/tr-insns-main.c t/targets/tr-insns.S
TESTS += t/tracer/tr-insns.sh
EXTRA_DIST += t/tracer/tr-insns.sh

# pidtrace end to end (cmd/trace/, the glue over the pid provider).
PIDTRACE_SH_TESTS = t/tracer/pidtrace-count.sh t/tracer/pidtrace-dlopen.sh \
	t/tracer/pidtrace-misc.sh t/tracer/pidtrace-leveldown.sh \
	t/tracer/pidtrace-cpupin.sh t/tracer/pidtrace-cquote.sh
TESTS += $(PIDTRACE_SH_TESTS)
EXTRA_DIST += $(PIDTRACE_SH_TESTS)

# ctx-test: the fast path's context blocks running hand-written code.
check_PROGRAMS += t/tracer/ctx-test
t_tracer_ctx_test_SOURCES = t/tracer/ctx-test.c
t_tracer_ctx_test_LDADD = tracer/libtracer.a $(CSLOAD_LIBS) $(LIBUNWIND_PTRACE_LIBS)
