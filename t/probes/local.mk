# t/probes: tests of the probes area (listed in TESTS, targets in check_PROGRAMS)
