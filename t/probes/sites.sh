# SPDX-License-Identifier: GPL-2.0-or-later
# t/probes/sites.sh: sourced by the resolution tests.  Computes, from
# objdump's disassembly and readelf's reading of .eh_frame alone, what a
# function's return sites must be, as retsite.h defines them: every ret,
# every direct jmp or jcc whose target lies outside the function (and
# outside its .cold part), and every indirect jmp where the CFA is rsp+8
# or unknown (probes/cfa.h: elsewhere the frame is set up, and the jump
# stays inside).

# objdump_sites FILE START SIZE [ISTART ISIZE]: one line per site,
# "<address hex> <kind>" (kind ret, tail, jcc or got), in address order,
# for the bytes [START, START + SIZE) of FILE (link-time, hex without
# 0x); [ISTART, ISTART + ISIZE) also counts as inside.  An indirect jmp
# other than jmp *disp(%rip) prints "<address> indirect".
objdump_sites()
{
	_f=$1 _s=$((0x$2)) _n=$((0x$3))
	_is=$((0x${4:-0})) _in=$((0x${5:-0}))
	objdump -d --no-show-raw-insn -M att \
	    --start-address=$_s --stop-address=$((_s + _n)) "$_f" |
	while IFS= read -r _l; do
		case $_l in
		" "*:*) ;;
		*) continue ;;
		esac
		_a=${_l%%:*}
		_a=${_a// /}
		_i=${_l#*:}
		_i=${_i#"${_i%%[! 	]*}"}
		set -- $_i
		while [ $# -gt 0 ]; do
			case $1 in
			repz|repnz|rep|bnd|notrack|data16|cs|ds) shift ;;
			*) break ;;
			esac
		done
		[ $# -gt 0 ] || continue
		case $1 in
		ret|retq)
			echo "$_a ret" ;;
		jmp|jmpq|j[a-z]|j[a-z][a-z]|j[a-z][a-z][a-z]|j[a-z][a-z][a-z][a-z])
			_k=jcc
			[ "$1" = jmp ] || [ "$1" = jmpq ] && _k=tail
			case ${2:-} in
			\**\(%rip\)*) echo "$_a got"; continue ;;
			\**) echo "$_a indirect"; continue ;;
			esac
			_t=$((0x$2))
			if [ $_t -ge $_s ] && [ $_t -lt $((_s + _n)) ]; then
				continue
			fi
			if [ $_t -ge $_is ] && [ $_t -lt $((_is + _in)) ]; then
				continue
			fi
			echo "$_a $_k" ;;
		esac
	done
}

# exe_bias PID FILE: the load bias of FILE in process PID: the start of
# its mapping at file offset 0 minus its first PT_LOAD's p_vaddr.
exe_bias()
{
	_m=$(awk -v f="$2" '$6 == f && $3 == "00000000" { print $1; exit }' \
	    "/proc/$1/maps")
	_v=$(readelf -lW "$2" | awk '$1 == "LOAD" { print $3; exit }')
	printf '%x\n' $(( 0x${_m%%-*} - _v ))
}

# func_syms FILE: "<value hex> <size hex> <mangled name>" for every
# defined FUNC symbol in .symtab, by address.
func_syms()
{
	readelf -sW "$1" | awk '$4 == "FUNC" && $7 != "UND" {
		sz = $3
		if (sz !~ /^0x/) sz = sprintf("%x", sz); else sub(/^0x/, "", sz)
		print $2, sz, $8
	}' | sort -u | sort -k1,1 | sed 's/^0*//'
}

# map_path PID GLOB: the path of the first mapped file whose basename
# matches GLOB (a shell pattern).
map_path()
{
	awk '$6 ~ /^\// { print $6 }' "/proc/$1/maps" | while read -r _p; do
		case ${_p##*/} in
		$2) echo "$_p"; break ;;
		esac
	done
}

# dyn_sym FILE NAME: "<value hex> <size hex>" of the defined FUNC NAME in
# .dynsym (version suffix ignored), or of .symtab when NAME is not there.
dyn_sym()
{
	readelf -sW --dyn-syms "$1" | awk -v n="$2" '
	$4 == "FUNC" && $7 != "UND" {
		s = $8; sub(/@.*/, "", s)
		if (s != n) next
		sz = $3
		if (sz !~ /^0x/) sz = sprintf("%x", sz); else sub(/^0x/, "", sz)
		v = $2; sub(/^0+/, "", v)
		print v, sz; exit
	}'
}

# cfas FILE: for each link-time address read on stdin (hex, no 0x),
# "ADDR RULE": the CFA rule readelf -wF gives there ("rsp+8", "rbp+16",
# "exp"), "none" when no FDE covers it.  Addresses are compared as
# 16-digit strings, as readelf prints them (POSIX awk has no hex; the
# "x" keeps it from comparing digit-only strings as numbers).
cfas()
{
	while read -r _ca; do
		printf '%016x\n' $((0x$_ca))
	done > "$T/cfa.q"
	readelf -wF "$1" 2>/dev/null | awk -v qf="$T/cfa.q" '
	BEGIN { while ((getline q < qf) > 0) { nq++; qs[nq] = q; r[q] = "none" } }
	$4 == "FDE" || $4 == "CIE" {
		nin = 0
		if ($4 != "FDE") next
		pc = $6; sub(/^pc=/, "", pc)
		lo = substr(pc, 1, index(pc, "..") - 1)
		hi = substr(pc, index(pc, "..") + 2)
		for (i = 1; i <= nq; i++)
			if ("x" qs[i] >= "x" lo && "x" qs[i] < "x" hi)
				inq[++nin] = qs[i]
		next
	}
	nin > 0 && $1 ~ /^[0-9a-f]+$/ && length($1) == 16 {
		for (i = 1; i <= nin; i++)
			if ("x" $1 <= "x" inq[i])
				r[inq[i]] = $2
	}
	END { for (i = 1; i <= nq; i++) print qs[i], r[qs[i]] }' |
	sed 's/^0*\([0-9a-f]\)/\1/'
}

# ind_sites FILE < SITES: objdump_sites' lines with each "indirect"
# jmp made "ind" where the CFA is rsp+8 or not known (no FDE, an
# expression), and dropped elsewhere (the frame set up: it stays inside).
ind_sites()
{
	cat > "$T/is.in"
	awk '$2 == "indirect" { print $1 }' "$T/is.in" | cfas "$1" > "$T/is.cfa"
	awk -v cf="$T/is.cfa" '
	BEGIN { while ((getline l < cf) > 0) { split(l, f, " "); c[f[1]] = f[2] } }
	$2 != "indirect" { print; next }
	c[$1] == "rsp+8" || c[$1] == "exp" || c[$1] == "none" { print $1, "ind" }' \
	    "$T/is.in"
}

# return_line PROVIDER MODULE FUNC FILE VALUE SIZE BIAS: the line
# t/probes/resolve prints for FUNC's return probe, from objdump and
# readelf; status 1 when it has no site.
return_line()
{
	_line="$1 $2 $3 return $(printf %x $((0x$5 + $7))) $6 sites"
	objdump_sites "$4" "$5" "$6" | ind_sites "$4" > "$T/rl"
	[ -s "$T/rl" ] || return 1
	while read -r _a _k; do
		_line="$_line $(printf %x $((0x$_a - 0x$5)))@$(printf %x $((0x$_a + $7)))/$_k"
	done < "$T/rl"
	echo "$_line"
}
