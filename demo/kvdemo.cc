/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kvdemo: the bundled demo for pidtrace's Quick start.  A tiny in-memory
 * key-value store whose kv::Store::Put is called in a loop, like the
 * leveldown program of the first user story.  It counts its own calls
 * and prints the counts when it ends, so a trace can be checked against
 * the program's own numbers.
 *
 * usage: kvdemo [PUTS [USEC_BETWEEN]]   PUTS 0 (the default) runs until
 * SIGINT or SIGTERM.
 */
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <unistd.h>

namespace kv {

class Store {
public:
	/* noinline: the demo traces these by name. */
	__attribute__((noinline)) bool Put(const std::string &key,
	    const std::string &value);
	__attribute__((noinline)) bool Get(const std::string &key,
	    std::string *value) const;
	unsigned long puts = 0;
	mutable unsigned long gets = 0;

private:
	std::map<std::string, std::string> data_;
};

bool
Store::Put(const std::string &key, const std::string &value)
{
	puts++;
	/* Larger values take longer: gives the latency histogram a shape. */
	std::string v = value;
	for (size_t i = 0; i < value.size() % 7; i++)
		v += value;
	data_[key] = v;
	return true;
}

bool
Store::Get(const std::string &key, std::string *value) const
{
	gets++;
	auto it = data_.find(key);
	if (it == data_.end())
		return false;
	*value = it->second;
	return true;
}

} /* namespace kv */

static volatile sig_atomic_t stop;

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 0;
	unsigned long usec = argc > 2 ? strtoul(argv[2], NULL, 0) : 1000;
	kv::Store db;
	std::string out;

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	for (unsigned long i = 0; !stop && (n == 0 || i < n); i++) {
		std::string key = "key" + std::to_string(i % 1000);
		std::string value(1 + (i * 7919) % 300, 'v');
		db.Put(key, value);
		db.Get(key, &out);
		if (usec)
			usleep(usec);
	}
	printf("kvdemo: %lu puts, %lu gets\n", db.puts, db.gets);
	return 0;
}
