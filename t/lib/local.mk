# SPDX-License-Identifier: GPL-2.0-or-later
# t/lib: lib/'s compiled helper, capstone loaded on first use
# (lib/csload.c): every entry point against the library, and the
# failures when it cannot be loaded (built to open a missing library, and
# one without capstone's names), and which runs of pidtrace map it.
check_PROGRAMS += t/lib/csload-test
TESTS += t/lib/csload-test
t_lib_csload_test_SOURCES = t/lib/csload-test.c t/check.h
t_lib_csload_test_LDADD = $(CSLOAD_LIBS)
t_lib_csload_test_CFLAGS = $(AM_CFLAGS) -pthread

check_PROGRAMS += t/lib/csload-nolib-test
TESTS += t/lib/csload-nolib-test
t_lib_csload_nolib_test_SOURCES = t/lib/csload-fail-test.c lib/csload.c
t_lib_csload_nolib_test_CPPFLAGS = $(AM_CPPFLAGS) \
	-DCSLOAD_SONAME='"libcapstone-absent.so.0"'

# The C library is always there and has no cs_open.
check_PROGRAMS += t/lib/csload-nosym-test
TESTS += t/lib/csload-nosym-test
t_lib_csload_nosym_test_SOURCES = t/lib/csload-fail-test.c lib/csload.c
t_lib_csload_nosym_test_CPPFLAGS = $(AM_CPPFLAGS) -DCSLOAD_NOSYM \
	-DCSLOAD_SONAME='"libc.so.6"'


# pidtrace with capstone's soname resolving to a library without it.
TESTS += t/lib/csload-absent.sh
EXTRA_DIST += t/lib/csload-absent.sh

# Which runs of pidtrace map capstone: a decoding one only.
TESTS += t/lib/csload-maps.sh
EXTRA_DIST += t/lib/csload-maps.sh
