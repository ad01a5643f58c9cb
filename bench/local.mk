# SPDX-License-Identifier: GPL-2.0-or-later
# bench: benchmarks run by hand (never by make check); each prints a
# ratio against a peer or a floor.
EXTRA_DIST += bench/pidnm.sh bench/firing.sh bench/profile.sh
# bench/lib.sh: what the shell benchmarks source (CPU from /proc, ...).
EXTRA_DIST += bench/lib.sh bench/inproc.sh bench/put.sh
# bench/go.sh builds its Go target itself.
EXTRA_DIST += bench/go.sh bench/go-add.go

# bench/eval: ns per firing of D clauses.
noinst_PROGRAMS += bench/eval
bench_eval_SOURCES = bench/eval.c
bench_eval_LDADD = $(DSL_LIBS) $(JSON_C_LIBS)
bench_eval_CFLAGS = $(AM_CFLAGS) -O2

# bench/overhead: its target and the bare ptrace floor.
noinst_PROGRAMS += bench/work bench/floor
bench_work_SOURCES = bench/work.c
bench_work_CFLAGS = $(AM_CFLAGS) -O2
bench_floor_SOURCES = bench/floor.c
bench_floor_CFLAGS = $(AM_CFLAGS) -O2
EXTRA_DIST += bench/overhead bench/overhead-leveldown.sh bench/attach.sh
EXTRA_DIST += bench/usdt-attach.sh bench/scale.sh

# bench/aggmem: bytes per aggregation key.
noinst_PROGRAMS += bench/aggmem
bench_aggmem_SOURCES = bench/aggmem.c
bench_aggmem_LDADD = $(DSL_LIBS) $(JSON_C_LIBS)
bench_aggmem_CFLAGS = $(AM_CFLAGS) -O2

# bench/metrics-render: the tracing thread's cost of a Prometheus
# rendering; bench/metrics.sh: the cost of a scrape, against node_exporter.
noinst_PROGRAMS += bench/metrics-render
bench_metrics_render_SOURCES = bench/metrics-render.c cmd/metrics.c
bench_metrics_render_LDADD = $(DSL_LIBS) $(JSON_C_LIBS)
bench_metrics_render_CFLAGS = $(AM_CFLAGS) -O2 -pthread
EXTRA_DIST += bench/metrics.sh

# bench/syscall.sh: a syscall's cost under the syscall provider, against
# strace and perf trace (or bpftrace); its target makes getppid calls.
noinst_PROGRAMS += bench/sysloop
bench_sysloop_SOURCES = bench/sysloop.c
bench_sysloop_CFLAGS = $(AM_CFLAGS) -O2
EXTRA_DIST += bench/syscall.sh bench/sysloop-go.go
# bench/pgbench.sh: syscall:::entry count() on a PostgreSQL backend
# under pgbench, against untraced, strace -c and the stop path.
EXTRA_DIST += bench/pgbench.sh

# bench/follow.sh: a fork-heavy shell under -x follow, against strace -f.
EXTRA_DIST += bench/follow.sh

# bench/latency: a function of known duration, measured by the README's
# latency script under pidtrace and bpftrace.
noinst_PROGRAMS += bench/spin
bench_spin_SOURCES = bench/spin.c
bench_spin_CFLAGS = $(AM_CFLAGS) -O2 -fno-omit-frame-pointer
EXTRA_DIST += bench/latency bench/fastpath.sh

# bench/jit: a firing's clauses as code in the traced thread, against
# the interpreter's cost of the same firing from a record.
noinst_PROGRAMS += bench/jit
bench_jit_SOURCES = bench/jit.c t/inproc/harness.c t/inproc/harness.h
bench_jit_LDADD = $(DSL_LIBS) $(JSON_C_LIBS) -lpthread
bench_jit_CFLAGS = $(AM_CFLAGS) -O2
