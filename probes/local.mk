# probes: see the top Makefile.am
noinst_LIBRARIES += probes/libprobes.a
probes_libprobes_a_SOURCES =
probes_libprobes_a_SOURCES += probes/retsite.c probes/retsite.h
probes_libprobes_a_SOURCES += probes/modules.c probes/modules.h
