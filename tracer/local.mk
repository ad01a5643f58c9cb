# SPDX-License-Identifier: GPL-2.0-or-later
# tracer: see the top Makefile.am
noinst_LIBRARIES += tracer/libtracer.a
tracer_libtracer_a_SOURCES = \
	tracer/tracer.h tracer/tr-impl.h \
	tracer/error.c tracer/mem.c tracer/bkpt.c tracer/insn.c \
	tracer/xol.c tracer/regs-x86_64.c tracer/thread.c \
	tracer/session.c tracer/loop.c tracer/counter.c tracer/syscall.c \
	tracer/unwind.c tracer/sample.c tracer/sigframe.c tracer/fault.c \
	tracer/inject.c tracer/sud.c
tracer_libtracer_a_SOURCES += tracer/fast/fast.h tracer/fast/tramp.c \
	tracer/fast/ring.c tracer/fast/clock.c tracer/fast/fastidx.c \
	tracer/fast/shstk.c tracer/fast/guard.c lib/grow.h lib/text.h
