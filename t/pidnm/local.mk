# SPDX-License-Identifier: GPL-2.0-or-later
# t/pidnm: tests of the pidnm area (listed in TESTS, targets in check_PROGRAMS)

# Targets: C++ and Rust-style names to list.
check_PROGRAMS += t/targets/cxxsyms t/targets/rustsyms
t_targets_cxxsyms_SOURCES = t/targets/cxxsyms.cc
t_targets_cxxsyms_CXXFLAGS = -O2 -g
t_targets_rustsyms_SOURCES = t/targets/rustsyms.c
t_targets_rustsyms_CFLAGS = -O2

# Unit tests of demangle/ and probes/elfsym on fixed inputs.
check_PROGRAMS += t/pidnm/demangle-test t/pidnm/elfsym-test
t_pidnm_demangle_test_SOURCES = t/pidnm/demangle-test.c t/check.h
t_pidnm_demangle_test_LDADD = demangle/libdemangle.a $(LIBIBERTY_LIBS)
t_pidnm_elfsym_test_SOURCES = t/pidnm/elfsym-test.c t/check.h
t_pidnm_elfsym_test_LDADD = probes/libprobes.a $(LIBELF_LIBS)

# Shell tests; oracle.sh is sourced by the oracle tests.
PIDNM_SH_TESTS = \
	t/pidnm/elfsym.sh \
	t/pidnm/oracle-system.sh \
	t/pidnm/oracle-targets.sh \
	t/pidnm/join.sh \
	t/pidnm/grep.sh \
	t/pidnm/leveldown.sh \
	t/pidnm/pid.sh \
	t/pidnm/bad-input.sh \
	t/pidnm/options.sh \
	t/pidnm/debug-file.sh
TESTS += t/pidnm/demangle-test $(PIDNM_SH_TESTS)
EXTRA_DIST += $(PIDNM_SH_TESTS) t/pidnm/oracle.sh

# leveldown.sh installs leveldown under t/node as a cache for later runs;
# only distclean removes it (make distcheck wants a clean tree).
distclean-local: distclean-pidnm-node
distclean-pidnm-node:
	-rm -rf t/node/node_modules t/node/package.json t/node/package-lock.json \
		t/node/.package-lock.json
.PHONY: distclean-pidnm-node
