# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath: acceptance tests of the fast path, mode-agnostic:
# they pass on the int3 path and judge the fast path.  The *-int3.sh
# wrappers run the main ones again with -x fastpath=off, the
# *-record.sh ones with -x fastpath=record (no clause in the process).
check_PROGRAMS += t/targets/fp-load t/targets/fp-asm t/targets/fp-unwind
check_PROGRAMS += t/targets/fp-sigframe t/targets/fp-lpad t/targets/fp-into
check_PROGRAMS += t/targets/fp-unseen t/targets/fp-tls t/targets/fp-altstack
check_PROGRAMS += t/targets/fp-jtab t/targets/fp-jtab-nopie
check_PROGRAMS += t/targets/fp-call t/targets/fp-call-nopie
check_PROGRAMS += t/targets/fp-inl
# Copies of functions gcc inlined (-O2 -g), laid out without alignment
# padding so a loop's head follows its copy's first instruction; no
# sanitizer, whose checks would change the code around them.
t_targets_fp_inl_SOURCES = t/targets/fp-inl.c t/targets/fp-proto.h
t_targets_fp_inl_CFLAGS = $(WARN_CFLAGS) -O2 -g -fno-align-loops \
	-fno-align-jumps -fno-align-labels
t_targets_fp_inl_LDFLAGS =
# Two static fi_s with a .cold part each, one holding an inlined copy.
check_PROGRAMS += t/targets/fp-inl2
t_targets_fp_inl2_SOURCES = t/targets/fp-inl2.c t/targets/fp-inl2b.c \
	t/targets/fp-proto.h
t_targets_fp_inl2_CFLAGS = $(WARN_CFLAGS) -O2 -g
t_targets_fp_inl2_LDFLAGS =
check_PROGRAMS += t/targets/fp-brk t/targets/fp-brk-nopie t/targets/fp-reach
check_PROGRAMS += t/targets/fp-stackroom
# A heap grown by sbrk(), PIE and not.  No sanitizer (its run time maps
# and allocates on its own), no endbr64: fb_step's first instruction is
# one the int3 path runs out of line.
t_targets_fp_brk_SOURCES = t/targets/fp-brk.c t/targets/fp-proto.h
t_targets_fp_brk_CFLAGS = $(WARN_CFLAGS) -O1 -fcf-protection=none
t_targets_fp_brk_LDFLAGS =
t_targets_fp_brk_nopie_SOURCES = t/targets/fp-brk.c t/targets/fp-proto.h
t_targets_fp_brk_nopie_CFLAGS = $(WARN_CFLAGS) -O1 -fcf-protection=none \
	-fno-pie
t_targets_fp_brk_nopie_LDFLAGS = -no-pie
# No free address below the heap, non-PIE; no sanitizer, whose run time
# maps in the ranges the target reserves.
t_targets_fp_reach_SOURCES = t/targets/fp-reach.c t/targets/fp-proto.h \
	t/targets/fp-reserve.h
t_targets_fp_reach_CFLAGS = $(WARN_CFLAGS) -O1 -fcf-protection=none \
	-fno-pie
t_targets_fp_reach_LDFLAGS = -no-pie
# Nothing free near libc but the main stack's room; no sanitizer, for
# the same reason.
t_targets_fp_stackroom_SOURCES = t/targets/fp-stackroom.c \
	t/targets/fp-proto.h t/targets/fp-reserve.h
t_targets_fp_stackroom_CFLAGS = $(WARN_CFLAGS) -O1
# Calls among the bytes an entry jump replaces, PIE and not.
t_targets_fp_call_SOURCES = t/targets/fp-call-main.c t/targets/fp-call.S \
	t/targets/fp-proto.h
t_targets_fp_call_nopie_SOURCES = t/targets/fp-call-main.c \
	t/targets/fp-call.S t/targets/fp-proto.h
t_targets_fp_call_nopie_CFLAGS = $(AM_CFLAGS) -fno-pie
t_targets_fp_call_nopie_CCASFLAGS = -fno-pie
t_targets_fp_call_nopie_LDFLAGS = -no-pie
# Switches compiled to jump tables (-O2), PIC and not (Debian's node is
# not); no sanitizer, whose checks would change the code around them.
t_targets_fp_jtab_SOURCES = t/targets/fp-jtab-main.c t/targets/fp-jtab.S \
	t/targets/fp-proto.h t/targets/fp-drive.h
t_targets_fp_jtab_CFLAGS = $(WARN_CFLAGS) -O2
t_targets_fp_jtab_LDFLAGS =
t_targets_fp_jtab_nopie_SOURCES = t/targets/fp-jtab-main.c t/targets/fp-jtab.S \
	t/targets/fp-proto.h t/targets/fp-drive.h
t_targets_fp_jtab_nopie_CFLAGS = $(WARN_CFLAGS) -O2 -fno-pie
t_targets_fp_jtab_nopie_CCASFLAGS = -fno-pie
t_targets_fp_jtab_nopie_LDFLAGS = -no-pie
# Raw clone threads with fs bases of their own run no C library code: no
# sanitizer (its run time wants its TLS), no stack protector (the canary
# is read at %fs:0x28).
t_targets_fp_tls_SOURCES = t/targets/fp-tls.c
t_targets_fp_tls_CFLAGS = $(WARN_CFLAGS) -O1 -fno-stack-protector -pthread
t_targets_fp_tls_LDFLAGS = -pthread
t_targets_fp_unseen_SOURCES = t/targets/fp-unseen-main.c t/targets/fp-unseen.S \
	t/targets/fp-proto.h
