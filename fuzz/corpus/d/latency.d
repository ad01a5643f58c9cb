#!/usr/bin/env pidtrace -s
#pragma D option quiet
pid$target::*Put*:entry { self->ts = timestamp; }
pid$target::*Put*:return /self->ts/ {
	@[probefunc] = quantize(timestamp - self->ts);
	@l[probefunc] = lquantize(arg0, 0, 100, 10);
	@ll = llquantize(arg1, 10, 0, 6, 20);
	self->ts = 0;
}
END { printa("%s %@d\n", @l); printa(@); trunc(@ll, 1); }
