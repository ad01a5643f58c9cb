#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad inputs: each gives exactly one line on stderr naming the file and
# the reason, exit status 1, and the good files around it are still
# listed, in order.
. "$top_srcdir/t/lib.sh"

good=$TARGETS/cxxsyms
cd "$T" || fail "cd"
mkdir dir
: >empty
printf 'hello, world\n' >text
head -c 3 "$good" >tiny		# "\177EL": not even the magic
head -c 40 "$good" >short	# ELF magic, half an ELF header
head -c 4000 "$good" >trunc	# headers past the end of the file
# Section headers pointing past the end: e_shoff of a copy set huge.
cp "$good" corrupt
printf '\377\377\377\377' | dd of=corrupt bs=1 seek=40 conv=notrunc 2>/dev/null

check()	# FILE MESSAGE
{
	bounded 30 "$PIDNM" "$good" "$1" "$good" >out 2>err
	rc=$?
	[ "$rc" = 1 ] || fail "$1: exit $rc, want 1"
	echo "pidnm: $1: $2" >want
	same_output want err
	n=$(grep -c -x "$good:" out)
	[ "$n" = 2 ] || fail "$1: the good file was listed $n times, want 2"
	[ "$(grep -c _ZN3cxx8overloadEi out)" = 2 ] ||
		fail "$1: good file's symbols missing"
}
check nosuch 'No such file'
check dir 'Is a directory'
check empty 'file format not recognized'
check text 'file format not recognized'
check tiny 'file format not recognized'
check short 'file truncated'
check trunc 'file truncated'
check corrupt 'file truncated'
check /dev/null 'is not an ordinary file'

# Several bad files: one line each, in order.
bounded 30 "$PIDNM" nosuch text "$good" dir >out 2>err
[ $? = 1 ] || fail "several bad files: exit status"
printf 'pidnm: nosuch: No such file\npidnm: text: file format not recognized\npidnm: dir: Is a directory\n' >want
same_output want err

# Other architectures are listed, as nm does: a 32-bit object.
if echo 'int f(void) { return 1; }' | gcc -m32 -x c -c -o m32.o - 2>/dev/null; then
	bounded 30 "$PIDNM" m32.o >out 2>err || fail "32-bit object: $(cat err)"
	grep -qx '00000000 T f' out || fail "32-bit object: $(cat out)"
fi
exit 0
