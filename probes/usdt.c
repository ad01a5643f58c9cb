/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * usdt: .note.stapsdt notes, their argument specifications, and the
 * probes of a process (usdt.h).
 *
 * Per mapped file, the notes and a function index (to name the function
 * containing each site) are read once and cached by device and inode, as
 * pid.c caches its symbol tables: a process with 500 notes in libjvm
 * re-resolves after every dlopen without reading libjvm again.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <gelf.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "demangle/demangle.h"
#include "probes/elfsym.h"
#include "probes/match.h"
#include "probes/modules.h"
#include "probes/object.h"
#include "probes/provider.h"
#include "probes/usdt.h"

#define NT_STAPSDT	3

/* ---- argument specifications ---- */

#define W(r)	(offsetof(struct user_regs_struct, r) / 8)

/* Every x86-64 general register name at every width. */
static const struct reg {
	const char *rg_name;
	uint8_t rg_word;	/* W(...) */
	uint8_t rg_width;	/* bytes */
	uint8_t rg_shift;	/* 8: the high byte (%ah) */
} regnames[] = {
	{ "rax", W(rax), 8, 0 }, { "eax", W(rax), 4, 0 },
	{ "ax", W(rax), 2, 0 }, { "al", W(rax), 1, 0 }, { "ah", W(rax), 1, 8 },
	{ "rbx", W(rbx), 8, 0 }, { "ebx", W(rbx), 4, 0 },
	{ "bx", W(rbx), 2, 0 }, { "bl", W(rbx), 1, 0 }, { "bh", W(rbx), 1, 8 },
	{ "rcx", W(rcx), 8, 0 }, { "ecx", W(rcx), 4, 0 },
	{ "cx", W(rcx), 2, 0 }, { "cl", W(rcx), 1, 0 }, { "ch", W(rcx), 1, 8 },
	{ "rdx", W(rdx), 8, 0 }, { "edx", W(rdx), 4, 0 },
	{ "dx", W(rdx), 2, 0 }, { "dl", W(rdx), 1, 0 }, { "dh", W(rdx), 1, 8 },
	{ "rsi", W(rsi), 8, 0 }, { "esi", W(rsi), 4, 0 },
	{ "si", W(rsi), 2, 0 }, { "sil", W(rsi), 1, 0 },
	{ "rdi", W(rdi), 8, 0 }, { "edi", W(rdi), 4, 0 },
	{ "di", W(rdi), 2, 0 }, { "dil", W(rdi), 1, 0 },
	{ "rbp", W(rbp), 8, 0 }, { "ebp", W(rbp), 4, 0 },
	{ "bp", W(rbp), 2, 0 }, { "bpl", W(rbp), 1, 0 },
	{ "rsp", W(rsp), 8, 0 }, { "esp", W(rsp), 4, 0 },
	{ "sp", W(rsp), 2, 0 }, { "spl", W(rsp), 1, 0 },
	{ "rip", W(rip), 8, 0 },
};

/* %r8..%r15 with their d/w/b (and Intel's l) suffixes. */
static const uint8_t rnum[8] = {
	W(r8), W(r9), W(r10), W(r11), W(r12), W(r13), W(r14), W(r15),
};

static int
reg_lookup(const char *name, size_t len, uint8_t *word, uint8_t *width,
    uint8_t *shift)
{
	size_t i;

	*shift = 0;
	if (len >= 2 && name[0] == 'r' && isdigit((unsigned char)name[1])) {
		unsigned n = 0;
		size_t k = 1;

		while (k < len && k < 4 && isdigit((unsigned char)name[k]))
			n = n * 10 + (unsigned)(name[k++] - '0');
		if (n < 8 || n > 15 || k + 1 < len)
			return -1;
		*word = rnum[n - 8];
		if (k == len)
			*width = 8;
		else if (name[k] == 'd')
			*width = 4;
		else if (name[k] == 'w')
			*width = 2;
		else if (name[k] == 'b' || name[k] == 'l')
			*width = 1;
		else
			return -1;
		return 0;
	}
	for (i = 0; i < sizeof(regnames) / sizeof(regnames[0]); i++)
		if (strlen(regnames[i].rg_name) == len &&
		    memcmp(regnames[i].rg_name, name, len) == 0) {
			*word = regnames[i].rg_word;
			*width = regnames[i].rg_width;
			*shift = regnames[i].rg_shift;
			return 0;
		}
	return -1;
}

