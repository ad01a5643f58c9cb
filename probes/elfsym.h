/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * elfsym: an ELF file's symbols, bytes and load layout, through libelf.
 *
 * One pb_elf_t per open file.  Symbol tables are read lazily, the first
 * time pb_elf_symbols() asks for one, and kept until pb_elf_close().
 * Each symbol carries the type letter binutils nm (2.40) prints for it,
 * computed with bfd's rules (bfd_decode_symclass over the section flags
 * elf.c derives from the section header), so pidnm can print exactly
 * what nm prints.
 *
 * Errors: functions that can fail take ERR/ERRLEN and write there one
 * line without the file name ("file format not recognized", "file
 * truncated", "No such file"...); the caller adds the context.
 *
 * Threads: a pb_elf_t may be used by one thread at a time.  Nothing here
 * may be called from a probe-firing path that cannot allocate.
 */
#ifndef PIDTRACE_ELFSYM_H
#define PIDTRACE_ELFSYM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct pb_elf pb_elf_t;

/* Which symbol table. */
enum {
	PB_SYMTAB = 0,		/* .symtab (SHT_SYMTAB) */
	PB_DYNSYM = 1		/* .dynsym (SHT_DYNSYM) */
};

/* pb_sym_t.sy_flags */
enum {
	PB_SYF_FUNC	= 0x01,	/* STT_FUNC or STT_GNU_IFUNC, in a section */
	PB_SYF_UNDEF	= 0x02,	/* SHN_UNDEF: nm prints no address */
	PB_SYF_DEBUG	= 0x04,	/* STT_SECTION or STT_FILE: nm hides it
				 * unless -a */
	PB_SYF_EXTERN	= 0x08,	/* kept by nm -g: global, weak, unique,
				 * undefined or common */
	PB_SYF_VERAT	= 0x10,	/* sy_version is printed after one '@'
				 * (hidden or undefined), else after "@@" */
	PB_SYF_COMMON	= 0x20	/* SHN_COMMON: nm prints sy_size as its
				 * value */
};

/*
 * One symbol.  Strings point into the pb_elf_t's string tables and live
 * as long as it does.
 */
typedef struct pb_sym {
	uint64_t	sy_value;	/* st_value (a link-time address) */
	uint64_t	sy_size;	/* st_size */
	const char	*sy_name;	/* never NULL; "" for no name */
	const char	*sy_version;	/* .dynsym: version name nm shows,
					 * or NULL */
	uint32_t	sy_index;	/* index in its table (from 1) */
	uint32_t	sy_shndx;	/* section index, SHN_XINDEX resolved */
	uint8_t		sy_info;	/* st_info: GELF_ST_TYPE/_BIND */
	uint8_t		sy_other;	/* st_other (visibility) */
	char		sy_type;	/* nm's letter: U T t D d B b R r W w
					 * V v u i A a C N n ? ... */
	uint8_t		sy_flags;	/* PB_SYF_* */
} pb_sym_t;

/* A PT_LOAD program header. */
typedef struct pb_load {
	uint64_t	ld_vaddr;
	uint64_t	ld_offset;
	uint64_t	ld_filesz;
	uint64_t	ld_memsz;
	uint32_t	ld_flags;	/* PF_R | PF_W | PF_X */
} pb_load_t;

/*
 * The err/errlen convention of probes/: format a one-line message into
 * err (nothing when err is NULL or errlen 0).
 */
void pb_seterr(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Open PATH.  Returns NULL and a reason in ERR for: a missing or
 * unreadable file ("No such file", strerror), a directory ("Is a
 * directory"), an empty file or one that is not ELF ("file format not
 * recognized"), headers past the end of the file ("file truncated"),
 * inconsistent headers ("file format not recognized: <why>").  Any ELF
 * class and machine opens (as nm lists them); see pb_elf_machine().
 * The file is mapped, not read: opening a 100 MB binary is cheap.
 */
pb_elf_t *pb_elf_open(const char *path, char *err, size_t errlen);

/*
 * The same on an open descriptor (e.g. /proc/PID/map_files/..., which
 * works for deleted files).  The pb_elf_t does not own FD: the caller
 * may close it after pb_elf_close().
 */
pb_elf_t *pb_elf_open_fd(int fd, char *err, size_t errlen);

/*
 * The same on LEN bytes at BUF (fuzzing, tests).  BUF must stay valid
 * and unchanged until pb_elf_close().
 */
pb_elf_t *pb_elf_open_mem(const void *buf, size_t len, char *err,
    size_t errlen);

/*
 * The libelf handle of E, for readers of sections elfsym does not
 * interpret itself (usdt.c's notes).  Owned by E.
 */
struct Elf;
struct Elf *pb_elf_libelf(pb_elf_t *e);

/*
 * Done reading E's code and data for now: the pages of its byte
 * sections (code, read-only data, string tables) that were read are
 * given back, and read from the file again if asked for.  A probe on
 * every function of node reads its 70 MB of code and data once to find
 * branch targets, then holds them in pidtrace's RSS to the end.
 */
void pb_elf_release_bytes(pb_elf_t *e);

/*
 * The same for the LEN bytes at P, which a byte section of E (code,
 * read-only data) gave: its whole pages inside them.  For a reader of a
 * whole section that is done with each part as it goes (brtarget.c
 * reads node's 75 MB of code and data byte by byte).  Nothing when P is
 * not in E's own mapping.
 */
void pb_elf_release_range(pb_elf_t *e, const void *p, size_t len);

/* Close E and free everything it owns (symbols, names).  NULL is fine. */
void pb_elf_close(pb_elf_t *e);

/* e_machine (EM_X86_64 is 62); pidtrace can trace EM_X86_64 only. */
int pb_elf_machine(const pb_elf_t *e);

/* ELFCLASS32 or ELFCLASS64. */
int pb_elf_class(const pb_elf_t *e);

/* e_type: ET_EXEC, ET_DYN, ET_REL, ET_CORE. */
int pb_elf_type(const pb_elf_t *e);

/* Whether the file has the table at all (a section of that type). */
bool pb_elf_has_table(pb_elf_t *e, int table);

/*
 * The symbols of TABLE (PB_SYMTAB or PB_DYNSYM) in table order, without
 * the null symbol 0.  *SYMS belongs to E.  A missing table gives 0
 * symbols and returns 0 (ask pb_elf_has_table() to tell it from an
 * empty one).  Returns -1 and a reason in ERR when the table is corrupt
 * (e.g. a bad string-table link or truncated data).
 */
int pb_elf_symbols(pb_elf_t *e, int table, const pb_sym_t **syms,
    size_t *nsyms, char *err, size_t errlen);

/*
 * Copy LEN bytes at link-time virtual address VADDR from the file's
 * contents (allocated sections with data; PT_LOAD segments when the file
 * has no section headers).  Returns 0, or -1 when some byte is not in
 * the file (not mapped, or .bss).
 */
int pb_elf_read(pb_elf_t *e, uint64_t vaddr, void *buf, size_t len);

/*
 * One PLT stub, named as objdump -d and perf name it: "malloc@plt".
 * The stubs have no symbols; these are synthesized from the stubs'
 * bytes and the dynamic relocations, as binutils'
 * _bfd_x86_elf_get_synthetic_symtab does.
 */
typedef struct pb_plt {
	uint64_t	pt_addr;	/* link-time address of the stub */
	uint64_t	pt_size;	/* its PLT section's entry size: 16, or
					 * 8 in a .plt.got without IBT */
	const char	*pt_name;	/* "<dynamic symbol>@plt" */
} pb_plt_t;

/*
 * The callable PLT stubs of an x86-64 file, ascending pt_addr; *PLT and
 * the names belong to E.  A stub is an entry of .plt (not the first,
 * PLT0), .plt.sec or .plt.got that starts with [endbr64] [bnd] jmp
 * *disp(%rip) through a GOT slot that a JUMP_SLOT or GLOB_DAT relocation
 * names; the lazy entries of an IBT .plt (endbr64; push; jmp PLT0) are
 * reached only through the GOT and are not stubs.  Stubs through an
 * IRELATIVE slot (libc calling its own ifuncs; objdump's
 * "*ABS*+0x9f550@plt") are left out: no symbol names them.  A file
 * without stubs (static, other machines) gives 0.  Returns 0, or -1 with
 * errno ENOMEM.
 */
int pb_elf_plt(pb_elf_t *e, const pb_plt_t **plt, size_t *nplt);

/*
 * The NT_GNU_BUILD_ID note as lowercase hex, or NULL when there is none.
 * Owned by E.
 */
const char *pb_elf_build_id(pb_elf_t *e);

/*
 * The .gnu_debuglink section: the debug file's name (*NAME, owned by E)
 * and the CRC-32 of its contents (*CRC, gdb's gnu_debuglink_crc32, which
 * is zlib's crc32).  Returns 0, or -1 when there is none or it is
 * malformed (no NUL within the section, no room for the CRC).
 */
int pb_elf_debuglink(pb_elf_t *e, const char **name, uint32_t *crc);

/*
 * The PT_GNU_EH_FRAME program header: the .eh_frame_hdr's link-time
 * address and size.  Returns 0, or -1 when there is none.
 */
int pb_elf_eh_frame_hdr(pb_elf_t *e, uint64_t *vaddr, uint64_t *size);

/*
 * The bytes of the section called NAME (".gopclntab"): its link-time
 * address in *VADDR, *DATA pointing into E's image (valid until
 * pb_elf_close), *SIZE bytes.  Returns -1 when there is none, it has no
 * bytes in the file (SHT_NOBITS), is compressed or lies past the end.
 */
int pb_elf_section(pb_elf_t *e, const char *name, uint64_t *vaddr,
    const uint8_t **data, size_t *size);

/*
 * The DT_SONAME of a shared object ("libstdc++.so.6"), owned by E; NULL
 * when it has none (programs, most plugins).
 */
const char *pb_elf_soname(pb_elf_t *e);

/* The PT_LOAD program headers in file order; *LOADS belongs to E. */
void pb_elf_loads(pb_elf_t *e, const pb_load_t **loads, size_t *nloads);

/*
 * The load bias of a mapping: a file mapped at run-time address
 * MAP_START from file offset MAP_OFFSET with permissions MAP_FLAGS
 * (PF_R | PF_W | PF_X from a line of /proc/PID/maps; 0 if unknown) puts
 * link-time address V at V + *BIAS.  MAP_FLAGS breaks the tie when two
 * PT_LOADs start in the same page (small files linked without
 * -z separate-code).  Returns -1 when no PT_LOAD covers MAP_OFFSET.
 */
int pb_elf_bias(pb_elf_t *e, uint64_t map_start, uint64_t map_offset,
    unsigned map_flags, uint64_t *bias);

#endif /* PIDTRACE_ELFSYM_H */
