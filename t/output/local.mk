# SPDX-License-Identifier: GPL-2.0-or-later
# t/output: structured output and exporters (-x oformat=json, -x metrics)
check_PROGRAMS += t/targets/out-strings
t_targets_out_strings_SOURCES = t/targets/out-strings.c
t_targets_out_strings_CFLAGS = -O1 -fno-inline

OUTPUT_SH_TESTS = \
	t/output/json.sh \
	t/output/prometheus.sh \
	t/output/node-exporter.sh \
	t/output/metrics-text.sh \
	t/output/metrics-stacks.sh \
	t/output/metrics-load.sh \
	t/output/json-child.sh
TESTS += $(OUTPUT_SH_TESTS)
EXTRA_DIST += $(OUTPUT_SH_TESTS) t/output/jsonlines.py t/output/aggs.d \
	t/output/aggs.r t/output/metrics.d t/output/metrics.r
