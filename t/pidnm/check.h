/*
 * check.h: CHECK(cond) for the C unit tests of t/pidnm: on failure,
 * print the file, line and condition and count it in `failures`, which
 * the test's main() returns.
 */
#ifndef T_PIDNM_CHECK_H
#define T_PIDNM_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond) do { \
	if (!(cond)) { \
		printf("FAIL: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
		failures++; \
	} \
} while (0)

#endif /* T_PIDNM_CHECK_H */
