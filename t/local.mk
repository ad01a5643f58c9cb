# The test suite: shell tests (*.sh) and D-script pairs (*.d with *.r).
# Each area's tests are listed in its own block below.
EXTRA_DIST += t/lib.sh
