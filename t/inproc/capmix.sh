#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# One firing whose captured reads are some good and some bad.  ip-burst
# mix calls ip_str(key, len, &slice) with the key on the heap and the
# slice in the caller's frame; every odd call's slice.data is NULL, an
# unmapped page or a PROT_NONE page in turn (the target prints the
# three).  Four clauses of the same probe read, in this order: the
# slice then slice.data (bad on odd calls); the key; the slice; the key
# then slice.data in one printf.  The slice is in the pages of the
# firing's own frame (loaded there, no system call), the key on the
# heap (process_vm_readv), the bad pointers refused: a fault in one
# read must neither lose nor take the place of the others.
#
# Expected, as dtrace behaves: a fault ends its clause (the printf of
# that clause prints nothing) with "invalid address (ADDR)", ADDR the
# bad pointer, the other clauses of the firing run whole.  The lines
# and the errors are computed here from the target's rules and the
# addresses it printed; -x fastpath=off (the thread stopped while
# pidtrace reads) must print the same.  Asserts also: each clause runs
# from the record with its bytes captured (-l -v), no notice that a
# probe stops the thread, no drop, the process notices nothing (its
# output is the untraced one, bad addresses aside; exit 0).  Then the
# same reads from a clause that runs in the process (aggregations).
. "$top_srcdir/t/inproc/iplib.sh"

n=$((48 * FT_SCALE))
ip_str_d "$T/mix.d" <<'EOF'
pid$target::ip_str:entry
{
	this->a = (struct slice *)copyin(arg2, sizeof (struct slice));
	printf("data %s\n", copyinstr(this->a->data, this->a->size));
}

pid$target::ip_str:entry
{
	printf("key %s\n", copyinstr(arg0, arg1));
}

pid$target::ip_str:entry
{
	this->c = (struct slice *)copyin(arg2, sizeof (struct slice));
	printf("size %d\n", this->c->size);
}

pid$target::ip_str:entry
{
	this->d = (struct slice *)copyin(arg2, sizeof (struct slice));
	printf("pair %s %s\n", copyinstr(arg0, arg1),
	    copyinstr(this->d->data, this->d->size));
}
EOF
# the untraced output, the bad pages' addresses cut (they move)
cutbad() { sed -e 's/^ready pid=.*/ready/' -e 's/^mix bad=.*/mix bad=/' "$1"; }
reference mix "$IP_BURST" mix $n
cutbad "$T/mix.want" >"$T/mix.cut"

list_file mix -c "$IP_BURST mix 1"
rec=$IP_CAPREC
paths_is mix "ip_str entry, line 4: $rec
ip_str entry, line 10: $rec
ip_str entry, line 15: $rec
ip_str entry, line 21: $rec"

for m in on off; do
	bounded 120 "${PT[@]}" -x fastpath=$m -s "$T/mix.d" \
		-c "$IP_BURST mix $n" </dev/null >"$T/$m.out" 2>"$T/$m.err" ||
		fail "fastpath=$m: pidtrace exited $?: $(head -n 3 "$T/$m.err")"
	grep -e '^ready' -e '^mix ' -e '^done' "$T/$m.out" >"$T/$m.t"
	cutbad "$T/$m.t" >"$T/$m.got"
	same_output "$T/mix.cut" "$T/$m.got"
	grep -q 'was killed by signal' "$T/$m.err" &&
		fail "fastpath=$m: the process died"
	bad=$(sed -n 's/^mix bad=//p' "$T/$m.out")
	[ -n "$bad" ] || fail "fastpath=$m: the target printed no bad pages"
	# the target's rules: key "key<i>" on every call, slice.data the
	# key on even calls and bad[(i / 2) % 3] on odd ones
	awk -v n=$n 'BEGIN {
		for (i = 0; i < n; i++) {
			k = "key" i
			if (i % 2 == 0)
				printf "data %s\n", k
			printf "key %s\n", k
			printf "size %d\n", length(k)
			if (i % 2 == 0)
				printf "pair %s %s\n", k, k
		}
		print "" }' >"$T/$m.want"
	grep -v -e '^ready' -e '^mix ' -e '^done' "$T/$m.out" >"$T/$m.d"
	same_output "$T/$m.want" "$T/$m.d"
	# clause 1 (enabled probe ID 1) and clause 4 (ID 4) fault on each
	# odd call at its bad pointer, in firing order
	awk -v n=$n -v bad="$bad" 'BEGIN {
		split(bad, b, ",")
		for (i = 1; i < n; i += 2) {
			a = b[int(i / 2) % 3 + 1]
			printf "1 invalid address (%s) in action #2\n", a
			printf "4 invalid address (%s) in action #2\n", a
		} }' >"$T/$m.ewant"
	sed -n -E 's/^pidtrace: error on enabled probe ID ([0-9]+) \(ID [0-9]+: pid[0-9]+:ip-burst:ip_str:entry\): (invalid address \(0x[0-9a-f]+\) in action #[0-9]+) at DIF offset [0-9]+$/\1 \2/p' \
		"$T/$m.err" >"$T/$m.egot"
	same_output "$T/$m.ewant" "$T/$m.egot"
	grep -v -e '^pidtrace: error on enabled probe' "$T/$m.err" >"$T/$m.rest"
	[ -s "$T/$m.rest" ] && fail "fastpath=$m: pidtrace said: $(head -n 3 "$T/$m.rest")"
