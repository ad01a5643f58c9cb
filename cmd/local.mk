# SPDX-License-Identifier: GPL-2.0-or-later
# The programs: thin mains over the stages, and the glue between them.

# libtrace: the glue between the tracer, the providers and the D runtime
# (cmd/trace/run.c names its files and stages).
noinst_LIBRARIES += cmd/trace/libtrace.a
cmd_trace_libtrace_a_SOURCES = cmd/trace/trace.h cmd/trace/impl.h \
	cmd/trace/proc.c cmd/trace/enable.c cmd/trace/arm.c \
	cmd/trace/fire.c cmd/trace/host.c cmd/trace/run.c \
	cmd/trace/reg.c cmd/trace/list.c cmd/trace/index.c \
	cmd/trace/trace.c cmd/trace/report.c cmd/trace/inproc.c \
	cmd/trace/outring.c \
	cmd/trace/addrsym.c cmd/trace/addrsym.h cmd/trace/dwtypes.c \
	lib/fnv.h lib/text.h lib/strpack.h lib/radix.h
TRACE_LIBS = cmd/trace/libtrace.a $(DSL_LIBS) tracer/libtracer.a \
	probes/libprobes.a $(JSON_C_LIBS) demangle/libdemangle.a \
	$(CSLOAD_LIBS) $(LIBELF_LIBS) $(LIBIBERTY_LIBS) \
	$(LIBUNWIND_PTRACE_LIBS)

# pidnm: nm for pidtrace users (joins mangled and demangled names, reads
# a running process's modules).
bin_PROGRAMS += pidnm
pidnm_SOURCES = cmd/pidnm.c cmd/nmsort.c cmd/nmsort.h cmd/nmout.c cmd/nmout.h
pidnm_CFLAGS = $(AM_CFLAGS) -pthread
pidnm_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(LIBELF_LIBS) $(LIBIBERTY_LIBS)
dist_man_MANS += man/pidnm.1

# pidtrace: dtrace's command line over the glue; cmd/metrics.c is its
# Prometheus exporter (libmicrohttpd opened only for -x metrics), cmd/cpp.c
# runs the C preprocessor for -C.
bin_PROGRAMS += pidtrace
pidtrace_SOURCES = cmd/pidtrace.c cmd/metrics.c cmd/metrics.h \
	cmd/cpp.c cmd/cpp.h
pidtrace_CFLAGS = $(AM_CFLAGS) -pthread
pidtrace_LDADD = $(TRACE_LIBS)
dist_man_MANS += man/pidtrace.1