/* A signed decimal or 0x number; advances *pp.  -1 when there is none. */
static int
parse_num(const char **pp, int64_t *v)
{
	const char *p = *pp;
	char *end;
	int neg = 0;
	uint64_t u;

	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if (!isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	u = strtoull(p, &end, 0);
	if (errno != 0 || end == p)
		return -1;
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	*pp = end;
	return 0;
}

/* "%reg" at *pp, up to a non-name character. */
static int
parse_reg(const char **pp, uint8_t *word, uint8_t *width, uint8_t *shift,
    char *why, size_t whylen)
{
	const char *p = *pp, *s;

	if (*p != '%') {
		pb_seterr(why, whylen, "expected a register at '%s'", p);
		return -1;
	}
	s = ++p;
	while (isalnum((unsigned char)*p))
		p++;
	if (reg_lookup(s, (size_t)(p - s), word, width, shift) < 0) {
		pb_seterr(why, whylen, "unknown register '%.*s'", (int)(p - s), s);
		return -1;
	}
	*pp = p;
	return 0;
}

/*
 * One operand (after "SIZE@"), to the end of the string.  Forms:
 * %reg, $imm, [disp](%base[,%index[,scale]]), sym[+-disp](%rip),
 * disp+sym(%rip).
 */
static int
parse_operand(const char *p, pb_usdt_arg_t *a, pb_usdt_symfn_t symfn,
    void *symarg, char *why, size_t whylen)
{
	uint8_t width, shift;
	int64_t v;
	char sym[256];
	size_t sl = 0;

	a->ua_base = a->ua_index = PB_UR_NONE;
	a->ua_scale = 1;
	if (*p == '%') {
		a->ua_kind = PB_UA_REG;
		if (parse_reg(&p, &a->ua_base, &a->ua_rwidth, &a->ua_rshift,
		    why, whylen) < 0)
			return -1;
		if (a->ua_base == W(rip)) {
			pb_seterr(why, whylen, "%%rip is not a value");
			return -1;
		}
		goto end;
	}
	if (*p == '$') {
		p++;
		a->ua_kind = PB_UA_IMM;
		if (parse_num(&p, &v) < 0) {
			pb_seterr(why, whylen, "bad immediate '%s'", p);
			return -1;
		}
		a->ua_disp = v;
		goto end;
	}
	a->ua_kind = PB_UA_MEM;
	/* disp, sym, disp+sym, sym+disp, sym-disp: in any of those orders */
	while (*p != '(' && *p != '\0') {
		if (isdigit((unsigned char)*p) || *p == '-' || *p == '+') {
			if ((*p == '+' || *p == '-') &&
			    !isdigit((unsigned char)p[1])) {
				if (*p == '-')
					goto bad;
				p++;
				continue;
			}
			if (parse_num(&p, &v) < 0)
				goto bad;
			/* wraps as the assembler's arithmetic does */
			a->ua_disp = (int64_t)((uint64_t)a->ua_disp +
			    (uint64_t)v);
		} else if (isalpha((unsigned char)*p) || *p == '_' ||
		    *p == '.') {
			if (sl != 0)
				goto bad;
			while ((isalnum((unsigned char)*p) || *p == '_' ||
			    *p == '.' || *p == '$') && sl < sizeof(sym) - 1)
				sym[sl++] = *p++;
			sym[sl] = '\0';
		} else {
			goto bad;
		}
	}
	if (*p != '(') {
		if (sl != 0 || *p != '\0')
			goto bad;
		/* a bare number: an absolute address */
		goto end;
	}
	p++;
	if (*p == '%') {
		if (parse_reg(&p, &a->ua_base, &width, &shift, why,
		    whylen) < 0)
			return -1;
		if (width != 8 || shift != 0) {
			pb_seterr(why, whylen, "address register is not 64-bit");
			return -1;
		}
	}
	if (*p == ',') {
		p++;
		if (parse_reg(&p, &a->ua_index, &width, &shift, why,
		    whylen) < 0)
			return -1;
		if (width != 8 || shift != 0 || a->ua_index == W(rip)) {
			pb_seterr(why, whylen, "bad index register");
			return -1;
		}
		if (*p == ',') {
			p++;
			if (*p != '1' && *p != '2' && *p != '4' && *p != '8') {
				pb_seterr(why, whylen, "scale must be 1, 2, 4 "
				    "or 8");
				return -1;
			}
			a->ua_scale = (uint8_t)(*p++ - '0');
		}
	}
	if (*p++ != ')')
		goto bad;
	if (a->ua_base == W(rip)) {
		uint64_t sv;

		/*
		 * GCC writes a static as sym+disp(%rip): the address is the
		 * symbol's plus disp (the assembler made it pc-relative, the
		 * note keeps the text).  A bare disp(%rip) would be relative
		 * to an instruction the note does not name.
		 */
		if (sl == 0) {
			pb_seterr(why, whylen, "%%rip operand without a symbol");
			return -1;
		}
		if (symfn == NULL || symfn(symarg, sym, &sv) < 0) {
			pb_seterr(why, whylen, "no symbol '%s'", sym);
			return -1;
		}
		a->ua_base = PB_UR_NONE;
		a->ua_disp = (int64_t)((uint64_t)a->ua_disp + sv);
		a->ua_reloc = 1;
	} else if (sl != 0) {
		pb_seterr(why, whylen, "symbol '%s' needs %%rip", sym);
		return -1;
	}
end:
	if (*p != '\0')
		goto bad;
	return 0;
bad:
	pb_seterr(why, whylen, "cannot parse the operand");
	return -1;
}

int
pb_usdt_args_parse(const char *spec, pb_usdt_arg_t *args,
    pb_usdt_symfn_t symfn, void *symarg, char *err, size_t errlen)
{
	const char *p = spec;
	int n = 0;

	for (;;) {
		char one[512], why[160];
		const char *s, *at, *op;
		size_t len;
		pb_usdt_arg_t *a;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			return n;
		s = p;
		while (*p != '\0' && *p != ' ' && *p != '\t')
			p++;
		len = (size_t)(p - s);
		if (n == PB_USDT_MAXARGS) {
			pb_seterr(err, errlen, "more than %d arguments",
			    PB_USDT_MAXARGS);
			return -1;
		}
		if (len >= sizeof(one)) {
			pb_seterr(err, errlen, "argument %d is too long", n + 1);
			return -1;
		}
		memcpy(one, s, len);
		one[len] = '\0';
		a = &args[n];
		memset(a, 0, sizeof(*a));
		at = strchr(one, '@');
		why[0] = '\0';
		if (at == NULL) {
			/* the old form without a size: a long */
			a->ua_size = -8;
			op = one;
		} else {
			const char *q = one;
			int64_t sz;

			if (parse_num(&q, &sz) < 0 || q != at ||
			    (sz != 1 && sz != 2 && sz != 4 && sz != 8 &&
			    sz != -1 && sz != -2 && sz != -4 && sz != -8)) {
				pb_seterr(err, errlen, "argument %d '%s': size "
				    "must be 1, 2, 4 or 8, negative when "
				    "signed", n + 1, one);
				return -1;
			}
			a->ua_size = (int8_t)sz;
			op = at + 1;
		}
		if (parse_operand(op, a, symfn, symarg, why,
		    sizeof(why)) < 0) {
			pb_seterr(err, errlen, "argument %d '%s': %s", n + 1, one,
			    why);
			return -1;
		}
		n++;
	}
}

static uint64_t
extend(uint64_t v, int size)
{
	unsigned bits = 8 * (unsigned)(size < 0 ? -size : size);

	if (bits >= 64)
		return v;
	v &= (UINT64_C(1) << bits) - 1;
	if (size < 0 && (v >> (bits - 1)) != 0)
		v |= ~((UINT64_C(1) << bits) - 1);
	return v;
}

int
pb_usdt_arg_eval(const pb_usdt_arg_t *a, const struct user_regs_struct *regs,
    uint64_t bias, pb_usdt_readfn_t readfn, void *readarg, uint64_t *val)
{
	const uint64_t *w = (const uint64_t *)regs;
	uint64_t v, addr;
	unsigned sz;

	*val = 0;
	switch (a->ua_kind) {
	case PB_UA_REG:
		v = w[a->ua_base] >> a->ua_rshift;
		if (a->ua_rwidth < 8)
			v &= (UINT64_C(1) << (8 * a->ua_rwidth)) - 1;
		break;
	case PB_UA_IMM:
		v = (uint64_t)a->ua_disp;
		break;
	case PB_UA_MEM:
		addr = (uint64_t)a->ua_disp;
		if (a->ua_reloc)
			addr += bias;
		if (a->ua_base != PB_UR_NONE)
			addr += w[a->ua_base];
		if (a->ua_index != PB_UR_NONE)
			addr += w[a->ua_index] * a->ua_scale;
		sz = (unsigned)(a->ua_size < 0 ? -a->ua_size : a->ua_size);
		v = 0;
		/* little-endian: the low bytes of v */
		if (readfn == NULL || readfn(readarg, addr, &v, sz) < 0)
			return -1;
		break;
	default:
		return -1;
	}
	*val = extend(v, a->ua_size);
	return 0;
}

/* ---- notes ---- */

void
pb_usdt_file_free(pb_usdt_file_t *f)
{
	free(f->uf_notes);
	free(f->uf_strings);
	memset(f, 0, sizeof(*f));
}

/* The strings of one note: three NUL-terminated ones after 24 bytes. */
static int
note_strings(const char *desc, size_t len, const char **s)
{
	size_t off = 24;
	int i;

	for (i = 0; i < 3; i++) {
		const char *z;

		if (off > len)
			return -1;
		z = memchr(desc + off, '\0', len - off);
		if (z == NULL)
			return -1;
		s[i] = desc + off;
		off = (size_t)(z - desc) + 1;
	}
	return 0;
}

int
pb_usdt_file_read(pb_elf_t *pe, pb_usdt_file_t *out, char *err,
    size_t errlen)
{
	Elf *elf = pb_elf_libelf(pe);
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t shstrndx, cap = 0, scap = 0, slen = 0, i;
	uint64_t base_real = 0;
	int have_base = 0;
	size_t *soff = NULL;	/* string offsets, fixed up at the end */

	memset(out, 0, sizeof(*out));
	if (elf == NULL || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		const char *nm;

		if (gelf_getshdr(scn, &sh) == NULL)
			continue;
		nm = elf_strptr(elf, shstrndx, sh.sh_name);
		if (nm != NULL && strcmp(nm, ".stapsdt.base") == 0) {
			base_real = sh.sh_addr;
			have_base = 1;
		}
	}
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		Elf_Data *d;
		GElf_Nhdr nh;
		size_t off = 0, next, noff, doff;

		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_NOTE)
			continue;
		d = elf_getdata(scn, NULL);
		if (d == NULL || d->d_buf == NULL)
			continue;
		while ((next = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
			const char *desc = (const char *)d->d_buf + doff;
			const char *name = (const char *)d->d_buf + noff;
			const char *s[3];
			uint64_t a[3];
			pb_usdt_note_t *un;
			size_t need;

			off = next;
			if (nh.n_type != NT_STAPSDT || nh.n_namesz != 8 ||
			    memcmp(name, "stapsdt", 8) != 0)
				continue;
			if (nh.n_descsz < 24 ||
			    note_strings(desc, nh.n_descsz, s) < 0) {
				pb_seterr(err, errlen, "stapsdt note %zu is "
				    "truncated", out->uf_n + 1);
				goto fail;
			}
			memcpy(a, desc, sizeof(a));
			/*
			 * Prelink (or any move of the sections after the
			 * notes were written): .stapsdt.base tells by how
			 * much, and the site and semaphore move with it.
			 */
			if (have_base && a[1] != 0 && a[1] != base_real) {
				a[0] += base_real - a[1];
				if (a[2] != 0)
					a[2] += base_real - a[1];
			}
			if (out->uf_n == cap) {
				size_t nc = cap ? 2 * cap : 16;
				void *p = realloc(out->uf_notes,
				    nc * sizeof(*out->uf_notes));
				void *q = realloc(soff, nc * 3 *
				    sizeof(*soff));

				if (p != NULL)
					out->uf_notes = p;
				if (q != NULL)
					soff = q;
				if (p == NULL || q == NULL)
					goto nomem;
				cap = nc;
			}
			need = strlen(s[0]) + strlen(s[1]) + strlen(s[2]) + 3;
			if (slen + need > scap) {
				size_t nc = 2 * (slen + need) + 256;
				char *p = realloc(out->uf_strings, nc);

				if (p == NULL)
					goto nomem;
				out->uf_strings = p;
				scap = nc;
			}
			for (i = 0; i < 3; i++) {
				size_t l = strlen(s[i]) + 1;

				soff[3 * out->uf_n + i] = slen;
				memcpy(out->uf_strings + slen, s[i], l);
				slen += l;
			}
			un = &out->uf_notes[out->uf_n++];
			un->un_pc = a[0];
			un->un_sem = a[2];
		}
	}
	for (i = 0; i < out->uf_n; i++) {
		out->uf_notes[i].un_provider = out->uf_strings + soff[3 * i];
		out->uf_notes[i].un_name = out->uf_strings + soff[3 * i + 1];
		out->uf_notes[i].un_args = out->uf_strings + soff[3 * i + 2];
	}
	free(soff);
	return 0;
nomem:
	pb_seterr(err, errlen, "%s", strerror(ENOMEM));
fail:
	free(soff);
	pb_usdt_file_free(out);
	return -1;
}

