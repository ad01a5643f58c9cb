#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# resolve-kv-nopie: resolve-kv.sh on pb-kv linked as ET_EXEC (-no-pie),
# where the load bias is 0 and addresses are the link-time ones.
: "${top_builddir:?run through make check}"
KV=$top_builddir/t/targets/pb-kv-nopie
. "$top_srcdir/t/probes/resolve-kv.sh"
