#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The one-liners users bring: the seed's
#   syscall::read:entry { @[execname, "nbytes"] = quantize(arg0); }
# in DTrace's output format (arg0 is the fd: sc-calls reads fd 3 eight
# times), the same on arg2, the size asked (1234 and 5, four times each),
# and opensnoop's
#   syscall::open*:entry { printf("%s %s\n", execname, copyinstr(arg1)); }
# on -c 'cat /etc/hostname' (openat's path is arg1; the loader's opens
# come first, traced from the exec as strace shows them, which gives the
# expected lines); -l of read*:return without a process.  Exact output.
. "$top_srcdir/t/syscall/sclib.sh"

echo "hello world" >"$T/file"
bounded 60 "$PIDTRACE" -n 'syscall::read:entry { @[execname, "nbytes"] = quantize(arg0); }' \
    -c "$SC_CALLS -n 4 $T/file" >"$T/out" 2>"$T/err" ||
	fail "pidtrace: $(cat "$T/err")"
cat >"$T/want" <<'W'
read 1234 bytes 4
open ok 4 enoent 4
read 5 bytes 4
nanosleep 4
fork 0

  sc-calls                                            nbytes                                            
           value  ------------- Distribution ------------- count    
               1 |                                         0        
               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 8        
               4 |                                         0        

W
same_output "$T/want" "$T/out"
grep -q "^pidtrace: description 'syscall::read:entry ' matched 1 probe\$" \
    "$T/err" || fail "no match notice: $(cat "$T/err")"

bounded 60 "$PIDTRACE" -q -n 'syscall::read:entry { @[execname, "nbytes"] = quantize(arg2); }' \
    -c "$SC_CALLS -n 4 $T/file" >"$T/out" 2>"$T/err" ||
	fail "pidtrace: $(cat "$T/err")"
cat >"$T/want" <<'W'
read 1234 bytes 4
open ok 4 enoent 4
read 5 bytes 4
nanosleep 4
fork 0

  sc-calls                                            nbytes                                            
           value  ------------- Distribution ------------- count    
               2 |                                         0        
               4 |@@@@@@@@@@@@@@@@@@@@                     4        
               8 |                                         0        
              16 |                                         0        
              32 |                                         0        
              64 |                                         0        
             128 |                                         0        
             256 |                                         0        
             512 |                                         0        
            1024 |@@@@@@@@@@@@@@@@@@@@                     4        
            2048 |                                         0        

W
same_output "$T/want" "$T/out"

# -l needs no process: the table is the same in every one.
bounded 20 "$PIDTRACE" -l -n 'syscall::read*:return' >"$T/out" 2>"$T/err" ||
	fail "pidtrace -l: $(cat "$T/err")"
cat >"$T/want" <<'W'
   ID   PROVIDER            MODULE                          FUNCTION NAME
    4    syscall                                                read return
    5    syscall                                               readv return
    6    syscall                                            readlink return
    7    syscall                                           readahead return
    8    syscall                                          readlinkat return
W
same_output "$T/want" "$T/out"

[ -r /etc/hostname ] || skip "no /etc/hostname"
command -v strace >/dev/null || skip "strace is not installed"
CAT=$(command -v cat)
bounded 60 strace -o "$T/strace" -e trace=openat "$CAT" /etc/hostname \
    >/dev/null || fail "strace run failed"
bounded 60 "$PIDTRACE" -q -n 'syscall::open*:entry { printf("%s %s\n", execname, copyinstr(arg1)); }' \
    -c "$CAT /etc/hostname" >"$T/out" 2>"$T/err" ||
	fail "pidtrace: $(cat "$T/err")"
{
	sed -n 's/^openat([^"]*"\([^"]*\)".*/cat \1/p' "$T/strace"
	cat /etc/hostname
	echo
} >"$T/want"
same_output "$T/want" "$T/out"
say pass
