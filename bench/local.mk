# bench: benchmarks run by hand (never by make check); each prints a
# ratio against a peer.
EXTRA_DIST += bench/pidnm.sh
