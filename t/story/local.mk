# SPDX-License-Identifier: GPL-2.0-or-later
# t/story: the user stories end to end on real programs (Node.js with
# leveldown, the demo), as a user would run them.
EXTRA_DIST += t/targets/leveldown-put.js

STORY_SH_TESTS = t/story/refused.sh
TESTS += $(STORY_SH_TESTS)
EXTRA_DIST += $(STORY_SH_TESTS)
# Run by .ci/unprivileged at kernel.yama.ptrace_scope 1 only.
EXTRA_DIST += t/story/scope.sh
