# SPDX-License-Identifier: GPL-2.0-or-later
# t/usdt: USDT probes (.note.stapsdt): the unit test of probes/usdt.c and
# traced runs of our own sys/sdt.h targets and of Debian's programs.

check_PROGRAMS += t/probes/usdt-test
TESTS += t/probes/usdt-test
t_probes_usdt_test_SOURCES = t/probes/usdt-test.c
t_probes_usdt_test_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(CSLOAD_LIBS) $(LIBELF_LIBS) $(LIBIBERTY_LIBS)

# The targets: -O2 so that GCC picks every kind of operand; no
# sanitizers (AM_CFLAGS replaced): the notes are what is tested.
check_PROGRAMS += t/targets/usdt-args t/targets/usdt-lib.so
t_targets_usdt_args_SOURCES = t/targets/usdt-args.c t/targets/usdt-gated.c
t_targets_usdt_args_CFLAGS = -O2 -g
t_targets_usdt_args_LDFLAGS =
t_targets_usdt_args_LDADD = -ldl
t_targets_usdt_lib_so_SOURCES = t/targets/usdt-lib.c
t_targets_usdt_lib_so_CFLAGS = -O2 -fPIC
t_targets_usdt_lib_so_LDFLAGS = -shared

# uresolve: prints what pb_usdt_resolve makes of a description.
check_PROGRAMS += t/usdt/uresolve
t_usdt_uresolve_SOURCES = t/usdt/uresolve.c
t_usdt_uresolve_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(CSLOAD_LIBS) $(LIBELF_LIBS) $(LIBIBERTY_LIBS)

# A C++ program that throws a known number of times (libstdcxx:::throw).
check_PROGRAMS += t/targets/usdt-throw
t_targets_usdt_throw_SOURCES = t/targets/usdt-throw.cc
t_targets_usdt_throw_CXXFLAGS = -O2
t_targets_usdt_throw_LDFLAGS =

USDT_SH_TESTS = t/usdt/args.sh t/usdt/attach.sh t/usdt/dlopen.sh \
	t/usdt/errors.sh t/usdt/python.sh t/usdt/throw.sh \
	t/usdt/postgres.sh t/usdt/multi.sh
TESTS += $(USDT_SH_TESTS)
EXTRA_DIST += $(USDT_SH_TESTS) t/usdt/all-args.d

# Hand-written bad notes (t/usdt/errors.sh).
check_PROGRAMS += t/targets/usdt-bad
t_targets_usdt_bad_SOURCES = t/targets/usdt-bad.c
t_targets_usdt_bad_CFLAGS = -O2
t_targets_usdt_bad_LDFLAGS =
