/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ta-plain: ta-c's function without DWARF (built -g0): args[] untyped. */
long ta_plain(long a, long b);

__attribute__((noinline, noclone)) long
ta_plain(long a, long b)
{
	return a * 2 + b;
}
