# The programs: each main() wires the stages together.
bin_PROGRAMS += pidtrace
pidtrace_SOURCES = cmd/pidtrace.c
pidtrace_LDADD = dsl/libdsl.a
dist_man_MANS += man/pidtrace.1
