# The programs: each main() wires the stages together.

# pidnm: nm for pidtrace users (joins mangled and demangled names, reads
# a running process's modules).
bin_PROGRAMS += pidnm
pidnm_SOURCES = cmd/pidnm.c
pidnm_CFLAGS = $(AM_CFLAGS) -pthread
pidnm_LDADD = probes/libprobes.a demangle/libdemangle.a \
	$(LIBELF_LIBS) $(LIBIBERTY_LIBS)

bin_PROGRAMS += pidtrace
pidtrace_SOURCES = cmd/pidtrace.c
pidtrace_LDADD = dsl/libdsl.a
dist_man_MANS += man/pidtrace.1
dist_man_MANS += man/pidnm.1
