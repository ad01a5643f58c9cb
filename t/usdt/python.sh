#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Debian's python3.11 carries USDT probes (.note.stapsdt; every one with
# a semaphore).  Asserts: gc-start fires once per gc.collect() of the
# script (generation 2, counted until the import of colorsys, which
# import-find-load-start reports by name), gc-done once after each, and
# function-entry reads its file and function names with copyinstr.
# CPython 3.11 fires function-entry only for a few frames (generators
# and lambdas entered from C: cpython issue gh-98894), so the assertion
# is on the ones it fires at every start, in getpath.  The absolute path:
# a pyenv python3.11 may come first in PATH, without the notes.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
PY=/usr/bin/python3.11
[ -x "$PY" ] || skip "$PY is not installed (Debian's python3.11)"
readelf -n "$PY" 2>/dev/null | grep -q 'Provider: python' ||
	skip "$PY has no .note.stapsdt (built without --with-dtrace)"

cat >"$T/gc.py" <<'PYEOF'
import gc, sys
gc.disable()
n = int(sys.argv[1])
for i in range(n):
    gc.collect()
import colorsys
print("collected", n)
PYEOF

for n in 3 11; do
	bounded 60 "$PIDTRACE" -q -n '
	int done;	/* read before the clause that sets it, as D requires */
	python$target:::gc-start /arg0 == 2 && !done/ { @gc = count(); self->in = 1; }
	python$target:::gc-done /self->in/ { @done = count(); self->in = 0; }
	python$target:::import-find-load-start /copyinstr(arg0) == "colorsys"/ { done = 1; }
	python$target:::function__entry /copyinstr(arg1) == "<genexpr>"/ {
		@f[copyinstr(arg0), copyinstr(arg1)] = count(); }
	END { printa("gc-start %@d\n", @gc); printa("gc-done %@d\n", @done);
	      printa("entry %s %s %@d\n", @f); }' \
		-c "$PY $T/gc.py $n" >"$T/out" 2>"$T/err" ||
		fail "pidtrace: $(cat "$T/err")"
	cat "$T/out" "$T/err"
	grep -q "^collected $n\$" "$T/out" || fail "python's own output"
	grep -q "^gc-start $n\$" "$T/out" || fail "gc-start count"
	grep -q "^gc-done $n\$" "$T/out" || fail "gc-done count"
	grep -q '^entry <frozen getpath> <genexpr> 2$' "$T/out" ||
		fail "function-entry with copyinstr"
done

# the probes as resolved without tracing (t/usdt/uresolve): named after
# the pid, in python3.11, every one with a semaphore, __ shown as -
mkfifo "$T/pin"
spawn _py 60 sh -c 'exec "$0" -c "import sys; print(\"ready\", flush=True); sys.stdin.read()" <"$1" >"$2"' \
	"$PY" "$T/pin" "$T/pout"
exec 4>"$T/pin"
wait_for "$T/pout" '^ready'
PP=$(child_of "$_py") || fail "no python pid"
"$top_builddir/t/usdt/uresolve" "$PP" 'python*:::' >"$T/res" || fail "uresolve: $(cat "$T/res")"
cat "$T/res"
grep -qx "python$PP python3.11 - function-entry 3 sem=1" "$T/res" || fail "function-entry"
grep -qx "python$PP python3.11 - gc-start 1 sem=1" "$T/res" || fail "gc-start"
[ "$(grep -c ' sem=1$' "$T/res")" = "$(grep -c "^python$PP " "$T/res")" ] || fail "semaphores"
exec 4>&-

# -c of a #! script that execs python: the description waits for the
# exec (no -Z needed, as for pid probes), and the semaphore is raised in
# the new image before its main.
printf '#!/bin/sh\nexec %s "$@"\n' "$PY" >"$T/run.sh"
chmod +x "$T/run.sh"
bounded 60 "$PIDTRACE" -q -n '
	int done;
	python$target:::gc-start /arg0 == 2 && !done/ { @gc = count(); }
	python$target:::import-find-load-start /copyinstr(arg0) == "colorsys"/ { done = 1; }
	END { printa("gc-start %@d\n", @gc); }' \
	-c "$T/run.sh $T/gc.py 6" >"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/out" "$T/err"
grep -q '^gc-start 6$' "$T/out" || fail "gc-start through a #! script"
[ -s "$T/err" ] && fail "stderr: $(cat "$T/err")"
exit 0
