/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/check.h: the checks of the C unit tests.  CHECK(cond), or
 * CHECKF(cond, fmt, ...) with a message: on failure, print the file,
 * line, condition (and message) and count it in `failures`, which the
 * test's main() returns.
 */
#ifndef T_CHECK_H
#define T_CHECK_H

#include <stdio.h>

static int failures;

#define CHECKF(cond, ...) do { \
	if (!(cond)) { \
		printf("FAIL: %s:%d: %s: ", __FILE__, __LINE__, #cond); \
		printf(__VA_ARGS__); \
		printf("\n"); \
		failures++; \
	} \
} while (0)

#define CHECK(cond)	CHECKF(cond, "%s", "check failed")

#endif /* T_CHECK_H */
