/* SPDX-License-Identifier: GPL-2.0-or-later */
// cxxsyms: a target whose symbol table has the C++ shapes pidnm must
// print like nm -C: namespaces, overloads, templates, an anonymous
// namespace, operators, a class with a Put method (the leveldown story),
// a static local, a weak inline function.
//
//   cxxsyms          exit 0 after calling everything once
//   cxxsyms serve    print "ready ADDRESS" (the run-time address of
//                    cxx::overload(int)) and wait to be killed, so that
//                    pidnm --pid has a process to read.  It dies with its
//                    parent (the tests' `timeout`, which t/lib.sh kills
//                    with SIGKILL, a signal it cannot pass on) and after
//                    five minutes in any case.
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/prctl.h>
#include <signal.h>
#include <unistd.h>

namespace v8 {
struct Arguments {
	int length;
};
}

namespace leveldown {
class Database {
public:
	int Put(const v8::Arguments &args);
	int Put(const std::string &key, const std::string &value);
	static Database *Open(const char *path);
	int count;
};

__attribute__((noinline)) int
Database::Put(const v8::Arguments &args)
{
	return count += args.length;
}

__attribute__((noinline)) int
Database::Put(const std::string &key, const std::string &value)
{
	return count += (int)(key.size() + value.size());
}

__attribute__((noinline)) Database *
Database::Open(const char *path)
{
	static Database db;

	db.count = (int)std::strlen(path);
	return &db;
}
}

namespace cxx {
__attribute__((noinline)) int overload(int x) { return x + 1; }
__attribute__((noinline)) int overload(double x) { return (int)x + 2; }
__attribute__((noinline)) int overload(const char *s, unsigned n)
{
	return (int)n + s[0];
}

template <typename T>
__attribute__((noinline)) T
twice(T x)
{
	return x + x;
}

struct Point {
	int x, y;
	__attribute__((noinline)) bool operator==(const Point &o) const { return x == o.x && y == o.y; }
};
}

namespace {
__attribute__((noinline)) int hidden_helper(int x) { return x * 3; }
}

extern "C" __attribute__((noinline)) int
c_function(int x)
{
	return hidden_helper(x) + 1;
}

int global_counter = 5;
int global_bss;

int
main(int argc, char **argv)
{
	leveldown::Database *db = leveldown::Database::Open("/tmp/db");
	v8::Arguments a = { 2 };
	cxx::Point p = { 1, 2 }, q = { 1, 2 };
	int r = db->Put(a) + db->Put(std::string("k"), std::string("v"));

	r += cxx::overload(1) + cxx::overload(2.0) + cxx::overload("s", 3u);
	r += cxx::twice<int>(3) + (int)cxx::twice<double>(1.5);
	r += (p == q) + c_function(global_counter) + global_bss;
	if (argc > 1 && std::strcmp(argv[1], "serve") == 0) {
		int (*f)(int) = cxx::overload;
		pid_t parent = getppid();

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)	/* it died before prctl() */
			return 1;
		alarm(300);
		std::printf("ready %016lx\n", (unsigned long)f);
		std::fflush(stdout);
		for (;;)
			pause();
	}
	return r == 0;
}
