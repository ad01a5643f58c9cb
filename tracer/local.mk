# tracer: see the top Makefile.am
