/* SPDX-License-Identifier: GPL-2.0-or-later */
// dw-cxx: a C++ target built with -g, for DWARF argument types: a class
// with a std::string member in a namespace, a reference to a struct,
// a function template, an rvalue reference.  dw-cxx N calls each N
// times and prints its own counts.  Expected types
// (t/probes/dwarf-types.sh) are written from the declarations below.
#include <cstdio>
#include <cstdlib>
#include <string>

namespace kv {

struct Slice {
	const char *data_;
	size_t size_;
};

class Store {
public:
	explicit Store(const std::string &name) : name_(name), n_(0) {}
	int Put(const Slice &key, const std::string &value);

	std::string name_;
	long n_;
};

template <typename T> struct Box {
	T v;
	int n;
};

template <typename T> __attribute__((noinline, noclone)) T
unbox(const Box<T> *b)
{
	return b->v;
}

} // namespace kv

static int nput, nmake;

__attribute__((noinline, noclone)) int
kv::Store::Put(const Slice &key, const std::string &value)
{
	nput++;
	n_ += (long)(key.size_ + value.size());
	return (int)n_;
}

__attribute__((noinline, noclone)) std::string *
dw_make(std::string &&s, kv::Store *st)
{
	nmake++;
	st->name_ = s;
	return &st->name_;
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;
	kv::Store st("store");
	kv::Box<int> bi = { 3, 1 };
	kv::Box<double> bd = { 0.5, 2 };
	long sum = 0;

	for (int i = 0; i < n; i++) {
		kv::Slice k = { "key", 3 };

		sum += st.Put(k, std::string("value"));
		sum += kv::unbox(&bi) + (long)kv::unbox(&bd);
		sum += (long)dw_make(std::string("m"), &st)->size();
	}
	printf("dw-cxx put=%d make=%d sum=%ld\n", nput, nmake, sum);
	return 0;
}
