# SPDX-License-Identifier: GPL-2.0-or-later
# t/pid: the pid provider as dtrace's own tests define it: aliases, the
# offsets of an empty or globbed name, provider globs, many processes, a
# -c whose probes match nothing, -F.  Targets: t/targets/pd-*.
check_PROGRAMS += t/targets/pd-many
t_targets_pd_many_SOURCES = t/targets/pd-many.c
t_targets_pd_many_CFLAGS = -O1 -g
t_targets_pd_many_LDFLAGS =
check_PROGRAMS += t/targets/pd-prog
t_targets_pd_prog_SOURCES = t/targets/pd-prog.c
t_targets_pd_prog_CFLAGS = -O1 -g
t_targets_pd_prog_LDFLAGS =

PID_SH_TESTS = t/pid/many-p.sh t/pid/errtags.sh t/pid/nomatch-c.sh t/pid/alias.sh t/pid/offsets.sh t/pid/provglob.sh t/pid/sigconst.sh t/pid/emptystack.sh t/pid/flowindent.sh
TESTS += $(PID_SH_TESTS)
EXTRA_DIST += $(PID_SH_TESTS)
