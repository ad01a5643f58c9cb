/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * object: the ELF files of a process's modules, each opened once
 * (object.h).
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "probes/object.h"

static void
drop(pb_objcache_t *oc, pb_object_t *ob)
{
	pb_object_t **pp;

	for (pp = &oc->oc_head; *pp != NULL; pp = &(*pp)->ob_next)
		if (*pp == ob) {
			*pp = ob->ob_next;
			break;
		}
	if (oc->oc_fini != NULL)
		oc->oc_fini(ob);
	pb_elf_close(ob->ob_elf);
	free(ob->ob_path);
	free(ob->ob_objpath);
	free(ob);
}

static bool
same_ts(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* An aged entry's file is still the one that was read. */
static bool
unchanged(const pb_object_t *ob)
{
	struct stat st;

	return ob->ob_stok && stat(ob->ob_path, &st) == 0 &&
	    st.st_dev == ob->ob_stdev && st.st_ino == ob->ob_stino &&
	    st.st_size == ob->ob_stsize &&
	    same_ts(&st.st_mtim, &ob->ob_mtime) &&
	    same_ts(&st.st_ctim, &ob->ob_ctime);
}

pb_object_t *
pb_objcache_find(pb_objcache_t *oc, const pb_module_t *md)
{
	pb_object_t *ob;

	for (ob = oc->oc_head; ob != NULL; ob = ob->ob_next)
		if (ob->ob_ino == md->md_ino && ob->ob_major == md->md_major &&
		    ob->ob_minor == md->md_minor)
			break;
	if (ob == NULL)
		return NULL;
	if (ob->ob_check) {
		if (!unchanged(ob)) {
			drop(oc, ob);
			return NULL;
		}
		ob->ob_check = 0;
	}
	ob->ob_used = oc->oc_gen;
	return ob;
}

pb_object_t *
pb_objcache_find_path(const pb_objcache_t *oc, const char *path)
{
	pb_object_t *ob;

	for (ob = oc->oc_head; ob != NULL; ob = ob->ob_next)
		if (!ob->ob_check && ob->ob_path != NULL &&
		    strcmp(ob->ob_path, path) == 0)
			return ob;
	return NULL;
}

pb_object_t *
pb_objcache_get(pb_objcache_t *oc, pid_t pid, const pb_module_t *md)
{
	char path[PATH_MAX], e[256];
	pb_object_t *ob;

	struct stat st;

	if ((ob = pb_objcache_find(oc, md)) != NULL) {
		/* whose view debug files are looked for in: a live one */
		ob->ob_pid = pid;
		return ob;
	}
	ob = calloc(1, oc->oc_size);
	if (ob == NULL)
		return NULL;
	ob->ob_major = md->md_major;
	ob->ob_minor = md->md_minor;
	ob->ob_ino = md->md_ino;
	ob->ob_pid = pid;
	ob->ob_used = oc->oc_gen;
	ob->ob_next = oc->oc_head;
	oc->oc_head = ob;
	if ((ob->ob_objpath = strdup(md->md_path)) == NULL) {
		snprintf(ob->ob_err, sizeof(ob->ob_err), "%.300s: %s",
		    md->md_path, strerror(ENOMEM));
		return ob;
	}
	if (pb_module_open_path(pid, md, path, sizeof(path)) < 0) {
		snprintf(ob->ob_err, sizeof(ob->ob_err),
		    "%.300s: cannot open: %s", md->md_path, strerror(errno));
		return ob;
	}
	ob->ob_path = strdup(path);
	ob->ob_elf = pb_elf_open(path, e, sizeof(e));
	/* messages name the module as the process sees it */
	if (ob->ob_elf == NULL) {
		snprintf(ob->ob_err, sizeof(ob->ob_err), "%.300s: %.150s",
		    md->md_path, e);
		return ob;
	}
	ob->ob_type = pb_elf_type(ob->ob_elf);
	/*
	 * Taken after the open: a file replaced in between shows another
	 * inode than the module's, and its entry is never kept.
	 */
	if (stat(path, &st) == 0 && st.st_ino == md->md_ino &&
	    major(st.st_dev) == md->md_major &&
	    minor(st.st_dev) == md->md_minor) {
		ob->ob_stok = 1;
		ob->ob_stdev = st.st_dev;
		ob->ob_stino = st.st_ino;
		ob->ob_stsize = st.st_size;
		ob->ob_mtime = st.st_mtim;
		ob->ob_ctime = st.st_ctim;
	}
	if (oc->oc_init != NULL)
		oc->oc_init(ob, md);
	return ob;
}

void
pb_objcache_flush(pb_objcache_t *oc)
{
	while (oc->oc_head != NULL)
		drop(oc, oc->oc_head);
}

void
pb_objcache_age(pb_objcache_t *oc)
{
	pb_object_t *ob, *next;

	oc->oc_gen++;
	for (ob = oc->oc_head; ob != NULL; ob = next) {
		next = ob->ob_next;
		/* a file that failed may be readable now: try it again */
		if (!ob->ob_stok || ob->ob_err[0] != '\0' ||
		    oc->oc_gen - ob->ob_used > PB_OBJCACHE_KEEP)
			drop(oc, ob);
		else
			ob->ob_check = 1;
	}
}
