# SPDX-License-Identifier: GPL-2.0-or-later
# t/probes: tests of the probes area (listed in TESTS, targets in check_PROGRAMS)

check_PROGRAMS += t/probes/retsite-test
TESTS += t/probes/retsite-test
t_probes_retsite_test_SOURCES = t/probes/retsite-test.c
t_probes_retsite_test_LDADD = probes/libprobes.a $(CSLOAD_LIBS) $(LIBELF_LIBS)

check_PROGRAMS += t/probes/modules-test
TESTS += t/probes/modules-test
t_probes_modules_test_SOURCES = t/probes/modules-test.c
t_probes_modules_test_LDADD = probes/libprobes.a $(LIBELF_LIBS)

check_PROGRAMS += t/probes/object-test
TESTS += t/probes/object-test
t_probes_object_test_SOURCES = t/probes/object-test.c
t_probes_object_test_LDADD = probes/libprobes.a $(LIBELF_LIBS)

# The C++ target of the resolution tests.  -O2 for real tail calls and
# .cold parts; no sanitizers (AM_CXXFLAGS is replaced on purpose): the
# tests compare its code with objdump's view of it.
check_PROGRAMS += t/targets/pb-kv
t_targets_pb_kv_SOURCES = t/targets/pb-kv.cc
t_targets_pb_kv_CXXFLAGS = -O2 -g
t_targets_pb_kv_LDFLAGS =

# resolve: prints what pb_pid_resolve makes of a description.
check_PROGRAMS += t/probes/resolve
t_probes_resolve_SOURCES = t/probes/resolve.c
t_probes_resolve_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(CSLOAD_LIBS) $(LIBELF_LIBS) $(LIBIBERTY_LIBS)

TESTS += t/probes/resolve-kv.sh
EXTRA_DIST += t/probes/resolve-kv.sh t/probes/sites.sh
TESTS += t/probes/resolve-system.sh t/probes/resolve-leveldown.sh
EXTRA_DIST += t/probes/resolve-system.sh t/probes/resolve-leveldown.sh

check_PROGRAMS += t/probes/match-test
TESTS += t/probes/match-test t/probes/match-leveldown.sh
EXTRA_DIST += t/probes/match-leveldown.sh
t_probes_match_test_SOURCES = t/probes/match-test.c
t_probes_match_test_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(LIBELF_LIBS) $(LIBIBERTY_LIBS)

check_PROGRAMS += t/probes/pid-test
TESTS += t/probes/pid-test
t_probes_pid_test_SOURCES = t/probes/pid-test.c
t_probes_pid_test_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(CSLOAD_LIBS) $(LIBELF_LIBS) $(LIBIBERTY_LIBS)

# provider-test: the pid provider through probes/provider.h.
check_PROGRAMS += t/probes/provider-test
TESTS += t/probes/provider-test
t_probes_provider_test_SOURCES = t/probes/provider-test.c
t_probes_provider_test_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(CSLOAD_LIBS) $(LIBELF_LIBS) $(LIBIBERTY_LIBS)

# The same target linked ET_EXEC: load bias 0.
check_PROGRAMS += t/targets/pb-kv-nopie
t_targets_pb_kv_nopie_SOURCES = t/targets/pb-kv.cc
t_targets_pb_kv_nopie_CXXFLAGS = -O2 -g -fno-pie
t_targets_pb_kv_nopie_LDFLAGS = -no-pie
TESTS += t/probes/resolve-kv-nopie.sh t/probes/resolve-deleted.sh
EXTRA_DIST += t/probes/resolve-kv-nopie.sh t/probes/resolve-deleted.sh

# PLT stubs (foo@plt): one C target linked the three ways Debian's gcc
# and ld lay out a PLT.  No sanitizers: the tests compare its stubs with
# objdump's and count its calls.
check_PROGRAMS += t/targets/pb-plt t/targets/pb-plt-nopie \
	t/targets/pb-plt-ibt
