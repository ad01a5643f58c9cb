/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * elfsym.c: symbols, bytes, build-id and PT_LOADs of an ELF file.
 *
 * The file is mapped once (MAP_PRIVATE) and handed to libelf with
 * elf_memory(), so the symbol and string tables libelf gives back point
 * into the mapping: for a native-endian file nothing is copied, and only
 * the pages of the tables we touch are read from disk.  Everything we
 * read directly from the mapping is bounds-checked against the file
 * size, because the fuzz target feeds us arbitrary bytes.
 *
 * The nm type letters follow bfd: elfcode.h (elf_slurp_symbol_table)
 * turns an Elf_Sym into flags and a section; elf.c
 * (_bfd_elf_make_section_from_shdr) turns a section header into section
 * flags; syms.c (bfd_decode_symclass, coff_section_type,
 * decode_section_type) turns both into the letter.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probes/elfsym.h"

#ifndef SHN_X86_64_LCOMMON
#define SHN_X86_64_LCOMMON	0xff02
#endif

/* One symbol table, loaded on first use. */
struct table {
	bool		tb_loaded;
	bool		tb_failed;
	pb_sym_t	*tb_syms;
	size_t		tb_nsyms;
};

/* What a section means to bfd: whether it exists as a bfd section, and
 * the lower-case letter nm gives symbols defined in it. */
struct sect {
	char		se_letter;	/* 0: no bfd section, nm says 'a' */
	const char	*se_name;
};

struct pb_elf {
	Elf		*pe_elf;
	unsigned char	*pe_image;	/* the file's bytes */
	size_t		pe_size;
	bool		pe_mapped;	/* pe_image is ours to munmap */
	GElf_Ehdr	pe_ehdr;
	size_t		pe_shnum;
	struct sect	*pe_sects;	/* pe_shnum entries */
	struct table	pe_tables[2];
	pb_load_t	*pe_loads;
	size_t		pe_nloads;
	bool		pe_bid_done;
	char		*pe_build_id;
	char		*pe_strcopy[2];	/* NUL-terminated string table copies */
	bool		pe_plt_done;
	pb_plt_t	*pe_plt;	/* pb_elf_plt() */
	size_t		pe_nplt;
	char		*pe_pltnames;	/* the pt_name strings */
};

void
pb_seterr(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* coff_section_type(): a few names win over the flags, for PE files, but
 * bfd applies them to ELF too. */
static char
name_letter(const char *name)
{
	static const struct { const char *n; char c; } tab[] = {
		{ ".drectve", 'i' }, { ".edata", 'e' },
		{ ".idata", 'i' }, { ".pdata", 'p' },
	};
	size_t i, len;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++) {
		len = strlen(tab[i].n);
		/* The 13 bytes include the terminating NUL: an exact name
		 * matches, as does ".idata$2" or ".idata.foo". */
		if (strncmp(name, tab[i].n, len) == 0 &&
		    memchr(".$0123456789", name[len], 13) != NULL)
			return tab[i].c;
	}
	return '?';
}

static bool
starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* decode_section_type() over the flags elf.c derives from SHDR. */
static char
flags_letter(const GElf_Shdr *sh, const char *name)
{
	bool contents = sh->sh_type != SHT_NOBITS;
	bool alloc = (sh->sh_flags & SHF_ALLOC) != 0;
	bool readonly = (sh->sh_flags & SHF_WRITE) == 0;
	bool debugging = false;

	if (sh->sh_flags & SHF_EXECINSTR)
		return 't';
	if (alloc && contents)		/* SEC_LOAD, hence SEC_DATA */
		return readonly ? 'r' : 'd';
	if (!contents)
		return 'b';
	/* Debugging sections are known by name only (elf.c). */
	if (!alloc && name[0] == '.')
		debugging = starts(name, ".debug") ||
		    starts(name, ".gnu.debuglto_.debug_") ||
		    starts(name, ".gnu.linkonce.wi.") ||
		    starts(name, ".zdebug") || starts(name, ".line") ||
		    starts(name, ".stab") || strcmp(name, ".gdb_index") == 0;
	if (debugging)
		return 'N';
	if (readonly)
		return 'n';
	return '?';
}

/*
 * bfd_section_from_shdr() makes no bfd section for the symbol table, its
 * string table, the section-name table, SHT_SYMTAB_SHNDX, and the
 * relocation sections of relocatable objects that apply to .symtab;
 * symbols defined there are absolute to nm.
 */
static int
load_sections(pb_elf_t *e, char *err, size_t errlen)
{
	size_t shstrndx, i, symtab = 0, symstr = 0;
	Elf_Scn *scn;
	GElf_Shdr sh;
	const char *name;
	char c;

	if (elf_getshdrnum(e->pe_elf, &e->pe_shnum) != 0 ||
	    elf_getshdrstrndx(e->pe_elf, &shstrndx) != 0) {
		pb_seterr(err, errlen, "file format not recognized: %s",
		    elf_errmsg(-1));
		return -1;
	}
	e->pe_sects = calloc(e->pe_shnum ? e->pe_shnum : 1,
	    sizeof(*e->pe_sects));
	if (e->pe_sects == NULL) {
		pb_seterr(err, errlen, "%s", strerror(errno));
		return -1;
	}
	for (i = 1; i < e->pe_shnum; i++) {
		scn = elf_getscn(e->pe_elf, i);
		if (scn && gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB) {
			symtab = i;
			symstr = sh.sh_link;
			break;
		}
	}
	for (i = 1; i < e->pe_shnum; i++) {
		scn = elf_getscn(e->pe_elf, i);
		if (scn == NULL || gelf_getshdr(scn, &sh) == NULL) {
			pb_seterr(err, errlen, "file format not recognized: %s",
			    elf_errmsg(-1));
			return -1;
		}
		name = elf_strptr(e->pe_elf, shstrndx, sh.sh_name);
		if (name == NULL)
			name = "";
		e->pe_sects[i].se_name = name;
		if (sh.sh_type == SHT_SYMTAB || sh.sh_type == SHT_SYMTAB_SHNDX ||
		    i == shstrndx || (symtab != 0 && i == symstr))
			continue;
		if ((sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA) &&
		    e->pe_ehdr.e_type == ET_REL &&
		    !(sh.sh_flags & SHF_ALLOC) && sh.sh_link == symtab)
			continue;
		c = name_letter(name);
		e->pe_sects[i].se_letter = c != '?' ? c : flags_letter(&sh, name);
		if (e->pe_sects[i].se_letter == 0)
			e->pe_sects[i].se_letter = '?';
	}
	return 0;
}

