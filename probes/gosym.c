/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gosym: Go's function table and build info (gosym.h).
 *
 * .gopclntab, after debug/gosym's parsePclnTab: a header of 8 bytes
 * (magic, two zero pads, the instruction size quantum, the pointer
 * size), then pointer-sized words:
 *   Go 1.18 and 1.20 (magic 0xfffffff0, 0xfffffff1): nfunc, nfiles,
 *     textStart, then the offsets of funcnametab, cutab, filetab,
 *     pctab and pclntab (the functab and the _func records);
 *     functab entries are (uint32 entryoff, uint32 funcoff), entryoff
 *     from textStart;
 *   Go 1.16 (0xfffffffa): nfunc, nfiles, then the offsets of
 *     funcnametab, cutab, filetab, pctab, pclntab; entries are (entry
 *     pc, funcoff) of pointer size;
 *   Go 1.2 (0xfffffffb): nfunc, then the functab right after, entries
 *     of pointer size, names and _funcs at offsets from the table.
 * A _func starts with its entry (uint32 entryoff, or a pointer) and a
 * name offset (int32) into funcnametab, a NUL-terminated name there; in
 * Go 1.18 and 1.19 its flag byte is at 37, in 1.20 on at 41
 * (runtime/runtime2.go's _func: cuOffset, then startLine since 1.20,
 * funcID, flag).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/gosym.h"

#define GO12MAGIC	0xfffffffbu
#define GO116MAGIC	0xfffffffau
#define GO118MAGIC	0xfffffff0u
#define GO120MAGIC	0xfffffff1u

#define FUNCFLAG_ASM	0x04	/* runtime/symtab.go, funcFlag_ASM */

typedef struct tab {
	const uint8_t *tb_d;
	size_t tb_n;
	unsigned tb_ptr;	/* 4 or 8 */
} tab_t;

static int
u32(const tab_t *t, uint64_t off, uint32_t *v)
{
	if (off > t->tb_n || t->tb_n - off < 4)
		return -1;
	memcpy(v, t->tb_d + off, 4);
	return 0;
}

static int
uptr(const tab_t *t, uint64_t off, uint64_t *v)
{
	uint32_t w;

	if (t->tb_ptr == 4) {
		if (u32(t, off, &w) < 0)
			return -1;
		*v = w;
		return 0;
	}
	if (off > t->tb_n || t->tb_n - off < 8)
		return -1;
	memcpy(v, t->tb_d + off, 8);
	return 0;
}

/* The NUL-terminated string at off, or NULL. */
static const char *
str(const tab_t *t, uint64_t off)
{
	if (off >= t->tb_n ||
	    memchr(t->tb_d + off, '\0', t->tb_n - off) == NULL)
		return NULL;
	return (const char *)t->tb_d + off;
}

/* The address .text starts at, where Go 1.18's entry offsets count from
 * when the header's own textStart is not filled (a PIE's is relocated
 * at run time). */
static uint64_t
text_start(pb_elf_t *e)
{
	const uint8_t *d;
	uint64_t va;
	size_t n;

	return pb_elf_section(e, ".text", &va, &d, &n) == 0 ? va : 0;
}

static int
fcmp(const void *a, const void *b)
{
	const pb_gofunc_t *x = a, *y = b;

	return (x->gf_addr > y->gf_addr) - (x->gf_addr < y->gf_addr);
}

