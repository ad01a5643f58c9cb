/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/usdt-throw.cc: throws a known number of C++ exceptions, for
 * libstdc++'s USDT probe libstdcxx:::throw (in __cxa_throw).
 *	usdt-throw N	parse() throws N times, check() N / 2 times; each
 *			is caught; prints "thrown T" (the total) and exits
 */
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

static unsigned long thrown;

__attribute__((noinline)) static void
parse(unsigned long i)
{
	thrown++;
	throw std::runtime_error("bad input " + std::to_string(i));
}

__attribute__((noinline)) static void
check(unsigned long i)
{
	thrown++;
	throw std::out_of_range("out of range " + std::to_string(i));
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? std::strtoul(argv[1], nullptr, 0) : 10;

	for (unsigned long i = 0; i < n; i++) {
		try {
			parse(i);
		} catch (const std::exception &) {
		}
		if (i % 2 == 0)
			continue;
		try {
			check(i);
		} catch (const std::exception &) {
		}
	}
	std::printf("thrown %lu\n", thrown);
	return 0;
}
