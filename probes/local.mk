# probes: ELF symbols, /proc maps, the pid provider's probe sites.
noinst_LIBRARIES += probes/libprobes.a
probes_libprobes_a_SOURCES = probes/elfsym.c probes/elfsym.h
