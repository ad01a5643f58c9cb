# t/probes: tests of the probes area (listed in TESTS, targets in check_PROGRAMS)

check_PROGRAMS += t/probes/retsite-test
TESTS += t/probes/retsite-test
t_probes_retsite_test_SOURCES = t/probes/retsite-test.c
t_probes_retsite_test_LDADD = probes/libprobes.a $(CAPSTONE_LIBS)

check_PROGRAMS += t/probes/modules-test
TESTS += t/probes/modules-test
t_probes_modules_test_SOURCES = t/probes/modules-test.c
t_probes_modules_test_LDADD = probes/libprobes.a
