/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * provider: the table of providers and what they share (the contract is
 * in provider.h).
 */
#include "config.h"

#include <fnmatch.h>
#include <string.h>

#include "probes/provider.h"

/* dtrace first: its BEGIN, END and ERROR are ids 1, 2 and 3. */
const pb_provider_t *const pb_providers[] = {
	&pb_dtrace_provider,
	&pb_pid_provider,
	&pb_usdt_provider,
	&pb_syscall_provider,
	&pb_profile_provider,
	NULL,
};

bool
pb_prov_match(const char *prov, const char *name)
{
	return prov[0] == '\0' || fnmatch(prov, name, 0) == 0;
}

void
pb_fireref_init(pb_fireref_t *fr, const pb_probe_t *pr, size_t site)
{
	memset(fr, 0, sizeof(*fr));
	fr->fr_kind = (uint8_t)pr->pr_kind;
	fr->fr_faddr = pr->pr_faddr;
	fr->fr_fsize = pr->pr_fsize;
	fr->fr_cold = pr->pr_cold;
	fr->fr_coldsize = pr->pr_coldsize;
	fr->fr_data = pr->pr_data;
	fr->fr_sysnr = pr->pr_syscall.sc_nr;
	if (pr->pr_arm == PB_ARM_SITE && site < pr->pr_nsites) {
		fr->fr_off = pr->pr_sites[site].st_off;
		fr->fr_fast = pr->pr_sites[site].st_fast;
		fr->fr_slow = pr->pr_sites[site].st_slow;
		fr->fr_inline = pr->pr_sites[site].st_inline;
		fr->fr_recargs = pr->pr_sites[site].st_recargs;
		fr->fr_recgo = pr->pr_sites[site].st_recgo;
		fr->fr_rskind = pr->pr_sites[site].st_rskind;
		fr->fr_tprev = pr->pr_sites[site].st_tprev;
		fr->fr_tnext = pr->pr_sites[site].st_tnext;
	}
	if (fr->fr_inline) {
		const pb_site_t *st = &pr->pr_sites[site];

		fr->fr_faddr = st->st_addr - st->st_inback;
		fr->fr_fsize = st->st_insize;
		fr->fr_cold = st->st_incoldsize != 0 ?
		    st->st_addr + (uint64_t)(int64_t)st->st_incold : 0;
		fr->fr_coldsize = st->st_incoldsize;
	}
}
