# t/dsl: tests of the dsl area (listed in TESTS, targets in check_PROGRAMS)
