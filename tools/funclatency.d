#!/usr/bin/env -S pidtrace -s
/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * funclatency.d: the latency of the functions a glob matches, as a
 * power-of-two histogram of nanoseconds per function.
 *
 *   pidtrace -s funclatency.d -p PID MODULE FUNCGLOB INTERVAL
 *
 * MODULE is a module glob (a.out: the executable), FUNCGLOB a function
 * glob, INTERVAL seconds between printed histograms (0: once, at the
 * end).  A call of a matched function from another one that is matched
 * too, in the same thread, is timed from the inner entry.
 */
#pragma D option quiet

pid$target:$$1:$$2:entry
{
	self->ts = timestamp;
}

pid$target:$$1:$$2:return
/self->ts/
{
	@ns[probefunc] = quantize(timestamp - self->ts);
	self->ts = 0;
}

profile:::tick-1sec
/$3 > 0 && ++secs >= $3/
{
	printf("%Y\n", walltimestamp);
	printa(@ns);
	trunc(@ns);
	secs = 0;
}

dtrace:::END
{
	printa(@ns);
}
