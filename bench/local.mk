# bench: see the top Makefile.am
