# t/pidnm: tests of the pidnm area (listed in TESTS, targets in check_PROGRAMS)
