/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/tracer/ctx-test.c: the fast path's context blocks without D: clause
 * code written here by hand runs in the traced threads, and the test
 * checks what it saw against what the program did.
 *
 *	ctx-test SITE... -- CMD ARGS...
 *
 * SITE is entry:OFF:LO:HI or return:OFF:LO:HI (offsets in the main
 * executable, as nm prints them for a PIE; [LO, HI) the function).  Each
 * site asks for a trampoline with a context block (fw_ctx), and gets code
 * that counts its firings, adds up arg0 (entry) or rax (return: the
 * context's arg1) and checks a return's arg0 against the ret's offset,
 * each in the site's 32 bytes of the shared area (tr_fast_area), with
 * lock-prefixed adds (threads race).  An entry's code asks for a record
 * when arg0 % 1024 is 0, with one event (arg0, 0x5678): the records must
 * come with the context's status, event and arguments.  At the end
 * (TR_FE_ENDING) it prints per site
 *	SITE fast=0|1 calls=N sum=S badarg0=B nokey=K records=R badrec=X
 * "fast=0" when the site stayed int3 (the test says which may).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tracer/tracer.h"

#define MAXSITE	16

static struct site {
	char		spec[64];
	int		kind;		/* TR_FAST_* */
	uint64_t	off, lo, hi;
	bool		fast;
	uint64_t	records, badrec;
} sites[MAXSITE];
static int nsites;
static uint64_t base;
static uint64_t counts[MAXSITE][4];	/* what the area said at the end */
static bool ended;

static uint64_t
exe_base(pid_t pid)
{
	char path[64], exe[4096], line[4096 + 128], file[4096];
	uint64_t lo, off;
	ssize_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	n = readlink(path, exe, sizeof(exe) - 1);
	if (n < 0)
		return 0;
	exe[n] = '\0';
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		file[0] = '\0';
		if (sscanf(line, "%" SCNx64 "-%*x %*s %" SCNx64
			   " %*s %*s %4095s", &lo, &off, file) >= 2 &&
		    strcmp(file, exe) == 0) {
			fclose(f);
			return lo - off;
		}
	}
	fclose(f);
	return 0;
}

/* Bytes into code from a string of hex pairs. */
static size_t
hex(uint8_t *code, size_t n, const char *h)
{
	unsigned v;

	for (; *h != '\0'; h += h[2] == ' ' ? 3 : 2) {
		sscanf(h, "%2x", &v);
		code[n++] = (uint8_t)v;
	}
	return n;
}

/*
 * The clause code of site i, its counters at slot (in the tracee):
 * rdi is the context, rsi rax rcx are free, back through the link.
 */
static size_t
make_code(uint8_t *code, int i, uint64_t slot)
{
	const struct site *st = &sites[i];
	uint32_t arg0 = (uint32_t)(st->off - st->lo);
	size_t n = 0;

	n = hex(code, n, "48 be");			/* movabs $slot,%rsi */
	memcpy(code + n, &slot, 8);
	n += 8;
	n = hex(code, n, "f0 48 ff 06");		/* lock incq (%rsi) */
	if (st->kind == TR_FAST_ENTRY) {
		n = hex(code, n, "48 8b 07");		/* mov (%rdi),%rax */
	} else {
		n = hex(code, n, "48 8b 47 08");	/* mov 8(%rdi),%rax */
		/* cmp $arg0,(%rdi); je 1f; lock incq 16(%rsi); 1: */
		n = hex(code, n, "48 81 3f");
		memcpy(code + n, &arg0, 4);
		n += 4;
		n = hex(code, n, "74 05 f0 48 ff 46 10");
	}
	n = hex(code, n, "f0 48 01 46 08");		/* lock add %rax,8(%rsi) */
	/* mov KEY(%rdi),%ecx; test; jnz 1f; lock incq 24(%rsi); 1: */
	n = hex(code, n, "8b 4f 38 85 c9 75 05 f0 48 ff 46 18");
	n = hex(code, n, "c7 47 3c 00 00 00 00");	/* status 0 */
	if (st->kind == TR_FAST_ENTRY) {
		/* arg0 % 1024 == 0: a record, event (arg0, 0x5678) */
		n = hex(code, n, "48 8b 07 a9 ff 03 00 00 75 1a");
		n = hex(code, n, "c7 47 3c 01 00 00 00 c7 47 48 01 00 00 00");
		n = hex(code, n, "48 89 47 50 48 c7 47 58 78 56 00 00");
	}
	n = hex(code, n, "ff 67 40");			/* jmp *LINK(%rdi) */
	return n;
}

/* A site that stayed int3: said (the test says which may). */
static void
on_refusal(void *arg, uint32_t cookie, uint64_t addr, const char *why)
{
	(void)arg;
	(void)addr;
	printf("%s int3: %s\n", sites[cookie].spec, why);
}

