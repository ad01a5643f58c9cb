# demangle: see the top Makefile.am