static int
load_phdrs(pb_elf_t *e)
{
	size_t n, i;
	GElf_Phdr ph;

	if (elf_getphdrnum(e->pe_elf, &n) != 0)
		return 0;	/* nm does not need them: no PT_LOADs */
	e->pe_loads = calloc(n ? n : 1, sizeof(*e->pe_loads));
	if (e->pe_loads == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		if (gelf_getphdr(e->pe_elf, i, &ph) == NULL ||
		    ph.p_type != PT_LOAD)
			continue;
		e->pe_loads[e->pe_nloads++] = (pb_load_t){
			.ld_vaddr = ph.p_vaddr, .ld_offset = ph.p_offset,
			.ld_filesz = ph.p_filesz, .ld_memsz = ph.p_memsz,
			.ld_flags = ph.p_flags,
		};
	}
	return 0;
}

/* Header tables past the end of the file: nm says "file format not
 * recognized"; we say what is wrong. */
static bool
truncated(const pb_elf_t *e)
{
	const GElf_Ehdr *h = &e->pe_ehdr;
	uint64_t end;

	if (h->e_shoff != 0) {
		end = h->e_shoff + (uint64_t)h->e_shentsize *
		    (h->e_shnum ? h->e_shnum : 1);
		if (end < h->e_shoff || end > e->pe_size)
			return true;
	}
	if (h->e_phoff != 0 && h->e_phnum != 0) {
		end = h->e_phoff + (uint64_t)h->e_phentsize * h->e_phnum;
		if (end < h->e_phoff || end > e->pe_size)
			return true;
	}
	return false;
}

static pb_elf_t *
open_image(unsigned char *image, size_t size, bool mapped, char *err,
    size_t errlen)
{
	pb_elf_t *e;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		pb_seterr(err, errlen, "libelf: %s", elf_errmsg(-1));
		goto fail_unmap;
	}
	if (size < EI_NIDENT || memcmp(image, ELFMAG, SELFMAG) != 0) {
		pb_seterr(err, errlen, "file format not recognized");
		goto fail_unmap;
	}
	e = calloc(1, sizeof(*e));
	if (e == NULL) {
		pb_seterr(err, errlen, "%s", strerror(errno));
		goto fail_unmap;
	}
	e->pe_image = image;
	e->pe_size = size;
	e->pe_mapped = mapped;
	e->pe_elf = elf_memory((char *)image, size);
	if (e->pe_elf == NULL || elf_kind(e->pe_elf) != ELF_K_ELF ||
	    gelf_getehdr(e->pe_elf, &e->pe_ehdr) == NULL) {
		if (size < (image[EI_CLASS] == ELFCLASS32 ?
		    sizeof(Elf32_Ehdr) : sizeof(Elf64_Ehdr)))
			pb_seterr(err, errlen, "file truncated");
		else
			pb_seterr(err, errlen, "file format not recognized");
		goto fail;
	}
	if (truncated(e)) {
		pb_seterr(err, errlen, "file truncated");
		goto fail;
	}
	if (load_sections(e, err, errlen) != 0)
		goto fail;
	if (load_phdrs(e) != 0) {
		pb_seterr(err, errlen, "%s", strerror(errno));
		goto fail;
	}
	return e;
fail:
	pb_elf_close(e);
	return NULL;
fail_unmap:
	if (mapped)
		munmap(image, size);
	return NULL;
}

