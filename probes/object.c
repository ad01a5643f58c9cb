/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * object: the ELF files of a process's modules, each opened once
 * (object.h).
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/object.h"

pb_object_t *
pb_objcache_find(const pb_objcache_t *oc, const pb_module_t *md)
{
	pb_object_t *ob;

	for (ob = oc->oc_head; ob != NULL; ob = ob->ob_next)
		if (ob->ob_ino == md->md_ino && ob->ob_major == md->md_major &&
		    ob->ob_minor == md->md_minor)
			return ob;
	return NULL;
}

pb_object_t *
pb_objcache_find_path(const pb_objcache_t *oc, const char *path)
{
	pb_object_t *ob;

	for (ob = oc->oc_head; ob != NULL; ob = ob->ob_next)
		if (ob->ob_path != NULL && strcmp(ob->ob_path, path) == 0)
			return ob;
	return NULL;
}

pb_object_t *
pb_objcache_get(pb_objcache_t *oc, pid_t pid, const pb_module_t *md)
{
	char path[PATH_MAX], e[256];
	pb_object_t *ob;

	if ((ob = pb_objcache_find(oc, md)) != NULL)
		return ob;
	ob = calloc(1, oc->oc_size);
	if (ob == NULL)
		return NULL;
	ob->ob_major = md->md_major;
	ob->ob_minor = md->md_minor;
	ob->ob_ino = md->md_ino;
	ob->ob_pid = pid;
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
	if (oc->oc_init != NULL)
		oc->oc_init(ob, md);
	return ob;
}

void
pb_objcache_flush(pb_objcache_t *oc)
{
	pb_object_t *ob, *next;

	for (ob = oc->oc_head; ob != NULL; ob = next) {
		next = ob->ob_next;
		if (oc->oc_fini != NULL)
			oc->oc_fini(ob);
		pb_elf_close(ob->ob_elf);
		free(ob->ob_path);
		free(ob->ob_objpath);
		free(ob);
	}
	oc->oc_head = NULL;
}
