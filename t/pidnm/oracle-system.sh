#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidnm prints what binutils nm prints, byte for byte (stdout, stderr,
# exit status), on the system's big ELF files: node (110k symbols),
# libstdc++ and libc (no .symtab: "no symbols"; .dynsym with versions).
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/pidnm/oracle.sh"
command -v nm >/dev/null || skip "no nm (binutils) to compare with"

files=
for f in $(syslib libc.so.6) $(syslib libstdc++.so.6); do
	files="$files $f"
done
node=$(command -v node)
[ -n "$node" ] && node=$(readlink -f "$node") && files="$files $node"
[ -n "$files" ] || skip "none of libc, libstdc++, node found"

for f in $files; do
	oracle "$f"
	oracle "$f" -C
	oracle "$f" -D
	oracle "$f" -D -C
done
# The other orders and filters, on the biggest file.
set -- $files
eval "big=\${$#}"
for opts in -n "-n -C" -r "-r -C" "-n -r" -p -g -u --defined-only -a \
    "-D -n" "-D -g -C" "-D -u" "-D --defined-only"; do
	oracle "$big" $opts
done
exit 0