static void
h_ready(void *arg, tr_session_t *s)
{
	uint8_t code[256];
	uint64_t remote, at;
	tr_fast_want_t w;
	void *area;
	size_t n;
	int i;

	(void)arg;
	base = exe_base(tr_proc_tid(s));
	for (i = 0; i < nsites; i++) {
		struct site *st = &sites[i];

		if (tr_bkpt_add(s, base + st->off, (uint32_t)i) < 0) {
			fprintf(stderr, "ctx-test: site %s: %s\n", st->spec,
				strerror(errno));
			exit(2);
		}
		memset(&w, 0, sizeof(w));
		w.fw_kind = st->kind;
		w.fw_cookie = (uint32_t)i;
		w.fw_lo = base + st->lo;
		w.fw_hi = base + st->hi;
		/* No code of these targets lands in a function's first
		 * bytes from outside it (t/targets/fp-*.S, fp-load.c). */
		w.fw_tprev = w.fw_lo;
		w.fw_tnext = w.fw_hi;
		w.fw_ctx = true;
		w.fw_arg0 = st->off - st->lo;
		if (tr_bkpt_want_fast(s, base + st->off, &w) < 0) {
			fprintf(stderr, "ctx-test: want %s: %s\n", st->spec,
				strerror(errno));
			exit(2);
		}
	}
	tr_fast_arm(s);
	tr_fast_refusals(s, on_refusal, NULL);
	area = tr_fast_area_map(s, &remote);
	if (area == NULL) {
		fprintf(stderr, "ctx-test: no area: %s\n", tr_fast_why(s));
		return;
	}
	for (i = 0; i < nsites; i++) {
		n = make_code(code, i, remote + 32 * (uint64_t)i);
		if (tr_fast_code(s, code, n, NULL, 0, &at) < 0) {
			fprintf(stderr, "ctx-test: code: %s\n",
				strerror(errno));
			exit(2);
		}
		sites[i].fast = tr_fast_entry(s, base + sites[i].off, at) == 0;
	}
}

static int
h_hit(void *arg, tr_session_t *s, tr_thread_t *th, uint32_t cookie,
      uint64_t addr, const struct user_regs_struct *regs)
{
	(void)arg;
	(void)s;
	(void)th;
	(void)cookie;
	(void)addr;
	(void)regs;
	return 0;
}

static int
h_record(void *arg, tr_session_t *s, const tr_record_t *rc)
{
	struct site *st;

	(void)arg;
	(void)s;
	if (rc->rc_cookie >= (uint32_t)nsites)
		return 0;
	st = &sites[rc->rc_cookie];
	st->records++;
	if (!rc->rc_code || rc->rc_status != 1 || rc->rc_nev != 1 ||
	    rc->rc_ev[0] != rc->rc_args[0] || rc->rc_ev[1] != 0x5678 ||
	    rc->rc_args[0] % 1024 != 0 || rc->rc_tid <= 0) {
		if (st->badrec++ < 5)
			fprintf(stderr, "ctx-test: bad record of %s: code %d "
				"status %u nev %u ev %#" PRIx64 " %#" PRIx64
				" arg0 %#" PRIx64 " tid %d\n", st->spec,
				rc->rc_code, rc->rc_status, rc->rc_nev,
				rc->rc_ev[0], rc->rc_ev[1], rc->rc_args[0],
				(int)rc->rc_tid);
	}
	return 0;
}

static void
h_fast(void *arg, tr_session_t *s, int ev, pid_t tid, uint32_t key)
{
	uint64_t remote;
	uint64_t *area;
	int i;

	(void)arg;
	(void)tid;
	(void)key;
	if (ev != TR_FE_ENDING || ended)
		return;
	area = tr_fast_area_map(s, &remote);
	if (area == NULL)
		return;
	ended = true;
	for (i = 0; i < nsites; i++)
		memcpy(counts[i], area + 4 * i, sizeof(counts[i]));
}

static void
h_notice(void *arg, tr_session_t *s, int code, uint64_t addr,
	 const char *text)
{
	(void)arg;
	(void)code;
	(void)addr;
	fprintf(stderr, "ctx-test: pid %d: %s\n", (int)tr_pid(s), text);
}

static int
parse(const char *spec, struct site *st)
{
	char kind[16];

	snprintf(st->spec, sizeof(st->spec), "%s", spec);
	if (sscanf(spec, "%15[a-z]:%" SCNx64 ":%" SCNx64 ":%" SCNx64, kind,
		   &st->off, &st->lo, &st->hi) != 4)
		return -1;
	if (strcmp(kind, "entry") == 0)
		st->kind = TR_FAST_ENTRY;
	else if (strcmp(kind, "return") == 0)
		st->kind = TR_FAST_RETURN;
	else
		return -1;
	return 0;
}

int
main(int argc, char **argv)
{
	tr_handlers_t h = {
		.h_ready = h_ready, .h_hit = h_hit, .h_record = h_record,
		.h_fast = h_fast, .h_notice = h_notice,
	};
	tr_session_t *s;
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (nsites == MAXSITE || parse(argv[i], &sites[nsites]) < 0) {
			fprintf(stderr, "ctx-test: bad site %s\n", argv[i]);
			return 2;
		}
		nsites++;
	}
	if (i + 1 >= argc)
		return 2;
	s = tr_launch(argv + i + 1);
	if (s == NULL) {
		fprintf(stderr, "ctx-test: %s\n", tr_errmsg());
		return 1;
	}
	if (tr_fast_config(s, true, 0) < 0 || tr_fast_area(s, 4096) < 0)
		return 1;
	if (tr_run(s, &h) < 0)
		fprintf(stderr, "ctx-test: tr_run failed\n");
	for (i = 0; i < nsites; i++)
		printf("%s fast=%d calls=%" PRIu64 " sum=%" PRIu64
		       " badarg0=%" PRIu64 " nokey=%" PRIu64 " records=%"
		       PRIu64 " badrec=%" PRIu64 "\n", sites[i].spec,
		       sites[i].fast, counts[i][0], counts[i][1],
		       counts[i][2], counts[i][3], sites[i].records,
		       sites[i].badrec);
	tr_free(s);
	return 0;
}
