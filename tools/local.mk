# SPDX-License-Identifier: GPL-2.0-or-later
# tools: ready-made D scripts, each with a thin wrapper (pidtrace-NAME)
# that has -h.  The wrappers go to bindir; the scripts and the wrappers'
# shared shell code to $(pkgdatadir)/tools, where the wrappers look.
dist_bin_SCRIPTS = tools/pidtrace-funclatency tools/pidtrace-ucalls \
	tools/pidtrace-dtruss tools/pidtrace-profile \
	tools/pidtrace-uflow
toolsdir = $(pkgdatadir)/tools
dist_tools_SCRIPTS = tools/funclatency.d tools/ucalls.d tools/uflow.d \
	tools/dtruss.d tools/profile.d
dist_tools_DATA = tools/tool-lib.sh
dist_man_MANS += man/pidtrace-tools.7 man/pidtrace-funclatency.1 \
	man/pidtrace-ucalls.1 man/pidtrace-uflow.1 man/pidtrace-dtruss.1 \
	man/pidtrace-profile.1
