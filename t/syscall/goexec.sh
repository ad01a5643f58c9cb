#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# goexec: Go's vfork children under syscall probes keyed by Go's
# m.procid.  t/targets/sc-goexec.go (built here with Debian's go,
# offline): a goroutine locked to its thread makes K rounds of N getppid
# calls and a run of /bin/true from "/"; Go's vfork child borrows its
# parent's M, so its patched sites take the parent's key, and calls
# chdir there before its exec.  The child is not the target (no -x
# follow): no probe fires in it, as dtrace's syscall::chdir:entry
# /pid == $target/ counts nothing.
# Asserts, under -c on the fast path:
#  - @[tid] count() at getppid's entry is the thread's own count, as the
#    program prints it, and no other thread's;
#  - chdir's entry fired never: the child's firings, keyed as its
#    parent, did nothing (muted under the parent's tid);
#  - every run of /bin/true succeeded, and -v says the key was Go's.
. "$top_srcdir/t/syscall/sclib.sh"
need_sud
go_target sc-goexec
[ -x /bin/true ] || skip "no /bin/true"

K=20 N=5000
D='syscall::getppid:entry { @g[tid] = count(); }
   syscall::chdir:entry { @c = count(); }
   END { printa("pt tid %d getppid %@d\n", @g); printa("pt chdir %@d\n", @c); }'
bounded 120 "$PIDTRACE" -v -q -n "$D" -c "$GO_BIN $K $N" >"$T/out" \
    2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/out" "$T/err"
grep -qx "runs $K" "$T/out" || fail "the runs: $(cat "$T/out")"
grep '^tid ' "$T/out" >"$T/mine"
grep -qx "tid [0-9]* getppid $((K * N))" "$T/mine" ||
	fail "the program's count: $(cat "$T/out")"
sed -n 's/^pt tid /tid /p' "$T/out" >"$T/got"
same_output "$T/mine" "$T/got"
grep '^pt chdir' "$T/out" && fail "chdir fired in the vfork child"
grep -q "the thread key: Go's m.procid (gettid until it is set)\$" \
    "$T/err" || fail "not Go's key: $(cat "$T/err")"
say "ok: $((K * N)) getppid calls counted for their thread, $K vfork children silent"
