#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidtrace killed by SIGINT, SIGTERM or SIGHUP at a random moment under
# heavy probe load detaches cleanly: t/stress/endings.sh, a few times
# (run it by hand with N=100).
exec "$top_srcdir/t/stress/endings.sh" "${ENDINGS_N:-3}"
