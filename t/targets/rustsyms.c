/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rustsyms: functions under Rust (legacy and v0) and other odd mangled
 * names, given with asm labels, so the tests can check that pidnm -C
 * prints them as nm -C does without a Rust compiler.
 */
#define NAMED(fn, label) \
	__attribute__((noinline, used)) int fn(void) __asm__(label); \
	int fn(void) { return __LINE__; }

NAMED(legacy, "_ZN3std2io5stdio6_print17h3f5bd3d6a8a1c5e2E")
NAMED(v0, "_RNvCs15kBYyAo9fc_7mycrate7example")
NAMED(v0_nested, "_RNvNtCs1234_7mycrate3foo3bar")
NAMED(ctors, "_GLOBAL__I_abc")
NAMED(dotted, "._ZN3foo3barEv")
NAMED(bad, "_Zfoo")

int
main(void)
{
	return legacy() + v0() + v0_nested() + ctors() + dotted() + bad() == 0;
}
