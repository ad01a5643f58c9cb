/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * debugfile: separate debug files by build-id and .gnu_debuglink; the
 * rules are gdb's (see debugfile.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "probes/debugfile.h"
#include "probes/elfsym.h"
#include "probes/procns.h"

#define DEFAULT_DEBUG_DIR	"/usr/lib/debug"

int
pb_debugfile_crc(const char *path, unsigned long *crc)
{
	unsigned char buf[65536];
	uLong c = crc32(0L, Z_NULL, 0);
	ssize_t n;
	int fd, saved;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			saved = errno;
			close(fd);
			errno = saved;
			return -1;
		}
		c = crc32(c, buf, (uInt)n);
	}
	close(fd);
	*crc = c;
	return 0;
}

/* A regular file, readable. */
static int
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    access(path, R_OK) == 0;
}

/* Whether path is an ELF file carrying build-id bid. */
static int
has_build_id(const char *path, const char *bid)
{
	char e[128];
	pb_elf_t *d;
	const char *b;
	int ok;

	d = pb_elf_open(path, e, sizeof(e));
	if (d == NULL)
		return 0;
	b = pb_elf_build_id(d);
	ok = b != NULL && strcmp(b, bid) == 0;
	pb_elf_close(d);
	return ok;
}

/* Whether path exists and its CRC-32 is crc. */
static int
crc_matches(const char *path, unsigned long crc)
{
	unsigned long c;

	return is_file(path) && pb_debugfile_crc(path, &c) == 0 &&
	    (c & 0xffffffffUL) == crc;
}

/* The next directory of the list at *p (advanced), into dir. */
static int
next_dir(const char **p, char *dir, size_t len)
{
	const char *s = *p, *colon;
	size_t n;

	while (*s == ':')
		s++;
	if (*s == '\0')
		return 0;
	colon = strchr(s, ':');
	n = colon ? (size_t)(colon - s) : strlen(s);
	*p = s + n;
	while (n > 1 && s[n - 1] == '/')
		n--;
	if (n >= len)
		n = len - 1;
	memcpy(dir, s, n);
	dir[n] = '\0';
	return 1;
}

static int
put(char *buf, size_t len, const char *path)
{
	if (strlen(path) >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(buf, path);
	return 0;
}

/*
 * The debug file of obj in one view: view > 0 reads the directories and
 * the object's directory as process view sees them (procns.h), 0 as we
 * do.  beside: look beside the object too (not for the host's view of a
 * container's object, whose directory is the container's).
 */
static int
find_in(pid_t view, const char *dirs, const char *objpath, pb_elf_t *obj,
    int beside, char *buf, size_t len)
{
	const char *bid, *link, *p, *slash;
	char dir[PATH_MAX], path[PATH_MAX], objdir[PATH_MAX];
	char at[PATH_MAX + 64];
	uint32_t crc;
	size_t n;

	bid = pb_elf_build_id(obj);
	if (bid != NULL && strlen(bid) > 2) {
		for (p = dirs; next_dir(&p, dir, sizeof(dir));) {
			n = (size_t)snprintf(path, sizeof(path),
			    "%s/.build-id/%.2s/%s.debug", dir, bid, bid + 2);
			if (n < sizeof(path) &&
			    pb_proc_path(view, path, at, sizeof(at)) == 0 &&
			    is_file(at) && has_build_id(at, bid))
				return put(buf, len, at);
		}
	}

	if (pb_elf_debuglink(obj, &link, &crc) < 0 ||
	    strchr(link, '/') != NULL) {
		errno = ENOENT;
		return -1;
	}
	/* The object's directory, as maps names it ("" for a bare name). */
	slash = strrchr(objpath, '/');
	n = slash ? (size_t)(slash - objpath) : 0;
	if (n >= sizeof(objdir)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(objdir, objpath, n);
	objdir[n] = '\0';

	/* Beside the object: the debug file must not be the object. */
	n = (size_t)snprintf(path, sizeof(path), "%s/%s", objdir, link);
	if (beside && n < sizeof(path) && strcmp(path, objpath) != 0 &&
	    pb_proc_path(view, path, at, sizeof(at)) == 0 &&
	    crc_matches(at, crc))
		return put(buf, len, at);
	n = (size_t)snprintf(path, sizeof(path), "%s/.debug/%s", objdir,
	    link);
	if (beside && n < sizeof(path) &&
	    pb_proc_path(view, path, at, sizeof(at)) == 0 &&
	    crc_matches(at, crc))
		return put(buf, len, at);
	for (p = dirs; objdir[0] == '/' && next_dir(&p, dir, sizeof(dir));) {
		n = (size_t)snprintf(path, sizeof(path), "%s%s/%s", dir,
		    objdir, link);
		if (n < sizeof(path) &&
		    pb_proc_path(view, path, at, sizeof(at)) == 0 &&
		    crc_matches(at, crc))
			return put(buf, len, at);
	}
	errno = ENOENT;
	return -1;
}

int
pb_debugfile_find(pid_t pid, const char *objpath, pb_elf_t *obj, char *buf,
    size_t len)
{
	const char *dirs = getenv("PIDTRACE_DEBUG_DIR");

	if (dirs == NULL)
		dirs = DEFAULT_DEBUG_DIR;
	if (pid <= 0 || !pb_proc_foreign(pid))
		return find_in(0, dirs, objpath, obj, 1, buf, len);
	/*
	 * A container's object: the container's own debug directories
	 * first, then the host's, which may keep debug packages for the
	 * images it runs.  The host's files must match as any must: the
	 * same build-id, or the CRC .gnu_debuglink records.
	 */
	if (find_in(pid, dirs, objpath, obj, 1, buf, len) == 0)
		return 0;
	if (errno != ENOENT)
		return -1;
	return find_in(0, dirs, objpath, obj, 0, buf, len);
}