done
[ "$(drops "$T/on.err")" = 0 ] || fail "drops: $(cat "$T/on.err")"

# The same reads in a clause run in the process (aggregations): the
# slice's size (a word in the frame, loaded), then its data's first
# byte (the key, or a bad pointer: the clause ends there), on each
# firing.  Expected, the interpreter's and dtrace's rule: the size
# counted on every call, the rest on even calls only, one invalid
# address error at each odd call's bad pointer.
cat >"$T/ip.d" <<'EOF'
struct slice { uintptr_t data; size_t size; };

pid$target::ip_str:entry
{
	@size[((struct slice *)arg2)->size] = count();
	@first[*(char *)((struct slice *)arg2)->data] = count();
	@n = count();
}

END
{
	printa("size %d %@d\n", @size);
	printa("first %c %@d\n", @first);
	printa("n %@d\n", @n);
}
EOF
list_paths ip "$(cat "$T/ip.d")" -c "$IP_BURST mix 1"
paths_is ip "END, line 10: in pidtrace
ip_str entry, line 3: in the process"
for m in on off; do
	bounded 120 "${PT[@]}" -q -x fastpath=$m -s "$T/ip.d" \
		-c "$IP_BURST mix $n" </dev/null >"$T/ip$m.out" \
		2>"$T/ip$m.err" ||
		fail "fastpath=$m: pidtrace exited $?: $(head -n 3 "$T/ip$m.err")"
	grep -e '^ready' -e '^mix ' -e '^done' "$T/ip$m.out" >"$T/ip$m.t"
	cutbad "$T/ip$m.t" >"$T/ip$m.got"
	same_output "$T/mix.cut" "$T/ip$m.got"
	bad=$(sed -n 's/^mix bad=//p' "$T/ip$m.out")
	awk -v n=$n 'BEGIN {
		for (i = 0; i < n; i++)
			c[length("key" i)]++
		for (l in c)
			printf "size %d %d\n", l, c[l]
		printf "first k %d\n", int((n + 1) / 2)
		printf "n %d\n", int((n + 1) / 2) }' | sort >"$T/ip$m.want"
	grep -e '^size ' -e '^first ' -e '^n ' "$T/ip$m.out" | sort \
		>"$T/ip$m.d"
	same_output "$T/ip$m.want" "$T/ip$m.d"
	awk -v n=$n -v bad="$bad" 'BEGIN {
		split(bad, b, ",")
		for (i = 1; i < n; i += 2)
			printf "1 invalid address (%s) in action #2\n",
			    b[int(i / 2) % 3 + 1] }' >"$T/ip$m.ewant"
	sed -n -E 's/^pidtrace: error on enabled probe ID ([0-9]+) \(ID [0-9]+: pid[0-9]+:ip-burst:ip_str:entry\): (invalid address \(0x[0-9a-f]+\) in action #[0-9]+) at DIF offset [0-9]+$/\1 \2/p' \
		"$T/ip$m.err" >"$T/ip$m.egot"
	same_output "$T/ip$m.ewant" "$T/ip$m.egot"
	grep -v -e '^pidtrace: error on enabled probe' "$T/ip$m.err" \
		>"$T/ip$m.rest"
	[ -s "$T/ip$m.rest" ] &&
		fail "fastpath=$m: pidtrace said: $(head -n 3 "$T/ip$m.rest")"
done
exit 0
