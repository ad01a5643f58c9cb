/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/out-strings.c: a target for the output tests.  It passes
 * hostile strings to hostile(): quotes, backslashes, control bytes, valid
 * UTF-8 of each length, and bytes that are not UTF-8 (lone continuation
 * bytes, an overlong '/', an encoded surrogate, 0xff, a truncated
 * sequence at the end).  With an argument it prints each string's index
 * and whether it is valid UTF-8, so the test knows what to expect.
 */
#include <stdio.h>
#include <string.h>

static const char *const strs[] = {
	"plain",
	"quote\" backslash\\ slash/",
	"ctl\x01\x02\x1b[0m\t\r\n\x7f",
	"utf8 \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
	"lone \x80\xbf continuation",
	"overlong \xc0\xaf slash",
	"surrogate \xed\xa0\x80 half",
	"ff \xff\xfe bytes",
	"truncated \xe2\x82",
	"{\"json\":[1,2]}",
};

__attribute__((noinline)) size_t
hostile(int i, const char *s)
{
	__asm__ volatile("" ::: "memory");
	return strlen(s) + (size_t)i;
}

int
main(int argc, char **argv)
{
	size_t i, t = 0;

	for (i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		t += hostile((int)i, strs[i]);
	if (argc > 1)
		printf("calls=%zu total=%zu\n", i, t);
	return 0;
}
