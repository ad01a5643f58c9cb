/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * usdt: the probes programs define in their own code, from their
 * .note.stapsdt notes (sys/sdt.h of systemtap-sdt-dev; Python,
 * PostgreSQL, libstdc++, the JVM and the Rust usdt crate write the same
 * notes).  Pure: reads ELF files and /proc/PID/maps, never tracee memory
 * (evaluation reads it through a callback), knows nothing of ptrace or D.
 *
 * A note (owner "stapsdt", type 3) holds three addresses (the probe's
 * site, the link-time address of .stapsdt.base, the semaphore or 0) and
 * three strings: provider, name, argument specification.  A prelinked
 * or otherwise moved file has its sections elsewhere than the note says:
 * both site and semaphore move by the difference between the real
 * .stapsdt.base and the note's (systemtap's and libbpf's rule).
 *
 * Arguments: the specification is the assembler operands GCC chose, each
 * "[-]SIZE@OPERAND" separated by blanks: SIZE 1, 2, 4 or 8, negative when
 * the C type is signed; OPERAND one of %reg (any width: %rax %eax %ax %al
 * %ah %r8d %r8w %r8b %sil ...), $imm, disp(%reg), (%reg),
 * disp(%base,%index,scale), sym+disp(%rip) or disp+sym(%rip) (the
 * symbol's address, found in the file's symbols).  The value is the
 * operand's low |SIZE| bytes, sign-extended when SIZE is negative, else
 * zero-extended: "2@$-1" is 65535, "-1@%dil" with dil = 0xff is -1.
 *
 * Naming, as DTrace names USDT probes: provider "<note provider><pid>"
 * (python4242), module the object's basename (libpython3.11.so.1.0),
 * function the (demangled) function containing the site, name the note's
 * name with each "__" shown as "-" (function__entry is function-entry).
 * A description's name is matched against both forms.
 *
 * Not for the probe-firing path except pb_usdt_arg_eval and
 * pb_usdt_args_eval, which allocate nothing.  Not thread-safe (file data
 * is cached per device and inode until pb_usdt_cache_flush).
 */
#ifndef PB_USDT_H
#define PB_USDT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

#include "probes/elfsym.h"
#include "probes/provider.h"	/* PB_ZEROOK */

#define PB_USDT_MAXARGS	12	/* sys/sdt.h's STAP_PROBE12 */

/* pb_usdt_arg_t.ua_kind */
enum {
	PB_UA_REG = 1,		/* a register's value */
	PB_UA_MEM,		/* memory at base + index * scale + disp */
	PB_UA_IMM,		/* ua_disp itself */
};

#define PB_UR_NONE	0xff	/* no register (ua_base, ua_index) */

/*
 * One parsed argument: 16 bytes.  Registers are numbered as the 8-byte
 * words of struct user_regs_struct (offsetof / 8), so evaluation is an
 * index into the register set.
 */
typedef struct pb_usdt_arg {
	int64_t ua_disp;	/* immediate, displacement, or with
				 * ua_reloc the symbol's link-time address
				 * plus displacement */
	int8_t ua_size;		/* 1, 2, 4, 8; negative: signed */
	uint8_t ua_kind;	/* PB_UA_* */
	uint8_t ua_base;	/* register word, or PB_UR_NONE */
	uint8_t ua_index;	/* index register word, or PB_UR_NONE */
	uint8_t ua_scale;	/* 1, 2, 4, 8 */
	uint8_t ua_rwidth;	/* PB_UA_REG: bytes of the register named
				 * (%eax: 4) */
	uint8_t ua_rshift;	/* PB_UA_REG: 8 for %ah %bh %ch %dh */
	uint8_t ua_reloc;	/* ua_disp is a link-time address: add the
				 * module's load bias */
} pb_usdt_arg_t;

/*
 * Finds a symbol's link-time address for a sym(%rip) operand.  Returns 0
 * and sets *value, or -1 when there is no such symbol.
 */
typedef int (*pb_usdt_symfn_t)(void *arg, const char *name,
    uint64_t *value);

/*
 * Parse a specification (the note's third string) into args (room for
 * PB_USDT_MAXARGS).  symfn may be NULL: a sym(%rip) operand is then an
 * error.  Returns the number of arguments (0 for ""), or -1 with one line
 * in err saying which argument and why, e.g.
 *   argument 2 '4@%xmm0': unknown register 'xmm0'
 *   argument 1 '3@%rdi': size must be 1, 2, 4 or 8
 *   more than 12 arguments
 */
int
pb_usdt_args_parse(const char *spec, pb_usdt_arg_t *args,
    pb_usdt_symfn_t symfn, void *symarg, char *err, size_t errlen);

/* Reads len bytes of tracee memory at addr; 0, or -1 when unreadable. */
typedef int (*pb_usdt_readfn_t)(void *arg, uint64_t addr, void *buf,
    size_t len);

