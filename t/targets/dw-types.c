/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dw-types: a C target built with -g, for separate debug files and
 * DWARF argument types.  dw-types N calls each dw_* function N times
 * (and malloc, for libc's _int_malloc), then prints its own counts;
 * dw-types - prints "ready", then makes one such round per line read on
 * stdin and prints its counts at EOF (a traced process in a container,
 * t/containers).  The
 * tests strip copies of it; dw_local is static, so once stripped only
 * the debug file names it.  Expected types (t/probes/dwarf-types.sh)
 * are written from the declarations below.  dw-types N serve then
 * prints "ready" and waits to be killed (pidnm --pid).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum color { RED, GREEN = 5, BLUE };

struct point {
	int x, y;
};

union word {
	unsigned int u;
	float f;
	unsigned char b[4];
};

struct rec {
	const char *name;
	struct point pts[3];
	union word w;
	enum color c;
	struct rec *next;
	size_t size;
};

typedef struct rec rec_t;
typedef int (*cmp_fn)(const void *, const void *);

static int nlocal, nrec, nname;

__attribute__((noinline, noclone)) static long
dw_local(const char *name, int n)
{
	nlocal++;
	return (long)strlen(name) + n;
}

__attribute__((noinline, noclone)) int
dw_rec(rec_t *r, const struct point *p, enum color c, union word w,
    unsigned char buf[16], double scale)
{
	nrec++;
	r->pts[0] = *p;
	r->c = c;
	r->w = w;
	return (int)(buf[0] + scale);
}

__attribute__((noinline, noclone)) const char *
dw_name(const struct rec *const r, char **out, cmp_fn cmp)
{
	nname++;
	*out = (char *)r->name;
	return cmp != NULL ? r->name : "";
}

static int
cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* One call of each dw_* function and a malloc; what they return. */
static long
round_(rec_t *r, const struct point *p, union word w, unsigned char *buf,
    int i)
{
	char *m = malloc(16 + (size_t)(i % 64) * 8), *s;
	long sum;

	if (m == NULL)
		exit(1);
	m[0] = (char)i;
	sum = dw_local("abc", i) + m[0] % 2;
	sum += dw_rec(r, p, BLUE, w, buf, 1.5);
	sum += (long)strlen(dw_name(r, &s, cmp_int));
	free(m);
	return sum;
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1, i;
	unsigned char buf[16] = { 1 };
	struct point p = { 1, 2 };
	union word w = { 7 };
	rec_t r = { "rec", { { 0, 0 } }, { 0 }, RED, NULL, sizeof(r) };
	long sum = 0;
	char line[64];

	if (argc > 1 && strcmp(argv[1], "-") == 0) {
		printf("ready\n");
		fflush(stdout);
		for (n = 0; fgets(line, sizeof(line), stdin) != NULL; n++)
			sum += round_(&r, &p, w, buf, n);
	} else {
		for (i = 0; i < n; i++)
			sum += round_(&r, &p, w, buf, i);
	}
	printf("dw-types local=%d rec=%d name=%d sum=%ld\n", nlocal, nrec,
	    nname, sum);
	if (argc > 2 && strcmp(argv[2], "serve") == 0) {
		printf("ready\n");
		fflush(stdout);
		for (;;)
			pause();
	}
	return 0;
}
