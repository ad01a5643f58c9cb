/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/fastpath/shstk-test.c: the reading of a thread's status file for a
 * user shadow stack (tracer/fast/shstk.c), which keeps an entry's moved
 * call on int3.  The lines are the kernel's (Documentation/arch/x86/
 * shstk.rst, fs/proc/array.c: "x86_Thread_features:" and
 * "x86_Thread_features_locked:", then the features by name, separated by
 * spaces); a kernel without CONFIG_X86_USER_SHADOW_STACK prints neither.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tracer/fast/fast.h"
#include "t/check.h"

static const char head[] =
	"Name:\tnode\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t17870\n";
static const char tail[] =
	"Mems_allowed_list:\t0\nvoluntary_ctxt_switches:\t12\n";

/* head, the lines given, tail: a status file. */
static int
said(const char *lines)
{
	char buf[1024];

	snprintf(buf, sizeof(buf), "%s%s%s", head, lines, tail);
	return tr_status_shstk(buf);
}

int
main(void)
{
	char buf[8192];
	FILE *f;
	size_t n;
	bool self;

	/* On. */
	CHECK(said("x86_Thread_features:\tshstk wrss\n"
		   "x86_Thread_features_locked:\tshstk wrss\n"));
	CHECK(said("x86_Thread_features:\twrss shstk\n"
		   "x86_Thread_features_locked:\t\n"));
	CHECK(said("x86_Thread_features:\tshstk\n"));
	/* The last line, with no newline after it. */
	CHECK(tr_status_shstk("Name:\ta\nx86_Thread_features:\tshstk"));

	/* Off: a kernel that can, a thread that did not. */
	CHECK(!said("x86_Thread_features:\t\n"
		    "x86_Thread_features_locked:\t\n"));
	CHECK(!said("x86_Thread_features:\twrss\n"));
	/* Locked off is not on. */
	CHECK(!said("x86_Thread_features:\t\n"
		    "x86_Thread_features_locked:\tshstk\n"));
	/* No such line: a kernel without user shadow stacks. */
	CHECK(!said(""));
	CHECK(!tr_status_shstk(""));
	/* The word whole, on its own line only. */
	CHECK(!said("x86_Thread_features:\tshstkx\n"));
	CHECK(!said("x86_Thread_features:\txshstk\n"));
	CHECK(!said("Name_x86_Thread_features:\tshstk\n"));
	CHECK(!said("Comment:\tx86_Thread_features:\tshstk\n"));

	/* A whole process: ours, as its own status file says; none gone. */
	f = fopen("/proc/self/status", "r");
	CHECK(f != NULL);
	n = f != NULL ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
	if (f != NULL)
		fclose(f);
	buf[n] = '\0';
	self = tr_status_shstk(buf);
	printf("this process: %s x86_Thread_features line; shadow stack %s\n",
	       strstr(buf, "x86_Thread_features:") != NULL ? "a" : "no",
	       self ? "on" : "off");
	CHECK(tr_proc_shstk(getpid()) == self);
	CHECK(!tr_proc_shstk(0));
	CHECK(!tr_proc_shstk(-1));

	printf("%s: %d failures\n", __FILE__, failures);
	return failures != 0;
}
