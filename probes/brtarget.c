/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/brtarget.c: the landing addresses of an object's code
 * (brtarget.h says which and how).
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <gelf.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <capstone/capstone.h>
#include <emmintrin.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/radix.h"
#include "probes/brtarget.h"
#include "probes/debugfile.h"
#include "probes/modules.h"
#include "probes/object.h"

#define MAXSEC		64
#define MAXANCHOR	(1u << 20)	/* decode at most this far */
#define SCANWIN		(1u << 20)	/* bytes read before they go */

/* A candidate branch: where its opcode is and where it lands. */
typedef struct cand {
	uint32_t	c_tgt;		/* offsets from bt_base */
	uint32_t	c_src;
} cand_t;

typedef struct sec {
	uint64_t	sc_lo, sc_hi;	/* link-time */
	const uint8_t	*sc_p;		/* the file's bytes, mapped */
} sec_t;

/* The instruction starts decoded from one anchor (a symbol) on. */
typedef struct dec {
	uint64_t	dc_anchor;	/* 0: unused */
	uint64_t	*dc_ins;
	size_t		dc_n, dc_cap;
	uint64_t	dc_next;	/* where the decode stopped */
	bool		dc_fail;	/* on bytes it cannot read */
} dec_t;

#define NDEC		64

/* A function symbol's bounds; fn_cancel: glibc's cancellation bridge. */
typedef struct brt_fn {
	uint64_t	fn_lo, fn_size;
	uint64_t	fn_cancel;
} brt_fn_t;

struct pb_brt {
	uint64_t	bt_base;	/* the lowest executable address */
	sec_t		bt_sec[MAXSEC];
	size_t		bt_nsec;
	cand_t		*bt_cand;	/* ascending c_tgt */
	size_t		bt_ncand;
	uint8_t		*bt_state;	/* per candidate: 0 unchecked, 1 not a
					 * branch, 2 a branch (or unsure) */
	uint64_t	*bt_sym;	/* symbol starts, ascending, unique:
					 * landing addresses, and where a
					 * decode may start */
	size_t		bt_nsym;
	uint64_t	*bt_ptr;	/* code pointers in data, ascending:
					 * landing addresses only (a word
					 * may hold one by chance) */
	size_t		bt_nptr;
	brt_fn_t	*bt_fn;		/* functions' bounds (pb_brt_func),
					 * ascending, one per start */
	size_t		bt_nfn;
	uint8_t		*bt_near;	/* pb_brt_new_sys's: a bit per byte
					 * from bt_base, set near a syscall;
					 * NULL: every candidate kept */
	csh		bt_cs;
	bool		bt_csok;
	/*
	 * Recent decodes, by anchor: the candidates near one site have
	 * their opcodes in that function or its neighbours, and node's
	 * functions are decoded again and again without it (a one-entry
	 * cache cost 3 s for every entry of node, this one 0.4).
	 */
	dec_t		bt_dec[NDEC];
	pb_brt_stats_t	bt_st;
};

static int
u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static const sec_t *
sec_of(const pb_brt_t *b, uint64_t a)
{
	size_t i;

	for (i = 0; i < b->bt_nsec; i++)
		if (a >= b->bt_sec[i].sc_lo && a < b->bt_sec[i].sc_hi)
			return &b->bt_sec[i];
	return NULL;
}

/*
 * The bytes a branch form may start with (branch_form): most bytes of
 * code are none, and the scan reads every one (libc: 1.8 MB).
 */
static const uint8_t form_first[256] = {
	[0x0f] = 1, [0x70 ... 0x7f] = 1, [0x8d] = 1, [0xe0 ... 0xe3] = 1,
	[0xe8] = 1, [0xe9] = 1, [0xeb] = 1,
};

/*
 * Bit i set where p[i] may start a branch form (form_first), for the 16
 * bytes at p (fewer when n < 16): SSE2's compares, which every x86-64
 * has, find them without a branch per byte; the scan of libc's 1.8 MB
 * spent most of its time on mispredicted tests of single bytes.
 */
static unsigned
form_mask(const uint8_t *p, size_t n)
{
	__m128i v, m;
	unsigned r = 0;
	size_t i;

	if (n < 16) {
		for (i = 0; i < n; i++)
			if (form_first[p[i]])
				r |= 1u << i;
		return r;
	}
	v = _mm_loadu_si128((const __m128i *)(const void *)p);
	m = _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xf0)),
	    _mm_set1_epi8(0x70));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_and_si128(v,
	    _mm_set1_epi8((char)0xfc)), _mm_set1_epi8((char)0xe0)));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0f)));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0x8d)));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xe8)));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xe9)));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xeb)));
	return (unsigned)_mm_movemask_epi8(m);
}

/*
 * bt_cand in ascending order of the target, then the source, by a
 * stable radix sort on 16-bit digits, least significant first: qsort
 * took 6 of the 14 ms that libc's scan cost (105,000 candidates), which
 * a syscall site's first call waits for.
 */
