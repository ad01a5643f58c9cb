#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Clauses that read the process's memory (copyin, copyinstr, member
# reads of copied data) run in pidtrace from the firing's record, their
# bytes read in the thread at the firing: no stop.  ip-burst str calls
# ip_str(s, len, &slice) as leveldb's Put gets its key (a struct slice
# of a pointer and a size), then overwrites the bytes, so that a read
# made later than the call sees '#'s; every fourth string is 300 bytes,
# longer than D's strsize (256); every eighth call passes NULL, an
# unmapped page or a PROT_NONE page for s and slice.data.
#
# A read made twice in a firing (the slice, the string) is made once in
# the thread, and served twice.  A struct copied into a this-> variable
# is read whole at the firing.
#
# Asserts: -l -v says each clause runs from the record with its bytes
# captured, and that a clause whose address comes from self-> (which
# the firing cannot know: pidtrace keeps it) stops the thread and why;
# no "stops the thread" notice; the process notices nothing (its output
# is the untraced one, exit 0); pidtrace's output is the one the
# target's own strings make (computed here from the target's rules,
# none of them '#'); output and errors equal -x fastpath=off's (the
# int3 path, where pidtrace reads while the thread waits; both say
# "invalid address" as dtrace does, and "out of scratch space" for a
# copyin() larger than D's scratch space, 64 KB, the most a capture
# holds too), addresses aside.  The README's stringof(args->key) on
# demo/kvdemo: its path, and the keys kvdemo makes.
. "$top_srcdir/t/inproc/iplib.sh"

n=$((64 * FT_SCALE))
ip_str_d "$T/put.d" <<'EOF'
pid$target::ip_str:entry
{
	this->k = (struct slice *)copyin(arg2, sizeof (struct slice));
	this->v = (struct slice *)copyin(arg2, sizeof (struct slice));
	printf("put %s size %d\n", copyinstr(this->k->data, this->k->size),
	    this->v->size);
}

pid$target::ip_str:entry
{
	printf("arg %s %s\n", copyinstr(arg0), copyinstr(arg0));
}

pid$target::ip_str:entry
{
	this->c = (struct slice *)copyin(arg2, arg1 * 250);
	printf("big %d\n", this->c->size);
}

pid$target::ip_str:entry
{
	this->s = *(struct slice *)arg2;
	printf("copy %d\n", this->s.size);
}
EOF
reference str "$IP_BURST" str $n

list_file put -c "$IP_BURST str 1"
rec=$IP_CAPREC
paths_is put "ip_str entry, line 4: $rec
ip_str entry, line 12: $rec
ip_str entry, line 17: $rec
ip_str entry, line 23: $rec"

# An address made from self->: pidtrace's, not known in the thread.
list_paths self 'pid$target::ip_str:entry { self->p = arg0; printf("%s\n", copyinstr(self->p)); }' -c "$IP_BURST str 1"
paths_is self "ip_str entry, line 1: in pidtrace, stopping the thread: its clause uses copyinstr() (not read at the firing: self->p is not known at the firing)"

# The target's strings, as its rules make them: "key<i>", or 300 times
# the letter 'a' + i % 26 then i; copyinstr() keeps strsize - 1 = 256
# bytes of them; calls i % 8 == 7 fault in the first two clauses, and
# those with 300-byte strings in the third (len * 250 > 64 KB).  The
# empty line last is the one pidtrace prints when the trace ends, on
# either path.
awk -v n=$n 'BEGIN {
	for (i = 0; i < n; i++) {
		if (i % 4 == 3) {
			c = substr("abcdefghijklmnopqrstuvwxyz", i % 26 + 1, 1)
			s = ""
			for (j = 0; j < 256; j++) s = s c
			len = 300 + length(i "")
		} else {
			s = "key" i
			len = length(s)
		}
		if (i % 8 != 7) {
			printf "put %s size %d\n", s, len
			printf "arg %s %s\n", s, s
		}
		if (i % 4 != 3)
			printf "big %d\n", len
		printf "copy %d\n", len
	}
	print "" }' >"$T/d.want"

for m in on off; do
	bounded 120 "${PT[@]}" -x fastpath=$m -s "$T/put.d" \
		-c "$IP_BURST str $n" </dev/null >"$T/$m.out" 2>"$T/$m.err" ||
		fail "fastpath=$m: pidtrace exited $?: $(head -n 3 "$T/$m.err")"
	sed 's/^ready pid=.*/ready/' "$T/$m.out" | grep -e '^ready' \
		-e '^str calls=' -e '^done' >"$T/$m.got"
	same_output "$T/str.want" "$T/$m.got"
	grep -q 'was killed by signal' "$T/$m.err" &&
		fail "fastpath=$m: the process died"
	grep -v -e '^ready' -e '^str calls=' -e '^done' "$T/$m.out" \
		>"$T/$m.d"
	same_output "$T/d.want" "$T/$m.d"
	sed -E 's/pid[0-9]+/pid/g; s/0x[0-9a-f]+/ADDR/g' "$T/$m.err" \
		>"$T/$m.e"
done
grep 'stops the thread' "$T/on.err" &&
	fail "a clause stopped the thread"
[ "$(drops "$T/on.err")" = 0 ] || fail "drops: $(cat "$T/on.err")"
same_output "$T/off.e" "$T/on.e"
expect "invalid address errors" \
	"$(grep -c 'invalid address (ADDR) in action' "$T/on.e")" $((2 * n / 8))
expect "out of scratch space errors" \
	"$(grep -c 'out of scratch space in action' "$T/on.e")" $((n / 4))

# The README's stringof(args->key) on demo/kvdemo: the key's characters
# read from its std::string (args->key->_M_dataplus._M_p, then the
# string) at the firing; the keys kvdemo's own rule makes ("key" i), in
# order, no notice that a probe stops the thread.
KV=$top_builddir/demo/kvdemo
[ -x "$KV" ] || fail "demo/kvdemo not built"
DK='pid$target::*Store*Put*:entry { printf("%s\n", stringof(args->key)); }'
list_paths kv "$DK" -c "$KV 1 0"
paths_is kv "kv::Store::Put(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&) entry, line 1: $rec"
bounded 120 "${PT[@]}" -q -n "$DK" -c "$KV 50 0" </dev/null \
	>"$T/kv.out" 2>"$T/kv.err" ||
	fail "kvdemo: pidtrace exited $?: $(head -n 3 "$T/kv.err")"
[ -s "$T/kv.err" ] && fail "pidtrace said: $(cat "$T/kv.err")"
grep '^key' "$T/kv.out" >"$T/kv.keys"
awk 'BEGIN { for (i = 0; i < 50; i++) print "key" i }' >"$T/kv.want"
same_output "$T/kv.want" "$T/kv.keys"
expect "kvdemo's puts" "$(grep -c '^kvdemo: 50 puts, 50 gets$' "$T/kv.out")" 1
