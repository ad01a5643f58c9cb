#!/usr/bin/env -S pidtrace -s
/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * uflow.d: the flow of calls through a module's functions, indented by
 * call depth, each line with its thread id.
 *
 *   pidtrace -s uflow.d -p PID MODULE FUNCGLOB
 *
 * MODULE is a module glob (a.out: the executable), FUNCGLOB the
 * functions to show (*: all).  The depth is kept per thread; lines of
 * different threads interleave in the order they ran.
 */
#pragma D option quiet

dtrace:::BEGIN
{
	printf("%-7s %s\n", "TID", "FLOW");
}

pid$target:$$1:$$2:entry
{
	self->depth++;
	printf("%-7d %*s-> %s\n", tid, self->depth * 2 - 2, "", probefunc);
}

pid$target:$$1:$$2:return
/self->depth > 0/
{
	printf("%-7d %*s<- %s\n", tid, self->depth * 2 - 2, "", probefunc);
	self->depth--;
}