/*
 * The value of one argument for a thread stopped at the probe's site
 * with regs; bias is the module's load bias (for ua_reloc).  Returns 0,
 * or -1 when a memory operand cannot be read (*val is then 0).  May be
 * called from the firing path: allocates nothing.
 */
int
pb_usdt_arg_eval(const pb_usdt_arg_t *a, const struct user_regs_struct *regs,
    uint64_t bias, pb_usdt_readfn_t readfn, void *readarg, uint64_t *val);

/* One note of a file, its addresses link-time and already adjusted. */
typedef struct pb_usdt_note {
	const char *un_provider;	/* point into the pb_usdt_file_t */
	const char *un_name;		/* as in the note ("function__entry") */
	const char *un_args;		/* specification, "" when none */
	uint64_t un_pc;			/* the site (a nop) */
	uint64_t un_sem;		/* the u16 semaphore, 0 = none */
} pb_usdt_note_t;

typedef struct pb_usdt_file {
	pb_usdt_note_t *uf_notes;	/* in file order */
	size_t uf_n;
	char *uf_strings;		/* private: the copied strings */
} pb_usdt_file_t;

/*
 * Read every stapsdt note of e (any SHT_NOTE section; the notes are not
 * allocated, so a file without section headers has none).  Fills *out
 * (free with pb_usdt_file_free, also after an error).  A note that is
 * cut short or lacks its strings is an error: returns -1 with err
 * ("note 3 of .note.stapsdt is truncated"); 0 otherwise (0 notes is
 * fine).
 */
int
pb_usdt_file_read(pb_elf_t *e, pb_usdt_file_t *out, char *err,
    size_t errlen);

void
pb_usdt_file_free(pb_usdt_file_t *f);

/*
 * The name as shown and matched: each "__" becomes "-".  Writes into
 * buf (len bytes, truncated); returns buf.
 */
char *
pb_usdt_dashname(const char *name, char *buf, size_t len);

/* Whether the name glob matches a note name, in its dashed or raw form. */
int
pb_usdt_name_match(const char *glob, const char *name);

/* One probe of a process: one note of one mapped object. */
typedef struct pb_usdt_probe {
	char *up_provider;	/* "python4242" */
	char *up_mod;		/* basename, "python3.11" */
	char *up_func;		/* containing function, demangled unless
				 * PB_MANGLED ("" when no symbol covers
				 * the site) */
	char *up_name;		/* dashed, "function-entry" */
	char *up_path;		/* the file the notes were read from */
	uint64_t up_addr;	/* run-time site */
	uint64_t up_sem;	/* run-time semaphore, 0 = none */
	uint64_t up_bias;	/* the module's load bias */
	unsigned int up_major, up_minor;	/* the file's device */
	uint64_t up_ino;	/* and inode */
	pb_usdt_arg_t up_args[PB_USDT_MAXARGS];
	int up_nargs;
} pb_usdt_probe_t;		/* strings owned by the list */

typedef struct pb_usdt_list {
	pb_usdt_probe_t *ul_probes;	/* in the order created */
	size_t ul_n;
} pb_usdt_list_t;

#define PB_USDT_LIST_INIT	{ NULL, 0 }

/*
 * Resolve a description <prov>:<mod>:<func>:<name> against process pid
 * (its maps read through tid, a live thread: the leader may be a zombie;
 * 0 means pid) and append the new probes to *out (a probe already
 * there, same module path and site, is not added again).  prov_glob is matched
 * against "<note provider><pid>" (python$target, postgresql*); the
 * other globs as in the header comment; NULL or "" match everything.
 * Only the matched probes' arguments are parsed.
 *
 * Returns the number of probes added (0 only with PB_ZEROOK), or -1
 * with one line in err, for example:
 *   no USDT probe matches 'python4242:::gc-strat' in process 4242
 *   python4242:::gc-start in libpython3.11.so.1.0: argument 1 'x@%rdi':
 *       size must be 1, 2, 4 or 8
 *   python4242:::gc-start in python3.11: semaphore 0x5a10 is not in a
 *       writable mapping of the object
 * On error nothing is added.
 */
int
pb_usdt_resolve(pid_t pid, pid_t tid, const char *prov_glob,
    const char *mod_glob, const char *func_glob, const char *name_glob,
    int flags, pb_usdt_list_t *out, char *err, size_t errlen);

/*
 * Whether some object mapped in pid has stapsdt notes at all whose
 * provider glob could match (for -Z and for telling a pid description
 * from a USDT one cheaply): 1 yes, 0 no, -1 on error.
 */
int
pb_usdt_any(pid_t pid, const char *prov_glob);

void
pb_usdt_list_free(pb_usdt_list_t *l);

/* Drop the cached notes and symbols. */
void
pb_usdt_cache_flush(void);

/* A tracee exec'd: keep what is unchanged and used lately (object.h). */
void
pb_usdt_cache_age(void);

#endif /* PB_USDT_H */
