// SPDX-License-Identifier: GPL-2.0-or-later
// tt-cxx: a C++ program of the torture suite (t/torture/): std::string,
// iostream and exceptions through libstdc++ and libc, with an output
// that depends on every result.  usage: tt-cxx N; exits 3.
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

static std::string
word(unsigned long i)
{
	std::ostringstream os;

	os << "w" << i * 7919 % 1000;
	if (i % 13 == 0)
		throw std::runtime_error("thirteen " + os.str());
	return os.str();
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? std::strtoul(argv[1], nullptr, 0) : 1000;
	std::map<std::string, unsigned long> seen;
	unsigned long caught = 0;
	std::string all;

	for (unsigned long i = 1; i <= n; i++) {
		try {
			std::string w = word(i);

			seen[w]++;
			all += w.substr(0, 2);
		} catch (const std::exception &e) {
			caught += std::string(e.what()).size();
		}
	}
	std::cout << "words " << seen.size() << " caught " << caught
		  << " len " << all.size() << std::endl;
	for (const auto &kv : seen)
		if (kv.second > 1)
			std::cout << kv.first << ' ' << kv.second << '\n';
	return 3;
}
