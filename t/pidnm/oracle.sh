# SPDX-License-Identifier: GPL-2.0-or-later
# t/pidnm/oracle.sh: sourced by the oracle tests after t/lib.sh.
#
# oracle FILE OPTIONS...: run `nm OPTIONS FILE` and `pidnm OPTIONS FILE`
# (LC_ALL=C, from t/lib.sh) and fail unless stdout, stderr (program name
# aside) and exit status are identical.
oracle()
{
	_f=$1; shift
	bounded 60 nm "$@" "$_f" >"$T/nm.out" 2>"$T/nm.err"
	_nrc=$?
	bounded 60 "$PIDNM" "$@" "$_f" >"$T/pidnm.out" 2>"$T/pidnm.err"
	_prc=$?
	cmp -s "$T/nm.out" "$T/pidnm.out" ||
		{ diff -u "$T/nm.out" "$T/pidnm.out" | head -n 20;
		  fail "pidnm $* $_f: stdout differs from nm's"; }
	sed 's/^nm: /NM: /' "$T/nm.err" >"$T/nm.err2"
	sed 's/^pidnm: /NM: /' "$T/pidnm.err" >"$T/pidnm.err2"
	same_output "$T/nm.err2" "$T/pidnm.err2"
	[ "$_nrc" = "$_prc" ] ||
		fail "pidnm $* $_f: exit $_prc, nm exits $_nrc"
	say "ok: pidnm $* $_f ($(wc -l <"$T/nm.out") lines)"
}

# libdir FILE: the path of a system library, or nothing.
syslib()
{
	for _d in /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/lib64; do
		[ -f "$_d/$1" ] && { echo "$_d/$1"; return 0; }
	done
	ldconfig -p 2>/dev/null | awk -v n="$1" '$1 == n { print $NF; exit }'
}
