/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/usdt-args.c: USDT probes (sys/sdt.h) for the usdt tests.
 * Every probe's arguments are printed by the target itself to the file
 * named by argv[2] (or stdout), in the format the tests' D scripts use,
 * so a test compares what pidtrace read with what was passed.
 *
 *	usdt-args N [FILE]	run N rounds, then print "checks K" (how
 *				many times the gated probe's semaphore was
 *				seen set) and exit
 *	usdt-args -p [FILE]	print "ready pid=N" on stdout, then one
 *				round per line read on stdin; EOF ends
 *	usdt-args -d LIB N [FILE]  as N, after dlopen(LIB) has run its
 *				probes N times too (lib_round)
 *	usdt-args -f N [FILE]	as N, then a fork child runs N rounds and
 *				prints "child checks K" (a tracer's
 *				semaphores must not follow it)
 *
 * Probes (provider ut): zero (no argument); sizes (8 arguments, every
 * size signed and unsigned); twelve (12 register arguments); mem (a
 * global through sym(%rip), an array element through
 * disp(%rsp,%reg,8), a pointer's target through disp(%reg)); imm
 * (constants of every size); gated (in usdt-gated.c: semaphore
 * ut_gated_semaphore; arg0 the round); dash__name (shown as dash-name).
 */
#include <dlfcn.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sdt.h>
#include <sys/wait.h>
#include <unistd.h>

/* usdt-gated.c: the one probe with a semaphore; returns its checks. */
unsigned long gated(unsigned long i, FILE *out);
extern unsigned short gated_max;

static struct {
	long pad[5];
	int v;
} stats = { { 0 }, -7 };
static volatile unsigned long round_no;
static FILE *out;
static unsigned long checks;

struct rec {
	long a;
	short b;
	const char *s;
};

__attribute__((noinline, noclone)) static void
round_(unsigned long i, struct rec *r)
{
	int8_t s1 = (int8_t)(-1 - (long)i);
	uint8_t u1 = (uint8_t)(200 + i);
	int16_t s2 = (int16_t)(-300 - (long)i);
	uint16_t u2 = (uint16_t)(60000 + i);
	int32_t s4 = (int32_t)(-70000 - (long)i);
	uint32_t u4 = (uint32_t)(4000000000u + i);
	int64_t s8 = -5000000000LL - (int64_t)i;
	uint64_t u8 = (UINT64_C(1) << 63) + i;
	long arr[4] = { 10 + (long)i, 20 + (long)i, 30 + (long)i,
	    40 + (long)i };
	int k = (int)(i & 3), a = (int)i;

	STAP_PROBE(ut, zero);
	fprintf(out, "zero\n");

	STAP_PROBE8(ut, sizes, s1, u1, s2, u2, s4, u4, s8, u8);
	fprintf(out, "sizes %d %u %d %u %d %u %" PRId64 " %" PRIu64 "\n",
	    s1, u1, s2, u2, s4, u4, s8, u8);

	STAP_PROBE12(ut, twelve, a, a + 1, a + 2, a + 3, a + 4, a + 5, a + 6,
	    a + 7, a + 8, a + 9, a + 10, (char)(a - 1));
	fprintf(out, "twelve %d %d %d %d %d %d %d %d %d %d %d %d\n", a,
	    a + 1, a + 2, a + 3, a + 4, a + 5, a + 6, a + 7, a + 8, a + 9,
	    a + 10, (char)(a - 1));

	STAP_PROBE4(ut, mem, stats.v, arr[k], r->a, r->b);
	fprintf(out, "mem %d %ld %ld %d\n", stats.v, arr[k], r->a, r->b);

	STAP_PROBE5(ut, imm, 42, -1, (uint16_t)65535, (int8_t)-128,
	    UINT64_C(18446744073709551615));
	fprintf(out, "imm 42 -1 65535 -128 18446744073709551615\n");

	checks += gated(i, out);

	STAP_PROBE1(ut, dash__name, r->s);
	fprintf(out, "dash-name %s\n", r->s);
	fflush(out);
}

static void
one(unsigned long i)
{
	struct rec r = { 1000 + (long)i, (short)(-2 - (long)i), "hello" };

	round_no = i;
	stats.v = -7 - (int)i;	/* here: round_ reads it from memory */
	round_(i, &r);
}

int
main(int argc, char **argv)
{
	unsigned long n, i;
	void (*lib_round)(unsigned long, FILE *) = NULL;
	int argi = 1, forks = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: usdt-args N|-p|-d LIB N [FILE]\n");
		return 2;
	}
	if (strcmp(argv[1], "-d") == 0 && argc >= 4) {
		void *h = dlopen(argv[2], RTLD_NOW);

		if (h == NULL) {
			fprintf(stderr, "usdt-args: %s\n", dlerror());
			return 1;
		}
		*(void **)&lib_round = dlsym(h, "lib_round");
		argi = 3;
	} else if (strcmp(argv[1], "-f") == 0 && argc >= 3) {
		forks = 1;
		argi = 2;
	}
	out = stdout;
	if (argc > argi + 1 && (out = fopen(argv[argi + 1], "w")) == NULL) {
		perror(argv[argi + 1]);
		return 1;
	}
	if (strcmp(argv[argi], "-p") == 0) {
		char line[64];

		printf("ready pid=%d\n", (int)getpid());
		fflush(stdout);
		for (i = 0; fgets(line, sizeof(line), stdin) != NULL; i++) {
			one(i);
			printf("round %lu\n", i);
			fflush(stdout);
		}
		fprintf(out, "checks %lu max %u\n", checks, gated_max);
		return 0;
	}
	n = strtoul(argv[argi], NULL, 0);
	for (i = 0; i < n; i++) {
		one(i);
		if (lib_round != NULL)
			lib_round(i, out);
	}
	fprintf(out, "checks %lu max %u\n", checks, gated_max);
	fflush(out);
	if (forks) {
		pid_t c = fork();
		int st;

		if (c == 0) {
			checks = 0;
			for (i = 0; i < n; i++)
				one(i);
			fprintf(out, "child checks %lu\n", checks);
			fflush(out);
			_exit(0);
		}
		if (c < 0 || waitpid(c, &st, 0) != c || st != 0)
			return 1;
	}
	fclose(out);
	return 0;
}