char *
pb_usdt_dashname(const char *name, char *buf, size_t len)
{
	size_t o = 0;

	if (len == 0)
		return buf;
	while (*name != '\0' && o + 1 < len) {
		if (name[0] == '_' && name[1] == '_') {
			buf[o++] = '-';
			name += 2;
		} else {
			buf[o++] = *name++;
		}
	}
	buf[o] = '\0';
	return buf;
}

int
pb_usdt_name_match(const char *glob, const char *name)
{
	char dash[256];

	if (glob == NULL || glob[0] == '\0')
		return 1;
	if (fnmatch(glob, name, 0) == 0)
		return 1;
	pb_usdt_dashname(name, dash, sizeof(dash));
	return fnmatch(glob, dash, 0) == 0;
}

/* ---- per-file cache ---- */

struct ufunc {
	uint64_t fn_addr;
	uint64_t fn_size;
	const char *fn_name;	/* raw, owned by the pb_elf_t */
	size_t fn_seq;		/* order read: ties keep the first */
};

struct ufile {
	pb_object_t uf_ob;		/* the file; first, for the cache */
	pb_usdt_file_t uf_notes;
	struct ufunc *uf_funcs;		/* ascending fn_addr; built lazily */
	size_t uf_nfuncs;
	int uf_funcs_done;
	const pb_sym_t **uf_byname;	/* sorted by name; lazily */
	size_t uf_nbyname;
};

