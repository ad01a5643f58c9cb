# dsl: see the top Makefile.am
