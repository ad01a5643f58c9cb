#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# names.sh: the glue's names, read with nm from the library the build
# made (doc/STYLE.md: a name that crosses files is <module>_<file>_...).
# Asserts that every global cmd/trace/libtrace.a defines is trace_FILE
# or trace_FILE_... of its own FILE.c (trace.c's are trace_..., none
# taking another file's name), so a function in the wrong file shows in
# its name; and that the glue names no provider (no pb_pid_ symbol is
# needed, as grep finds no "pid" provider name in cmd/).  Control: the
# lists hold what is known to be there.
. "$top_srcdir/t/lib.sh"

NM=${NM:-nm}
LIB=$top_builddir/cmd/trace/libtrace.a
command -v "$NM" >/dev/null 2>&1 || skip "no nm (binutils)"
[ -f "$LIB" ] || fail "cmd/trace/libtrace.a not built"

# "FILE SYMBOL" per line, FILE the member's source (fire.o is fire.c);
# names starting with _ or . are the compiler's, not ours.
syms()
{
	"$NM" -P -A "$@" | sed -n \
	    's/^[^[]*\[\([^]]*\)\.o\]: \([A-Za-z][^ ]*\) .*$/\1 \2/p'
}
syms -g --defined-only "$LIB" >"$T/def" || fail "nm $LIB"
syms -u "$LIB" >"$T/use" || fail "nm -u $LIB"
grep -qx 'fire trace_fire' "$T/def" || fail "no trace_fire in fire.o"
grep -qx 'proc trace_proc_grab' "$T/def" || fail "no trace_proc_grab"
grep -qx 'trace trace_new' "$T/def" || fail "no trace_new in trace.o"
grep -qx 'fire dsl_eval_fire' "$T/use" || fail "fire.o's dsl_eval_fire"

files=$(cut -d' ' -f1 "$T/def" | sort -u)
say "every exported name is trace_FILE or trace_FILE_... of its file"
while read -r file sym; do
	case $sym in
	trace_"$file"|trace_"$file"_*) continue ;;
	esac
	if [ "$file" = trace ]; then
		# trace.c's: trace_..., but no other file's prefix
		other=
		for f in $files; do
			case $sym in trace_"$f"|trace_"$f"_*) other=$f ;; esac
		done
		case $sym in trace_*) [ -z "$other" ] && continue ;; esac
	fi
	echo "$file.c defines $sym"
done <"$T/def" >"$T/bad"
[ -s "$T/bad" ] && fail "misplaced names:
$(cat "$T/bad")"

say "the glue needs no provider of its own naming"
grep -E ' pb_(pid|usdt|syscall|profile|dtrace)_' "$T/use" >"$T/prov"
[ -s "$T/prov" ] && fail "the glue reaches a provider by name:
$(cat "$T/prov")"
exit 0