static int
cand_sort(pb_brt_t *b)
{
	size_t n = b->bt_ncand, i, sum, c;
	cand_t *tmp, *from, *to, *t;
	uint32_t *cnt, d;
	unsigned pass;

	if (n < 2)
		return 0;
	tmp = malloc(n * sizeof(*tmp));
	cnt = malloc(65536 * sizeof(*cnt));
	if (tmp == NULL || cnt == NULL) {
		free(tmp);
		free(cnt);
		return -1;
	}
	from = b->bt_cand;
	to = tmp;
	for (pass = 0; pass < 4; pass++) {
		memset(cnt, 0, 65536 * sizeof(*cnt));
		for (i = 0; i < n; i++) {
			d = pass < 2 ? from[i].c_src : from[i].c_tgt;
			cnt[(d >> (pass % 2 * 16)) & 0xffff]++;
		}
		d = pass < 2 ? from[0].c_src : from[0].c_tgt;
		if (cnt[(d >> (pass % 2 * 16)) & 0xffff] == n)
			continue;	/* one digit for all: in order */
		for (i = sum = 0; i < 65536; i++) {
			c = cnt[i];
			cnt[i] = (uint32_t)sum;
			sum += c;
		}
		for (i = 0; i < n; i++) {
			d = pass < 2 ? from[i].c_src : from[i].c_tgt;
			to[cnt[(d >> (pass % 2 * 16)) & 0xffff]++] = from[i];
		}
		t = from;
		from = to;
		to = t;
	}
	if (from != b->bt_cand)
		memcpy(b->bt_cand, from, n * sizeof(*from));
	free(tmp);
	free(cnt);
	return 0;
}

/*
 * The length of the branch form whose opcode is at p (n bytes left), and
 * its target; 0 if the byte starts none.  `lea disp32(%rip), reg` counts:
 * it is how code takes the address of code (a function pointer, a label
 * of a computed goto) that an indirect jump or call may later land on.
 */
static unsigned
branch_form(const uint8_t *p, size_t n, uint64_t a, uint64_t *tgt)
{
	int32_t r32;

	if (n >= 6 && p[0] == 0x8d && (p[1] & 0xc7) == 0x05) {
		memcpy(&r32, p + 2, 4);
		*tgt = a + 6 + (uint64_t)(int64_t)r32;
		return 6;
	}
	if (n >= 2 && ((p[0] >= 0x70 && p[0] <= 0x7f) || p[0] == 0xeb ||
	    (p[0] >= 0xe0 && p[0] <= 0xe3))) {
		*tgt = a + 2 + (uint64_t)(int64_t)(int8_t)p[1];
		return 2;
	}
	if (n >= 5 && (p[0] == 0xe8 || p[0] == 0xe9)) {
		memcpy(&r32, p + 1, 4);
		*tgt = a + 5 + (uint64_t)(int64_t)r32;
		return 5;
	}
	if (n >= 6 && p[0] == 0x0f && (p[1] & 0xf0) == 0x80) {
		memcpy(&r32, p + 2, 4);
		*tgt = a + 6 + (uint64_t)(int64_t)r32;
		return 6;
	}
	return 0;
}

static int
push_cand(pb_brt_t *b, size_t *cap, uint64_t tgt, uint64_t src)
{
	if (b->bt_ncand == *cap) {
		size_t nc = *cap ? *cap * 2 : 4096;
		cand_t *n = realloc(b->bt_cand, nc * sizeof(*n));

		if (n == NULL)
			return -1;
		b->bt_cand = n;
		*cap = nc;
	}
	b->bt_cand[b->bt_ncand].c_tgt = (uint32_t)(tgt - b->bt_base);
	b->bt_cand[b->bt_ncand].c_src = (uint32_t)(src - b->bt_base);
	b->bt_ncand++;
	return 0;
}

static int
push_u64(uint64_t **v, size_t *n, size_t *cap, uint64_t a)
{
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 4096;
		uint64_t *nv = realloc(*v, nc * sizeof(*nv));

		if (nv == NULL)
			return -1;
		*v = nv;
		*cap = nc;
	}
	(*v)[(*n)++] = a;
	return 0;
}

/*
 * v[0..n) in ascending order: lib/radix.h's sort (libc's symbols with
 * its debug file's: 9,640, half a millisecond in qsort); qsort where no
 * memory is to be had.
 */
static void
sort_u64(uint64_t *v, size_t n)
{
	if (radix_sort64(v, n, sizeof(*v), 0) != 0)
		qsort(v, n, sizeof(*v), u64_cmp);
}

/* Sort v[0..*n) and drop repeats. */
static void
sort_uniq(uint64_t *v, size_t *n)
{
	size_t i, j;

	if (*n > 256)
		sort_u64(v, *n);
	else if (*n > 1)
		qsort(v, *n, sizeof(*v), u64_cmp);
	for (i = j = 0; i < *n; i++)
		if (j == 0 || v[j - 1] != v[i])
			v[j++] = v[i];
	*n = j;
}

/*
 * Code pointers stored in data: tables of function pointers, vtables,
 * the label tables of computed gotos (CPython's opcode_targets).  In a
 * position-independent object each is a relative relocation whose
 * addend is the address; an ET_EXEC (Debian's python3.11) stores plain
 * words, so every aligned word of its allocated data that holds an
 * address in the text counts.
 */
