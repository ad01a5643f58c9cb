// SPDX-License-Identifier: GPL-2.0-or-later
// t/targets/cg-str.cc: C++ arguments as the x86-64 ABI passes them, for
// t/code/cxx.sh.  shop::DB::Put takes `this`, a std::string by value
// (passed by invisible reference: a pointer to the caller's copy), a
// std::string_view (two registers: length, then pointer), a 16-byte
// struct (two registers) and an int that finds no register left (on
// the stack).  shop::Label returns a std::string by value (through a
// hidden pointer in %rdi, so its int argument is in %rsi).
//
//	cg-str N	N rounds of Put and Label
//
// Prints "ready pid=N", waits for a line on stdin (EOF too), then what
// it passed: the calls per key and value, the sums of the struct's
// fields, of the int and of Label's argument.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <unistd.h>

namespace shop {

struct Small {
	long a, b;
};

class DB {
public:
	long Put(std::string key, std::string_view val, Small sm, int k);
	long n_ = 0;
};

__attribute__((noinline)) long
DB::Put(std::string key, std::string_view val, Small sm, int k)
{
	n_++;
	return (long)key.size() + (long)val.size() + sm.a + sm.b + k;
}

__attribute__((noinline)) std::string
Label(int i)
{
	return "label-" + std::to_string(i) + " is long enough for the heap";
}

} // namespace shop

int
main(int argc, char **argv)
{
	static const char *const keys[] = { "alpha-key-longer-than-15",
	    "beta", "gamma" };
	static const char *const vals[] = { "one", "two-two", "three" };
	long n = argc > 1 ? atol(argv[1]) : 3, i, r = 0, sa = 0, sb = 0;
	long sk = 0, sl = 0, cnt[3] = { 0, 0, 0 };
	shop::DB db;
	std::string line;

	printf("ready pid=%d\n", (int)getpid());
	fflush(stdout);
	std::getline(std::cin, line);
	for (i = 0; i < n; i++) {
		shop::Small sm = { i, 2 * i + 1 };

		r += db.Put(std::string(keys[i % 3]), vals[i % 3], sm,
		    (int)(i % 7));
		cnt[i % 3]++;
		sa += sm.a;
		sb += sm.b;
		sk += i % 7;
		r += (long)shop::Label((int)i).size();
		sl += i;
	}
	for (i = 0; i < 3; i++)
		printf("put %s %s %ld\n", keys[i], vals[i], cnt[i]);
	printf("a=%ld b=%ld k=%ld label=%ld r=%ld\n", sa, sb, sk, sl, r);
	return 0;
}
