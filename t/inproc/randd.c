/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * randd.c: see randd.h.  The grammar covers every expression case of
 * jit.c (and eval.c), every aggregating function with valid constant
 * arguments, variables of the three scopes, memory reads good and bad,
 * faults, and clauses that run in pidtrace around the others (printf,
 * printa, a tick, ERROR), so that the plan's rules are run too.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "t/inproc/randd.h"

/* Memory the firings point at: records of struct r, then nothing. */
struct r {
	char		c;
	short		h;
	int		i;
	long		l;
	struct r	*p;
};

static struct r mem[4];
static uint8_t *bad;		/* a page nobody may read */

static unsigned
pick(rd_t *d, unsigned n)
{
	unsigned v;

	if (d->rd_n == 0 || n <= 1)
		return 0;
	v = *d->rd_p++;
	d->rd_n--;
	return v % n;
}

static uint64_t
pick64(rd_t *d)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | pick(d, 256);
	return v;
}

static void	put(rd_t *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

static void
put(rd_t *d, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (d->rd_len >= sizeof(d->rd_text) - 1)
		return;
	va_start(ap, fmt);
	k = vsnprintf(d->rd_text + d->rd_len, sizeof(d->rd_text) - d->rd_len,
	    fmt, ap);
	va_end(ap);
	if (k > 0)
		d->rd_len += (size_t)k;
	if (d->rd_len >= sizeof(d->rd_text))
		d->rd_len = sizeof(d->rd_text) - 1;
}

static const char *const consts[] = {
	"0", "1", "2", "3", "7", "-1", "255", "256", "65535", "0x7fffffff",
	"0x80000000", "0xffffffff", "0x100000000", "0x7fffffffffffffff",
	"0x8000000000000000", "-2147483648", "1000", "'a'", "63", "64",
};

static const char *const vars[] = {
	"this->t0", "this->t1", "this->t2", "self->s0", "self->s1",
	"self->s2", "g0", "g1", "g2",
};

static const char *const casts[] = {
	"char", "short", "int", "long long", "unsigned char", "uint8_t",
	"uint16_t", "uint32_t", "uint64_t", "int64_t",
};

static const char *const binops[] = {
	"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", ">", "<=",
	">=", "==", "!=", "&&", "||", "^^",
};

static const char *const assigns[] = {
	"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
};

static void	expr(rd_t *, int);

static void
leaf(rd_t *d)
{
	static const char *const fields[] = { "c", "h", "i", "l" };
	static const char *const builtins[] = {
		"tid", "pid", "id", "epid", "timestamp",
		"walltimestamp - timestamp",
	};

	switch (pick(d, 8)) {
	case 0:
		put(d, "%s", consts[pick(d, sizeof(consts) /
		    sizeof(consts[0]))]);
		break;
	case 1:
	case 2:
		put(d, "arg%u", pick(d, 6));
		break;
	case 3:
		put(d, "%s", builtins[pick(d, sizeof(builtins) /
		    sizeof(builtins[0]))]);
		break;
	case 4:
	case 5:
		put(d, "%s", vars[pick(d, sizeof(vars) / sizeof(vars[0]))]);
		break;
	case 6:
		/* a read: good, bad or across a page's edge */
		switch (pick(d, 4)) {
		case 0:
			put(d, "*(int *)arg%u", pick(d, 6));
			break;
		case 1:
			put(d, "((struct r *)arg%u)->%s", pick(d, 6),
			    fields[pick(d, 4)]);
			break;
		case 2:
			put(d, "((struct r *)arg%u)->p->%s", pick(d, 6),
			    fields[pick(d, 4)]);
			break;
		default:
			put(d, "(long)&((struct r *)arg%u)->l", pick(d, 6));
		}
		break;
	default:
		put(d, "(probe%s %s \"%s\")", pick(d, 2) ? "func" : "name",
		    pick(d, 2) ? "==" : "<", pick(d, 2) ? "foo" : "entry");
	}
}

static void
expr(rd_t *d, int depth)
{
	if (depth <= 0) {
		leaf(d);
		return;
	}
	switch (pick(d, 10)) {
	case 0:
	case 1:
		leaf(d);
		return;
	case 2:
		put(d, "%s(", pick(d, 2) ? "-" : pick(d, 2) ? "~" :
		    pick(d, 2) ? "!" : "+");
		expr(d, depth - 1);
		put(d, ")");
		return;
	case 3:
	case 4:
	case 5:
		put(d, "(");
		expr(d, depth - 1);
		put(d, " %s ", binops[pick(d, sizeof(binops) /
		    sizeof(binops[0]))]);
		expr(d, depth - 1);
		put(d, ")");
		return;
	case 6:
		put(d, "(");
		expr(d, depth - 1);
		put(d, " ? ");
		expr(d, depth - 1);
		put(d, " : ");
		expr(d, depth - 1);
		put(d, ")");
		return;
	case 7:
		put(d, "((%s)", casts[pick(d, sizeof(casts) /
		    sizeof(casts[0]))]);
		expr(d, depth - 1);
		put(d, ")");
		return;
	case 8:
		put(d, "(%s %s ", vars[pick(d, sizeof(vars) /
		    sizeof(vars[0]))], assigns[pick(d, sizeof(assigns) /
		    sizeof(assigns[0]))]);
		expr(d, depth - 1);
		put(d, ")");
		return;
	default:
		if (pick(d, 2))
			put(d, "(%s%s)", pick(d, 2) ? "++" : "--",
			    vars[pick(d, sizeof(vars) / sizeof(vars[0]))]);
		else
			put(d, "(%s%s)", vars[pick(d, sizeof(vars) /
			    sizeof(vars[0]))], pick(d, 2) ? "++" : "--");
	}
}

static void
key(rd_t *d)
{
	switch (pick(d, 6)) {
	case 0:
		put(d, "probefunc");
		break;
	case 1:
		put(d, "probename");
		break;
	case 2:
		put(d, "\"k\"");
		break;
	case 3:
		put(d, "(");
		expr(d, 1);
		put(d, " ? probemod : probeprov)");
		break;
	default:
		expr(d, 2);
	}
}

static void
aggregation(rd_t *d)
{
	static const char *const lq[] = {
		"0, 100, 10", "-1000, 1000, 7", "10, 200, 1",
		"0, 65536, 4096", "-5, 5, 1",
	};
	static const char *const llq[] = {
		"10, 0, 6, 20", "2, 0, 30, 2", "10, 2, 8, 10", "4, 1, 5, 16",
		"3, 0, 10, 3", "10, 0, 3, 100", "2, 0, 61, 1",
	};
	int k, nk = (int)pick(d, 4);
	unsigned f = pick(d, 9);

	put(d, "@a%d", d->rd_naggs++);
	if (nk > 0) {
		put(d, "[");
		for (k = 0; k < nk; k++) {
			if (k > 0)
				put(d, ", ");
			key(d);
		}
		put(d, "]");
	}
	put(d, " = ");
	if (f == 0) {
		put(d, "count()");
		return;
	}
	put(d, "%s(", (const char *[]){ "", "sum", "avg", "min", "max",
	    "stddev", "quantize", "lquantize", "llquantize" }[f]);
	expr(d, 2);
	if (f == 6 && pick(d, 2)) {
		put(d, ", ");
		expr(d, 1);
	} else if (f == 7) {
		put(d, ", %s", lq[pick(d, sizeof(lq) / sizeof(lq[0]))]);
		if (pick(d, 2)) {
			put(d, ", ");
			expr(d, 1);
		}
	} else if (f == 8) {
		put(d, ", %s", llq[pick(d, sizeof(llq) / sizeof(llq[0]))]);
		if (pick(d, 2)) {
			put(d, ", ");
			expr(d, 1);
		}
	}
	put(d, ")");
}

static void
stmts(rd_t *d, int depth)
{
	int n = 1 + (int)pick(d, 4), i;

	for (i = 0; i < n; i++) {
		switch (pick(d, depth > 0 ? 5 : 4)) {
		case 0:
		case 1:
			aggregation(d);
			put(d, "; ");
			break;
		case 2:
		case 3:
			expr(d, 3);
			put(d, "; ");
			break;
		default:
			put(d, "if (");
			expr(d, 2);
			put(d, ") { ");
			stmts(d, depth - 1);
			put(d, "} ");
			if (pick(d, 2)) {
				put(d, "else { ");
				stmts(d, depth - 1);
				put(d, "} ");
			}
		}
	}
}

static void
clause(rd_t *d)
{
	static const char *const descs[] = {
		"pid1:::entry", "pid1:::return", "pid1::foo:",
		"pid1::bar:entry", "pid1:::", "pid1::foo:return",
	};

	put(d, "%s\n", descs[pick(d, sizeof(descs) / sizeof(descs[0]))]);
	if (pick(d, 2)) {
		put(d, "/ ");		/* not a comment: a predicate may start
					 * with '*' */
		expr(d, 2);
		put(d, " /\n");
	}
	put(d, "{ ");
	stmts(d, 2);
	put(d, "}\n");
}

static void
bad_page(void)
{
	int i;

	if (bad != NULL)
		return;
	bad = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE |
	    MAP_ANONYMOUS, -1, 0);
	if (bad == MAP_FAILED) {
		bad = NULL;
		return;
	}
	(void)mprotect(bad + 4096, 4096, PROT_NONE);
	for (i = 0; i < 4; i++) {
		mem[i].c = (char)(i * 77);
		mem[i].h = (short)(-3000 * i);
		mem[i].i = i * 1000003 - 7;
		mem[i].l = (long)0x100000001LL * i;
		mem[i].p = i == 3 ? (struct r *)(void *)(bad + 4092) :
		    &mem[i + 1];
	}
}