static int
add_relocs(pb_brt_t *b, pb_elf_t *e, Elf *elf, size_t *cap)
{
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;
	GElf_Shdr sh;
	GElf_Rela r;
	Elf_Data *d;
	const uint8_t *p;
	uint64_t w;
	size_t i, n;
	bool exec = gelf_getehdr(elf, &eh) != NULL && eh.e_type == ET_EXEC;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (exec && gelf_getshdr(scn, &sh) != NULL &&
		    sh.sh_type == SHT_PROGBITS && (sh.sh_flags & SHF_ALLOC) &&
		    !(sh.sh_flags & SHF_EXECINSTR) &&
		    (d = elf_getdata(scn, NULL)) != NULL && d->d_buf != NULL) {
			p = d->d_buf;
			for (i = (8 - sh.sh_addr % 8) % 8; i + 8 <= d->d_size;
			    i += 8) {
				memcpy(&w, (const uint8_t *)d->d_buf + i, 8);
				if (sec_of(b, w) != NULL &&
				    push_u64(&b->bt_ptr, &b->bt_nptr, cap,
				    w) < 0)
					return -1;
				if ((i + 8) % SCANWIN == 0)
					pb_elf_release_range(e,
					    p + i + 8 - SCANWIN, SCANWIN);
			}
			pb_elf_release_range(e, d->d_buf, d->d_size);
			continue;
		}
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_RELA ||
		    sh.sh_entsize == 0 || (d = elf_getdata(scn, NULL)) == NULL)
			continue;
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n; i++) {
			if (gelf_getrela(d, (int)i, &r) == NULL)
				break;
			if (GELF_R_TYPE(r.r_info) == R_X86_64_RELATIVE &&
			    sec_of(b, (uint64_t)r.r_addend) != NULL &&
			    push_u64(&b->bt_ptr, &b->bt_nptr, cap,
			    (uint64_t)r.r_addend) < 0)
				return -1;
		}
	}
	return 0;
}

static int
add_syms(pb_brt_t *b, pb_elf_t *e, int table, size_t *cap, size_t *fcap)
{
	const pb_sym_t *syms;
	size_t n, i;

	if (e == NULL || pb_elf_symbols(e, table, &syms, &n, NULL, 0) < 0)
		return 0;	/* the other tables may do */
	for (i = 0; i < n; i++) {
		const pb_sym_t *s = &syms[i];

		/* functions as the glue's symbolizer reads them: a size
		 * and a name, whatever the section */
		if ((s->sy_flags & PB_SYF_FUNC) && s->sy_size != 0 &&
		    s->sy_name[0] != '\0') {
			if (b->bt_nfn == *fcap) {
				size_t nc = *fcap ? *fcap * 2 : 1024;
				brt_fn_t *nf = realloc(b->bt_fn,
				    nc * sizeof(*nf));

				if (nf == NULL)
					return -1;
				b->bt_fn = nf;
				*fcap = nc;
			}
			b->bt_fn[b->bt_nfn].fn_lo = s->sy_value;
			b->bt_fn[b->bt_nfn].fn_size = s->sy_size;
			b->bt_fn[b->bt_nfn].fn_cancel = strncmp(s->sy_name,
			    "__syscall_cancel_arch", 21) == 0;
			b->bt_nfn++;
		}
		if ((s->sy_flags & (PB_SYF_UNDEF | PB_SYF_DEBUG)) ||
		    sec_of(b, s->sy_value) == NULL)
			continue;
		if (push_u64(&b->bt_sym, &b->bt_nsym, cap, s->sy_value) < 0)
			return -1;
	}
	return 0;
}

/*
 * bt_fn by start, of equal starts the one read last (a stable sort on
 * the tables in their order: .symtab, .dynsym, the debug file's), as
 * the symbolizer picks.
 */
static void
fn_sort(pb_brt_t *b)
{
	size_t i, j;

	if (b->bt_nfn > 1 && radix_sort64(b->bt_fn, b->bt_nfn,
	    sizeof(*b->bt_fn), offsetof(brt_fn_t, fn_lo)) != 0) {
		free(b->bt_fn);		/* no memory: no bounds */
		b->bt_fn = NULL;
		b->bt_nfn = 0;
		return;
	}
	for (i = j = 0; i < b->bt_nfn; i++) {
		if (j > 0 && b->bt_fn[j - 1].fn_lo == b->bt_fn[i].fn_lo)
			j--;
		b->bt_fn[j++] = b->bt_fn[i];
	}
	b->bt_nfn = j;
}

/* Is off (from bt_base) within reach of a syscall (bt_near)? */
static bool
near_bit(const pb_brt_t *b, uint64_t off)
{
	return (b->bt_near[off / 8] >> (off % 8) & 1) != 0;
}

/*
 * The bytes around every `syscall` of the executable sections (0f 05 at
 * any byte position, as the branches are read), [q - REACH - 1, q +
 * REACH) for a syscall at q: pb_brt_near at q - 1 reads the candidates
 * landing in [q - 1 - REACH, q - 1 + REACH].
 */
static int
mark_sys(pb_brt_t *b, uint64_t hi)
{
	uint64_t span = hi - b->bt_base, q, lo, end, k;
	const uint8_t *p, *x;
	size_t i, len;

	b->bt_near = calloc(span / 8 + 1, 1);
	if (b->bt_near == NULL)
		return -1;
	for (i = 0; i < b->bt_nsec; i++) {
		p = b->bt_sec[i].sc_p;
		len = b->bt_sec[i].sc_hi - b->bt_sec[i].sc_lo;
		for (x = p; len > 1 && (x = memchr(x, 0x0f, len - 1 -
		    (size_t)(x - p))) != NULL; x++) {
			if (x[1] != 0x05)
				continue;
			q = b->bt_sec[i].sc_lo + (uint64_t)(x - p) - b->bt_base;
			lo = q > PB_BRT_REACH + 1 ? q - PB_BRT_REACH - 1 : 0;
			end = q + PB_BRT_REACH < span ? q + PB_BRT_REACH :
			    span;
			for (k = lo; k < end; k++)
				b->bt_near[k / 8] |= (uint8_t)(1u << (k % 8));
		}
	}
	return 0;
}

