/* SPDX-License-Identifier: GPL-2.0-or-later */
// ta-cxx: a quiet C++ target built with -g for typed args[] (t/args): a
// class deriving from a base, a std::string member and argument, a
// reference, a namespace, a template.  ta-cxx N calls Cart::Add and
// unbox<int> N times (default 2) and prints nothing.  Expected outputs
// are written from these declarations and values.
#include <cstdlib>
#include <string>

namespace shop {

struct Base {
	long id;
	const char *tag;
};

struct Slice {
	const char *data_;
	size_t size_;
};

class Item : public Base {
public:
	std::string name;
	int qty;
};

template <typename T> struct Box {
	T v;
	int n;
};

class Cart {
public:
	__attribute__((noinline, noclone)) int Add(const Item &item,
	    const std::string &note, Slice *s);
	long total = 0;
};

template <typename T> __attribute__((noinline, noclone)) T
unbox(const Box<T> *b)
{
	return b->v;
}

} // namespace shop

int
shop::Cart::Add(const Item &item, const std::string &note, Slice *s)
{
	total += item.qty + (long)note.size() + (long)s->size_;
	return (int)total;
}

static volatile long sink;

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2;
	shop::Item it;
	shop::Cart c;
	shop::Slice s = { "slice", 5 };
	shop::Box<int> bi = { 42, 1 };

	it.id = 7;
	it.tag = "t7";
	it.name = "a name longer than fifteen bytes";
	it.qty = 3;
	for (int i = 0; i < n; i++) {
		sink += c.Add(it, "note" + std::to_string(i), &s);
		sink += shop::unbox(&bi);
	}
	return 0;
}