static uint64_t
argval(rd_t *d)
{
	static const uint64_t edge[] = {
		0, 1, (uint64_t)-1, 2, 3, 7, 63, 64, 255, 65536, 0x7fffffff,
		0x80000000, 0xffffffff, 0x7fffffffffffffffULL,
		0x8000000000000000ULL, (uint64_t)-1000, 0x10,
	};

	switch (pick(d, 5)) {
	case 0:
		return edge[pick(d, sizeof(edge) / sizeof(edge[0]))];
	case 1:
		return (uint64_t)(uintptr_t)&mem[pick(d, 4)];
	case 2:
		return bad != NULL ? (uint64_t)(uintptr_t)(bad + 4096 -
		    pick(d, 8)) : 0;
	case 3:
		return pick(d, 1000);
	default:
		return pick64(d);
	}
}

void
rd_make(rd_t *d, const uint8_t *data, size_t n)
{
	uint64_t tsc = 5000;
	int c, nc, i, a;

	memset(d, 0, sizeof(*d));
	d->rd_p = data;
	d->rd_n = n;
	bad_page();
	if (pick(d, 2))
		put(d, "#pragma D option quiet\n");
	put(d, "struct r { char c; short h; int i; long l; struct r *p; };\n"
	    "int64_t g0; int g1; uint16_t g2;\n");
	nc = 1 + (int)pick(d, 4);
	for (c = 0; c < nc; c++)
		clause(d);
	/* pidtrace's own clauses, and one that prints from records */
	if (pick(d, 3) == 0)
		put(d, "ERROR { @err[arg4, arg2] = count(); }\n");
	if (d->rd_naggs > 0 && pick(d, 3) == 0)
		put(d, "tick-1s { printa(@a0); %s(@a0); trace(g0); }\n",
		    pick(d, 2) ? "clear" : "trunc");
	if (d->rd_naggs > 0 && pick(d, 5) == 0)
		put(d, "pid1::bar:return { printa(@a%u); }\n",
		    pick(d, (unsigned)d->rd_naggs));
	if (pick(d, 3) == 0) {
		put(d, "pid1:::entry / ");
		expr(d, 1);
		put(d, " / { printf(\"%%d %%d\\n\", arg0, ");
		expr(d, 2);
		put(d, "); }\n");
	}
	d->rd_nf = 1 + (int)pick(d, RD_MAXFIRE);
	for (i = 0; i < d->rd_nf; i++) {
		hr_firing_t *f = &d->rd_f[i];

		f->hf_probe = pick(d, 16) == 0 ? HP_TICK : HP_FOO_ENTRY +
		    pick(d, 4);
		f->hf_key = pick(d, 4);		/* 0: no TCB */
		tsc += pick(d, 256) * 997;
		f->hf_tsc = tsc;
		for (a = 0; a < 6; a++)
			f->hf_args[a] = argval(d);
	}
}

int
rd_run(rd_t *d, FILE *where)
{
	dsl_ip_opts_t o;
	hr_t h;
	int i, same;

	char *drops = NULL;
	size_t dlen = 0;
	FILE *fp;

	/* small buffers: quick to map, and static areas that fill */
	memset(&o, 0, sizeof(o));
	o.io_dynvarsize = 1 << 20;
	o.io_aggsize = 32 << 10;
	o.io_nabuf = 8;
	if (hr_open(&h, d->rd_text, NULL, &o) != 0) {
		hr_close(&h);
		return -1;
	}
	for (i = 0; i < d->rd_nf; i++)
		hr_fire(&h, &d->rd_f[i]);
	hr_end(&h);
	/* a buffer out of room drops updates, said: nothing to compare */
	if ((fp = open_memstream(&drops, &dlen)) != NULL) {
		(void)dsl_ip_drops(h.hr_ip, fp, HR_PID);
		fclose(fp);
	}
	if (dlen > 0) {
		free(drops);
		hr_close(&h);
		return 2;
	}
	free(drops);
	same = hr_same(&h, where);
	if (!same && where != NULL)
		fprintf(where, "-- program --\n%s--\n", d->rd_text);
	hr_close(&h);
	return same;
}
