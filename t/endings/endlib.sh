# SPDX-License-Identifier: GPL-2.0-or-later
# t/endings/endlib.sh: helpers of the endings tests, on t/tracer/trlib.sh.
. "$top_srcdir/t/tracer/trlib.sh"

# text_intact PID EXE: the r-x mappings of EXE in /proc/PID/mem equal
# the file's bytes at their offsets (every int3 written back).
text_intact()
{
	_exe=$(readlink -f "$2")
	grep " r-xp .* $_exe\$" "/proc/$1/maps" >"$T/rx" || return 1
	while read -r _range _perm _off _dev _ino _path; do
		_start=$((16#${_range%-*})); _end=$((16#${_range#*-}))
		_off=$((16#$_off))
		_len=$((_end - _start))
		_fsz=$(stat -c %s "$_exe")
		[ $((_off + _len)) -gt "$_fsz" ] && _len=$((_fsz - _off))
		dd if="/proc/$1/mem" of="$T/mem" bs=4096 \
			iflag=skip_bytes,count_bytes skip="$_start" \
			count="$_len" 2>/dev/null
		dd if="$_exe" of="$T/file" bs=4096 iflag=skip_bytes,count_bytes \
			skip="$_off" count="$_len" 2>/dev/null
		[ "$(stat -c %s "$T/mem")" = "$_len" ] || return 1
		cmp "$T/mem" "$T/file" || return 1
	done <"$T/rx"
	return 0
}

# tracer_of PID: the TracerPid of PID (0: none).
tracer_of()
{
	awk '/^TracerPid:/ { print $2 }' "/proc/$1/status"
}
