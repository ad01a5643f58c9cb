# t/tracer: tests of the tracer area (listed in TESTS, targets in check_PROGRAMS)