# No sanitizer: ASan's handler would turn the death that unseen.sh
# checks into an exit.
t_targets_fp_unseen_CFLAGS = $(WARN_CFLAGS)
t_targets_fp_unseen_LDFLAGS =
t_targets_fp_into_SOURCES = t/targets/fp-into-main.c t/targets/fp-into.S \
	t/targets/fp-proto.h
t_targets_fp_lpad_SOURCES = t/targets/fp-lpad-main.cc t/targets/fp-lpad.S \
	t/targets/fp-proto.h
t_targets_fp_lpad_CXXFLAGS = -O1
t_targets_fp_sigframe_SOURCES = t/targets/fp-sigframe.c t/targets/fp-proto.h
# A thread on a 32 KB stack of its own: no sanitizer (its run time wants
# more stack, and a signal stack of its own).
t_targets_fp_altstack_SOURCES = t/targets/fp-altstack.c t/targets/fp-proto.h
t_targets_fp_altstack_CFLAGS = $(WARN_CFLAGS) -O1 -pthread
t_targets_fp_altstack_LDFLAGS = -pthread
t_targets_fp_load_SOURCES = t/targets/fp-load.c t/targets/fp-proto.h
t_targets_fp_load_CFLAGS = -O1 -fno-inline -pthread
t_targets_fp_load_LDFLAGS = -pthread
t_targets_fp_asm_SOURCES = t/targets/fp-asm-main.c t/targets/fp-asm.S \
	t/targets/fp-proto.h t/targets/fp-drive.h
t_targets_fp_unwind_SOURCES = t/targets/fp-unwind.cc t/targets/fp-proto.h
t_targets_fp_unwind_CXXFLAGS = -O1 -fno-inline -pthread
t_targets_fp_unwind_LDFLAGS = -pthread

EXTRA_DIST += t/fastpath/fplib.sh t/targets/fp-go.go t/targets/fp-gokey.go \
	t/targets/fp-goargs.go
FASTPATH_SH_TESTS = \
	t/fastpath/asm.sh t/fastpath/asm-int3.sh t/fastpath/asm-record.sh \
	t/fastpath/threads.sh t/fastpath/threads-int3.sh \
	t/fastpath/threads-record.sh \
	t/fastpath/unwind.sh t/fastpath/unwind-int3.sh \
	t/fastpath/unwind-record.sh \
	t/fastpath/signals.sh t/fastpath/signals-int3.sh \
	t/fastpath/signals-record.sh \
	t/fastpath/fork.sh t/fastpath/fork-int3.sh t/fastpath/fork-record.sh \
	t/fastpath/vfrel.sh t/fastpath/vfrel-int3.sh t/fastpath/vfrel-record.sh \
	t/fastpath/endings.sh t/fastpath/endings-int3.sh \
	t/fastpath/endings-record.sh \
	t/fastpath/ring.sh t/fastpath/vcount.sh \
	t/fastpath/shstk.sh t/fastpath/shstk-real.sh \
	t/fastpath/go.sh t/fastpath/go-int3.sh t/fastpath/go-record.sh \
	t/fastpath/sigframe.sh \
	t/fastpath/altstack.sh \
	t/fastpath/dlopen.sh t/fastpath/dlopen-int3.sh \
	t/fastpath/dlopen-record.sh \
	t/fastpath/lpad.sh t/fastpath/lpad-int3.sh t/fastpath/lpad-record.sh \
	t/fastpath/into.sh t/fastpath/into-int3.sh t/fastpath/into-record.sh \
	t/fastpath/require.sh t/fastpath/unseen.sh t/fastpath/gokey.sh \
	t/fastpath/goargs.sh t/fastpath/goargs-int3.sh \
	t/fastpath/goargs-record.sh \
	t/fastpath/tls.sh \
	t/fastpath/jtab.sh t/fastpath/jtab-int3.sh \
	t/fastpath/call.sh t/fastpath/call-int3.sh t/fastpath/call-record.sh \
	t/fastpath/inline.sh t/fastpath/inline-int3.sh \
	t/fastpath/inline-amb.sh \
	t/fastpath/brk.sh t/fastpath/brk-int3.sh t/fastpath/brk-reach.sh \
	t/fastpath/stack-room.sh
TESTS += $(FASTPATH_SH_TESTS)
EXTRA_DIST += $(FASTPATH_SH_TESTS)
CLEANFILES += t/targets/fp-go t/targets/fp-goargs

# The ring's consumer alone, producers played by hand (no process).
check_PROGRAMS += t/fastpath/ring-test
TESTS += t/fastpath/ring-test
t_fastpath_ring_test_SOURCES = t/fastpath/ring-test.c tracer/fast/ring.c \
	tracer/fast/fast.h t/check.h

# The reading of a status file for a shadow stack (x86 CET).
check_PROGRAMS += t/fastpath/shstk-test
TESTS += t/fastpath/shstk-test
t_fastpath_shstk_test_SOURCES = t/fastpath/shstk-test.c \
	tracer/fast/shstk.c tracer/fast/fast.h t/check.h
