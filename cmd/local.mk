# SPDX-License-Identifier: GPL-2.0-or-later
# The programs: each main() wires the stages together.

# pidnm: nm for pidtrace users (joins mangled and demangled names, reads
# a running process's modules).
bin_PROGRAMS += pidnm
pidnm_SOURCES = cmd/pidnm.c
pidnm_CFLAGS = $(AM_CFLAGS) -pthread
pidnm_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(LIBELF_LIBS) $(LIBIBERTY_LIBS)
dist_man_MANS += man/pidnm.1

# pidtrace: the D front end over the providers; cmd/trace.c is the glue
# between the tracer and the process providers (probes/provider.h).
bin_PROGRAMS += pidtrace
pidtrace_SOURCES = cmd/pidtrace.c cmd/trace.c cmd/trace.h \
	cmd/addrsym.c cmd/addrsym.h cmd/metrics.c cmd/metrics.h
# args[] typed from DWARF while compiling
pidtrace_SOURCES += cmd/dwtypes.c cmd/dwtypes.h
pidtrace_CFLAGS = $(AM_CFLAGS) -pthread
pidtrace_LDADD = $(DSL_LIBS) tracer/libtracer.a probes/libprobes.a \
	$(JSON_C_LIBS) $(LIBMICROHTTPD_LIBS) \
	demangle/libdemangle.a $(CAPSTONE_LIBS) $(LIBELF_LIBS) \
	$(LIBIBERTY_LIBS) $(LIBUNWIND_PTRACE_LIBS)
dist_man_MANS += man/pidtrace.1
