/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * demangle-test: demangle/ on fixed strings.  Asserts the forms nm -C
 * prints (binutils 2.40: no Rust hashes, unlike c++filt, which demangles
 * verbosely), the same-pointer and cache contracts, glob matching on
 * either form, and that a failed append leaves the buffer alone.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demangle/demangle.h"
#include "t/check.h"

static void
check_demangle(const char *mangled, const char *want)
{
	const char *got = dm_demangle(mangled);

	if (strcmp(got, want) != 0) {
		printf("FAIL: dm_demangle(%s) = \"%s\", want \"%s\"\n",
		    mangled, got, want);
		failures++;
	}
}

int
main(void)
{
	static const char *plain[] = { "main", "_start", "_Zfoo", "", "Z",
	    "_GLOBAL__sub_I_foo", "__libc_start_main", "ZN3foo3barEv" };
	dm_buf_t b = { 0 };
	const char *p;
	size_t i;
	char name[64];

	check_demangle("_ZN9leveldown8Database3PutERKN2v89ArgumentsE",
	    "leveldown::Database::Put(v8::Arguments const&)");
	check_demangle("_ZN3cxx5twiceIiEET_S1_", "int cxx::twice<int>(int)");
	check_demangle("_ZNK3cxx5PointeqERKS0_",
	    "cxx::Point::operator==(cxx::Point const&) const");
	check_demangle("_ZN12_GLOBAL__N_113hidden_helperEi",
	    "(anonymous namespace)::hidden_helper(int)");
	check_demangle("_ZTVN10__cxxabiv117__class_type_infoE",
	    "vtable for __cxxabiv1::__class_type_info");
	/* nm (bfd_demangle) cuts @VERSION and leading dots, then puts
	 * them back. */
	check_demangle("_ZNSt9exceptionD2Ev@GLIBCXX_3.4",
	    "std::exception::~exception()@GLIBCXX_3.4");
	check_demangle("_ZSt4cout@@GLIBCXX_3.4", "std::cout@@GLIBCXX_3.4");
	check_demangle("._ZN3foo3barEv", ".foo::bar()");
	check_demangle("_GLOBAL__I_abc", "global constructors keyed to abc");
	/* Rust, as nm -C shows it: legacy without its hash, v0 without
	 * the crate disambiguator. */
	check_demangle("_ZN3std2io5stdio6_print17h3f5bd3d6a8a1c5e2E",
	    "std::io::stdio::_print");
	check_demangle("_RNvCs15kBYyAo9fc_7mycrate7example",
	    "mycrate::example");
	check_demangle("_RNvNtCs1234_7mycrate3foo3bar", "mycrate::foo::bar");
	/* Rust legacy wants a hash of 5 or more distinct digits; a C++
	 * name that merely ends like one stays C++. */
	check_demangle("_ZN3foo17h0123456789abcdefE", "foo");
	check_demangle("_ZN3foo17h0000000000000000E", "foo::h0000000000000000");

	/* Not mangled: the very same pointer comes back. */
	for (i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
		CHECK(dm_demangle(plain[i]) == plain[i]);
	CHECK(dm_demangle(NULL) == NULL);
	CHECK(!dm_maybe_mangled("main") && dm_maybe_mangled("_ZN1a1bEv") &&
	    dm_maybe_mangled("$_RNv1a") && dm_maybe_mangled("._GLOBAL__I_a"));

	/* The cache: one string per name, whatever buffer asks. */
	snprintf(name, sizeof(name), "%s", "_ZN3cxx8overloadEi");
	p = dm_demangle(name);
	CHECK(strcmp(p, "cxx::overload(int)") == 0);
	name[0] = 'X';	/* the cache must hold its own copy of the key */
	CHECK(dm_demangle("_ZN3cxx8overloadEi") == p);
	/* Enough names to grow the table several times. */
	for (i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "_ZN1a%zu%*sEv",
		    strlen("f") + (i % 9), (int)(1 + i % 9), "f");
		for (char *q = name; *q; q++)
			if (*q == ' ')
				*q = 'g';
		dm_demangle(name);
	}
	CHECK(dm_demangle("_ZN3cxx8overloadEi") == p);

	/* Globs match either form; the demangled one only when needed. */
	CHECK(dm_match("*Database::Put*",
	    "_ZN9leveldown8Database3PutERKN2v89ArgumentsE"));
	CHECK(dm_match("_ZN9leveldown*",
	    "_ZN9leveldown8Database3PutERKN2v89ArgumentsE"));
	CHECK(dm_match("leveldown::Database::Put(v8::Arguments const&)",
	    "_ZN9leveldown8Database3PutERKN2v89ArgumentsE"));
	CHECK(!dm_match("*::Get*",
	    "_ZN9leveldown8Database3PutERKN2v89ArgumentsE"));
	CHECK(dm_match("cxx::overload(?nt)", "_ZN3cxx8overloadEi"));
	CHECK(dm_match("cxx::overload([id]*)", "_ZN3cxx8overloadEd"));
	CHECK(!dm_match("cxx::overload([!id]*)", "_ZN3cxx8overloadEd"));
	CHECK(dm_match("mal*", "malloc") && !dm_match("mal", "malloc"));
	CHECK(dm_match("", "anything") && dm_match(NULL, "anything"));
	CHECK(dm_match("*", "_Zfoo") && !dm_match("foo", "_Zfoo"));

	CHECK(dm_glob_is_literal("malloc"));
	CHECK(dm_glob_is_literal("leveldown::Database::Put(v8::Arguments const&)"));
	CHECK(!dm_glob_is_literal("*Put*") && !dm_glob_is_literal("a?c") &&
	    !dm_glob_is_literal("[ab]") && !dm_glob_is_literal("a\\*"));

	/* Append: text added on success, nothing on failure. */
	CHECK(dm_buf_reserve(&b, 3));
	memcpy(b.db_data, "ab:", 3);
	b.db_len = 3;
	CHECK(!dm_demangle_append(&b, "main") && b.db_len == 3);
	CHECK(!dm_demangle_append(&b, "_Zfoo") && b.db_len == 3);
	CHECK(!dm_demangle_append(&b, "_RNvXYZ") && b.db_len == 3);
	CHECK(dm_demangle_append(&b, "_ZN3cxx8overloadEd@V1"));
	CHECK(b.db_len == 3 + strlen("cxx::overload(double)@V1") &&
	    memcmp(b.db_data, "ab:cxx::overload(double)@V1", b.db_len) == 0);
	free(b.db_data);

	dm_reset();
	CHECK(strcmp(dm_demangle("_ZN3cxx8overloadEi"),
	    "cxx::overload(int)") == 0);
	dm_reset();

	if (failures == 0)
		printf("demangle-test: all checks passed\n");
	return failures != 0;
}
