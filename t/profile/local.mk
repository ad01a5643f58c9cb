# SPDX-License-Identifier: GPL-2.0-or-later
# t/profile: profile-N sampling, ustack() and its kin, folded stacks and
# the SVG flame graph, on purpose-built targets and on node.
check_PROGRAMS += t/targets/pf-split t/targets/libpf-split.so
t_targets_pf_split_SOURCES = t/targets/pf-split.cc
t_targets_pf_split_CXXFLAGS = -O1 -fno-inline
t_targets_pf_split_LDADD = t/targets/libpf-split.so
t_targets_pf_split_LDFLAGS = -Wl,-rpath,'$$ORIGIN'
t_targets_pf_split_DEPENDENCIES = t/targets/libpf-split.so
t_targets_libpf_split_so_SOURCES = t/targets/pf-lib.S
# its own flags: the targets stay plain under --enable-asan
t_targets_libpf_split_so_CFLAGS = -fPIC
t_targets_libpf_split_so_CCASFLAGS = -fPIC
t_targets_libpf_split_so_LDFLAGS = -shared -s -Wl,-soname,libpf-split.so

PROFILE_SH_TESTS = t/profile/split.sh t/profile/interrupt.sh t/profile/node.sh \
	t/profile/flamesvg.sh t/profile/syms.sh
TESTS += $(PROFILE_SH_TESTS)
EXTRA_DIST += $(PROFILE_SH_TESTS)

check_PROGRAMS += t/targets/pf-threads
t_targets_pf_threads_SOURCES = t/targets/pf-threads.c
t_targets_pf_threads_CFLAGS = -O1 -pthread
t_targets_pf_threads_LDFLAGS = -pthread
EXTRA_DIST += t/targets/pf-hot.js

# ustack() at syscall stops and through the vdso
check_PROGRAMS += t/targets/pf-stack
t_targets_pf_stack_SOURCES = t/targets/pf-stack.c
t_targets_pf_stack_CFLAGS = -O1 -fno-omit-frame-pointer
# plain under --enable-asan: its interceptor of read would be a frame
t_targets_pf_stack_LDFLAGS =
PROFILE_SH_TESTS += t/profile/sysstack.sh t/profile/vdso.sh t/profile/folded.sh

# perfmap-test: cmd/trace/addrsym.c's reading of /tmp/perf-PID.map.
check_PROGRAMS += t/profile/perfmap-test
TESTS += t/profile/perfmap-test
t_profile_perfmap_test_SOURCES = t/profile/perfmap-test.c \
	cmd/trace/addrsym.c
t_profile_perfmap_test_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(LIBELF_LIBS) $(LIBIBERTY_LIBS)

# funcbounds-test: cmd/trace/addrsym.c's functions' bounds, by a scan
# and by the sorted table, against the dynamic linker's symbols.
check_PROGRAMS += t/profile/funcbounds-test
TESTS += t/profile/funcbounds-test
t_profile_funcbounds_test_SOURCES = t/profile/funcbounds-test.c \
	cmd/trace/addrsym.c
t_profile_funcbounds_test_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(LIBELF_LIBS) $(LIBIBERTY_LIBS)
