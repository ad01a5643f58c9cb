/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/counter.c: u16 counters of the tracee that we raised (USDT
 * semaphores: the program tests one before computing a probe's
 * arguments), remembered with their net change and taken back on every
 * ending, as patched bytes are (tracer.h, tr_counter_add).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tracer/tr-impl.h"

static int
bump(tr_session_t *s, pid_t pid, uint64_t addr, int delta)
{
	uint16_t v;

	if (pid == 0) {
		if (tr_mem_read_raw(s, addr, &v, sizeof(v)) != sizeof(v))
			goto fault;
	} else if (tr_mem_read_pid(pid, addr, &v, sizeof(v)) < 0) {
		goto fault;
	}
	v = (uint16_t)(v + delta);
	if (pid == 0 ? tr_mem_write(s, addr, &v, sizeof(v)) :
	    tr_mem_write_pid(pid, addr, &v, sizeof(v)))
		goto fault;
	return 0;
fault:
	errno = EFAULT;
	return -1;
}

int
tr_counter_add(tr_session_t *s, uint64_t addr, int delta)
{
	size_t i;

	for (i = 0; i < s->s_nctr; i++)
		if (s->s_ctr[i].ct_addr == addr)
			break;
	if (i == s->s_nctr) {
		tr_counter_t *c = realloc(s->s_ctr,
		    (s->s_nctr + 1) * sizeof(*c));

		if (c == NULL)
			return -1;
		s->s_ctr = c;
		c[i].ct_addr = addr;
		c[i].ct_net = 0;
		s->s_nctr++;
	}
	if (bump(s, 0, addr, delta) < 0)
		return -1;
	s->s_ctr[i].ct_net += delta;
	return 0;
}

/* The ending: take back every net change (all threads are stopped). */
void
tr_counter_restore_all(tr_session_t *s)
{
	size_t i;

	for (i = 0; i < s->s_nctr; i++)
		if (s->s_ctr[i].ct_net != 0)
			bump(s, 0, s->s_ctr[i].ct_addr, -s->s_ctr[i].ct_net);
	tr_counter_forget_all(s);
}

/* A fork child inherited our counts: take them back in its copy. */
void
tr_counter_restore_in(tr_session_t *s, pid_t pid)
{
	size_t i;

	for (i = 0; i < s->s_nctr; i++)
		if (s->s_ctr[i].ct_net != 0)
			bump(s, pid, s->s_ctr[i].ct_addr,
			    -s->s_ctr[i].ct_net);
}

/* exec or death: the memory is gone, write nothing. */
void
tr_counter_forget_all(tr_session_t *s)
{
	free(s->s_ctr);
	s->s_ctr = NULL;
	s->s_nctr = 0;
}

int
tr_counter_forget(tr_session_t *s, uint64_t addr)
{
	size_t i;

	for (i = 0; i < s->s_nctr; i++)
		if (s->s_ctr[i].ct_addr == addr) {
			s->s_ctr[i] = s->s_ctr[--s->s_nctr];
			return 0;
		}
	errno = ENOENT;
	return -1;
}