/* A module's file just opened: its notes. */
static void
ufile_init(pb_object_t *ob, const pb_module_t *md)
{
	struct ufile *uf = (struct ufile *)ob;
	char e[256];

	if (pb_usdt_file_read(ob->ob_elf, &uf->uf_notes, e, sizeof(e)) < 0)
		snprintf(ob->ob_err, sizeof(ob->ob_err), "%.300s: %.150s",
		    md->md_path, e);
}

static void
ufile_fini(pb_object_t *ob)
{
	struct ufile *uf = (struct ufile *)ob;

	pb_usdt_file_free(&uf->uf_notes);
	free(uf->uf_funcs);
	free(uf->uf_byname);
}

static pb_objcache_t ucache = {
	.oc_size = sizeof(struct ufile),
	.oc_init = ufile_init,
	.oc_fini = ufile_fini,
};

static struct ufile *
ufile_get(pid_t pid, const pb_module_t *md)
{
	return (struct ufile *)pb_objcache_get(&ucache, pid, md);
}

void
pb_usdt_cache_flush(void)
{
	pb_objcache_flush(&ucache);
}

void
pb_usdt_cache_age(void)
{
	pb_objcache_age(&ucache);
}

static int
func_cmp(const void *a, const void *b)
{
	const struct ufunc *x = a, *y = b;

	if (x->fn_addr != y->fn_addr)
		return x->fn_addr < y->fn_addr ? -1 : 1;
	return x->fn_seq < y->fn_seq ? -1 : x->fn_seq > y->fn_seq;
}

