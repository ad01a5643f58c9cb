# SPDX-License-Identifier: GPL-2.0-or-later
# layers.sh: dsl/'s layering and names, read with nm from the libraries
# the build made (doc/STYLE.md).  Asserts that no object of the runtime
# (dsl/libdslrt.a) needs a symbol the compiler (dsl/libdslcc.a) defines,
# so a runtime links without a compiler; that every global an object
# defines is dsl_FILE or dsl_FILE_... for its own FILE.c, so a function
# in the wrong file shows in its name; and that a header's inline
# functions carry the header's name.  Control: the compiler does call the
# runtime, and the same check finds it.
. "$top_srcdir/t/lib.sh"

NM=${NM:-nm}
RTLIB=$top_builddir/dsl/libdslrt.a
CCLIB=$top_builddir/dsl/libdslcc.a
command -v "$NM" >/dev/null 2>&1 || skip "no nm (binutils)"
[ -f "$RTLIB" ] && [ -f "$CCLIB" ] || fail "dsl libraries not built"

# "FILE SYMBOL" per line, FILE the source file of the archive member
# (libdslrt_a-eval.o is eval.c).  Names starting with _ or . are the
# compiler's (sanitizers, string literals), not ours.
syms()
{
	"$NM" -P -A "$@" | sed -n \
	    's/^[^[]*\[[^]-]*-\([^]]*\)\.o\]: \([A-Za-z][^ ]*\) .*$/\1 \2/p'
}
syms -g --defined-only "$RTLIB" >"$T/rt.def" || fail "nm $RTLIB"
syms -g --defined-only "$CCLIB" >"$T/cc.def" || fail "nm $CCLIB"
syms -u "$RTLIB" >"$T/rt.use" || fail "nm -u $RTLIB"
syms -u "$CCLIB" >"$T/cc.use" || fail "nm -u $CCLIB"

# The lists must hold what we know is there, or the parsing is wrong.
grep -qx 'eval dsl_eval_fire' "$T/rt.def" || fail "no dsl_eval_fire in eval.o"
grep -qx 'compile dsl_compile' "$T/cc.def" || fail "no dsl_compile"
grep -qx 'eval dsl_agg_update' "$T/rt.use" ||
    fail "eval.o's use of dsl_agg_update not seen"

# needs USES DEFS: the lines of USES whose symbol DEFS defines.
needs()
{
	cut -d' ' -f2 "$2" | sort -u >"$T/names"
	while read -r file sym; do
		grep -qx "$sym" "$T/names" && printf '%s.c needs %s\n' \
		    "$file" "$sym"
	done <"$1"
}

say "control: the compiler calls the runtime (dsl_type_resolve...)"
needs "$T/cc.use" "$T/rt.def" >"$T/cc-rt"
grep -q '^check.c needs dsl_type_resolve$' "$T/cc-rt" ||
    fail "check.c's call of dsl_type_resolve not found: $(cat "$T/cc-rt")"

say "the runtime calls nothing the compiler defines"
needs "$T/rt.use" "$T/cc.def" >"$T/rt-cc"
[ -s "$T/rt-cc" ] && fail "runtime reaches into the compiler:
$(cat "$T/rt-cc")"

say "every exported name is dsl_FILE or dsl_FILE_... of its own file"
cat "$T/rt.def" "$T/cc.def" | while read -r file sym; do
	case $sym in
	dsl_"$file"|dsl_"$file"_*) ;;
	*) printf '%s.c defines %s\n' "$file" "$sym" ;;
	esac
done >"$T/misnamed"
[ -s "$T/misnamed" ] && fail "names that do not say their file:
$(cat "$T/misnamed")"
[ "$(wc -l <"$T/rt.def")" -gt 50 ] || fail "too few runtime names read"

say "a header's inline functions carry the header's name"
n=0
for h in "$top_srcdir"/dsl/*.h; do
	base=${h##*/}
	base=${base%.h}
	inline=no
	while IFS= read -r line; do
		if [ "$inline" = yes ]; then
			n=$((n + 1))
			case $line in
			dsl_"$base"_*"("*) ;;
			*) fail "$base.h: inline '$line' is not dsl_${base}_" ;;
			esac
		fi
		case $line in
		"static inline"*) inline=yes ;;
		*) inline=no ;;
		esac
	done <"$h"
done
[ "$n" -gt 0 ] || fail "no inline function seen (dsl_prog_str in prog.h)"
exit 0
