# SPDX-License-Identifier: GPL-2.0-or-later
# t/doc: the command examples of README.md and the man pages, run as the
# text shows them (t/doc/examples.py), and the Quick start's demo; the
# options the code takes against the ones the text documents.
DOC_SH_TESTS = t/doc/readme.sh t/doc/readme-leveldown.sh t/doc/demo.sh \
	t/doc/readme-postgres.sh t/doc/options.sh
TESTS += $(DOC_SH_TESTS)
EXTRA_DIST += $(DOC_SH_TESTS) t/doc/doclib.sh t/doc/examples.py \
	t/doc/lv-app.js t/doc/options.py
