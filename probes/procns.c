/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * procns: a process's own view of files, PID and user namespaces
 * (procns.h).  The rules are the kernel's: proc(5) for /proc/PID/root
 * and NSpid, user_namespaces(7) for uid_map and setns(2).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probes/elfsym.h"	/* pb_seterr */
#include "probes/procns.h"

#define MAXLINKS	40	/* symbolic links followed, as the kernel */

static int
same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
		return -1;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int
pb_proc_foreign(pid_t pid)
{
	char root[64], mnt[64];
	int r;

	if (pid <= 0)
		return 0;
	snprintf(root, sizeof(root), "/proc/%d/root", (int)pid);
	snprintf(mnt, sizeof(mnt), "/proc/%d/ns/mnt", (int)pid);
	r = same_file(root, "/");
	if (r < 0)
		return 0;	/* closed to us: its paths as ours */
	if (r == 0)
		return 1;
	/* The same root directory in another mount namespace may have
	 * other mounts under it (a private /tmp). */
	return same_file(mnt, "/proc/self/ns/mnt") == 0;
}

/*
 * Resolve path (absolute) under root, as the process whose root it is
 * would: each symbolic link's target read through root, an absolute one
 * starting again at root, ".." never climbing above it.  out gets the
 * resolved path, absolute in the process's view.
 */
static int
resolve_in(const char *root, const char *path, char *out, size_t len)
{
	char rest[PATH_MAX], full[PATH_MAX + 64], link[PATH_MAX];
	char comp[NAME_MAX + 1];
	size_t olen = 0, n;
	const char *p;
	int links = 0;
	ssize_t k;

	if (path[0] != '/') {
		errno = EINVAL;
		return -1;
	}
	if (strlen(path) >= sizeof(rest) || len < 2) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(rest, path);
	out[0] = '\0';
	p = rest;
	for (;;) {
		while (*p == '/')
			p++;
		if (*p == '\0')
			break;
		n = strcspn(p, "/");
		if (n > NAME_MAX) {
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(comp, p, n);
		comp[n] = '\0';
		p += n;
		if (strcmp(comp, ".") == 0)
			continue;
		if (strcmp(comp, "..") == 0) {
			while (olen > 0 && out[olen - 1] != '/')
				olen--;
			if (olen > 0)
				olen--;
			out[olen] = '\0';
			continue;
		}
		if (olen + 1 + n >= len) {
			errno = ENAMETOOLONG;
			return -1;
		}
		out[olen] = '/';
		memcpy(out + olen + 1, comp, n + 1);
		snprintf(full, sizeof(full), "%s%s", root, out);
		k = readlink(full, link, sizeof(link) - 1);
		if (k < 0) {
			/* not a link, or not there: the name stays */
			olen += 1 + n;
			continue;
		}
		if (++links > MAXLINKS) {
			errno = ELOOP;
			return -1;
		}
		link[k] = '\0';
		/* the link's target, then what was left of the path */
		if ((size_t)k + 1 + strlen(p) >= sizeof(rest)) {
			errno = ENAMETOOLONG;
			return -1;
		}
		memmove(rest + k + 1, p, strlen(p) + 1);
		memcpy(rest, link, (size_t)k);
		rest[k] = '/';
		p = rest;
		if (link[0] == '/')
			olen = 0;	/* from the process's root */
		out[olen] = '\0';
	}
	if (olen == 0)
		strcpy(out, "/");
	return 0;
}

int
pb_proc_path(pid_t pid, const char *path, char *buf, size_t len)
{
	char root[64], in[PATH_MAX];
	int n;

	if (pid <= 0 || !pb_proc_foreign(pid)) {
		if (strlen(path) >= len) {
			errno = ENAMETOOLONG;
			return -1;
		}
		strcpy(buf, path);
		return 0;
	}
	snprintf(root, sizeof(root), "/proc/%d/root", (int)pid);
	if (resolve_in(root, path, in, sizeof(in)) < 0)
		return -1;
	n = snprintf(buf, len, "%s%s", root, in);
	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

int
pb_proc_rootlink(pid_t pid, char *buf, size_t len)
{
	char path[64];
	ssize_t n;

	buf[0] = '\0';
	if (pid <= 0)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/root", (int)pid);
	n = readlink(path, buf, len);
	if (n < 0) {
		buf[0] = '\0';
		return 0;
	}
	if ((size_t)n >= len) {
		buf[0] = '\0';
		errno = ENAMETOOLONG;
		return -1;
	}
	buf[n] = '\0';
	if (strcmp(buf, "/") == 0 || buf[0] != '/')
		buf[0] = '\0';
	return 0;
}

void
pb_proc_unroot(const char *prefix, char *path)
{
	size_t n = strlen(prefix);

	if (n > 0 && strncmp(path, prefix, n) == 0 && path[n] == '/')
		memmove(path, path + n, strlen(path + n) + 1);
}

pid_t
pb_proc_nspid(pid_t pid)
{
	char path[64], line[512], *p, *e;
	pid_t last = pid;
	long v;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return pid;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "NStgid:", 7) != 0)
			continue;
		for (p = line + 7;; p = e) {
			v = strtol(p, &e, 10);
			if (e == p)
				break;
			if (v > 0)
				last = (pid_t)v;
		}
		break;
	}
	fclose(f);
	return last;
}