/* FUNC symbols of .symtab, then .dynsym, one per address. */
static void
build_funcs(struct ufile *uf)
{
	size_t cap = 0, n = 0, i, j;
	int t;

	uf->uf_funcs_done = 1;
	for (t = PB_SYMTAB; t <= PB_DYNSYM; t++) {
		const pb_sym_t *sy;
		size_t ns;

		if (pb_elf_symbols(uf->uf_ob.ob_elf, t, &sy, &ns, NULL, 0) < 0)
			continue;
		for (i = 0; i < ns; i++) {
			struct ufunc *f;

			if (!(sy[i].sy_flags & PB_SYF_FUNC) ||
			    sy[i].sy_size == 0 || sy[i].sy_name[0] == '\0')
				continue;
			if (n == cap) {
				size_t nc = cap ? 2 * cap : 256;

				f = realloc(uf->uf_funcs, nc * sizeof(*f));
				if (f == NULL)
					return;
				uf->uf_funcs = f;
				cap = nc;
			}
			f = &uf->uf_funcs[n++];
			f->fn_addr = sy[i].sy_value;
			f->fn_size = sy[i].sy_size;
			f->fn_name = sy[i].sy_name;
			f->fn_seq = n;
		}
	}
	/* one per address: the first read (.symtab before .dynsym) */
	qsort(uf->uf_funcs, n, sizeof(*uf->uf_funcs), func_cmp);
	for (i = j = 0; i < n; i++)
		if (j == 0 || uf->uf_funcs[j - 1].fn_addr !=
		    uf->uf_funcs[i].fn_addr)
			uf->uf_funcs[j++] = uf->uf_funcs[i];
	uf->uf_nfuncs = j;
}

