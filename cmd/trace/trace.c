/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/trace.c: the trace's life: made over a table of providers,
 * configured once from the compiled program's options (trace_opts_t),
 * freed with every process it still holds; and its notices, one line
 * each on the stream the host gave.
 */
#include <config.h>

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/trace/impl.h"
#include "probes/brtarget.h"

trace_t *
trace_new(const pb_provider_t *const *provs, FILE *notices)
{
	trace_t *tr = calloc(1, sizeof(*tr));

	if (tr == NULL)
		return NULL;
	tr->tr_provs = provs;
	tr->tr_notices = notices;
	tr->tr_opts.op_cpupin = -1;
	trace_enable_scope(&tr->tr_own, tr, NULL);
	return tr;
}

void
trace_free(trace_t *tr)
{
	trace_proc_t *p, *next;

	if (tr == NULL)
		return;
	for (p = tr->tr_procs; p != NULL; p = next) {
		next = p->p_next;
		trace_proc_free(p);
	}
	trace_reg_free(&tr->tr_own.sc_reg);
	trace_arm_free(&tr->tr_own.sc_arm);
	free(tr->tr_kinds);	/* tr_ip went with trace_run or trace_list */
	free(tr);
	pb_brt_prefetch_end();
}

void
trace_notice(const trace_t *tr, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(tr->tr_notices, "pidtrace: %s\n", msg);
}

/*
 * A provider may begin an error with dtrace's tag for it, in brackets
 * (provider.h): kept for -x errtags, which a test of dtrace's looks for,
 * and dropped otherwise.
 */
void
trace_errtag(const trace_t *tr, char *err)
{
	size_t n;

	if (tr->tr_opts.op_errtags || strncmp(err, "[D_", 3) != 0)
		return;
	n = strspn(err + 3, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789") + 3;
	if (err[n] == ']' && err[n + 1] == ' ')
		memmove(err, err + n + 2, strlen(err + n + 2) + 1);
}

/*
 * The rings' default sizes: a process's ring is 16 MB (the tracer's
 * default) while the processes together stay within 64 MB; beyond four
 * processes they share the 64 MB, down to 1 MB each.
 */
#define RING_DEFAULT	(16u << 20)
#define RING_SHARED	(64u << 20)
#define RING_MIN	(1u << 20)

/* -x bufsize=N[k|m|g] (dtrace's option): the bytes of each ring. */
static size_t
bufsize(const char *opt)
{
	char *end;
	size_t n;

	if (opt == NULL)
		return 0;
	n = (size_t)strtoull(opt, &end, 0);
	switch (*end) {
	case 'k': case 'K': return n << 10;
	case 'm': case 'M': return n << 20;
	case 'g': case 'G': return n << 30;
	}
	return n;
}

int
trace_check_options(const dsl_prog_t *pg, char *err, size_t errlen)
{
	/* oformat: dsl/emit.c's JSON Lines, or dtrace's text; none is
	 * FreeBSD's name for the text */
	const char *of = dsl_prog_option(pg, "oformat");
	/* 0 and 1: dtrace's spelling of a boolean option's off and on */
	const char *fp = dsl_prog_option(pg, "fastpath");
	const char *mr = dsl_prog_option(pg, "memread");

	if (of != NULL && strcmp(of, "json") != 0 &&
	    strcmp(of, "text") != 0 && strcmp(of, "none") != 0) {
		snprintf(err, errlen, "failed to set -x oformat to '%s': "
		    "Invalid value (json, or text or none)", of);
		return -1;
	}
	if (fp != NULL && *fp != '\0' && strcmp(fp, "on") != 0 &&
	    strcmp(fp, "record") != 0 && strcmp(fp, "off") != 0 &&
	    strcmp(fp, "require") != 0 && strcmp(fp, "1") != 0 &&
	    strcmp(fp, "0") != 0) {
		snprintf(err, errlen, "failed to set -x fastpath to '%s': "
		    "Invalid value (on, record, off or require)", fp);
		return -1;
	}
	if (mr != NULL && *mr != '\0' && trace_memread(mr) < 0) {
		snprintf(err, errlen, "failed to set -x memread to '%s': "
		    "Invalid value (check, load or syscall)", mr);
		return -1;
	}
	return 0;
}

int
trace_memread(const char *v)
{
	if (v == NULL || *v == '\0' || strcmp(v, "check") == 0)
		return DSL_MR_CHECK;
	if (strcmp(v, "load") == 0)
		return DSL_MR_LOAD;
	if (strcmp(v, "syscall") == 0)
		return DSL_MR_SYSCALL;
	return -1;
}

void
trace_configure(trace_t *tr, const dsl_prog_t *pg, int flags)
{
	trace_opts_t *op = &tr->tr_opts;
	trace_proc_t *p;
	const char *opt;
	size_t nprocs, ring;

	tr->tr_pg = pg;
	op->op_zdefs = (flags & (TRACE_ZDEFS | TRACE_LIST)) != 0;
	op->op_list = (flags & TRACE_LIST) != 0;
	op->op_verbose = (flags & TRACE_VERBOSE) != 0 && op->op_list;
	op->op_paths = (flags & TRACE_VERBOSE) != 0 && !op->op_list;
	op->op_quiet = dsl_prog_quiet(pg);
	op->op_errtags = dsl_prog_option(pg, "errtags") != NULL;
	/* names of stacks too (profile clauses), not only of pid probes */
	if (dsl_prog_option(pg, "mangled") != NULL)
		op->op_flags |= PB_MANGLED;
	op->op_follow = dsl_prog_option(pg, "follow") != NULL;
	if ((opt = dsl_prog_option(pg, "cpupin")) != NULL)
		op->op_cpupin = *opt >= '0' && *opt <= '9' ? atoi(opt) :
		    INT_MAX;
	/*
	 * The default; -x fastpath=off (or 0) forces int3 everywhere;
	 * fastpath=require refuses to trace when an enabled probe would
	 * stop the thread.
	 */
	opt = dsl_prog_option(pg, "fastpath");
	op->op_fastoff = opt != NULL && (strcmp(opt, "off") == 0 ||
	    strcmp(opt, "0") == 0);
	op->op_fastreq = opt != NULL && strcmp(opt, "require") == 0;
	/* fast sites, but every clause in pidtrace, from records */
	op->op_fastrec = opt != NULL && strcmp(opt, "record") == 0;
	/* The pid provider then finds where code may land (brtarget.h). */
	if (!op->op_fastoff)
		op->op_flags |= PB_FASTSITES;
	op->op_bufsize = bufsize(dsl_prog_option(pg, "bufsize"));
	for (p = tr->tr_procs, nprocs = 0; p != NULL; p = p->p_next)
		nprocs++;
	/*
	 * Without -x bufsize, the rings of many processes share one budget,
	 * as dtrace's buffers do not grow with the processes it grabs: a
	 * ring's pages are allocated as records reach them, and 100
	 * processes at 16 MB each could hold 1.6 GB (each slot was written
	 * at set-up once, most of the time to attach them).
	 */
	ring = op->op_bufsize;
	if (ring == 0 && nprocs > RING_SHARED / RING_DEFAULT) {
		ring = RING_SHARED / nprocs;
		if (ring < RING_MIN)
			ring = RING_MIN;
	}
	op->op_ring = ring;
	for (p = tr->tr_procs; p != NULL; p = p->p_next) {
		p->p_cpupin = op->op_cpupin;
		if (p->p_s != NULL)
			tr_fast_config(p->p_s, !op->op_fastoff, ring);
	}
}
