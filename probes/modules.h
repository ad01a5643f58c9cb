/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * modules: the ELF objects mapped into a process, from /proc/PID/maps.
 *
 * One pb_module_t per mapped file (grouped by device, inode and path),
 * with its mappings.  Anonymous mappings, [heap], [stack], [vdso] (not
 * backed by a file we could read) and the like are left out.  Whether a
 * file is ELF at all is not known here: the caller opens it (see
 * pb_module_open_path) and skips what does not parse; md_exec says whether
 * any mapping is executable, which non-ELF data files (locale-archive)
 * never are.
 *
 * Module names, as a user writes them in a probe description
 * (pid123:libc:malloc:entry): the basename (libc.so.6), the basename cut
 * before ".so" (libc, libstdc++, ld-linux-x86-64), the basename cut
 * before ".so." (libc.so) and, for the main executable (the file
 * /proc/PID/exe points to), "a.out", as DTrace names it; with
 * pb_module_match_pid, its DT_SONAME too (libstdc++.so.6 for
 * libstdc++.so.6.0.30: the name ldd and DT_NEEDED use).
 */
#ifndef PB_MODULES_H
#define PB_MODULES_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "probes/elfsym.h"	/* pb_load_t */

typedef struct pb_mapping {
	uint64_t mp_start;	/* run-time address, inclusive */
	uint64_t mp_end;	/* exclusive */
	uint64_t mp_offset;	/* file offset mapped at mp_start */
	int mp_prot;		/* PROT_READ | PROT_WRITE | PROT_EXEC */
	int mp_shared;		/* 's' in maps rather than 'p' */
} pb_mapping_t;

typedef struct pb_module {
	char *md_path;		/* path as maps shows it, without the
				 * " (deleted)" suffix; owned */
	const char *md_base;	/* basename, points into md_path */
	int md_deleted;		/* maps said "(deleted)" */
	int md_is_exe;		/* the main executable: named "a.out" too */
	int md_exec;		/* some mapping is executable */
	unsigned int md_major;	/* device of the file, from maps */
	unsigned int md_minor;
	uint64_t md_ino;	/* inode, from maps */
	pb_mapping_t *md_maps;	/* ascending mp_start; owned */
	size_t md_nmaps;
	uint64_t md_bias;	/* load bias: run-time = link-time + bias;
				 * valid when md_bias_ok (pb_module_bias) */
	int md_bias_ok;
} pb_module_t;

typedef struct pb_modlist {
	pid_t ml_pid;		/* 0 when parsed from a fixture */
	pb_module_t *ml_mods;	/* in order of first mapping; owned */
	size_t ml_n;
} pb_modlist_t;

/*
 * Parse the text of a maps file.  exe_path, if not NULL, is the target of
 * /proc/PID/exe (its " (deleted)" suffix, if any, ignored): the module
 * with that path gets md_is_exe.  Fills *out (free with pb_modlist_free,
 * also after an error).  Returns 0, or -1 with errno: EINVAL for a line
 * that does not parse (the fixture tests want to hear about it), ENOMEM.
 */
int
pb_maps_parse(const char *text, const char *exe_path, pb_modlist_t *out);

/*
 * Read /proc/PID/maps and /proc/PID/exe and parse them.  Returns 0, or -1
 * with errno from open/read (ESRCH or ENOENT: no such process; EACCES:
 * not ours), or from pb_maps_parse.
 */
int
pb_modules_read(pid_t pid, pb_modlist_t *out);

/*
 * The module mapping addr in process pid, with only that one mapping
 * (its md_maps holds the mapping that covers addr): a list of one module,
 * or none when addr is not in a file's mapping.  A single query where
 * the kernel answers one (Linux 6.11 and later), else pb_modules_read's
 * whole list.  Returns as pb_modules_read.
 */
int
pb_module_at(pid_t pid, uint64_t addr, pb_modlist_t *out);

void
pb_modlist_free(pb_modlist_t *ml);

/*
 * 1 if glob (fnmatch(3) syntax, as DTrace's gmatch) matches one of the
 * module's names (see above); an empty or NULL glob matches every module.
 */
int
pb_module_match(const pb_module_t *md, const char *glob);

/*
 * pb_module_match, or the glob matches the module's DT_SONAME, read from
 * its file (through pid's view, pb_module_open_path) the first time and
 * kept by device and inode until pb_module_soname_flush.  Only a glob
 * holding ".so" opens a file.  Not the firing path.
 */
int
pb_module_match_pid(pid_t pid, const pb_module_t *md, const char *glob);

/* Forget the sonames read (the process exec'ed). */
void
pb_module_soname_flush(void);

/*
 * The path to open to read the module's file: md_path as the process
 * sees it (procns.h: in a container, under /proc/PID/root) when it
 * exists and is the very file mapped (same device and inode: a library
 * replaced on disk by an upgrade is not), else
 * /proc/PID/map_files/START-END of its
 * first mapping, which reaches the mapped file even when it is deleted or
 * lives in another mount namespace (opening map_files needs
 * CAP_CHECKPOINT_RESTORE or CAP_SYS_ADMIN), else /proc/PID/exe when the
 * module is the main executable, else md_path if it exists.  Writes
 * into buf; returns 0, or -1 with errno ENOENT when neither works
 * (ENAMETOOLONG when buf is short).
 */
int
pb_module_open_path(pid_t pid, const pb_module_t *md, char *buf, size_t len);

/*
 * Compute md_bias from the ELF's PT_LOAD headers.  is_exec: the file is
 * ET_EXEC, linked at its run-time address, so the bias is 0.  Otherwise
 * the bias is mp_start - page_down(p_vaddr) for the mapping whose offset
 * is page_down(p_offset) (the kernel maps each segment from its
 * page-aligned offset): first the PF_X segment against executable
 * mappings (a read-only mapping of the whole file at offset 0, such as
 * elfsym's own, must not count), then each PT_LOAD against any mapping.  Returns 0 and sets
 * md_bias_ok, or -1 (errno ENOENT) when no mapping matches a segment.
 */
int
pb_module_bias(pb_module_t *md, const pb_load_t *loads, size_t nloads,
    int is_exec);

/* The module mapping run-time address addr, or NULL. */
pb_module_t *
pb_modlist_find_addr(const pb_modlist_t *ml, uint64_t addr);

#endif /* PB_MODULES_H */
