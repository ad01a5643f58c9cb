/* SPDX-License-Identifier: GPL-2.0-or-later */
// pb-kv: a small C++ key-value store, the target of the probes tests.
//
// It has what pid-provider resolution must get right: namespaces,
// overloads, a template instantiated twice, a class with a Put method, a
// static (local) function, a function ending in a tail call, a switch
// that GCC compiles to a jump table, and a function whose .cold part
// returns on its own.  Built with -O2 so the tail call is
// a jmp.  Every function counts its own calls, printed at exit, so tracer
// tests can compare pidtrace's counts with the target's.
//
// Usage: pb-kv [ROUNDS]
//   prints "ready <pid>", waits for a line (or EOF) on stdin, runs ROUNDS
//   rounds (default 1) of calls, prints the counts and exits.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <unistd.h>

#define NOIPA __attribute__((noipa))

static volatile unsigned long n_put_str, n_put_int, n_get, n_twice_int,
    n_twice_dbl, n_mix, n_forward, n_finish, n_op, n_checked;

namespace kv {

class Store {
public:
	NOIPA int Put(const std::string &k, const std::string &v);
	NOIPA int Put(const char *k, int v);
	NOIPA const std::string *Get(const std::string &k) const;
private:
	std::map<std::string, std::string> m_;
};

int
Store::Put(const std::string &k, const std::string &v)
{
	n_put_str++;
	bool fresh = m_.find(k) == m_.end();
	m_[k] = v;
	return fresh ? 1 : 0;
}

int
Store::Put(const char *k, int v)
{
	n_put_int++;
	return Put(std::string(k), std::to_string(v));
}

const std::string *
Store::Get(const std::string &k) const
{
	n_get++;
	auto it = m_.find(k);
	if (it == m_.end())
		return nullptr;
	return &it->second;
}

template <typename T> NOIPA T
twice(T x)
{
	if (sizeof(T) == sizeof(int))
		n_twice_int++;
	else
		n_twice_dbl++;
	return x + x;
}

namespace detail {

NOIPA int
finish(int x)
{
	n_finish++;
	return x * 3;
}

// Ends in a call whose result it returns: at -O2 a jmp (tail call).
NOIPA int
forward(int x)
{
	n_forward++;
	return finish(x + 1);
}

NOIPA int
op1(int x) { n_op++; return x + 1; }
NOIPA int
op2(int x) { n_op++; return x - 2; }
NOIPA int
op3(int x) { n_op++; return x * 3; }
NOIPA int
op4(int x) { n_op++; return x / 4; }

// Dense cases calling different functions: GCC makes a jump table.
NOIPA int
dispatch(int op, int x)
{
	switch (op) {
	case 0: return op1(x) + 7;
	case 1: return op2(x) + 5;
	case 2: return op3(x) + 3;
	case 3: return op4(x) + 1;
	case 4: return op1(x) * 2;
	case 5: return op2(x) * 3;
	case 6: return op3(x) * 5;
	default: return -1;
	}
}

__attribute__((cold, noipa)) void
complain(int x)
{
	fprintf(stderr, "negative %d\n", x);
}

// The path calling a cold function moves to checked.cold, which has a
// ret of its own: a return site outside the symbol's range.
NOIPA int
checked(int x)
{
	n_checked++;
	if (x < 0) {
		complain(x);
		n_checked += 2;
		return -x * 2;
	}
	return x + 1;
}

} // namespace detail
} // namespace kv

// A static function: a LOCAL symbol, only in .symtab.
static NOIPA int
mix(int a, int b)
{
	n_mix++;
	if (a > b)
		return a - b;
	return b - a;
}

int
main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1;
	kv::Store s;
	char line[64];
	long sum = 0;

	printf("ready %d\n", (int)getpid());
	fflush(stdout);
	if (fgets(line, sizeof(line), stdin) == nullptr)
		clearerr(stdin);
	for (int i = 0; i < rounds; i++) {
		std::string k = "k" + std::to_string(i % 7);
		sum += s.Put(k, "v");
		sum += s.Put("n", i);
		sum += s.Get(k) != nullptr;
		sum += kv::twice(i);
		sum += (long)kv::twice(0.5 * i);
		sum += mix(i, 3);
		sum += kv::detail::forward(i);
		sum += kv::detail::dispatch(i % 8, i);
		sum += kv::detail::checked(i);
	}
	printf("put_str %lu\nput_int %lu\nget %lu\ntwice_int %lu\n"
	    "twice_dbl %lu\nmix %lu\nforward %lu\nfinish %lu\nop %lu\n"
	    "checked %lu\nsum %ld\n", n_put_str, n_put_int, n_get,
	    n_twice_int, n_twice_dbl, n_mix, n_forward, n_finish, n_op,
	    n_checked, sum);
	return 0;
}