/*
 * Whether a branch form at p (a, 6 bytes readable) could land near a
 * syscall, whatever its opcode: its rel8, rel32 at + 1 and rel32 at + 2
 * read as targets, each a lookup in bt_near.  Most positions fail all
 * three with no branch mispredicted, which reading the opcode first
 * could not do (libc: 4.8 ms to 2.5 for the whole scan).
 */
static bool
sys_may(const pb_brt_t *b, const uint8_t *p, uint64_t a, uint64_t span)
{
	int32_t d1, d2;
	uint64_t t8, t1, t2;

	memcpy(&d1, p + 1, 4);
	memcpy(&d2, p + 2, 4);
	t8 = a + 2 + (uint64_t)(int64_t)(int8_t)p[1] - b->bt_base;
	t1 = a + 5 + (uint64_t)(int64_t)d1 - b->bt_base;
	t2 = a + 6 + (uint64_t)(int64_t)d2 - b->bt_base;
	return (t8 < span && near_bit(b, t8)) |
	    (t1 < span && near_bit(b, t1)) | (t2 < span && near_bit(b, t2));
}

static pb_brt_t *
brt_new(pb_elf_t *e, pb_elf_t *dbg, bool sys, char *err, size_t errlen)
{
	Elf *elf = pb_elf_libelf(e);
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	Elf_Data *d;
	pb_brt_t *b;
	size_t cap = 0, fcap, i, j;
	uint64_t hi = 0, tgt;

	b = calloc(1, sizeof(*b));
	if (b == NULL || elf == NULL)
		goto nomem;
	b->bt_base = UINT64_MAX;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL ||
		    sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_EXECINSTR) ||
		    !(sh.sh_flags & SHF_ALLOC) || sh.sh_size == 0)
			continue;
		d = elf_getdata(scn, NULL);
		if (d == NULL || d->d_buf == NULL || d->d_size != sh.sh_size)
			continue;
		if (b->bt_nsec == MAXSEC) {
			pb_seterr(err, errlen, "more than %u executable "
			    "sections", MAXSEC);
			goto fail;
		}
		b->bt_sec[b->bt_nsec].sc_lo = sh.sh_addr;
		b->bt_sec[b->bt_nsec].sc_hi = sh.sh_addr + sh.sh_size;
		b->bt_sec[b->bt_nsec].sc_p = d->d_buf;
		b->bt_nsec++;
		if (sh.sh_addr < b->bt_base)
			b->bt_base = sh.sh_addr;
		if (sh.sh_addr + sh.sh_size > hi)
			hi = sh.sh_addr + sh.sh_size;
	}
	if (b->bt_nsec == 0) {
		pb_seterr(err, errlen, "no executable section");
		goto fail;
	}
	if (hi - b->bt_base > UINT32_MAX) {
		pb_seterr(err, errlen, "executable sections span more than "
		    "4 GB");
		goto fail;
	}
	if (sys && mark_sys(b, hi) < 0)
		goto nomem;
	/* Every byte position read as a branch, 16 at a time. */
	for (i = 0; i < b->bt_nsec; i++) {
		const sec_t *sc = &b->bt_sec[i];
		size_t len = sc->sc_hi - sc->sc_lo, k;
		unsigned m;

		for (j = 0; j < len; j += 16) {
			/* read once: out of RSS as it goes (elfsym.h) */
			if (j % SCANWIN == 0 && j != 0)
				pb_elf_release_range(e, sc->sc_p + j - SCANWIN,
				    SCANWIN);
			m = form_mask(sc->sc_p + j, len - j);
			for (; m != 0; m &= m - 1) {
				k = j + (size_t)__builtin_ctz(m);
				if ((sys && k + 6 <= len && !sys_may(b,
				    sc->sc_p + k, sc->sc_lo + k,
				    hi - b->bt_base)) ||
				    branch_form(sc->sc_p + k, len - k,
				    sc->sc_lo + k, &tgt) == 0 ||
				    tgt < b->bt_base || tgt >= hi ||
				    (sys && !near_bit(b, tgt - b->bt_base)) ||
				    sec_of(b, tgt) == NULL)
					continue;
				if (push_cand(b, &cap, tgt, sc->sc_lo + k) < 0)
					goto nomem;
			}
		}
		pb_elf_release_range(e, sc->sc_p + len - len % SCANWIN,
		    len % SCANWIN);
	}
	if (cand_sort(b) < 0)
		goto nomem;
	b->bt_state = calloc(b->bt_ncand ? b->bt_ncand : 1, 1);
	if (b->bt_state == NULL)
		goto nomem;
	cap = fcap = 0;
	if (add_syms(b, e, PB_SYMTAB, &cap, &fcap) < 0 ||
	    add_syms(b, e, PB_DYNSYM, &cap, &fcap) < 0 ||
	    add_syms(b, dbg, PB_SYMTAB, &cap, &fcap) < 0)
		goto nomem;
	fn_sort(b);
	cap = 0;
	if (add_relocs(b, e, elf, &cap) < 0)
		goto nomem;
	sort_uniq(b->bt_sym, &b->bt_nsym);
	sort_uniq(b->bt_ptr, &b->bt_nptr);
	b->bt_st.bs_candidates = b->bt_ncand;
	b->bt_st.bs_symbols = b->bt_nsym;
	b->bt_st.bs_pointers = b->bt_nptr;
	b->bt_csok = cs_open(CS_ARCH_X86, CS_MODE_64, &b->bt_cs) == CS_ERR_OK;
	return b;
