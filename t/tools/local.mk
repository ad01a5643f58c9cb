# SPDX-License-Identifier: GPL-2.0-or-later
# t/tools: the ready-made scripts of tools/
TOOLS_SH_TESTS = t/tools/tools.sh t/tools/completion.sh t/tools/dtruss.sh \
	t/tools/profile.sh t/tools/shortname.sh
TESTS += $(TOOLS_SH_TESTS)
EXTRA_DIST += $(TOOLS_SH_TESTS)
EXTRA_DIST += t/tools/ptyline.py
