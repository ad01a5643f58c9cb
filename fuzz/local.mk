# fuzz: see the top Makefile.am