pb_elf_t *
pb_elf_open_fd(int fd, char *err, size_t errlen)
{
	struct stat st;
	void *image;

	if (fstat(fd, &st) != 0) {
		pb_seterr(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	if (S_ISDIR(st.st_mode)) {
		pb_seterr(err, errlen, "Is a directory");
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		pb_seterr(err, errlen, "is not an ordinary file");
		return NULL;
	}
	if (st.st_size == 0) {
		pb_seterr(err, errlen, "file format not recognized");
		return NULL;
	}
	/* Private and writable: libelf may fix up data in place, and such a
	 * write must not reach the file; untouched pages cost nothing. */
	image = mmap(NULL, st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE,
	    fd, 0);
	if (image == MAP_FAILED) {
		pb_seterr(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	return open_image(image, st.st_size, true, err, errlen);
}

pb_elf_t *
pb_elf_open(const char *path, char *err, size_t errlen)
{
	pb_elf_t *e;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			pb_seterr(err, errlen, "No such file");
		else
			pb_seterr(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	e = pb_elf_open_fd(fd, err, errlen);
	close(fd);	/* the mapping stays */
	return e;
}

/*
 * Only sections libelf never converts in place (bytes: SHT_PROGBITS,
 * SHT_STRTAB), and only whole pages inside them: those pages of the
 * private mapping were never written, so MADV_DONTNEED gives the file's
 * bytes back on the next read.
 */
void
pb_elf_release_bytes(pb_elf_t *e)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	uint64_t lo, hi, pg;
	long ps = sysconf(_SC_PAGESIZE);

	if (e == NULL || !e->pe_mapped || ps <= 0)
		return;
	pg = (uint64_t)ps;
	while ((scn = elf_nextscn(e->pe_elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL ||
		    (sh.sh_type != SHT_PROGBITS && sh.sh_type != SHT_STRTAB) ||
		    sh.sh_offset > e->pe_size ||
		    sh.sh_size > e->pe_size - sh.sh_offset)
			continue;
		lo = (sh.sh_offset + pg - 1) & ~(pg - 1);
		hi = (sh.sh_offset + sh.sh_size) & ~(pg - 1);
		if (hi > lo)
			madvise(e->pe_image + lo, hi - lo, MADV_DONTNEED);
	}
}

void
pb_elf_release_range(pb_elf_t *e, const void *p, size_t len)
{
	const unsigned char *b = p;
	uint64_t lo, hi, pg;
	long ps = sysconf(_SC_PAGESIZE);

	if (e == NULL || !e->pe_mapped || ps <= 0 || b < e->pe_image ||
	    (size_t)(b - e->pe_image) > e->pe_size ||
	    len > e->pe_size - (size_t)(b - e->pe_image))
		return;
	pg = (uint64_t)ps;
	lo = ((uint64_t)(b - e->pe_image) + pg - 1) & ~(pg - 1);
	hi = ((uint64_t)(b - e->pe_image) + len) & ~(pg - 1);
	if (hi > lo)
		madvise(e->pe_image + lo, hi - lo, MADV_DONTNEED);
}

pb_elf_t *
pb_elf_open_mem(const void *buf, size_t len, char *err, size_t errlen)
{
	return open_image((unsigned char *)buf, len, false, err, errlen);
}

void
pb_elf_close(pb_elf_t *e)
{
	int i;

	if (e == NULL)
		return;
	for (i = 0; i < 2; i++) {
		free(e->pe_tables[i].tb_syms);
		free(e->pe_strcopy[i]);
	}
	free(e->pe_sects);
	free(e->pe_loads);
	free(e->pe_build_id);
	free(e->pe_plt);
	free(e->pe_pltnames);
	if (e->pe_elf)
		elf_end(e->pe_elf);
	if (e->pe_mapped)
		munmap(e->pe_image, e->pe_size);
	free(e);
}

Elf *
pb_elf_libelf(pb_elf_t *e)
{
	return e->pe_elf;
}

int
pb_elf_machine(const pb_elf_t *e)
{
	return e->pe_ehdr.e_machine;
}

int
pb_elf_class(const pb_elf_t *e)
{
	return e->pe_ehdr.e_ident[EI_CLASS];
}

int
pb_elf_type(const pb_elf_t *e)
{
	return e->pe_ehdr.e_type;
}

/* The first section of TYPE, as bfd takes the first .symtab/.dynsym. */
static Elf_Scn *
find_section(pb_elf_t *e, Elf64_Word type, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e->pe_elf, scn)) != NULL)
		if (gelf_getshdr(scn, sh) != NULL && sh->sh_type == type)
			return scn;
	return NULL;
}

bool
pb_elf_has_table(pb_elf_t *e, int table)
{
	GElf_Shdr sh;

	return find_section(e, table == PB_DYNSYM ? SHT_DYNSYM : SHT_SYMTAB,
	    &sh) != NULL;
}

/* Section data that must lie inside the file. */
static Elf_Data *
section_data(pb_elf_t *e, Elf_Scn *scn, const GElf_Shdr *sh)
{
	if (sh->sh_type != SHT_NOBITS &&
	    (sh->sh_offset > e->pe_size ||
	    sh->sh_size > e->pe_size - sh->sh_offset))
		return NULL;
	return elf_getdata(scn, NULL);
}

/* Symbol versions (.gnu.version, .gnu.version_d, .gnu.version_r), the
 * way _bfd_elf_get_symbol_version_string() names them for nm -D. */
struct versions {
	const Elf32_Half *vs_versym;	/* per dynamic symbol, or NULL */
	size_t		vs_nversym;
	const char	**vs_def;	/* index vd_ndx - 1 */
	uint16_t	*vs_defflags;
	size_t		vs_ndef;
	Elf_Data	*vs_need;	/* .gnu.version_r data */
	size_t		vs_needcnt;
	size_t		vs_needstr;	/* its string table section */
};

static void
load_versions(pb_elf_t *e, struct versions *v)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	Elf_Data *d;
	GElf_Verdef vd;
	GElf_Verdaux va;
	size_t off, n, maxidx = 0, pass;
	bool haveref = false, havedef = false;
	Elf_Scn *defscn = NULL;
	GElf_Shdr defsh = { 0 };

	memset(v, 0, sizeof(*v));
	while ((scn = elf_nextscn(e->pe_elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL)
			continue;
		if (sh.sh_type == SHT_GNU_versym && v->vs_versym == NULL) {
			d = section_data(e, scn, &sh);
			if (d && d->d_buf) {
				v->vs_versym = d->d_buf;
				v->vs_nversym = d->d_size / 2;
			}
		} else if (sh.sh_type == SHT_GNU_verdef && !havedef) {
			havedef = true;
			defscn = scn;
			defsh = sh;
		} else if (sh.sh_type == SHT_GNU_verneed && !haveref) {
			haveref = true;
			v->vs_need = section_data(e, scn, &sh);
			v->vs_needcnt = sh.sh_info;
			v->vs_needstr = sh.sh_link;
		}
	}
	if (!havedef && !haveref)
		v->vs_versym = NULL;	/* bfd ignores a lone .gnu.version */
	if (defscn == NULL || (d = section_data(e, defscn, &defsh)) == NULL)
		return;
	/* Two passes: the highest vd_ndx sizes the table, then fill it. */
	for (pass = 0; pass < 2; pass++) {
		off = 0;
		for (n = 0; n < defsh.sh_info && gelf_getverdef(d, off, &vd);
		    n++) {
			if (pass == 0 && vd.vd_ndx > maxidx)
				maxidx = vd.vd_ndx;
			if (pass == 1 && vd.vd_ndx >= 1 &&
			    vd.vd_ndx <= v->vs_ndef) {
				v->vs_defflags[vd.vd_ndx - 1] = vd.vd_flags;
				if (vd.vd_cnt > 0 &&
				    gelf_getverdaux(d, off + vd.vd_aux, &va))
					v->vs_def[vd.vd_ndx - 1] = elf_strptr(
					    e->pe_elf, defsh.sh_link,
					    va.vda_name);
			}
			if (vd.vd_next == 0)
				break;
			off += vd.vd_next;
		}
		if (pass == 0) {
			v->vs_def = calloc(maxidx + 1, sizeof(*v->vs_def));
			v->vs_defflags = calloc(maxidx + 1, sizeof(uint16_t));
			if (v->vs_def == NULL || v->vs_defflags == NULL)
				return;
			v->vs_ndef = maxidx;
		}
	}
}

static const char *
need_name(pb_elf_t *e, struct versions *v, unsigned vernum)
{
	GElf_Verneed vn;
	GElf_Vernaux vna;
	size_t off = 0, aoff, i, j;

	if (v->vs_need == NULL)
		return NULL;
	for (i = 0; i < v->vs_needcnt && gelf_getverneed(v->vs_need, off, &vn);
	    i++) {
		aoff = off + vn.vn_aux;
		for (j = 0; j < vn.vn_cnt &&
		    gelf_getvernaux(v->vs_need, aoff, &vna); j++) {
			if (vna.vna_other == vernum)
				return elf_strptr(e->pe_elf, v->vs_needstr,
				    vna.vna_name);
			if (vna.vna_next == 0)
				break;
			aoff += vna.vna_next;
		}
		if (vn.vn_next == 0)
			break;
		off += vn.vn_next;
	}
	return NULL;
}

/* Name and '@' or "@@" of dynamic symbol S, as nm -D appends them. */
static void
set_version(pb_elf_t *e, struct versions *v, pb_sym_t *s)
{
	unsigned vernum;
	bool hidden;
	const char *ver;

	if (v->vs_versym == NULL || s->sy_index >= v->vs_nversym)
		return;
	vernum = v->vs_versym[s->sy_index];
	hidden = (vernum & 0x8000) != 0;
	vernum &= 0x7fff;
	if (vernum == 0)
		return;
	if (vernum == 1 && (vernum > v->vs_ndef ||
	    v->vs_defflags[0] == VER_FLG_BASE))
		return;
	if (vernum <= v->vs_ndef) {
		ver = v->vs_def[vernum - 1];
		/* The version's own symbol (GLIBC_2.2.5 A) gets no suffix. */
		if (ver != NULL && strcmp(ver, s->sy_name) == 0)
			return;
	} else {
		ver = need_name(e, v, vernum);
		hidden = true;
		if (ver == NULL)
			ver = "<corrupt>";
	}
	if (ver == NULL || *ver == '\0')
		return;
	s->sy_version = ver;
	if (hidden || (s->sy_flags & PB_SYF_UNDEF))
		s->sy_flags |= PB_SYF_VERAT;
}

/* bfd_decode_symclass() for one symbol, from its bfd flags. */
static char
sym_letter(const pb_elf_t *e, unsigned bind, unsigned type, uint32_t shndx,
    bool global)
{
	char c;

	if (shndx == SHN_COMMON || (shndx == SHN_X86_64_LCOMMON &&
	    e->pe_ehdr.e_machine == EM_X86_64))
		return 'C';
	if (shndx == SHN_UNDEF) {
		if (bind == STB_WEAK)
			return type == STT_OBJECT || type == STT_COMMON ?
			    'v' : 'w';
		return 'U';
	}
	if (type == STT_GNU_IFUNC)
		return 'i';
	if (bind == STB_WEAK)
		return type == STT_OBJECT || type == STT_COMMON ? 'V' : 'W';
	if (bind == STB_GNU_UNIQUE)
		return 'u';
	if (bind != STB_LOCAL && !global)
		return '?';
	if (shndx == SHN_ABS || shndx >= e->pe_shnum ||
	    e->pe_sects[shndx].se_letter == 0)
		c = 'a';
	else
		c = e->pe_sects[shndx].se_letter;
	if (global && c >= 'a' && c <= 'z')
		c -= 'a' - 'A';
	return c;
}

static int
load_table(pb_elf_t *e, int table, char *err, size_t errlen)
{
	struct table *t = &e->pe_tables[table];
	GElf_Shdr sh, strsh, xsh;
	Elf_Scn *scn, *strscn, *xscn = NULL;
	Elf_Data *d, *sd, *xd = NULL;
	const char *strs;
	size_t strsize, n, i, symsz;
	struct versions v = { 0 };
	const Elf32_Word *xidx = NULL;
	size_t nxidx = 0, idx;
	bool is64 = pb_elf_class(e) == ELFCLASS64;

	t->tb_loaded = true;
	scn = find_section(e, table == PB_DYNSYM ? SHT_DYNSYM : SHT_SYMTAB,
	    &sh);
	if (scn == NULL)
		return 0;
	idx = elf_ndxscn(scn);
	d = section_data(e, scn, &sh);
	strscn = elf_getscn(e->pe_elf, sh.sh_link);
	if (d == NULL || strscn == NULL || gelf_getshdr(strscn, &strsh) == NULL ||
	    strsh.sh_type != SHT_STRTAB ||
	    (sd = section_data(e, strscn, &strsh)) == NULL) {
		pb_seterr(err, errlen, "%s: file format not recognized%s%s",
		    table == PB_DYNSYM ? ".dynsym" : ".symtab",
		    elf_errno() ? ": " : "", elf_errno() ? elf_errmsg(-1) : "");
		t->tb_failed = true;
		return -1;
	}
	strs = sd->d_buf;
	strsize = sd->d_size;
	/* Names are read straight from the table: make sure the last one
	 * ends inside it (a corrupt table gets a terminated copy). */
	if (strsize == 0 || strs == NULL) {
		strs = "";
		strsize = 1;
	} else if (strs[strsize - 1] != '\0') {
		e->pe_strcopy[table] = malloc(strsize + 1);
		if (e->pe_strcopy[table] == NULL)
			goto nomem;
		memcpy(e->pe_strcopy[table], strs, strsize);
		e->pe_strcopy[table][strsize] = '\0';
		strs = e->pe_strcopy[table];
	}
	symsz = is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
	n = d->d_buf ? d->d_size / symsz : 0;
	if (n <= 1)
		return 0;
	/* SHN_XINDEX: the real index is in the SHT_SYMTAB_SHNDX section
	 * that links to this table. */
	while ((xscn = elf_nextscn(e->pe_elf, xscn)) != NULL) {
		if (gelf_getshdr(xscn, &xsh) && xsh.sh_type == SHT_SYMTAB_SHNDX &&
		    xsh.sh_link == idx && (xd = section_data(e, xscn, &xsh)) &&
		    xd->d_buf) {
			xidx = xd->d_buf;
			nxidx = xd->d_size / sizeof(Elf32_Word);
			break;
		}
	}
	if (table == PB_DYNSYM)
		load_versions(e, &v);
	t->tb_syms = malloc((n - 1) * sizeof(pb_sym_t));
	if (t->tb_syms == NULL)
		goto nomem;
	for (i = 1; i < n; i++) {
		pb_sym_t *s = &t->tb_syms[t->tb_nsyms++];
		const GElf_Sym *es;
		GElf_Sym conv;
		uint64_t value, size;
		uint32_t name, shndx;
		unsigned info, other, bind, type;
		bool global;

		/* The common case straight from the table (GElf_Sym is
		 * Elf64_Sym); 32-bit files through gelf_getsym(). */
		if (is64) {
			es = (const Elf64_Sym *)d->d_buf + i;
		} else if ((es = gelf_getsym(d, i, &conv)) == NULL) {
			t->tb_nsyms--;
			continue;
		}
		value = es->st_value;
		size = es->st_size;
		name = es->st_name;
		shndx = es->st_shndx;
		info = es->st_info;
		other = es->st_other;
		if (shndx == SHN_XINDEX)
			shndx = i < nxidx ? xidx[i] : 0xffffffff;
		bind = GELF_ST_BIND(info);
		type = GELF_ST_TYPE(info);
		s->sy_value = value;
		s->sy_size = size;
		s->sy_name = name < strsize ? strs + name : "";
		s->sy_version = NULL;
		s->sy_index = i;
		s->sy_shndx = shndx;
		s->sy_info = info;
		s->sy_other = other;
		s->sy_flags = 0;
		/* elfcode.h: BSF_GLOBAL only for defined, non-common. */
		global = bind == STB_GLOBAL && shndx != SHN_UNDEF &&
		    shndx != SHN_COMMON;
		s->sy_type = sym_letter(e, bind, type, shndx, global);
		if (shndx == SHN_UNDEF)
			s->sy_flags |= PB_SYF_UNDEF;
		if (s->sy_type == 'C')
			s->sy_flags |= PB_SYF_COMMON;
		if (type == STT_SECTION || type == STT_FILE)
			s->sy_flags |= PB_SYF_DEBUG;
		if ((type == STT_FUNC || type == STT_GNU_IFUNC) &&
		    shndx != SHN_UNDEF && shndx < e->pe_shnum)
			s->sy_flags |= PB_SYF_FUNC;
		if (global || bind == STB_WEAK || bind == STB_GNU_UNIQUE ||
		    shndx == SHN_UNDEF || s->sy_type == 'C')
			s->sy_flags |= PB_SYF_EXTERN;
		/* A section symbol without a name is named after its
		 * section, as bfd does (seen with nm -a). */
		if (type == STT_SECTION && name == 0 && shndx < e->pe_shnum &&
		    e->pe_sects[shndx].se_name)
			s->sy_name = e->pe_sects[shndx].se_name;
		if (table == PB_DYNSYM)
			set_version(e, &v, s);
	}
	free(v.vs_def);
	free(v.vs_defflags);
	return 0;
nomem:
	free(v.vs_def);
	free(v.vs_defflags);
	pb_seterr(err, errlen, "%s", strerror(ENOMEM));
	t->tb_failed = true;
	return -1;
}

int
pb_elf_symbols(pb_elf_t *e, int table, const pb_sym_t **syms, size_t *nsyms,
    char *err, size_t errlen)
{
	struct table *t;

	*syms = NULL;
	*nsyms = 0;
	if (table != PB_SYMTAB && table != PB_DYNSYM) {
		pb_seterr(err, errlen, "no such symbol table");
		return -1;
	}
	t = &e->pe_tables[table];
	if (!t->tb_loaded && load_table(e, table, err, errlen) != 0)
		return -1;
	if (t->tb_failed) {
		pb_seterr(err, errlen, "%s: file format not recognized",
		    table == PB_DYNSYM ? ".dynsym" : ".symtab");
		return -1;
	}
	*syms = t->tb_syms;
	*nsyms = t->tb_nsyms;
	return 0;
}

/* Copy what of [VADDR, VADDR+LEN) the range [base, base+size) at file
 * offset OFF covers into BUF; mark the bytes in GOT. */
static void
copy_range(const pb_elf_t *e, uint64_t base, uint64_t size, uint64_t off,
    uint64_t vaddr, unsigned char *buf, size_t len, unsigned char *got)
{
	uint64_t lo, hi, i;

	if (off > e->pe_size || size > e->pe_size - off)
		size = off > e->pe_size ? 0 : e->pe_size - off;
	lo = vaddr > base ? vaddr : base;
	hi = base + size;
	if (vaddr + len < hi)
		hi = vaddr + len;
	if (base + size < base || lo >= hi)
		return;
	memcpy(buf + (lo - vaddr), e->pe_image + off + (lo - base), hi - lo);
	for (i = lo - vaddr; i < hi - vaddr; i++)
		got[i] = 1;
}

int
pb_elf_read(pb_elf_t *e, uint64_t vaddr, void *buf, size_t len)
{
	unsigned char small[256], *got = small;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t i;
	int rc = 0;

	if (len == 0)
		return 0;
	if (vaddr + len < vaddr)
		return -1;
	if (len > sizeof(small) && (got = malloc(len)) == NULL)
		return -1;
	memset(got, 0, len);
	for (i = 0; i < e->pe_nloads; i++)
		copy_range(e, e->pe_loads[i].ld_vaddr, e->pe_loads[i].ld_filesz,
		    e->pe_loads[i].ld_offset, vaddr, buf, len, got);
	/* Without program headers (a .o), the allocated sections. */
	if (e->pe_nloads == 0) {
		while ((scn = elf_nextscn(e->pe_elf, scn)) != NULL)
			if (gelf_getshdr(scn, &sh) &&
			    (sh.sh_flags & SHF_ALLOC) &&
			    sh.sh_type != SHT_NOBITS)
				copy_range(e, sh.sh_addr, sh.sh_size,
				    sh.sh_offset, vaddr, buf, len, got);
	}
	for (i = 0; i < len; i++)
		if (!got[i])
			rc = -1;
	if (got != small)
		free(got);
	return rc;
}

/* Look for NT_GNU_BUILD_ID in DATA (a note section or segment). */
static bool
find_build_id(pb_elf_t *e, Elf_Data *data)
{
	GElf_Nhdr nh;
	size_t off = 0, next, noff, doff, i;
	const unsigned char *desc;
	static const char hex[] = "0123456789abcdef";

	while ((next = gelf_getnote(data, off, &nh, &noff, &doff)) > 0) {
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    memcmp((char *)data->d_buf + noff, "GNU", 4) == 0 &&
		    nh.n_descsz > 0) {
			desc = (const unsigned char *)data->d_buf + doff;
			e->pe_build_id = malloc(2 * nh.n_descsz + 1);
			if (e->pe_build_id == NULL)
				return false;
			for (i = 0; i < nh.n_descsz; i++) {
				e->pe_build_id[2 * i] = hex[desc[i] >> 4];
				e->pe_build_id[2 * i + 1] = hex[desc[i] & 15];
			}
			e->pe_build_id[2 * i] = '\0';
			return true;
		}
		off = next;
	}
	return false;
}

const char *
pb_elf_build_id(pb_elf_t *e)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Phdr ph;
	Elf_Data *d;
	size_t n, i;

	if (e->pe_bid_done)
		return e->pe_build_id;
	e->pe_bid_done = true;
	while ((scn = elf_nextscn(e->pe_elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_NOTE &&
		    (d = section_data(e, scn, &sh)) && d->d_buf &&
		    find_build_id(e, d))
			return e->pe_build_id;
	}
	/* A stripped-of-sections file: the PT_NOTE segments. */
	if (elf_getphdrnum(e->pe_elf, &n) != 0)
		return NULL;
	for (i = 0; i < n; i++) {
		if (gelf_getphdr(e->pe_elf, i, &ph) == NULL ||
		    ph.p_type != PT_NOTE || ph.p_offset > e->pe_size ||
		    ph.p_filesz > e->pe_size - ph.p_offset)
			continue;
		d = elf_getdata_rawchunk(e->pe_elf, ph.p_offset, ph.p_filesz,
		    ELF_T_NHDR);
		if (d && d->d_buf && find_build_id(e, d))
			return e->pe_build_id;
	}
	return NULL;
}

int
pb_elf_debuglink(pb_elf_t *e, const char **name, uint32_t *crc)
{
	size_t i, off;
	Elf_Data *d;
	Elf_Scn *scn;
	GElf_Shdr sh;
	const unsigned char *b;
	uint32_t c;

	/* The name, NUL, padding to 4, then the CRC in the file's order. */
	for (i = 1; i < e->pe_shnum; i++) {
		if (e->pe_sects[i].se_name == NULL ||
		    strcmp(e->pe_sects[i].se_name, ".gnu_debuglink") != 0)
			continue;
		scn = elf_getscn(e->pe_elf, i);
		if (scn == NULL || gelf_getshdr(scn, &sh) == NULL ||
		    sh.sh_type == SHT_NOBITS ||
		    (d = section_data(e, scn, &sh)) == NULL ||
		    d->d_buf == NULL)
			return -1;
		b = d->d_buf;
		off = strnlen((const char *)b, d->d_size);
		if (off == 0 || off == d->d_size)
			return -1;
		off = (off + 4) & ~(size_t)3;
		if (off + 4 > d->d_size)
			return -1;
		memcpy(&c, b + off, 4);
		if (e->pe_ehdr.e_ident[EI_DATA] != ELFDATA2LSB)
			c = __builtin_bswap32(c);
		*name = (const char *)b;
		*crc = c;
		return 0;
	}
	return -1;
}

int
pb_elf_section(pb_elf_t *e, const char *name, uint64_t *vaddr,
    const uint8_t **data, size_t *size)
{
	GElf_Shdr sh;
	Elf_Scn *scn;
	size_t i;

	for (i = 1; i < e->pe_shnum; i++) {
		if (e->pe_sects[i].se_name == NULL ||
		    strcmp(e->pe_sects[i].se_name, name) != 0)
			continue;
		scn = elf_getscn(e->pe_elf, i);
		if (scn == NULL || gelf_getshdr(scn, &sh) == NULL ||
		    sh.sh_type == SHT_NOBITS || sh.sh_offset > e->pe_size ||
		    sh.sh_size > e->pe_size - sh.sh_offset ||
		    (sh.sh_flags & SHF_COMPRESSED))
			return -1;
		*vaddr = sh.sh_addr;
		*data = e->pe_image + sh.sh_offset;
		*size = sh.sh_size;
		return 0;
	}
	return -1;
}

const char *
pb_elf_soname(pb_elf_t *e)
{
	GElf_Shdr sh;
	GElf_Dyn dyn;
	Elf_Scn *scn = NULL;
	Elf_Data *d;
	size_t i, n;

	while ((scn = elf_nextscn(e->pe_elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL ||
		    sh.sh_type != SHT_DYNAMIC || sh.sh_entsize == 0 ||
		    (d = section_data(e, scn, &sh)) == NULL || d->d_buf == NULL)
			continue;
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n && gelf_getdyn(d, (int)i, &dyn) != NULL;
		    i++) {
			if (dyn.d_tag == DT_NULL)
				break;
			if (dyn.d_tag == DT_SONAME)
				return elf_strptr(e->pe_elf, sh.sh_link,
				    dyn.d_un.d_val);
		}
	}
	return NULL;
}

int
pb_elf_eh_frame_hdr(pb_elf_t *e, uint64_t *vaddr, uint64_t *size)
{
	size_t n, i;
	GElf_Phdr ph;

	if (elf_getphdrnum(e->pe_elf, &n) != 0)
		return -1;
	for (i = 0; i < n; i++)
		if (gelf_getphdr(e->pe_elf, i, &ph) != NULL &&
		    ph.p_type == PT_GNU_EH_FRAME) {
			*vaddr = ph.p_vaddr;
			*size = ph.p_memsz;
			return 0;
		}
	return -1;
}

void
pb_elf_loads(pb_elf_t *e, const pb_load_t **loads, size_t *nloads)
{
	*loads = e->pe_loads;
	*nloads = e->pe_nloads;
}

int
pb_elf_bias(pb_elf_t *e, uint64_t map_start, uint64_t map_offset,
    unsigned map_flags, uint64_t *bias)
{
	const pb_load_t *l, *best = NULL;
	uint64_t page;
	size_t i;
	int score, best_score = 0;

	/*
	 * The loader maps each PT_LOAD from its page-aligned offset.  Best
	 * is a PT_LOAD starting in the mapping's first page with the same
	 * permissions, then one starting there, then one covering it.
	 */
	for (i = 0; i < e->pe_nloads; i++) {
		l = &e->pe_loads[i];
		page = l->ld_offset & ~(uint64_t)4095;
		if (map_offset < page ||
		    map_offset >= l->ld_offset + (l->ld_filesz ? l->ld_filesz : 1))
			continue;
		score = 1;
		if (page == map_offset)
			score = (map_flags && (l->ld_flags & 7) == map_flags) ?
			    3 : 2;
		if (score > best_score) {
			best = l;
			best_score = score;
		}
	}
	if (best == NULL)
		return -1;
	*bias = map_start - map_offset + best->ld_offset - best->ld_vaddr;
	return 0;
}

/* ---- PLT stubs ---- */

/* A GOT slot and the dynamic symbol a relocation binds it to. */
struct gotslot {
	uint64_t	gs_addr;
	uint32_t	gs_sym;		/* .dynsym index */
};

static int
gotslot_cmp(const void *a, const void *b)
{
	const struct gotslot *x = a, *y = b;

	return (x->gs_addr > y->gs_addr) - (x->gs_addr < y->gs_addr);
}

static int
plt_cmp(const void *a, const void *b)
{
	const pb_plt_t *x = a, *y = b;

	return (x->pt_addr > y->pt_addr) - (x->pt_addr < y->pt_addr);
}

/*
 * The JUMP_SLOT (.rela.plt) and GLOB_DAT (.rela.dyn, for .plt.got)
 * relocations against DYNSYM, sorted by GOT slot.
 */
static int
load_gotslots(pb_elf_t *e, size_t dynsym, struct gotslot **out, size_t *n)
{
	struct gotslot *v = NULL, *nv;
	size_t cap = 0, i;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Rela r;
	Elf_Data *d;

	*n = 0;
	while ((scn = elf_nextscn(e->pe_elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_RELA ||
		    sh.sh_link != dynsym || sh.sh_entsize == 0 ||
		    (d = section_data(e, scn, &sh)) == NULL)
			continue;
		for (i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			unsigned t;

			if (gelf_getrela(d, (int)i, &r) == NULL)
				break;
			t = GELF_R_TYPE(r.r_info);
			if ((t != R_X86_64_JUMP_SLOT &&
			    t != R_X86_64_GLOB_DAT) ||
			    GELF_R_SYM(r.r_info) == 0)
				continue;
			if (*n == cap) {
				cap = cap ? cap * 2 : 64;
				nv = realloc(v, cap * sizeof(*v));
				if (nv == NULL) {
					free(v);
					return -1;
				}
				v = nv;
			}
			v[*n].gs_addr = r.r_offset;
			v[*n].gs_sym = (uint32_t)GELF_R_SYM(r.r_info);
			(*n)++;
		}
	}
	if (*n > 0)
		qsort(v, *n, sizeof(*v), gotslot_cmp);
	*out = v;
	return 0;
}

/*
 * The GOT slot a stub at ADDR jumps through, from its first bytes: the
 * forms ld (binutils 2.40, elfxx-x86.c and elf64-x86-64.c) writes are
 *   .plt       ff 25 <disp32>                  (lazy, then push; jmp)
 *   .plt.sec   f3 0f 1e fa  [f2] ff 25 <disp32> (IBT; f2 with -z bndplt)
 *   .plt.got   [f3 0f 1e fa] ff 25 <disp32>     (then nops)
 * and the MPX .plt.sec (f2 ff 25).  Returns 0 when it is none of them.
 */
static uint64_t
stub_slot(pb_elf_t *e, uint64_t addr)
{
	static const unsigned char endbr64[4] = { 0xf3, 0x0f, 0x1e, 0xfa };
	unsigned char b[11];
	size_t k = 0;
	int32_t disp;

	if (pb_elf_read(e, addr, b, sizeof(b)) < 0)
		return 0;
	if (memcmp(b, endbr64, sizeof(endbr64)) == 0)
		k = 4;
	if (b[k] == 0xf2)
		k++;
	if (b[k] != 0xff || b[k + 1] != 0x25)
		return 0;
	memcpy(&disp, b + k + 2, sizeof(disp));
	return addr + k + 6 + (uint64_t)(int64_t)disp;
}

static int
load_plt(pb_elf_t *e)
{
	static const char *const secs[] = { ".plt", ".plt.sec", ".plt.got" };
	struct gotslot *slots = NULL, key, *g;
	size_t nslots = 0, cap = 0, namelen = 0, i, s;
	const pb_sym_t *syms;
	size_t nsyms, dynsym;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	pb_plt_t *v;
	char *p;

	e->pe_plt_done = true;
	if (pb_elf_machine(e) != EM_X86_64 || pb_elf_class(e) != ELFCLASS64)
		return 0;
	scn = find_section(e, SHT_DYNSYM, &sh);
	if (scn == NULL || pb_elf_symbols(e, PB_DYNSYM, &syms, &nsyms,
	    NULL, 0) < 0)
		return 0;
	dynsym = elf_ndxscn(scn);
	if (load_gotslots(e, dynsym, &slots, &nslots) < 0)
		return -1;
	scn = NULL;
	while (nslots > 0 && (scn = elf_nextscn(e->pe_elf, scn)) != NULL) {
		const char *name = e->pe_sects[elf_ndxscn(scn)].se_name;
		uint64_t ent, a;

		/*
		 * Bytes past the file's end fail pb_elf_read anyway, but a
		 * corrupt sh_size of 2^60 would take that long to find out.
		 */
		if (gelf_getshdr(scn, &sh) == NULL ||
		    sh.sh_type != SHT_PROGBITS || name == NULL ||
		    sh.sh_offset > e->pe_size ||
		    sh.sh_size > e->pe_size - sh.sh_offset ||
		    sh.sh_addr + sh.sh_size < sh.sh_addr)
			continue;
		for (s = 0; s < 3 && strcmp(name, secs[s]) != 0; s++)
			;
		if (s == 3)
			continue;
		/* .plt.got is 8 bytes an entry without IBT, else 16. */
		ent = sh.sh_entsize == 8 || sh.sh_entsize == 16 ?
		    sh.sh_entsize : 16;
		/* PLT0 (push GOT+8; jmp *GOT+16) is nobody's stub. */
		for (a = sh.sh_addr + (s == 0 ? ent : 0);
		    a + ent <= sh.sh_addr + sh.sh_size; a += ent) {
			key.gs_addr = stub_slot(e, a);
			g = key.gs_addr == 0 ? NULL : bsearch(&key, slots,
			    nslots, sizeof(*slots), gotslot_cmp);
			/* syms[] starts at index 1: no null symbol. */
			if (g == NULL || g->gs_sym > nsyms ||
			    syms[g->gs_sym - 1].sy_name[0] == '\0')
				continue;
			if (e->pe_nplt == cap) {
				cap = cap ? cap * 2 : 64;
				v = realloc(e->pe_plt, cap * sizeof(*v));
				if (v == NULL)
					goto nomem;
				e->pe_plt = v;
			}
			v = &e->pe_plt[e->pe_nplt++];
			v->pt_addr = a;
			v->pt_size = ent;
			v->pt_name = syms[g->gs_sym - 1].sy_name;
			namelen += strlen(v->pt_name) + sizeof("@plt");
		}
	}
	free(slots);
	if (e->pe_nplt == 0)
		return 0;
	/* Names last, in one block: the array above moved while growing. */
	e->pe_pltnames = p = malloc(namelen);
	if (p == NULL)
		goto nomem;
	for (i = 0; i < e->pe_nplt; i++) {
		size_t l = (size_t)sprintf(p, "%s@plt", e->pe_plt[i].pt_name);

		e->pe_plt[i].pt_name = p;
		p += l + 1;
	}
	qsort(e->pe_plt, e->pe_nplt, sizeof(*e->pe_plt), plt_cmp);
	return 0;
nomem:
	free(slots);
	free(e->pe_plt);
	e->pe_plt = NULL;
	e->pe_nplt = 0;
	errno = ENOMEM;
	return -1;
}

int
pb_elf_plt(pb_elf_t *e, const pb_plt_t **plt, size_t *nplt)
{
	*plt = NULL;
	*nplt = 0;
	if (!e->pe_plt_done && load_plt(e) < 0) {
		e->pe_plt_done = false;
		return -1;
	}
	*plt = e->pe_plt;
	*nplt = e->pe_nplt;
	return 0;
}
