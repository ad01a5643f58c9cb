/* SPDX-License-Identifier: GPL-2.0-or-later */
/* t/targets/tr-plugin.c: a library tr-dlopen loads at run time. */
#include <stdatomic.h>

static atomic_ulong calls;

__attribute__((noinline)) unsigned long
plugin_fn(unsigned long x)
{
	atomic_fetch_add(&calls, 1);
	return x * 7 + 1;
}

unsigned long
plugin_calls(void)
{
	return calls;
}
