# SPDX-License-Identifier: GPL-2.0-or-later
# completion: bash completion for pidtrace and pidnm, installed where
# bash-completion loads it on demand (its completionsdir from pkg-config,
# under our prefix), pidnm as a link to the same file.
bashcompletiondir = $(BASH_COMPLETION_DIR)
dist_bashcompletion_DATA = completion/pidtrace

install-data-hook: install-completion-link
install-completion-link:
	$(LN_S) -f pidtrace $(DESTDIR)$(bashcompletiondir)/pidnm
uninstall-hook: uninstall-completion-link
uninstall-completion-link:
	rm -f $(DESTDIR)$(bashcompletiondir)/pidnm
.PHONY: install-completion-link uninstall-completion-link