t_targets_pb_plt_SOURCES = t/targets/pb-plt.c
t_targets_pb_plt_CFLAGS = -O2
t_targets_pb_plt_LDFLAGS =
t_targets_pb_plt_nopie_SOURCES = t/targets/pb-plt.c
t_targets_pb_plt_nopie_CFLAGS = -O2 -fno-pie
t_targets_pb_plt_nopie_LDFLAGS = -no-pie
t_targets_pb_plt_ibt_SOURCES = t/targets/pb-plt.c
t_targets_pb_plt_ibt_CFLAGS = -O2 -fcf-protection
t_targets_pb_plt_ibt_LDFLAGS = -Wl,-z,ibtplt
TESTS += t/probes/plt-resolve.sh t/probes/plt-count.sh
EXTRA_DIST += t/probes/plt-resolve.sh t/probes/plt-count.sh

# Separate debug files (probes/debugfile.c) and what the pid provider and
# DWARF make of them: a C target built with -g, stripped copies made by
# the tests.  -O1: dw_local stays a function; no sanitizers (stripped
# copies are traced).
check_PROGRAMS += t/targets/dw-types t/probes/debugfile-test
t_targets_dw_types_SOURCES = t/targets/dw-types.c
t_targets_dw_types_CFLAGS = -O1 -g
t_targets_dw_types_LDFLAGS =
t_probes_debugfile_test_SOURCES = t/probes/debugfile-test.c
t_probes_debugfile_test_LDADD = probes/libprobes.a $(LIBELF_LIBS)
TESTS += t/probes/debugfile.sh t/probes/debugsyms.sh
EXTRA_DIST += t/probes/debugfile.sh t/probes/debugsyms.sh

# DWARF types (probes/dwarf.c): dwarf-test prints what it makes of a
# function; dw-cxx is the C++ target (a class with a std::string member,
# a template, a namespace).  The target without DWARF is a copy of
# dw-types made by strip -g in the test (CFLAGS may hold -g).
check_PROGRAMS += t/probes/dwarf-test t/targets/dw-cxx
t_probes_dwarf_test_SOURCES = t/probes/dwarf-test.c
t_probes_dwarf_test_LDADD = probes/libprobes.a $(LIBELF_LIBS)
t_targets_dw_cxx_SOURCES = t/targets/dw-cxx.cc
t_targets_dw_cxx_CXXFLAGS = -O1 -g
t_targets_dw_cxx_LDFLAGS =
TESTS += t/probes/dwarf-types.sh
EXTRA_DIST += t/probes/dwarf-types.sh

# The syscall provider's table, globs and return values, no process.
check_PROGRAMS += t/probes/syscall-test
TESTS += t/probes/syscall-test
t_probes_syscall_test_SOURCES = t/probes/syscall-test.c
t_probes_syscall_test_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(CSLOAD_LIBS) $(LIBELF_LIBS) $(LIBIBERTY_LIBS)

# Return probes through indirect jumps, and a function that has none:
# -O2 for the tail calls and the jump table.  No sanitizers: the tests
# compare its code with objdump's view of it.
check_PROGRAMS += t/targets/pb-ret
t_targets_pb_ret_SOURCES = t/targets/pb-ret.c t/targets/pb-ret-data.S
t_targets_pb_ret_CFLAGS = -O2 -g
t_targets_pb_ret_CCASFLAGS =
t_targets_pb_ret_LDFLAGS =
TESTS += t/probes/return-ind.sh
EXTRA_DIST += t/probes/return-ind.sh
TESTS += t/probes/return-real.sh
EXTRA_DIST += t/probes/return-real.sh

# Landing addresses of t/targets/fp-into (probes/brtarget.c).
check_PROGRAMS += t/probes/brtarget-test
TESTS += t/probes/brtarget-test
t_probes_brtarget_test_SOURCES = t/probes/brtarget-test.c
t_probes_brtarget_test_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(CSLOAD_LIBS) $(LIBELF_LIBS) $(LIBIBERTY_LIBS)

# The C library's landing scan begun ahead (probes/brtarget.c's
# prefetch) against the symbolizer's bounds and an on-demand scan.
check_PROGRAMS += t/probes/brtprefetch-test
TESTS += t/probes/brtprefetch-test
t_probes_brtprefetch_test_SOURCES = t/probes/brtprefetch-test.c \
	cmd/trace/addrsym.c
t_probes_brtprefetch_test_CFLAGS = $(AM_CFLAGS) -pthread
t_probes_brtprefetch_test_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(CSLOAD_LIBS) $(LIBELF_LIBS) $(LIBIBERTY_LIBS)
