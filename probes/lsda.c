/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/lsda.c: C++ landing pads of a function, from the file.  The
 * unwinder enters a landing pad without any branch of the function's
 * code, so a disassembly does not see it as a target; the fast path must
 * not lay a jump over one (tracer/fast/tramp.c).
 *
 * libdw walks .eh_frame (dwarf_next_cfi: CIEs with their augmentation,
 * FDEs with their raw bytes); what it does not expose is decoded here:
 * the FDE's pointer encodings ('R', 'L' of the CIE's augmentation) and the
 * LSDA in .gcc_except_table (its header and call-site table, as
 * libgcc's unwind-c.c and gcc/except.c define it), which no Debian
 * library parses for its callers.
 */
#include "config.h"

#include <errno.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <elfutils/libdw.h>

#include "probes/elfsym.h"
#include "probes/lsda.h"

#define PE_OMIT		0xff

typedef struct rd {
	const uint8_t	*p, *end;
	uint64_t	base;	/* vaddr of *p's buffer start */
	const uint8_t	*buf;
	int		bad;
} rd_t;

static uint64_t
uleb(rd_t *r)
{
	uint64_t v = 0;
	unsigned sh = 0;

	while (r->p < r->end) {
		uint8_t b = *r->p++;

		if (sh < 64)
			v |= (uint64_t)(b & 0x7f) << sh;
		sh += 7;
		if (!(b & 0x80))
			return v;
	}
	r->bad = 1;
	return 0;
}

static int64_t
sleb(rd_t *r)
{
	int64_t v = 0;
	unsigned sh = 0;
	uint8_t b = 0;

	while (r->p < r->end) {
		b = *r->p++;
		if (sh < 64)
			v |= (int64_t)(b & 0x7f) << sh;
		sh += 7;
		if (!(b & 0x80)) {
			if (sh < 64 && (b & 0x40))
				v |= -((int64_t)1 << sh);
			return v;
		}
	}
	r->bad = 1;
	return 0;
}

static uint64_t
fixed(rd_t *r, size_t n, int sign)
{
	uint64_t v = 0;
	size_t i;

	if ((size_t)(r->end - r->p) < n) {
		r->bad = 1;
		return 0;
	}
	for (i = 0; i < n; i++)
		v |= (uint64_t)r->p[i] << (8 * i);
	r->p += n;
	if (sign && n < 8 && (v >> (8 * n - 1)) & 1)
		v |= ~0ull << (8 * n);
	return v;
}

/* A DW_EH_PE-encoded pointer; pcrel is the only application used. */
static uint64_t
encoded(rd_t *r, uint8_t enc)
{
	uint64_t at = r->base + (uint64_t)(r->p - r->buf), v;

	if (enc == PE_OMIT)
		return 0;
	switch (enc & 0x0f) {
	case 0x00: v = fixed(r, 8, 0); break;
	case 0x01: v = uleb(r); break;
	case 0x02: v = fixed(r, 2, 0); break;
	case 0x03: v = fixed(r, 4, 0); break;
	case 0x04: v = fixed(r, 8, 0); break;
	case 0x09: v = (uint64_t)sleb(r); break;
	case 0x0a: v = fixed(r, 2, 1); break;
	case 0x0b: v = fixed(r, 4, 1); break;
	case 0x0c: v = fixed(r, 8, 1); break;
	default: r->bad = 1; return 0;
	}
	switch (enc & 0x70) {
	case 0x00: break;
	case 0x10: v += at; break;
	default: r->bad = 1; return 0;	/* textrel, datarel, funcrel */
	}
	return v;	/* indirect (0x80): only for the personality */
}

typedef struct cie {
	Dwarf_Off	ci_off;
	uint8_t		ci_fde;		/* 'R' */
	uint8_t		ci_lsda;	/* 'L' */
	int		ci_z;
} cie_t;

static Elf_Scn *
section_named(Elf *elf, const char *name, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;
	size_t shstr;
	const char *n;

	if (elf_getshdrstrndx(elf, &shstr) != 0)
		return NULL;
	while ((scn = elf_nextscn(elf, scn)) != NULL)
		if (gelf_getshdr(scn, sh) != NULL &&
		    (n = elf_strptr(elf, shstr, sh->sh_name)) != NULL &&
		    strcmp(n, name) == 0)
			return scn;
	return NULL;
}

/* The section holding vaddr a, as a reader positioned there. */
static int
at_vaddr(Elf *elf, uint64_t a, rd_t *r)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	Elf_Data *d;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type == SHT_NOBITS ||
		    !(sh.sh_flags & SHF_ALLOC) || a < sh.sh_addr ||
		    a >= sh.sh_addr + sh.sh_size)
			continue;
		d = elf_getdata(scn, NULL);
		if (d == NULL || d->d_buf == NULL || d->d_size < sh.sh_size)
			return -1;
		memset(r, 0, sizeof(*r));
		r->buf = d->d_buf;
		r->base = sh.sh_addr;
		r->p = r->buf + (a - sh.sh_addr);
		r->end = r->buf + d->d_size;
		return 0;
	}
	return -1;
}

static int
push(uint64_t **v, size_t *n, uint64_t x)
{
	uint64_t *nv = realloc(*v, (*n + 1) * sizeof(*nv));

	if (nv == NULL)
		return -1;
	*v = nv;
	nv[(*n)++] = x;
	return 0;
}

