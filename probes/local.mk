# probes: see the top Makefile.am
