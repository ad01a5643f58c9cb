#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The torture suite: the entry of every libcrypto function on openssl
# (a digest and a cipher round trip), on the fast path and on the int3
# path.  libcrypto's hand-written assembly (AES-NI, SHA, bignum) jumps
# between functions and into their middles.
# Asserts (tlib.sh, torture): output and exit status equal the untraced
# run's, no death, nothing said but the report of sites that stop.
. "$top_srcdir/t/torture/tlib.sh"

command -v openssl >/dev/null 2>&1 || skip "no openssl"
mkdir -p "$T/run"
seq 1 20000 >"$T/run/in"
C='pid$target:libcrypto.so.3::entry { @ = count(); }'

RECORD=yes both dgst "$C" openssl dgst -sha512 in
both enc "$C" openssl enc -aes-256-cbc -pbkdf2 -iter 1000 -S 0102030405060708 \
	-pass pass:x -a -in in
