#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# dwarf-types: argument types from DWARF (probes/dwarf.c), through the
# pure API (dwarf-test) and through pidtrace -l -v, on dw-types (C:
# structs, unions, arrays, enums, typedefs) and dw-cxx (C++: a class
# with a std::string member, a namespace, a template, references).  The
# expected outputs are written from the targets' source (and, for
# std::string, from libstdc++'s basic_string.h); offsets follow the
# x86-64 ABI.  Also: a copy without DWARF lists "None", and a stripped
# copy whose DWARF is only in its build-id debug file is typed.
. "$top_srcdir/t/faults/ftlib.sh"

command -v objcopy >/dev/null || skip "needs objcopy (Debian package binutils)"
DT=$top_builddir/t/probes/dwarf-test
export PIDTRACE_DEBUG_DIR=$T/root
mkdir -p "$T/root"

# types OUT: the probe lines and argument types of a -l -v listing.
types()
{
	awk '/^ *[0-9]+ +pid/ { $1 = $2 = $3 = ""; sub(/^ +/, ""); print; next }
	    /args\[|None/ { sub(/^\t\t/, "  "); print }' "$1"
}

say "== the C target, through probes/dwarf.h"
"$DT" "$TARGETS/dw-types" dw_rec dw_name dw_local >"$T/got" ||
	fail "dwarf-test failed"
cat >"$T/want" <<'W'
dw_rec: dw_rec returns int
  r: rec_t *
    struct rec (56 bytes)
      name @0: const char *
      pts @8: struct point [3]
      w @32: union word
      c @36: enum color
      next @40: struct rec *
      size @48: size_t
  p: const struct point *
    struct point (8 bytes)
      x @0: int
      y @4: int
  c: enum color
    enum color (4 bytes)
      RED = 0
      GREEN = 5
      BLUE = 6
  w: union word
    union word (4 bytes)
      u @0: unsigned int
      f @0: float
      b @0: unsigned char [4]
  buf: unsigned char *
  scale: double
dw_name: dw_name returns const char *
  r: const struct rec * const
    struct rec (56 bytes)
      name @0: const char *
      pts @8: struct point [3]
      w @32: union word
      c @36: enum color
      next @40: struct rec *
      size @48: size_t
  out: char **
  cmp: cmp_fn
dw_local: dw_local returns long int
  name: const char *
  n: int
W
same_output "$T/want" "$T/got"

say "== the C++ target, through probes/dwarf.h"
put=$(nm "$TARGETS/dw-cxx" | awk '/ _ZN2kv5Store3Put/ { print $3 }')
make=$(nm "$TARGETS/dw-cxx" | awk '/ _Z7dw_make/ { print $3 }')
unbox=$(nm "$TARGETS/dw-cxx" | awk '/ _ZN2kv5unboxIiE/ { print $3 }')
"$DT" "$TARGETS/dw-cxx" "$put" "$make" "$unbox" | sed 's/^_Z[^:]*: //' \
    >"$T/got" || fail "dwarf-test failed"
s='std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >'
cat >"$T/want" <<W
Put returns int
  this: kv::Store * const
    kv::Store (40 bytes)
      name_ @0: std::string
      n_ @32: long int
  key: const kv::Slice &
    kv::Slice (16 bytes)
      data_ @0: const char *
      size_ @8: size_t
  value: const std::string &
    $s (32 bytes)
      _M_dataplus @0: $s::_Alloc_hider
      _M_string_length @8: $s::size_type
      (anonymous) @16: union {...}
dw_make returns std::string *
    $s (32 bytes)
      _M_dataplus @0: $s::_Alloc_hider
      _M_string_length @8: $s::size_type
      (anonymous) @16: union {...}
  s: std::string &&
    $s (32 bytes)
      _M_dataplus @0: $s::_Alloc_hider
      _M_string_length @8: $s::size_type
      (anonymous) @16: union {...}
  st: kv::Store *
    kv::Store (40 bytes)
      name_ @0: std::string
      n_ @32: long int
unbox<int> returns int
  b: const kv::Box<int> *
    kv::Box<int> (8 bytes)
      v @0: int
      n @4: int
W
same_output "$T/want" "$T/got"

say "== pidtrace -l -v on the C target: entry and return probes"
bounded 30 "$PIDTRACE" -l -v -n 'pid$target:a.out:dw_rec:entry,
    pid$target:a.out:dw_name:entry, pid$target:a.out:dw_name:return' \
    -c "$TARGETS/dw-types 1" >"$T/out" 2>"$T/err" ||
	fail "pidtrace -l -v: $(cat "$T/err")"
types "$T/out" >"$T/got"
cat >"$T/want" <<'W'
dw_rec entry
  args[0]: rec_t *
  args[1]: const struct point *
  args[2]: enum color
  args[3]: union word
  args[4]: unsigned char *
  args[5]: double
dw_name entry
  args[0]: const struct rec * const
  args[1]: char **
  args[2]: cmp_fn
dw_name return
  args[0]: uint64_t
  args[1]: const char *
W
same_output "$T/want" "$T/got"
say "== the block of one probe, byte for byte as dtrace -lv prints it"
sed -n '2,17p' "$T/out" | sed 's/^ *[0-9]* *pid[0-9]* */(probe) /' >"$T/got"
printf '%s\n' '(probe) dw-types                            dw_rec entry' \
    '' '	Probe Description Attributes' '		Identifier Names: Private' \
    '		Data Semantics:   Private' '		Dependency Class: Unknown' '' \
    '	Argument Attributes' '		Identifier Names: Private' \
    '		Data Semantics:   Private' '		Dependency Class: Unknown' '' \
    '	Argument Types' '		args[0]: rec_t *' \
    '		args[1]: const struct point *' '		args[2]: enum color' \
    >"$T/want"
same_output "$T/want" "$T/got"

say "== pidtrace -l -v on the C++ target"
bounded 30 "$PIDTRACE" -l -v -n 'pid$target:a.out:kv??Store??Put*:entry,
    pid$target:a.out:*unbox<int>*:return' \
    -c "$TARGETS/dw-cxx 1" >"$T/out" 2>"$T/err" ||
	fail "pidtrace -l -v: $(cat "$T/err")"
types "$T/out" >"$T/got"
cat >"$T/want" <<W
kv::Store::Put(kv::Slice const&, $s const&) entry
  args[0]: kv::Store * const
  args[1]: const kv::Slice &
  args[2]: const std::string &
int kv::unbox<int>(kv::Box<int> const*) return
  args[0]: uint64_t
  args[1]: int
W
same_output "$T/want" "$T/got"

say "== no DWARF: untyped"
cp "$TARGETS/dw-types" "$T/nodwarf"
strip -g "$T/nodwarf" || fail "strip -g"
expect "dwarf-test without DWARF" "$("$DT" "$T/nodwarf" dw_rec)" \
    "$T/nodwarf: no DWARF information"
bounded 30 "$PIDTRACE" -l -v -n 'pid$target:a.out:dw_rec:entry' \
    -c "$T/nodwarf 1" >"$T/out" 2>"$T/err" ||
	fail "pidtrace -l -v: $(cat "$T/err")"
expect "-l -v without DWARF" "$(types "$T/out" | tr '\n' '|')" \
    "dw_rec entry|  None|"

say "== DWARF only in the build-id debug file of a stripped copy"
cp "$TARGETS/dw-types" "$T/prog"
objcopy --only-keep-debug "$T/prog" "$T/keep" || fail objcopy
strip -g -s "$T/prog" || fail strip
bid=$(readelf -n "$T/prog" | sed -n 's/.*Build ID: *//p')
mkdir -p "$T/root/.build-id/${bid:0:2}"
cp "$T/keep" "$T/root/.build-id/${bid:0:2}/${bid:2}.debug"
bounded 30 "$PIDTRACE" -l -v -n 'pid$target:a.out:dw_local:entry' \
    -c "$T/prog 1" >"$T/out" 2>"$T/err" ||
	fail "pidtrace -l -v: $(cat "$T/err")"
expect "-l -v from the debug file" "$(types "$T/out" | tr '\n' '|')" \
    "dw_local entry|  args[0]: const char *|  args[1]: int|"
exit 0
