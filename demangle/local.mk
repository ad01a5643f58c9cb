# SPDX-License-Identifier: GPL-2.0-or-later
# demangle: C++/Rust names as nm -C prints them, cached; glob matching.
noinst_LIBRARIES += demangle/libdemangle.a
demangle_libdemangle_a_SOURCES = demangle/demangle.c demangle/demangle.h
