# SPDX-License-Identifier: GPL-2.0-or-later
# The Quick start's demo program.
noinst_PROGRAMS += demo/kvdemo
demo_kvdemo_SOURCES = demo/kvdemo.cc
demo_kvdemo_CXXFLAGS = -O2 -g
EXTRA_DIST += demo/run-demo