/* The text of a small /proc file into buf (NUL-terminated), or -1. */
static ssize_t
slurp(const char *path, char *buf, size_t len)
{
	ssize_t n, got = 0;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while ((size_t)got < len - 1 &&
	    (n = read(fd, buf + got, len - 1 - (size_t)got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return got;
}

/* Whether a uid_map (as read from our namespace) maps our uid. */
static int
maps_uid(const char *map, uid_t uid)
{
	unsigned long in, out, count;
	const char *p = map;
	int off;

	while (sscanf(p, "%lu %lu %lu%n", &in, &out, &count, &off) == 3) {
		if (uid >= out && uid - out < count)
			return 1;
		p += off;
	}
	return 0;
}

/* A field of /proc/PID/status as a number, or -1. */
static long
status_num(pid_t pid, const char *field)
{
	char path[64], line[256];
	size_t n = strlen(field);
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, field, n) == 0) {
			v = strtol(line + n, NULL, 10);
			break;
		}
	fclose(f);
	return v;
}

/* Whether a "Uid:" or "Gid:" line of /proc/PID/status is all id. */
static int
all_ids(pid_t pid, const char *field, long id)
{
	char path[64], line[256], *p, *e;
	size_t n = strlen(field);
	int ok = 0, k;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, field, n) != 0)
			continue;
		ok = 1;
		for (p = line + n, k = 0; k < 4; k++, p = e)
			if (strtol(p, &e, 10) != id || e == p)
				ok = 0;
		break;
	}
	fclose(f);
	return ok;
}

int
pb_proc_userns_enter(pid_t pid, char *err, size_t errlen)
{
	char path[64], map[4096], own[4096];
	struct stat self, st;
	int fd, e;

	if (pid <= 0 || geteuid() == 0)
		return 0;
	/* Ours (root in a rootless container is our own uid): as usual. */
	if (all_ids(pid, "Uid:", (long)geteuid()) &&
	    all_ids(pid, "Gid:", (long)getegid()))
		return 0;
	/*
	 * The owner of a user namespace holds every capability in it from
	 * outside, so its namespace file opens and ptrace(2) is allowed;
	 * but /proc/PID/mem, owned by the subordinate uid, opens only with
	 * CAP_DAC_OVERRIDE in a namespace where that uid is mapped: inside.
	 */
	snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
	if (stat("/proc/self/ns/user", &self) != 0 ||
	    slurp(path, map, sizeof(map)) <= 0 || !maps_uid(map, geteuid()))
		return 0;	/* not a namespace of ours */
	if (slurp("/proc/self/uid_map", own, sizeof(own)) > 0 &&
	    strcmp(own, map) == 0)
		return 0;	/* our own namespace */
	snprintf(path, sizeof(path), "/proc/%d/ns/user", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;	/* not its owner: the attach says why */
	if (fstat(fd, &st) == 0 && st.st_ino == self.st_ino) {
		close(fd);
		return 0;
	}
	if (setns(fd, CLONE_NEWUSER) == 0) {
		close(fd);
		return 1;
	}
	e = errno;
	close(fd);
	pb_seterr(err, errlen, "process %d runs as uid %ld, a subordinate uid "
	    "of yours, in a user namespace (a rootless container) this "
	    "process cannot enter (%s): run the command inside that "
	    "namespace, e.g. `podman unshare pidtrace -p %d ...`", (int)pid,
	    status_num(pid, "Uid:"), strerror(e), (int)pid);
	return -1;
}
