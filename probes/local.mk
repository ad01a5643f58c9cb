# probes: ELF symbols, /proc maps, the providers (provider.h) and their
# probes.
noinst_LIBRARIES += probes/libprobes.a
probes_libprobes_a_SOURCES = probes/elfsym.c probes/elfsym.h
probes_libprobes_a_SOURCES += probes/retsite.c probes/retsite.h
probes_libprobes_a_SOURCES += probes/modules.c probes/modules.h
probes_libprobes_a_SOURCES += probes/match.c probes/match.h
probes_libprobes_a_SOURCES += probes/pid.c probes/pid.h
probes_libprobes_a_SOURCES += probes/provider.c probes/provider.h
