#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# cxx: C++ arguments where the x86-64 ABI puts them (System V psABI,
# "Parameter Passing"; the Itanium C++ ABI for classes non-trivial for
# calls).  t/targets/cg-str.cc's shop::DB::Put(std::string key,
# std::string_view val, Small sm, int k): `this` in rdi, key by
# invisible reference (a pointer in rsi), val as its length and pointer
# (rdx, rcx), sm in r8 and r9, k on the stack; shop::Label(int) returns
# a std::string through a hidden pointer in rdi, so its int is in rsi.
# Asserts, against what the program prints it passed:
#  - stringof(args[1]) and stringof(args[2]) read key and val, counted
#    by pair; args[3] (sm's first word) and arg5 (its second), args[4]
#    (k, from the stack) and Label's args[0] summed;
#  - Label's return: stringof(args[1]) reads the string it built;
#  - -l -v types key as a pointer and val as its pointer.
. "$top_srcdir/t/code/codelib.sh"

TG=$TARGETS/cg-str
[ -x "$TG" ] || skip "t/targets/cg-str not built"
n=40
D='pid$target::*DB::Put*:entry { @p[stringof(args[1]), stringof(args[2])] = count();
	@a = sum(args[3]); @b = sum(arg5); @k = sum(args[4]); }
pid$target::*Label*:entry { @l = sum(args[0]); }
pid$target::*Label*:return { @s[stringof(args[1])] = count(); }
END { printa("put %s %s %@d\n", @p);
	printa("a=%@d b=%@d k=%@d label=%@d\n", @a, @b, @k, @l);
	printa("%s %@d\n", @s); }'
trace cxx "$D" "$TG" $n
{
	sed -e '/^ready pid=/d' -e 's/ r=[0-9]*$//' "$T/cxx.out"
	i=0
	while [ $i -lt $n ]; do
		echo "label-$i is long enough for the heap 1"
		i=$((i + 1))
	done
} | LC_ALL=C sort >"$T/want"
grep -v '^$' "$T/cxx.d" | sed 's/  */ /g; s/^ //' | LC_ALL=C sort >"$T/got"
same_output "$T/want" "$T/got"
no_err cxx
say "ok: by-value std::string, string_view, a 16-byte struct, a stack int, a hidden return pointer"

bounded 60 "$PIDTRACE" -l -v -n 'pid$target::*DB::Put*:entry,
    pid$target::*Label*:entry, pid$target::*Label*:return' \
    -c "$TG 1" </dev/null >"$T/lv" 2>&1 || fail "-l -v: $(cat "$T/lv")"
awk '/^ *[0-9]+ +pid/ { print $NF } /args\[/ { sub(/^\t+/, "  "); print }' \
    "$T/lv" >"$T/lv.got"
cat >"$T/lv.want" <<'W'
entry
  args[0]: shop::DB * const
  args[1]: std::string *
  args[2]: const char *
  args[3]: shop::Small
  args[4]: int
entry
  args[0]: int
return
  args[0]: uint64_t
  args[1]: std::string *
W
same_output "$T/lv.want" "$T/lv.got"
say "ok: -l -v: the types args[] has"
