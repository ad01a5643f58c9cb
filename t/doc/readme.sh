#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The command examples of README.md and the man pages that need no
# service: against the demo (one running as $TARGET_PID for the "-p"
# examples) and the test targets.  Asserts, for each: exit status 0, and
# the output the text shows, modulo pids, addresses and timings
# (t/doc/examples.py).
. "$top_srcdir/t/doc/doclib.sh"

spawn _kv 600 "$top_builddir/demo/kvdemo" 0 1000 >"$T/kv.out"
TARGET_PID=$(child_of "$_kv") || fail "no kvdemo"
_pt_pids="$_pt_pids $TARGET_PID"
DOC_WORKLOAD=true
export DOC_WORKLOAD
doc_run base