nomem:
	pb_seterr(err, errlen, "%s", strerror(ENOMEM));
fail:
	pb_brt_free(b);
	return NULL;
}

pb_brt_t *
pb_brt_new(pb_elf_t *e, pb_elf_t *dbg, char *err, size_t errlen)
{
	return brt_new(e, dbg, false, err, errlen);
}

pb_brt_t *
pb_brt_new_sys(pb_elf_t *e, pb_elf_t *dbg, char *err, size_t errlen)
{
	return brt_new(e, dbg, true, err, errlen);
}

/* Does link-time address a hold a `syscall` in the file? */
static bool
sys_at(const pb_brt_t *b, uint64_t a)
{
	const sec_t *sc = sec_of(b, a);

	return sc != NULL && a + 2 <= sc->sc_hi &&
	    sc->sc_p[a - sc->sc_lo] == 0x0f &&
	    sc->sc_p[a - sc->sc_lo + 1] == 0x05;
}

void
pb_brt_free(pb_brt_t *b)
{
	size_t i;

	if (b == NULL)
		return;
	if (b->bt_csok)
		cs_close(&b->bt_cs);
	free(b->bt_cand);
	free(b->bt_state);
	free(b->bt_sym);
	free(b->bt_ptr);
	free(b->bt_near);
	free(b->bt_fn);
	for (i = 0; i < NDEC; i++)
		free(b->bt_dec[i].dc_ins);
	free(b);
}

void
pb_brt_stats(const pb_brt_t *b, pb_brt_stats_t *st)
{
	*st = b->bt_st;
}

/* The index of the first element of v[0..n) greater than x. */
static size_t
upper(const uint64_t *v, size_t n, uint64_t x)
{
	size_t a = 0, z = n;

	while (a < z) {
		size_t m = a + (z - a) / 2;

		if (v[m] <= x)
			a = m + 1;
		else
			z = m;
	}
	return a;
}

/* The first candidate whose target is >= off. */
static size_t
cand_lower(const pb_brt_t *b, uint32_t off)
{
	size_t a = 0, z = b->bt_ncand;

	while (a < z) {
		size_t m = a + (z - a) / 2;

		if (b->bt_cand[m].c_tgt < off)
			a = m + 1;
		else
			z = m;
	}
	return a;
}

static bool
is_prefix(uint8_t c)
{
	return (c >= 0x40 && c <= 0x4f) || c == 0x26 || c == 0x2e ||
	    c == 0x36 || c == 0x3e || c == 0x64 || c == 0x65 || c == 0x66 ||
	    c == 0x67 || c == 0xf0 || c == 0xf2 || c == 0xf3;
}

/*
 * The decode from anchor, carried on until past addr, in the section
 * holding anchor: instruction starts, kept for the next call.
 */
static dec_t *
decode_to(pb_brt_t *b, uint64_t anchor, uint64_t addr)
{
	dec_t *d = &b->bt_dec[(anchor ^ (anchor >> 6)) % NDEC];
	const sec_t *sc = sec_of(b, anchor);
	cs_insn *ci;
	const uint8_t *p;
	size_t left;
	uint64_t a;

	if (d->dc_anchor != anchor) {
		d->dc_anchor = anchor;
		d->dc_n = 0;
		d->dc_next = anchor;
		d->dc_fail = sc == NULL;
	}
	if (d->dc_fail || d->dc_next > addr)
		return d;
	ci = cs_malloc(b->bt_cs);
	if (ci == NULL) {
		d->dc_fail = true;
		return d;
	}
	a = d->dc_next;
	p = sc->sc_p + (a - sc->sc_lo);
	left = sc->sc_hi - a;
	while (a <= addr && left > 0) {
		if (!cs_disasm_iter(b->bt_cs, &p, &left, &a, ci)) {
			d->dc_fail = true;
			break;
		}
		if (d->dc_n == d->dc_cap) {
			size_t nc = d->dc_cap ? d->dc_cap * 2 : 256;
			uint64_t *v = realloc(d->dc_ins, nc * sizeof(*v));

			if (v == NULL) {
				d->dc_fail = true;
				break;
			}
			d->dc_ins = v;
			d->dc_cap = nc;
		}
		d->dc_ins[d->dc_n++] = ci->address;
	}
	d->dc_next = a;
	cs_free(ci, 1);
	return d;
}

/*
 * Whether the candidate whose opcode is at src is a real branch: an
 * instruction decoded from the nearest symbol at or before it starts at
 * src or on prefixes just before it, and ends where the form ends.
 * Unsure (no symbol, undecodable bytes on the way): yes.
 */
