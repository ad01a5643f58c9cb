/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * object: the cache of modules' files across execs (pb_objcache_age).
 * A file unchanged since it was read is not read again after an exec;
 * one rewritten in place (same inode: cp onto an existing file) is; an
 * entry unused for PB_OBJCACHE_KEEP images is dropped, and so is one
 * whose file could not be opened (it may be readable now).  The file is
 * a copy of this test's own executable in a directory of its own.
 */
#include "config.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "probes/object.h"

#include "t/check.h"

static int inits;

static void
count_init(pb_object_t *ob, const pb_module_t *md)
{
	(void)ob;
	(void)md;
	inits++;
}

static pb_objcache_t oc = {
	.oc_size = sizeof(pb_object_t),
	.oc_init = count_init,
};

static size_t
entries(void)
{
	const pb_object_t *ob;
	size_t n = 0;

	for (ob = oc.oc_head; ob != NULL; ob = ob->ob_next)
		n++;
	return n;
}

/* Copy from to to, writing into to's inode when it exists. */
static int
copy(const char *from, const char *to)
{
	char buf[65536];
	ssize_t n;
	int in, out, rc = 0;

	in = open(from, O_RDONLY);
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (in < 0 || out < 0)
		rc = -1;
	while (rc == 0 && (n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			rc = -1;
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	return rc;
}

/* md as /proc/PID/maps would show path now. */
static void
module_of(pb_module_t *md, char *path)
{
	struct stat st;

	memset(md, 0, sizeof(*md));
	md->md_path = path;
	md->md_base = strrchr(path, '/') + 1;
	md->md_exec = 1;
	if (stat(path, &st) == 0) {
		md->md_major = major(st.st_dev);
		md->md_minor = minor(st.st_dev);
		md->md_ino = st.st_ino;
	}
}

int
main(void)
{
	char dir[] = "/tmp/pb-object-XXXXXX", path[PATH_MAX];
	char gone[PATH_MAX];
	struct timespec ts[2] = { { 1, 0 }, { 1, 0 } };
	pb_object_t *ob, *again;
	pb_module_t md, mdg;
	pid_t me = getpid();
	unsigned i;

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 99;
	}
	snprintf(path, sizeof(path), "%s/prog", dir);
	snprintf(gone, sizeof(gone), "%s/none", dir);
	if (copy("/proc/self/exe", path) < 0) {
		perror(path);
		return 99;
	}
	module_of(&md, path);

	ob = pb_objcache_get(&oc, me, &md);
	CHECK(ob != NULL && ob->ob_err[0] == '\0' && ob->ob_elf != NULL);
	CHECK(inits == 1);

	/* the next image maps the same file: not read again */
	pb_objcache_age(&oc);
	again = pb_objcache_get(&oc, me, &md);
	CHECK(again == ob);
	CHECK(inits == 1);
	CHECK(pb_objcache_find_path(&oc, ob->ob_path) == ob);

	/* rewritten in place: the same inode, new times */
	CHECK(copy("/proc/self/exe", path) == 0);
	CHECK(utimensat(AT_FDCWD, path, ts, 0) == 0);
	module_of(&mdg, path);
	CHECK(mdg.md_ino == md.md_ino);
	/* within one image nothing is checked again */
	CHECK(pb_objcache_get(&oc, me, &md) == ob && inits == 1);
	pb_objcache_age(&oc);
	CHECK(pb_objcache_find_path(&oc, path) == NULL);
	again = pb_objcache_get(&oc, me, &md);
	CHECK(again != NULL && again->ob_err[0] == '\0');
	CHECK(inits == 2);
	CHECK(entries() == 1);

	/* a module that did not open is tried again after an exec */
	module_of(&mdg, gone);
	mdg.md_ino = md.md_ino + 1;
	ob = pb_objcache_get(&oc, me, &mdg);
	CHECK(ob != NULL && ob->ob_err[0] != '\0');
	CHECK(entries() == 2);
	pb_objcache_age(&oc);
	CHECK(entries() == 1);

	/* unused for PB_OBJCACHE_KEEP images: kept; one more: dropped */
	CHECK(pb_objcache_get(&oc, me, &md) != NULL && inits == 2);
	for (i = 0; i < PB_OBJCACHE_KEEP; i++)
		pb_objcache_age(&oc);
	CHECK(entries() == 1);
	CHECK(pb_objcache_get(&oc, me, &md) != NULL && inits == 2);
	for (i = 0; i < PB_OBJCACHE_KEEP + 1; i++)
		pb_objcache_age(&oc);
	CHECK(entries() == 0);

	pb_objcache_flush(&oc);
	unlink(path);
	rmdir(dir);
	return failures ? 1 : 0;
}
