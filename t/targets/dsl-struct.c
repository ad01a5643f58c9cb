/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/dsl-struct.c: a quiet target for the D tests of C types.
 * put() takes two pointers to a { data, size } pair, as leveldown's
 * DBImpl::Put takes Slices; it is called argv[1] times (default 3) with
 * keys "key0", "key1"... and values of growing size.  Nothing is
 * printed: the test's output is the D program's alone.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct slice {
	const char	*data;
	size_t		size;
};

struct rec {
	char		tag;
	int		n;
	struct slice	key;
	short		hist[3];
	char		name[8];
};

static volatile long sink;

__attribute__((noipa)) long
put(const struct slice *k, const struct slice *v)
{
	sink += (long)(k->size + v->size) + k->data[0] + v->data[0];
	return sink;
}

__attribute__((noipa)) long
record(const struct rec *r)
{
	sink += r->n;
	return sink;
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3, i;
	static const char vals[] = "vvvvvvvvvvvvvvvv";

	for (i = 0; i < n; i++) {
		char kb[16];
		struct slice k, v;
		struct rec r;

		snprintf(kb, sizeof(kb), "key%d", i);
		k.data = kb;
		k.size = strlen(kb);
		v.data = vals;
		v.size = (size_t)i + 1;
		put(&k, &v);
		memset(&r, 0, sizeof(r));
		r.tag = 't';
		r.n = -i;
		r.key = k;
		r.hist[2] = (short)(100 * i);
		snprintf(r.name, sizeof(r.name), "rec%d", i);
		record(&r);
	}
	return 0;
}