/* The landing pads of the LSDA at lsda, for a function starting at fn. */
static int
lsda_pads(Elf *elf, uint64_t lsda, uint64_t fn, uint64_t **v, size_t *n)
{
	uint64_t lpstart = fn, start, len, lp;
	const uint8_t *cs_end;
	uint8_t enc, cs_enc;
	rd_t r;

	if (at_vaddr(elf, lsda, &r) < 0 || r.p >= r.end)
		return 0;
	enc = *r.p++;
	if (enc != PE_OMIT)
		lpstart = encoded(&r, enc);
	if (r.p >= r.end)
		return 0;
	enc = *r.p++;			/* @TType */
	if (enc != PE_OMIT)
		(void)uleb(&r);
	if (r.p >= r.end)
		return 0;
	cs_enc = *r.p++;
	len = uleb(&r);
	if (r.bad || len > (uint64_t)(r.end - r.p))
		return 0;
	cs_end = r.p + len;
	while (r.p < cs_end && !r.bad) {
		start = encoded(&r, cs_enc & 0x0f);
		len = encoded(&r, cs_enc & 0x0f);
		lp = encoded(&r, cs_enc & 0x0f);
		(void)uleb(&r);		/* action */
		(void)start;
		(void)len;
		if (!r.bad && lp != 0 && push(v, n, lpstart + lp) < 0)
			return -1;
	}
	return 0;
}

int
pb_elf_lpads(pb_elf_t *e, uint64_t lo, uint64_t hi, uint64_t **pads,
    size_t *npads)
{
	Elf *elf = pb_elf_libelf(e);
	cie_t *cies = NULL, *c;
	size_t ncie = 0, i;
	Dwarf_Off off = 0, next;
	Dwarf_CFI_Entry ent;
	const unsigned char *ident;
	GElf_Shdr sh;
	Elf_Scn *scn;
	Elf_Data *d;
	int rc = 0;

	*pads = NULL;
	*npads = 0;
	if (elf == NULL || (ident = (const unsigned char *)elf_getident(elf,
	    NULL)) == NULL ||
	    (scn = section_named(elf, ".eh_frame", &sh)) == NULL ||
	    sh.sh_type == SHT_NOBITS || (d = elf_getdata(scn, NULL)) == NULL ||
	    section_named(elf, ".gcc_except_table", &sh) == NULL)
		return 0;
	gelf_getshdr(scn, &sh);
	for (; off != (Dwarf_Off)-1; off = next) {
		int r = dwarf_next_cfi(ident, d, true, off, &next, &ent);
		rd_t rd;
		uint64_t loc, range, lsda;

		if (r == 1)
			break;
		if (r < 0) {
			if (next == off || next == (Dwarf_Off)-1)
				break;
			continue;
		}
		if (dwarf_cfi_cie_p(&ent)) {
			const char *a = ent.cie.augmentation;
			cie_t *nc = realloc(cies, (ncie + 1) * sizeof(*nc));

			if (nc == NULL) {
				rc = -1;
				break;
			}
			cies = nc;
			c = &cies[ncie++];
			memset(c, 0, sizeof(*c));
			c->ci_off = off;
			c->ci_fde = 0;
			c->ci_lsda = PE_OMIT;
			c->ci_z = a != NULL && a[0] == 'z';
			memset(&rd, 0, sizeof(rd));
			rd.buf = d->d_buf;
			rd.base = sh.sh_addr;
			rd.p = ent.cie.augmentation_data;
			rd.end = rd.p == NULL ? NULL :
			    rd.p + ent.cie.augmentation_data_size;
			for (; c->ci_z && *++a != '\0' && rd.p < rd.end;) {
				if (*a == 'R')
					c->ci_fde = *rd.p++;
				else if (*a == 'L')
					c->ci_lsda = *rd.p++;
				else if (*a == 'P') {
					uint8_t pe = *rd.p++;

					(void)encoded(&rd, pe & 0x7f);
				} else if (*a != 'S' && *a != 'B')
					break;
			}
			continue;
		}
		for (i = 0; i < ncie && cies[i].ci_off != ent.fde.CIE_pointer;
		    i++)
			;
		if (i == ncie || !cies[i].ci_z || cies[i].ci_lsda == PE_OMIT)
			continue;
		c = &cies[i];
		memset(&rd, 0, sizeof(rd));
		rd.buf = d->d_buf;
		rd.base = sh.sh_addr;
		rd.p = ent.fde.start;
		rd.end = ent.fde.end;
		loc = encoded(&rd, c->ci_fde);
		range = encoded(&rd, c->ci_fde & 0x0f);
		if (rd.bad || loc >= hi || loc + range <= lo)
			continue;
		(void)uleb(&rd);	/* augmentation length ('z') */
		lsda = encoded(&rd, c->ci_lsda);
		if (rd.bad || lsda == 0)
			continue;
		if (lsda_pads(elf, lsda, loc, pads, npads) < 0) {
			rc = -1;
			break;
		}
	}
	free(cies);
	if (rc < 0) {
		free(*pads);
		*pads = NULL;
		*npads = 0;
		errno = ENOMEM;
	}
	return rc;
}