static bool
real_branch(pb_brt_t *b, uint64_t src)
{
	const sec_t *sc = sec_of(b, src);
	uint64_t anchor, tgt, start, end;
	dec_t *d;
	size_t k;
	unsigned len;

	if (sc == NULL || !b->bt_csok)
		return true;
	len = branch_form(sc->sc_p + (src - sc->sc_lo), sc->sc_hi - src, src,
	    &tgt);
	if (len == 0)
		return true;
	end = src + len;
	k = upper(b->bt_sym, b->bt_nsym, src);
	if (k == 0)
		return true;
	anchor = b->bt_sym[k - 1];
	if (src - anchor > MAXANCHOR || sec_of(b, anchor) != sc)
		return true;
	d = decode_to(b, anchor, src);
	k = upper(d->dc_ins, d->dc_n, src);
	if (k == 0 || (d->dc_fail && d->dc_next <= src))
		return true;
	start = d->dc_ins[k - 1];
	/* The instruction holding src ends at the next start. */
	if (k < d->dc_n ? d->dc_ins[k] != end : d->dc_next != end)
		return false;
	for (; start < src; start++)
		if (!is_prefix(sc->sc_p[start - sc->sc_lo]))
			return false;
	return true;
}

static bool
cand_real(pb_brt_t *b, size_t i)
{
	if (b->bt_state[i] == 0) {
		b->bt_st.bs_checked++;
		b->bt_state[i] = real_branch(b, b->bt_base +
		    b->bt_cand[i].c_src) ? 2 : 1;
		if (b->bt_state[i] == 2)
			b->bt_st.bs_real++;
	}
	return b->bt_state[i] == 2;
}

void
pb_brt_near(pb_brt_t *b, uint64_t addr, uint64_t *prev, uint64_t *next)
{
	uint64_t lo = addr - PB_BRT_REACH, hi = addr + PB_BRT_REACH, t;
	size_t k, i;

	*prev = lo;
	*next = hi;
	/* Symbols, code pointers. */
	k = upper(b->bt_sym, b->bt_nsym, addr);
	if (k > 0 && b->bt_sym[k - 1] > *prev)
		*prev = b->bt_sym[k - 1];
	if (k < b->bt_nsym && b->bt_sym[k] < *next)
		*next = b->bt_sym[k];
	k = upper(b->bt_ptr, b->bt_nptr, addr);
	if (k > 0 && b->bt_ptr[k - 1] > *prev)
		*prev = b->bt_ptr[k - 1];
	if (k < b->bt_nptr && b->bt_ptr[k] < *next)
		*next = b->bt_ptr[k];
	if (addr < b->bt_base || addr - b->bt_base > UINT32_MAX)
		return;
	/* Branches landing in (addr, *next): the first real one. */
	for (i = cand_lower(b, (uint32_t)(addr - b->bt_base + 1));
	    i < b->bt_ncand; i++) {
		t = b->bt_base + b->bt_cand[i].c_tgt;
		if (t >= *next)
			break;
		if (cand_real(b, i)) {
			*next = t;
			break;
		}
	}
	/* And in (*prev, addr]: the last real one. */
	for (i = cand_lower(b, (uint32_t)(addr - b->bt_base + 1)); i > 0;
	    i--) {
		t = b->bt_base + b->bt_cand[i - 1].c_tgt;
		if (t <= *prev)
			break;
		if (cand_real(b, i - 1)) {
			*prev = t;
			break;
		}
	}
}

/* -- landing addresses of a process's modules, by file -------------------- */

typedef struct brt_file {
	pb_object_t	bf_ob;		/* first, for the cache */
	pb_elf_t	*bf_dbg;
	pb_brt_t	*bf_brt;
	pb_elf_t	*bf_elf;	/* the prefetch's open file, whose
					 * bytes bf_brt reads, or NULL */
} brt_file_t;

/* objpath's separate debug file, as pid sees it (0: as we do), or NULL. */
static pb_elf_t *
dbg_open(pid_t pid, const char *objpath, pb_elf_t *e)
{
	char path[PATH_MAX], err[128];
	pb_elf_t *d;

	if (pb_debugfile_find(pid, objpath, e, path, sizeof(path)) != 0 ||
	    (d = pb_elf_open(path, err, sizeof(err))) == NULL)
		return NULL;
	if (pb_elf_machine(d) != EM_X86_64 || pb_elf_class(d) != ELFCLASS64 ||
	    !pb_elf_has_table(d, PB_SYMTAB)) {
		pb_elf_close(d);
		return NULL;
	}
	return d;
}

/*
 * The scans begun ahead of need (pb_brt_prefetch), in one thread of
 * ours, each taken by the cache entry of the same file.  pf_st is read
 * before the thread starts and never changes after: matching needs no
 * lock.  A file's results are the thread's until its pf_done, set under
 * pf.lock once they are written: the loader's sites, which come first,
 * need not wait for libc's scan.
 */
#define NPF	2

typedef struct pf_file {
	char		pf_path[PATH_MAX];
	struct stat	pf_st;
	bool		pf_done;	/* under pf.lock */
	bool		pf_taken;
	pb_elf_t	*pf_elf, *pf_dbg;	/* the thread's results */
	pb_brt_t	*pf_brt;
} pf_file_t;

static struct {
	bool		started, joined;
	pthread_t	thread;
	pthread_mutex_t	lock;
	pthread_cond_t	cond;
	pf_file_t	file[NPF];
	size_t		n;
} pf;

static bool
same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	    a->st_size == b->st_size &&
	    a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	    a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	    a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	    a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

