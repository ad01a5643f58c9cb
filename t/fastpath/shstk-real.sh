#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/fastpath/shstk.sh on fp-call's own status: a real shadow stack, or a
# SKIP that says which piece is missing.
SHSTK_REAL=1 exec bash "$top_srcdir/t/fastpath/shstk.sh"
