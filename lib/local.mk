# SPDX-License-Identifier: GPL-2.0-or-later
# lib: helpers any stage may use without depending on another.  All but
# one are header-only; csload.c, capstone loaded on first use, is an
# archive of its own that everything decoding instructions links instead
# of -lcapstone.
noinst_LIBRARIES += lib/libcsload.a
lib_libcsload_a_SOURCES = lib/csload.c lib/csload.h
CSLOAD_LIBS = lib/libcsload.a