long
pb_gosym_funcs(pb_elf_t *e, pb_gofunc_t **out, char *err, size_t errlen)
{
	tab_t t;
	uint64_t va, nfunc, textstart = 0, names = 0, ftab, fdata;
	uint64_t esize, i, flagoff = 0;
	uint32_t magic, v;
	pb_gofunc_t *fv;
	size_t n;

	*out = NULL;
	if (pb_elf_section(e, ".gopclntab", &va, &t.tb_d, &n) < 0)
		return 0;
	t.tb_n = n;
	if (n < 16 || u32(&t, 0, &magic) < 0 || t.tb_d[4] != 0 ||
	    t.tb_d[5] != 0 || (t.tb_d[7] != 4 && t.tb_d[7] != 8)) {
		pb_seterr(err, errlen, ".gopclntab: not a Go function table");
		return -1;
	}
	t.tb_ptr = t.tb_d[7];
	if (uptr(&t, 8, &nfunc) < 0)
		goto bad;
	switch (magic) {
	case GO118MAGIC:
	case GO120MAGIC:
		if (uptr(&t, 8 + 2 * t.tb_ptr, &textstart) < 0 ||
		    uptr(&t, 8 + 3 * t.tb_ptr, &names) < 0 ||
		    uptr(&t, 8 + 7 * t.tb_ptr, &ftab) < 0)
			goto bad;
		if (textstart == 0)
			textstart = text_start(e);
		fdata = ftab;
		esize = 4;
		flagoff = magic == GO118MAGIC ? 37 : 41;
		break;
	case GO116MAGIC:
		if (uptr(&t, 8 + 2 * t.tb_ptr, &names) < 0 ||
		    uptr(&t, 8 + 6 * t.tb_ptr, &ftab) < 0)
			goto bad;
		fdata = ftab;
		esize = t.tb_ptr;
		break;
	case GO12MAGIC:
		ftab = 8 + t.tb_ptr;
		fdata = 0;
		esize = t.tb_ptr;
		break;
	default:
		pb_seterr(err, errlen, ".gopclntab: unknown layout (magic "
		    "%#x)", magic);
		return -1;
	}
	if (nfunc == 0)
		return 0;
	/* nfunc (entry, _func) pairs and the end of the last function */
	if (ftab > n || nfunc > ((n - ftab) / esize - 1) / 2)
		goto bad;
	fv = calloc(nfunc, sizeof(*fv));
	if (fv == NULL) {
		pb_seterr(err, errlen, "%s", strerror(ENOMEM));
		return -1;
	}
	for (i = 0; i < nfunc; i++) {
		uint64_t ent = ftab + 2 * i * esize, next, fo;
		uint32_t nameoff, end;
		const char *name;

		if (esize == 4) {
			if (u32(&t, ent, &v) < 0 || u32(&t, ent + 8, &end) < 0)
				goto badfree;
			fv[i].gf_addr = textstart + v;
			next = textstart + end;
			if (u32(&t, ent + 4, &v) < 0)
				goto badfree;
			fo = v;
		} else {
			if (uptr(&t, ent, &fv[i].gf_addr) < 0 ||
			    uptr(&t, ent + esize, &fo) < 0 ||
			    uptr(&t, ent + 2 * esize, &next) < 0)
				goto badfree;
		}
		/* the table ends with the end of the last function */
		if (next < fv[i].gf_addr)
			goto badfree;
		fv[i].gf_size = next - fv[i].gf_addr;
		if (fdata + fo < fdata || u32(&t, fdata + fo + esize,
		    &nameoff) < 0 || (name = str(&t, names + nameoff)) == NULL)
			goto badfree;
		fv[i].gf_name = name;
		if (flagoff != 0 && fdata + fo + flagoff < n &&
		    (t.tb_d[fdata + fo + flagoff] & FUNCFLAG_ASM))
			fv[i].gf_flags |= PB_GOF_ASM;
	}
	qsort(fv, nfunc, sizeof(*fv), fcmp);
	*out = fv;
	return (long)nfunc;
badfree:
	free(fv);
bad:
	pb_seterr(err, errlen, ".gopclntab: corrupt function table");
	return -1;
}

/* A uvarint at *p (Go's encoding/binary), advancing *p; -1 if bad. */
static int
uvarint(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
	unsigned shift = 0;

	*v = 0;
	while (*p < end && shift < 64) {
		uint8_t b = *(*p)++;

		*v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return 0;
		shift += 7;
	}
	return -1;
}

int
pb_gosym_version(pb_elf_t *e, char *buf, size_t len)
{
	static const char magic[] = "\xff Go buildinf:";
	const uint8_t *d, *p;
	uint64_t va, sa, sl;
	uint8_t hdr[16];
	size_t n, k;

	if (pb_elf_section(e, ".go.buildinfo", &va, &d, &n) < 0 || n < 32 ||
	    memcmp(d, magic, 14) != 0 || (d[14] != 4 && d[14] != 8))
		return -1;
	if (d[15] & 2) {	/* Go 1.18: the strings inline */
		p = d + 32;
		if (uvarint(&p, d + n, &sl) < 0 || sl > (uint64_t)(d + n - p))
			return -1;
		k = sl < len - 1 ? sl : len - 1;
		memcpy(buf, p, k);
		buf[k] = '\0';
		return 0;
	}
	/* before: a pointer to runtime.buildVersion, a string header */
	if (d[15] != 0)
		return -1;	/* big-endian: not x86-64's */
	sa = 0;
	memcpy(&sa, d + 16, d[14]);
	if (pb_elf_read(e, sa, hdr, (size_t)d[14] * 2) < 0)
		return -1;
	sa = sl = 0;
	memcpy(&sa, hdr, d[14]);
	memcpy(&sl, hdr + d[14], d[14]);
	k = sl < len - 1 ? sl : len - 1;
	if (pb_elf_read(e, sa, buf, k) < 0)
		return -1;
	buf[k] = '\0';
	return 0;
}

int
pb_gosym_abi(pb_elf_t *e)
{
	const uint8_t *d;
	uint64_t va;
	size_t n;
	char v[64];
	uint32_t magic;
	const char *p;
	long minor;

	if (pb_gosym_version(e, v, sizeof(v)) == 0 &&
	    (p = strstr(v, "go1.")) != NULL) {
		minor = strtol(p + 4, NULL, 10);
		return minor >= 17 ? 2 : 1;
	}
	if (pb_elf_section(e, ".gopclntab", &va, &d, &n) < 0 || n < 8)
		return pb_elf_section(e, ".go.buildinfo", &va, &d, &n) == 0 ?
		    2 : 0;
	memcpy(&magic, d, 4);
	return magic == GO118MAGIC || magic == GO120MAGIC ? 2 : 1;
}
