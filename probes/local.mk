# SPDX-License-Identifier: GPL-2.0-or-later
# probes: ELF symbols, /proc maps, the providers (provider.h) and their
# probes.
noinst_LIBRARIES += probes/libprobes.a
probes_libprobes_a_SOURCES = probes/elfsym.c probes/elfsym.h
probes_libprobes_a_SOURCES += probes/retsite.c probes/retsite.h
probes_libprobes_a_SOURCES += probes/lsda.c probes/lsda.h
probes_libprobes_a_SOURCES += probes/cfa.c probes/cfa.h
probes_libprobes_a_SOURCES += probes/brtarget.c probes/brtarget.h
probes_libprobes_a_SOURCES += probes/modules.c probes/modules.h
probes_libprobes_a_SOURCES += probes/match.c probes/match.h
probes_libprobes_a_SOURCES += probes/object.c probes/object.h
probes_libprobes_a_SOURCES += probes/pid.c probes/pid.h
# The loader's r_brk: where dlopen and dlclose are seen.
probes_libprobes_a_SOURCES += probes/rtld.c probes/rtld.h
probes_libprobes_a_SOURCES += probes/provider.c probes/provider.h
probes_libprobes_a_SOURCES += probes/usdt.c probes/usdt.h
probes_libprobes_a_SOURCES += probes/debugfile.c probes/debugfile.h
probes_libprobes_a_SOURCES += probes/dwarf.c probes/dwarf.h lib/grow.h \
	lib/radix.h
# Calling conventions (System V, Go's two) and Go's function table.
probes_libprobes_a_SOURCES += probes/abi.c probes/abi.h
probes_libprobes_a_SOURCES += probes/gosym.c probes/gosym.h
# A process's own view of files (containers: /proc/PID/root).
probes_libprobes_a_SOURCES += probes/procns.c probes/procns.h

# The syscall provider; its table is made from the installed kernel
# headers at build time (tools/gen-syscalls.sh), never typed by hand.
probes_libprobes_a_SOURCES += probes/syscall.c probes/syscall.h
probes/syscall.$(OBJEXT): probes/syscalls.h
probes/syscalls.h: $(top_srcdir)/tools/gen-syscalls.sh
	$(AM_V_GEN)$(MKDIR_P) probes && \
	$(SHELL) $(top_srcdir)/tools/gen-syscalls.sh "$(CC) -E" >$@.tmp && \
	mv $@.tmp $@
CLEANFILES += probes/syscalls.h
EXTRA_DIST += tools/gen-syscalls.sh
probes_libprobes_a_SOURCES += probes/profile.c probes/profile.h
# dtrace:::BEGIN, END, ERROR.
probes_libprobes_a_SOURCES += probes/dtrace.c
# The vDSO, parsed from the tracee's memory (stack frames in it).
probes_libprobes_a_SOURCES += probes/vdso.c probes/vdso.h
