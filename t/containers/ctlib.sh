# SPDX-License-Identifier: GPL-2.0-or-later
# t/containers/ctlib.sh: containers as docker and podman make them, with
# no daemon: a private mount namespace whose root is a tmpfs holding the
# build's own programs and their libraries (ct_copy), a PID namespace
# (the program is not pid 1 there, nor its host pid), chroot; and, for
# the rootless cases, a user namespace made by an unprivileged user.
# The tmpfs is mounted inside the container's mount namespace: the host
# sees none of its files except through /proc/PID/root, so what pidtrace
# finds there it found as the process sees it.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"

# ct_need: SKIP, with the reason, where this machine makes no containers.
ct_need()
{
	[ "$(id -u)" = 0 ] ||
		skip "making containers needs root (mount, chroot): run as root"
	command -v unshare >/dev/null && command -v chroot >/dev/null ||
		skip "needs unshare and chroot (Debian packages util-linux, coreutils)"
	if ! unshare -m -p -f --kill-child true 2>"$T/ns.err"; then
		skip "this machine refuses namespaces (unshare -m -p -f:" \
		    "$(head -n 1 "$T/ns.err"))"
	fi
}

# ct_copy STAGE FILE...: each FILE and the libraries ldd lists for it,
# at their own paths under STAGE.
ct_copy()
{
	_s=$1; shift
	for _f in "$@"; do
		for _x in "$_f" $(ldd "$_f" 2>/dev/null | sed -n \
		    -e 's/.*=> \(\/[^ ]*\) .*/\1/p' \
		    -e 's/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p'); do
			mkdir -p "$_s${_x%/*}" && cp -L "$_x" "$_s$_x" ||
				fail "cannot copy $_x into $_s"
		done
	done
}

# The container's PID 1: a tmpfs on ROOT (in its own mount namespace),
# STAGE copied in, /proc, a few devices and ROOT.share as /share (for
# what the test reads after the container is gone), then CMD run under chroot
# as its child (pid 2 there), waited for.  PID 1 stays a shell of the
# user who made the container, as a runtime's init (podman's catatonit)
# does.  With CT_SETPRIV (setpriv's options), CMD runs as that user of
# the container (setpriv must be in STAGE).
CT_INIT='R=$1 S=$2; exec 3<"$3" >"$4" 2>&1 </dev/null; shift 4
# a user namespace made by its user: wait for its maps (ct_map)
while [ -n "${CT_WAITMAP:-}" ] && [ ! -e "$R.share/mapped" ]; do
	sleep 0.01
done
mount -t tmpfs -o mode=0755 ct "$R" || exit 1
cp -R "$S"/. "$R"/ || exit 1
mkdir -p "$R/proc" "$R/dev" "$R/tmp" && chmod 1777 "$R/tmp" || exit 1
mount -t proc proc "$R/proc" || exit 1
mkdir -p "$R/share" && mount --bind "$R.share" "$R/share" || exit 1
for d in null zero random urandom; do
	: >"$R/dev/$d" && mount --bind "/dev/$d" "$R/dev/$d" || exit 1
done
# stdin from fd 3: a background command reads /dev/null otherwise
if [ -n "${CT_EXEC:-}" ]; then
	exec chroot "$R" /usr/bin/setpriv $CT_SETPRIV "$@" <&3 3<&-
elif [ -n "${CT_SETPRIV:-}" ]; then
	chroot "$R" /usr/bin/setpriv $CT_SETPRIV "$@" <&3 3<&- &
else
	chroot "$R" "$@" <&3 3<&- &
fi
exec 3<&-
wait $!'

# ct_start VAR SECONDS STAGE IN OUT [UNSHARE-OPTION...] -- CMD...:
# start a container running CMD (container paths), its stdin from IN
# (a fifo, say), stdout and stderr to OUT (host paths); VAR gets the
# spawned pid (see ct_target).  The extra options go to unshare (-U...).
ct_start()
{
	_v=$1 _secs=$2 _stage=$3 _in=$4 _out=$5; shift 5
	_opts=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		_opts="$_opts $1"; shift
	done
	shift
	mkdir -p "$T/ctroot.$_v" "$T/ctroot.$_v.share"
	chmod 1777 "$T/ctroot.$_v.share"
	# PID 1 dies with unshare, unless CT_ORPHAN
	[ -n "${CT_ORPHAN:-}" ] || _opts="$_opts --kill-child"
	# shellcheck disable=SC2086
	spawn "$_v" "$_secs" env CT_WAITMAP="${CT_WAITMAP:-}" \
	    CT_SETPRIV="${CT_SETPRIV:-}" CT_EXEC="${CT_EXEC:-}" \
	    ${CT_AS:-} unshare $_opts -m -p -f \
	    sh -c "$CT_INIT" sh "$T/ctroot.$_v" "$_stage" "$_in" "$_out" "$@"
}

# ct_target SPAWNED: the host pid of the container's CMD (unshare's
# child is the container's PID 1, whose one child is CMD once it said it
# is ready).
ct_target()
{
	_u=$(child_of "$1") || return 1
	_i=$(child_of "$_u") || return 1
	child_of "$_i"
}

# ct_init SPAWNED: the host pid of the container's PID 1.
ct_init()
{
	_u=$(child_of "$1") || return 1
	child_of "$_u"
}

# ct_map VAR IDMAP: write the uid_map and gid_map of the container
# started as ct_start VAR (as newuidmap and newgidmap do for podman,
# from /etc/subuid), then let its PID 1 go on.  For a container
# started with -U and CT_WAITMAP set.
ct_map()
{
	eval "_sp=\$$1"
	_u=$(child_of "$_sp") || fail "no unshare process"
	_i=$(child_of "$_u") || fail "no container init"
	# one write(2) each: the kernel takes a map in one
	printf '%s\n' "$2" >"$T/idmap"
	dd if="$T/idmap" of="/proc/$_i/uid_map" bs=64k status=none ||
		fail "uid_map: $2"
	dd if="$T/idmap" of="/proc/$_i/gid_map" bs=64k status=none ||
		fail "gid_map: $2"
	: >"$T/ctroot.$1.share/mapped"
}
