/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * object: the ELF files of a process's modules, each opened once.
 *
 * A provider that reads modules' files (pid's symbols, usdt's notes)
 * keeps them in a cache of its own, keyed by device and inode (a file
 * replaced on disk by an upgrade is another file), and drops it at its
 * pv_flush.  An entry is a provider's struct whose first member is a
 * pb_object_t: the cache opens the file, the provider's oc_init reads
 * what it needs from it once.  An entry that could not be opened stays
 * in the cache with its reason in ob_err, so that a module that fails
 * fails once, not at every resolution.
 *
 * An exec does not empty the cache (pb_objcache_age): the processes of
 * a trace that follows children map the same libc, shell and loader
 * again and again, and reading a file's symbols, its debug file and
 * where its code may land took most of each child's arming.  A kept
 * entry is used again only when its file, looked up by the path it was
 * opened by, is still the same: device, inode, size, mtime and ctime as
 * when it was read (a file rewritten in place keeps its inode, not its
 * ctime).  An entry used by none of the last PB_OBJCACHE_KEEP images is
 * dropped.
 *
 * Not the firing path: everything here allocates and reads files.  Not
 * thread-safe.
 */
#ifndef PB_OBJECT_H
#define PB_OBJECT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "probes/elfsym.h"
#include "probes/modules.h"

typedef struct pb_object {
	unsigned int ob_major, ob_minor;	/* the file's device */
	uint64_t ob_ino;
	char *ob_path;		/* the path opened (pb_module_open_path) */
	char *ob_objpath;	/* the path the process sees (its maps):
				 * messages name the module by it */
	pid_t ob_pid;		/* whose view (procns.h): debug files */
	pb_elf_t *ob_elf;	/* NULL when it did not open */
	int ob_type;		/* ET_EXEC or ET_DYN */
	char ob_err[512];	/* why it cannot be used, or "" */
	/* ob_path's stat when the file was read: ob_stok when taken and
	 * of the file that was opened */
	int ob_stok;
	dev_t ob_stdev;
	ino_t ob_stino;
	off_t ob_stsize;
	struct timespec ob_mtime, ob_ctime;
	unsigned int ob_used;	/* oc_gen when last asked for */
	int ob_check;		/* aged since: stat again before use */
	struct pb_object *ob_next;
} pb_object_t;

/* Images (execs) an unused entry outlives. */
#define PB_OBJCACHE_KEEP	16u

typedef struct pb_objcache {
	pb_object_t *oc_head;
	size_t oc_size;		/* bytes of an entry, its pb_object_t first */
	/* Once the file of md is open: read the provider's part, or say
	 * why not in ob_err.  Optional. */
	void (*oc_init)(pb_object_t *ob, const pb_module_t *md);
	/* Free the provider's part (not the pb_object_t's).  Optional. */
	void (*oc_fini)(pb_object_t *ob);
	unsigned int oc_gen;	/* pb_objcache_age calls */
} pb_objcache_t;

/*
 * The entry of module md of process pid, opened now if it is new.  NULL
 * only when out of memory; otherwise check ob_err.
 */
pb_object_t *
pb_objcache_get(pb_objcache_t *oc, pid_t pid, const pb_module_t *md);

/*
 * The entry of module md if the cache has it, without opening anything
 * (an aged entry whose file changed is dropped: NULL).
 */
pb_object_t *
pb_objcache_find(pb_objcache_t *oc, const pb_module_t *md);

/* The entry whose file was opened as path, or NULL; not an aged one. */
pb_object_t *
pb_objcache_find_path(const pb_objcache_t *oc, const char *path);

/*
 * The process exec'd: every entry is to be checked before its next use,
 * and those unused for PB_OBJCACHE_KEEP images are dropped.
 */
void
pb_objcache_age(pb_objcache_t *oc);

/* Close and free every entry (the tracee exec'd). */
void
pb_objcache_flush(pb_objcache_t *oc);

#endif /* PB_OBJECT_H */