/* The raw name of the function containing link-time pc, or "". */
static const char *
func_at(struct ufile *uf, uint64_t pc)
{
	size_t lo = 0, hi;

	if (!uf->uf_funcs_done)
		build_funcs(uf);
	hi = uf->uf_nfuncs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (uf->uf_funcs[mid].fn_addr <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* lo - 1 is the last function starting at or below pc */
	if (lo > 0 && pc < uf->uf_funcs[lo - 1].fn_addr +
	    uf->uf_funcs[lo - 1].fn_size)
		return uf->uf_funcs[lo - 1].fn_name;
	return "";
}

static int
sym_name_cmp(const void *a, const void *b)
{
	const pb_sym_t *const *x = a, *const *y = b;

	return strcmp((*x)->sy_name, (*y)->sy_name);
}

/* pb_usdt_symfn_t over a ufile: defined symbols of both tables. */
static int
sym_lookup(void *arg, const char *name, uint64_t *value)
{
	struct ufile *uf = arg;
	size_t lo = 0, hi;
	int t;

	if (uf->uf_byname == NULL) {
		size_t cap = 0, i;

		for (t = PB_SYMTAB; t <= PB_DYNSYM; t++) {
			const pb_sym_t *sy;
			size_t ns;

			if (pb_elf_symbols(uf->uf_ob.ob_elf, t, &sy, &ns, NULL,
			    0) < 0)
				continue;
			for (i = 0; i < ns; i++) {
				if (sy[i].sy_flags & (PB_SYF_UNDEF |
				    PB_SYF_DEBUG))
					continue;
				if (uf->uf_nbyname == cap) {
					size_t nc = cap ? 2 * cap : 256;
					const pb_sym_t **p = realloc(
					    uf->uf_byname, nc * sizeof(*p));

					if (p == NULL)
						return -1;
					uf->uf_byname = p;
					cap = nc;
				}
				uf->uf_byname[uf->uf_nbyname++] = &sy[i];
			}
		}
		if (uf->uf_byname == NULL)
			return -1;
		qsort(uf->uf_byname, uf->uf_nbyname,
		    sizeof(*uf->uf_byname), sym_name_cmp);
	}
	hi = uf->uf_nbyname;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(uf->uf_byname[mid]->sy_name, name);

		if (c == 0) {
			*value = uf->uf_byname[mid]->sy_value;
			return 0;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* ---- resolution ---- */

void
pb_usdt_list_free(pb_usdt_list_t *l)
{
	size_t i;

	for (i = 0; i < l->ul_n; i++) {
		pb_usdt_probe_t *p = &l->ul_probes[i];

		free(p->up_provider);
		free(p->up_mod);
		free(p->up_func);
		free(p->up_name);
		free(p->up_path);
	}
	free(l->ul_probes);
	l->ul_probes = NULL;
	l->ul_n = 0;
}

static int
have_probe(const pb_usdt_list_t *l, const char *path, uint64_t addr,
    const char *name)
{
	size_t i;

	for (i = 0; i < l->ul_n; i++)
		if (l->ul_probes[i].up_addr == addr &&
		    strcmp(l->ul_probes[i].up_name, name) == 0 &&
		    strcmp(l->ul_probes[i].up_path, path) == 0)
			return 1;
	return 0;
}

/*
 * Whether a run-time address lies in a writable mapping of md: we write
 * there through /proc/PID/mem, which would also write code, so a note
 * must not point its semaphore at anything else.
 */
static int
in_module(const pb_module_t *md, uint64_t addr)
{
	size_t i;

	for (i = 0; i < md->md_nmaps; i++)
		if ((md->md_maps[i].mp_prot & PROT_WRITE) &&
		    addr >= md->md_maps[i].mp_start &&
		    addr + 2 <= md->md_maps[i].mp_end)
			return 1;
	return 0;
}

static int
module_bias(struct ufile *uf, pb_module_t *md)
{
	const pb_load_t *loads;
	size_t n;

	if (md->md_bias_ok)
		return 0;
	pb_elf_loads(uf->uf_ob.ob_elf, &loads, &n);
	return pb_module_bias(md, loads, n, uf->uf_ob.ob_type == ET_EXEC);
}

int
pb_usdt_resolve(pid_t pid, pid_t tid, const char *prov_glob,
    const char *mod_glob, const char *func_glob, const char *name_glob,
    int flags, pb_usdt_list_t *out, char *err, size_t errlen)
{
	pb_modlist_t ml = { 0 };
	pb_usdt_list_t nw = PB_USDT_LIST_INIT;
	pb_glob_t fg;
	size_t i, j, cap = 0;
	char prov[128], dash[256], why[256];
	int ok = -1;

	if (pb_glob_init(&fg, func_glob) < 0) {
		pb_seterr(err, errlen, "%s", strerror(errno));
		return -1;
	}
	if (tid == 0)
		tid = pid;
	if (pb_modules_read(tid, &ml) < 0) {
		pb_seterr(err, errlen, "/proc/%d/maps: %s", (int)tid,
		    strerror(errno));
		goto out;
	}
	for (i = 0; i < ml.ml_n; i++) {
		pb_module_t *md = &ml.ml_mods[i];
		struct ufile *uf;

		if (!md->md_exec ||
		    !pb_module_match_pid(tid, md, mod_glob))
			continue;
		uf = ufile_get(tid, md);
		if (uf == NULL) {
			pb_seterr(err, errlen, "%s", strerror(ENOMEM));
			goto out;
		}
		if (uf->uf_notes.uf_n == 0)
			continue;
		if (uf->uf_ob.ob_err[0] != '\0') {
			pb_seterr(err, errlen, "%s", uf->uf_ob.ob_err);
			goto out;
		}
		for (j = 0; j < uf->uf_notes.uf_n; j++) {
			const pb_usdt_note_t *un = &uf->uf_notes.uf_notes[j];
			const char *fn;
			pb_usdt_probe_t *p;
			uint64_t addr;

			snprintf(prov, sizeof(prov), "%s%d", un->un_provider,
			    (int)pid);
			if (prov_glob != NULL && prov_glob[0] != '\0' &&
			    fnmatch(prov_glob, prov, 0) != 0)
				continue;
			if (!pb_usdt_name_match(name_glob, un->un_name))
				continue;
			fn = func_at(uf, un->un_pc);
			if (!fg.gl_all && !pb_glob_match(&fg, fn))
				continue;
			if (module_bias(uf, md) < 0) {
				pb_seterr(err, errlen, "%s: cannot find its load "
				    "address in process %d", md->md_path,
				    (int)pid);
				goto out;
			}
			addr = un->un_pc + md->md_bias;
			pb_usdt_dashname(un->un_name, dash, sizeof(dash));
			if (have_probe(out, uf->uf_ob.ob_path, addr, dash) ||
			    have_probe(&nw, uf->uf_ob.ob_path, addr, dash))
				continue;
			if (nw.ul_n == cap) {
				size_t nc = cap ? 2 * cap : 16;
				void *q = realloc(nw.ul_probes,
				    nc * sizeof(*nw.ul_probes));

				if (q == NULL) {
					pb_seterr(err, errlen, "%s",
					    strerror(ENOMEM));
					goto out;
				}
				nw.ul_probes = q;
				cap = nc;
			}
			p = &nw.ul_probes[nw.ul_n];
			memset(p, 0, sizeof(*p));
			p->up_bias = md->md_bias;
			p->up_major = md->md_major;
			p->up_minor = md->md_minor;
			p->up_ino = md->md_ino;
			p->up_addr = addr;
			p->up_nargs = pb_usdt_args_parse(un->un_args,
			    p->up_args, sym_lookup, uf, why, sizeof(why));
			if (p->up_nargs < 0) {
				pb_seterr(err, errlen, "%s:::%s in %s: %s", prov,
				    dash, md->md_base, why);
				goto out;
			}
			if (un->un_sem != 0) {
				p->up_sem = un->un_sem + md->md_bias;
				if (!in_module(md, p->up_sem)) {
					pb_seterr(err, errlen, "%s:::%s in %s: "
					    "semaphore 0x%" PRIx64 " is not in "
					    "a writable mapping of the object",
					    prov,
					    dash, md->md_base, un->un_sem);
					goto out;
				}
			}
			p->up_provider = strdup(prov);
			p->up_mod = strdup(md->md_base);
			p->up_func = strdup(fn[0] == '\0' ||
			    (flags & PB_MANGLED) ? fn : dm_demangle(fn));
			p->up_name = strdup(dash);
			p->up_path = strdup(uf->uf_ob.ob_path);
			nw.ul_n++;
			if (p->up_provider == NULL || p->up_mod == NULL ||
			    p->up_func == NULL || p->up_name == NULL ||
			    p->up_path == NULL) {
				pb_seterr(err, errlen, "%s", strerror(ENOMEM));
				goto out;
			}
		}
	}
	if (nw.ul_n == 0 && !(flags & PB_ZEROOK)) {
		pb_seterr(err, errlen, "no USDT probe matches '%s:%s:%s:%s' in "
		    "process %d", prov_glob ? prov_glob : "",
		    mod_glob ? mod_glob : "", func_glob ? func_glob : "",
		    name_glob ? name_glob : "", (int)pid);
		goto out;
	}
	if (nw.ul_n != 0) {
		void *q = realloc(out->ul_probes,
		    (out->ul_n + nw.ul_n) * sizeof(*out->ul_probes));

		if (q == NULL) {
			pb_seterr(err, errlen, "%s", strerror(ENOMEM));
			goto out;
		}
		out->ul_probes = q;
		memcpy(out->ul_probes + out->ul_n, nw.ul_probes,
		    nw.ul_n * sizeof(*nw.ul_probes));
		out->ul_n += nw.ul_n;
		free(nw.ul_probes);
		ok = (int)nw.ul_n;
		nw.ul_probes = NULL;
		nw.ul_n = 0;
	} else {
		ok = 0;
	}
out:
	pb_usdt_list_free(&nw);
	pb_modlist_free(&ml);
	pb_glob_fini(&fg);
	return ok;
}

int
pb_usdt_any(pid_t pid, const char *prov_glob)
{
	pb_modlist_t ml = { 0 };
	size_t i, j;
	char prov[128];
	int found = 0;

	if (pb_modules_read(pid, &ml) < 0)
		return -1;
	for (i = 0; i < ml.ml_n && !found; i++) {
		struct ufile *uf;

		if (!ml.ml_mods[i].md_exec)
			continue;
		uf = ufile_get(pid, &ml.ml_mods[i]);
		for (j = 0; uf != NULL && j < uf->uf_notes.uf_n; j++) {
			snprintf(prov, sizeof(prov), "%s%d",
			    uf->uf_notes.uf_notes[j].un_provider, (int)pid);
			if (prov_glob == NULL || prov_glob[0] == '\0' ||
			    fnmatch(prov_glob, prov, 0) == 0) {
				found = 1;
				break;
			}
		}
	}
	pb_modlist_free(&ml);
	return found;
}

/* ---- the provider (provider.h) ---- */

/*
 * The argument specifications of the probes resolved so far, found by
 * the firing path through pr_data.  Kept for the whole run (a fireref
 * holds only the index), one per (file, note, load bias): re-resolving
 * after each dlopen finds the same entries again.
 */
typedef struct uspec {
	unsigned int us_major, us_minor;
	uint64_t us_ino;
	uint64_t us_pc;		/* link-time site: the note within the file */
	uint64_t us_bias;
	pb_usdt_arg_t us_args[PB_USDT_MAXARGS];
	int us_nargs;
} uspec_t;

static uspec_t *specs;
static size_t nspecs, specscap;

static long
spec_index(const pb_usdt_probe_t *p)
{
	size_t i;

	/* from the end: a re-resolution finds its entries in a row */
	for (i = nspecs; i-- > 0; )
		if (specs[i].us_ino == p->up_ino &&
		    specs[i].us_major == p->up_major &&
		    specs[i].us_minor == p->up_minor &&
		    specs[i].us_pc == p->up_addr - p->up_bias &&
		    specs[i].us_bias == p->up_bias)
			return (long)i;
	if (nspecs == specscap) {
		size_t nc = specscap ? 2 * specscap : 64;
		uspec_t *q = realloc(specs, nc * sizeof(*q));

		if (q == NULL)
			return -1;
		specs = q;
		specscap = nc;
	}
	specs[nspecs].us_major = p->up_major;
	specs[nspecs].us_minor = p->up_minor;
	specs[nspecs].us_ino = p->up_ino;
	specs[nspecs].us_pc = p->up_addr - p->up_bias;
	specs[nspecs].us_bias = p->up_bias;
	memcpy(specs[nspecs].us_args, p->up_args, sizeof(p->up_args));
	specs[nspecs].us_nargs = p->up_nargs;
	return (long)nspecs++;
}

/*
 * A provider field names USDT probes of pid when some note of an object
 * mapped there matches it now ("python*" -> python4242).  With -Z a
 * description may wait for a library not loaded yet: the glue then asks
 * again after each dlopen.
 */
/*
 * Whether a provider glob could name a probe of process pid, whose
 * names all end in its decimal pid (python4242): a glob ending in
 * literal digits (test_prov4242, p*d4242) must end as the pid does.
 * This costs nothing, where asking the notes reads the process's maps:
 * a script with one description for each of 100 processes would
 * otherwise read every process's maps for every description.
 */
static bool
pid_tail_fits(const char *prov, pid_t pid)
{
	char num[16];
	size_t lp = strlen(prov), ln, k;

	ln = (size_t)snprintf(num, sizeof(num), "%d", (int)pid);
	for (k = 0; k < lp && k < ln; k++) {
		char c = prov[lp - 1 - k];

		/* a digit in brackets is never last: "]" ends them */
		if (c < '0' || c > '9')
			return true;	/* a glob character or the name */
		if (c != num[ln - 1 - k])
			return false;
	}
	return true;
}

static bool
usdt_names(const char *prov, pid_t pid)
{
	char name[32];

	if (pid == 0)
		return false;	/* pidtrace's own scope: no notes */
	/* pid<PID> is the pid provider's, even when a note says "pid" */
	snprintf(name, sizeof(name), "pid%d", (int)pid);
	if (strcmp(prov, name) == 0)
		return false;
	if (!pid_tail_fits(prov, pid))
		return false;
	return pb_usdt_any(pid, prov) == 1;
}

static int
usdt_resolve(pid_t pid, pid_t tid, const pb_desc_t *d, int flags,
    pb_probe_list_t *out, char *err, size_t errlen)
{
	pb_usdt_list_t ul = PB_USDT_LIST_INIT;
	pb_probe_t *np;
	size_t i, first = out->pl_n;
	int n;

	n = pb_usdt_resolve(pid, tid, d->de_prov, d->de_mod, d->de_func,
	    d->de_name, flags, &ul, err, errlen);
	if (n <= 0)
		return n;
	np = realloc(out->pl_probes, (out->pl_n + ul.ul_n) * sizeof(*np));
	if (np == NULL)
		goto nomem;
	out->pl_probes = np;
	for (i = 0; i < ul.ul_n; i++) {
		pb_usdt_probe_t *u = &ul.ul_probes[i];
		pb_probe_t *pr = &out->pl_probes[out->pl_n];
		long si = spec_index(u);

		memset(pr, 0, sizeof(*pr));
		snprintf(pr->pr_provider, sizeof(pr->pr_provider), "%s",
		    u->up_provider);
		pr->pr_arm = PB_ARM_SITE;
		pr->pr_sites = calloc(1, sizeof(*pr->pr_sites));
		if (si < 0 || pr->pr_sites == NULL) {
			free(pr->pr_sites);
			goto nomem;
		}
		pr->pr_sites[0].st_addr = u->up_addr;
		/* a note's nop: no trampoline reads its argument specs */
		pr->pr_sites[0].st_fast = PB_FAST_NONE;
		pr->pr_sites[0].st_slow = "only pid entry and return probes "
		    "run without a stop";
		pr->pr_nsites = 1;
		pr->pr_faddr = u->up_addr;
		pr->pr_data = (uint64_t)si;
		pr->pr_counter = u->up_sem;
		/* the strings move from ul to out */
		pr->pr_mod = u->up_mod;
		pr->pr_func = u->up_func;
		pr->pr_name = u->up_name;
		pr->pr_path = u->up_path;
		u->up_mod = u->up_func = u->up_name = u->up_path = NULL;
		out->pl_n++;
	}
	pb_usdt_list_free(&ul);
	return n;
nomem:
	/* nothing added on error */
	while (out->pl_n > first) {
		pb_probe_t *pr = &out->pl_probes[--out->pl_n];

		free(pr->pr_sites);
		free(pr->pr_mod);
		free(pr->pr_func);
		free(pr->pr_name);
		free(pr->pr_path);
	}
	pb_usdt_list_free(&ul);
	snprintf(err, errlen, "%s", strerror(ENOMEM));
	return -1;
}

static int
usdt_args(const pb_fireref_t *fr, const pb_fire_t *f, uint64_t *args,
    size_t max)
{
	const uspec_t *sp = &specs[fr->fr_data];
	size_t i, n = (size_t)sp->us_nargs < max ? (size_t)sp->us_nargs : max;

	for (i = 0; i < n; i++)
		pb_usdt_arg_eval(&sp->us_args[i], f->fi_regs, sp->us_bias,
		    f->fi_read, f->fi_cookie, &args[i]);
	return (int)n;
}

static int
usdt_getarg(const pb_fireref_t *fr, const pb_fire_t *f, int i, uint64_t *val)
{
	const uspec_t *sp = &specs[fr->fr_data];

	if (i < 0 || i >= sp->us_nargs)
		return -1;
	return pb_usdt_arg_eval(&sp->us_args[i], f->fi_regs, sp->us_bias,
	    f->fi_read, f->fi_cookie, val);
}

const pb_provider_t pb_usdt_provider = {
	.pv_name = "usdt",
	.pv_names = usdt_names,
	.pv_resolve = usdt_resolve,
	.pv_args = usdt_args,
	.pv_getarg = usdt_getarg,
	.pv_flush = pb_usdt_cache_age,
	.pv_listall = true,
	.pv_attr = { "Private", "Private", "Unknown" },
};