static void
pf_scan(pf_file_t *f)
{
	char err[128];
	struct stat st;

	f->pf_elf = pb_elf_open(f->pf_path, err, sizeof(err));
	if (f->pf_elf == NULL)
		return;
	/* the file opened is the one stat'ed, or nothing is kept */
	if (stat(f->pf_path, &st) != 0 || !same_file(&st, &f->pf_st)) {
		pb_elf_close(f->pf_elf);
		f->pf_elf = NULL;
		return;
	}
	f->pf_dbg = dbg_open(0, f->pf_path, f->pf_elf);
	f->pf_brt = pb_brt_new_sys(f->pf_elf, f->pf_dbg, NULL, 0);
}

static void *
pf_run(void *arg)
{
	size_t i;

	(void)arg;
	for (i = 0; i < pf.n; i++) {
		pf_scan(&pf.file[i]);
		pthread_mutex_lock(&pf.lock);
		pf.file[i].pf_done = true;
		pthread_cond_broadcast(&pf.cond);
		pthread_mutex_unlock(&pf.lock);
	}
	return NULL;
}

/* Until file f's scan is done. */
static void
pf_wait(const pf_file_t *f)
{
	pthread_mutex_lock(&pf.lock);
	while (!f->pf_done)
		pthread_cond_wait(&pf.cond, &pf.lock);
	pthread_mutex_unlock(&pf.lock);
}

static void
pf_join(void)
{
	if (pf.started && !pf.joined) {
		pthread_join(pf.thread, NULL);
		pf.joined = true;
	}
}

int
pb_brt_prefetch(const char *const *paths, size_t n)
{
	sigset_t all, old;
	size_t i;
	int rc;

	if (pf.started)
		return -1;
	for (i = 0; i < n && pf.n < NPF; i++) {
		pf_file_t *f = &pf.file[pf.n];

		if (paths[i] == NULL || paths[i][0] != '/' ||
		    strlen(paths[i]) >= sizeof(f->pf_path) ||
		    stat(paths[i], &f->pf_st) != 0)
			continue;
		snprintf(f->pf_path, sizeof(f->pf_path), "%s", paths[i]);
		pf.n++;
	}
	/* libelf's version is a global: set before a second thread reads
	 * it */
	if (pf.n == 0 || elf_version(EV_CURRENT) == EV_NONE) {
		memset(&pf, 0, sizeof(pf));
		return -1;
	}
	pthread_mutex_init(&pf.lock, NULL);
	pthread_cond_init(&pf.cond, NULL);
	/* our signals (SIGINT, SIGCHLD, a tick's SIGALRM) stay the main
	 * thread's */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&pf.thread, NULL, pf_run, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		pthread_cond_destroy(&pf.cond);
		pthread_mutex_destroy(&pf.lock);
		memset(&pf, 0, sizeof(pf));
		return -1;
	}
	pf.started = true;
	return 0;
}

int
pb_brt_prefetch_libc(pid_t pid)
{
	char path[2][PATH_MAX];
	const char *paths[2] = { NULL, NULL };
	pb_modlist_t ml;
	const char *base;
	Dl_info di;
	size_t i;
	int k;

	if (pf.started)		/* one a run: before the maps are read */
		return -1;
	if (pb_modules_read(pid, &ml) == 0) {
		for (i = 0; i < ml.ml_n; i++) {
			base = strrchr(ml.ml_mods[i].md_path, '/');
			if (base == NULL)
				continue;
			/* the loader first: its sites come first */
			k = strncmp(base, "/ld-", 4) == 0 ? 0 :
			    strncmp(base, "/libc.so.", 9) == 0 ? 1 : -1;
			if (k >= 0 && paths[k] == NULL &&
			    pb_module_open_path(pid, &ml.ml_mods[i], path[k],
			    sizeof(path[k])) == 0)
				paths[k] = path[k];
		}
		pb_modlist_free(&ml);
	}
	if (paths[1] == NULL && dladdr((void *)getpid, &di) != 0 &&
	    di.dli_fname != NULL)
		paths[1] = di.dli_fname;
	return pb_brt_prefetch(paths, 2);
}

/* The prefetched scan of ob's file, if any: moved into bf. */
static bool
pf_take(const pb_object_t *ob, brt_file_t *bf)
{
	struct stat st;
	pf_file_t *f;
	size_t i;

	if (!pf.started || !ob->ob_stok)
		return false;
	memset(&st, 0, sizeof(st));
	st.st_dev = ob->ob_stdev;
	st.st_ino = ob->ob_stino;
	st.st_size = ob->ob_stsize;
	st.st_mtim = ob->ob_mtime;
	st.st_ctim = ob->ob_ctime;
	for (i = 0; i < pf.n; i++) {
		f = &pf.file[i];
		if (f->pf_taken || !same_file(&st, &f->pf_st))
			continue;
		pf_wait(f);
		f->pf_taken = true;
		if (f->pf_brt == NULL)
			return false;
		bf->bf_brt = f->pf_brt;
		bf->bf_dbg = f->pf_dbg;
		bf->bf_elf = f->pf_elf;
		f->pf_brt = NULL;
		f->pf_dbg = f->pf_elf = NULL;
		return true;
	}
	return false;
}

/* Whether a prefetched scan of a file like st's waits to be taken. */
static bool
pf_pending(const struct stat *st)
{
	size_t i;

	for (i = 0; pf.started && i < pf.n; i++)
		if (!pf.file[i].pf_taken &&
		    (st == NULL || same_file(st, &pf.file[i].pf_st)))
			return true;
	return false;
}

void
pb_brt_prefetch_end(void)
{
	size_t i;

	if (!pf.started)
		return;
	pf_join();
	pthread_cond_destroy(&pf.cond);
	pthread_mutex_destroy(&pf.lock);
	for (i = 0; i < pf.n; i++) {
		pb_brt_free(pf.file[i].pf_brt);
		if (pf.file[i].pf_dbg != NULL)
			pb_elf_close(pf.file[i].pf_dbg);
		if (pf.file[i].pf_elf != NULL)
			pb_elf_close(pf.file[i].pf_elf);
	}
	memset(&pf, 0, sizeof(pf));
}

static void
brt_file_init(pb_object_t *ob, const pb_module_t *md)
{
	brt_file_t *bf = (brt_file_t *)ob;

	(void)md;
	if (pf_take(ob, bf))
		return;
	bf->bf_dbg = dbg_open(ob->ob_pid, ob->ob_objpath, ob->ob_elf);
	bf->bf_brt = pb_brt_new_sys(ob->ob_elf, bf->bf_dbg, NULL, 0);
}

static void
brt_file_fini(pb_object_t *ob)
{
	brt_file_t *bf = (brt_file_t *)ob;

	pb_brt_free(bf->bf_brt);
	if (bf->bf_dbg != NULL)
		pb_elf_close(bf->bf_dbg);
	if (bf->bf_elf != NULL)
		pb_elf_close(bf->bf_elf);
}

static pb_objcache_t brt_cache = {
	NULL, sizeof(brt_file_t), brt_file_init, brt_file_fini
};

/* Module md's cache entry if it is at hand: cached, or prefetched. */
static brt_file_t *
at_hand(pid_t pid, const pb_module_t *md)
{
	char path[PATH_MAX];
	struct stat st;
	brt_file_t *bf = (brt_file_t *)pb_objcache_find(&brt_cache, md);

	if (bf == NULL && pf_pending(NULL) &&
	    pb_module_open_path(pid, md, path, sizeof(path)) == 0 &&
	    stat(path, &st) == 0 && pf_pending(&st))
		bf = (brt_file_t *)pb_objcache_get(&brt_cache, pid, md);
	return bf;
}

/*
 * The cache entry of the module file mapping run-time address addr of
 * process pid (ml: its modules), scanned now if scan, else only if at
 * hand, with the module's bias set in *mdp; NULL if there is none.
 */
static brt_file_t *
site_file(pid_t pid, pb_modlist_t *ml, uint64_t addr, bool scan,
    pb_module_t **mdp)
{
	pb_module_t *md = pb_modlist_find_addr(ml, addr);
	const pb_load_t *loads;
	brt_file_t *bf;
	size_t n;

	if (md == NULL || md->md_path[0] != '/')
		return NULL;
	bf = scan ? (brt_file_t *)pb_objcache_get(&brt_cache, pid, md) :
	    at_hand(pid, md);
	if (bf == NULL || bf->bf_ob.ob_elf == NULL || bf->bf_brt == NULL)
		return NULL;
	pb_elf_loads(bf->bf_ob.ob_elf, &loads, &n);
	if (pb_module_bias(md, loads, n, bf->bf_ob.ob_type == ET_EXEC) != 0)
		return NULL;
	*mdp = md;
	return bf;
}

int
pb_brt_landings_in(pid_t pid, pb_modlist_t *ml, uint64_t addr,
    uint64_t *prev, uint64_t *next)
{
	pb_module_t *md;
	brt_file_t *bf = site_file(pid, ml, addr, true, &md);

	if (bf == NULL || !sys_at(bf->bf_brt, addr - md->md_bias + 1))
		return -1;
	pb_brt_near(bf->bf_brt, addr - md->md_bias, prev, next);
	*prev += md->md_bias;
	*next += md->md_bias;
	return 0;
}

int
pb_brt_landings(pid_t pid, uint64_t addr, uint64_t *prev, uint64_t *next)
{
	pb_modlist_t ml;
	int rc;

	if (pb_module_at(pid, addr, &ml) < 0)
		return -1;
	rc = pb_brt_landings_in(pid, &ml, addr, prev, next);
	pb_modlist_free(&ml);
	return rc;
}

bool
pb_brt_any(void)
{
	return brt_cache.oc_head != NULL || pf_pending(NULL);
}

int
pb_brt_func(pid_t pid, pb_modlist_t *ml, uint64_t addr, uint64_t *lo,
    uint64_t *hi, bool *cancel)
{
	pb_module_t *md;
	const brt_fn_t *f;
	brt_file_t *bf = site_file(pid, ml, addr, false, &md);
	size_t a = 0, z;
	uint64_t v;

	if (bf == NULL)
		return 1;
	v = addr - md->md_bias;
	z = bf->bf_brt->bt_nfn;
	while (a < z) {
		size_t m = a + (z - a) / 2;

		if (bf->bf_brt->bt_fn[m].fn_lo <= v)
			a = m + 1;
		else
			z = m;
	}
	if (a == 0)
		return -1;
	f = &bf->bf_brt->bt_fn[a - 1];
	if (v - f->fn_lo >= f->fn_size)
		return -1;
	*lo = f->fn_lo + md->md_bias;
	*hi = *lo + f->fn_size;
	*cancel = f->fn_cancel != 0;
	return 0;
}

void
pb_brt_flush(void)
{
	pb_objcache_flush(&brt_cache);
}
