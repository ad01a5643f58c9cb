/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * modules: parse /proc/PID/maps into mapped files, name them as DTrace
 * users do, and compute their load bias.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "probes/modules.h"
#include "probes/procns.h"

#define DELETED	" (deleted)"

static void
strip_deleted(char *path, int *deleted)
{
	size_t n = strlen(path), d = strlen(DELETED);

	*deleted = 0;
	if (n > d && strcmp(path + n - d, DELETED) == 0) {
		path[n - d] = '\0';
		*deleted = 1;
	}
}

static pb_module_t *
find_or_add(pb_modlist_t *ml, size_t *cap, const char *path,
    unsigned int maj, unsigned int min, uint64_t ino)
{
	pb_module_t *md;
	size_t i;

	for (i = 0; i < ml->ml_n; i++) {
		md = &ml->ml_mods[i];
		if (md->md_ino == ino && md->md_major == maj &&
		    md->md_minor == min && strcmp(md->md_path, path) == 0)
			return md;
	}
	if (ml->ml_n == *cap) {
		size_t n = *cap ? *cap * 2 : 16;
		pb_module_t *p = realloc(ml->ml_mods, n * sizeof(*p));

		if (p == NULL)
			return NULL;
		ml->ml_mods = p;
		*cap = n;
	}
	md = &ml->ml_mods[ml->ml_n];
	memset(md, 0, sizeof(*md));
	md->md_path = strdup(path);
	if (md->md_path == NULL)
		return NULL;
	md->md_base = strrchr(md->md_path, '/');
	md->md_base = md->md_base ? md->md_base + 1 : md->md_path;
	md->md_major = maj;
	md->md_minor = min;
	md->md_ino = ino;
	ml->ml_n++;
	return md;
}

static int
add_mapping(pb_module_t *md, const pb_mapping_t *mp)
{
	/* Few mappings per module: grow one at a time. */
	pb_mapping_t *p = realloc(md->md_maps,
	    (md->md_nmaps + 1) * sizeof(*p));

	if (p == NULL)
		return -1;
	md->md_maps = p;
	md->md_maps[md->md_nmaps++] = *mp;
	return 0;
}

/*
 * One maps line:
 *   start-end perms offset major:minor inode   path
 * The path starts after the run of spaces that follows the inode and may
 * itself hold spaces; it is absent for anonymous mappings.
 */
static int
parse_line(pb_modlist_t *ml, size_t *cap, char *line, const char *exe)
{
	unsigned long long start, end, off, ino;
	unsigned int maj, min;
	char perms[8];
	int n = 0, deleted;
	pb_mapping_t mp;
	pb_module_t *md;
	char *path;

	if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end,
	    perms, &off, &maj, &min, &ino, &n) != 7 || n == 0 ||
	    strlen(perms) != 4) {
		errno = EINVAL;
		return -1;
	}
	path = line + n;
	/* Only files: not [heap], [vdso], anonymous, or "/SYSV00000000". */
	if (path[0] != '/' || ino == 0)
		return 0;
	strip_deleted(path, &deleted);
	memset(&mp, 0, sizeof(mp));
	mp.mp_start = start;
	mp.mp_end = end;
	mp.mp_offset = off;
	mp.mp_prot = (perms[0] == 'r' ? PROT_READ : 0) |
	    (perms[1] == 'w' ? PROT_WRITE : 0) |
	    (perms[2] == 'x' ? PROT_EXEC : 0);
	mp.mp_shared = perms[3] == 's';
	md = find_or_add(ml, cap, path, maj, min, ino);
	if (md == NULL || add_mapping(md, &mp) < 0) {
		errno = ENOMEM;
		return -1;
	}
	md->md_deleted |= deleted;
	if (mp.mp_prot & PROT_EXEC)
		md->md_exec = 1;
	if (exe != NULL && strcmp(exe, path) == 0)
		md->md_is_exe = 1;
	return 0;
}

int
pb_maps_parse(const char *text, const char *exe_path, pb_modlist_t *out)
{
	char *copy, *line, *next, *exe = NULL;
	size_t cap = 0;
	int rc = 0, dummy;

	memset(out, 0, sizeof(*out));
	copy = strdup(text);
	if (exe_path != NULL)
		exe = strdup(exe_path);
	if (copy == NULL || (exe_path != NULL && exe == NULL)) {
		free(copy);
		free(exe);
		errno = ENOMEM;
		return -1;
	}
	if (exe != NULL)
		strip_deleted(exe, &dummy);
	for (line = copy; line != NULL && *line != '\0'; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (*line == '\0')
			continue;
		if (parse_line(out, &cap, line, exe) < 0) {
			rc = -1;
			break;
		}
	}
	free(copy);
	free(exe);
	return rc;
}

/* Read a whole /proc file: their size is unknown to stat. */
static char *
slurp(const char *path)
{
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap), *p;
	ssize_t r;
	int fd;

	if (buf == NULL)
		return NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(buf);
		return NULL;
	}
	for (;;) {
		if (cap - len < 4096) {
			p = realloc(buf, cap * 2);
			if (p == NULL)
				goto fail;
			buf = p;
			cap *= 2;
		}
		r = read(fd, buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto fail;
		if (r == 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	buf[len] = '\0';
	return buf;
fail:
	r = errno;
	close(fd);
	free(buf);
	errno = (int)r;
	return NULL;
}

/* exe: the process's /proc/PID/exe, or NULL */
static int
parse_unrooted(pid_t pid, const char *text, const char *exe,
    pb_modlist_t *out)
{
	char root[PATH_MAX];
	size_t i;
	int rc;

	rc = pb_maps_parse(text, exe, out);
	out->ml_pid = pid;
	/* paths as the process sees them: a chroot's root cut off */
	if (rc == 0 && pb_proc_rootlink(pid, root, sizeof(root)) == 0 &&
	    root[0] != '\0')
		for (i = 0; i < out->ml_n; i++) {
			pb_module_t *md = &out->ml_mods[i];

			pb_proc_unroot(root, md->md_path);
			md->md_base = strrchr(md->md_path, '/');
			md->md_base = md->md_base ? md->md_base + 1 :
			    md->md_path;
		}
	return rc;
}

static const char *
exe_link(pid_t pid, char *buf, size_t len)
{
	char path[64];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	n = readlink(path, buf, len - 1);
	if (n < 0)
		return NULL;
	buf[n] = '\0';
	return buf;
}

int
pb_modules_read(pid_t pid, pb_modlist_t *out)
{
	char path[64], exe[PATH_MAX];
	char *text;
	int rc;

	memset(out, 0, sizeof(*out));
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	text = slurp(path);
	if (text == NULL)
		return -1;
	rc = parse_unrooted(pid, text, exe_link(pid, exe, sizeof(exe)), out);
	free(text);
	return rc;
}

/*
 * Linux 6.11's PROCMAP_QUERY ioctl on a maps file: the one mapping that
 * covers an address, without the text of the whole file.  The layout is
 * the kernel's ABI (include/uapi/linux/fs.h), spelled out here because
 * Debian 12's headers predate it.
 */
struct pm_query {
	uint64_t size;
	uint64_t query_flags;
	uint64_t query_addr;
	uint64_t vma_start;
	uint64_t vma_end;
	uint64_t vma_flags;
	uint64_t vma_page_size;
	uint64_t vma_offset;
	uint64_t inode;
	uint32_t dev_major;
	uint32_t dev_minor;
	uint32_t vma_name_size;
	uint32_t build_id_size;
	uint64_t vma_name_addr;
	uint64_t build_id_addr;
};
#define PM_QUERY	_IOWR('f', 17, struct pm_query)
#define PM_READABLE	0x01
#define PM_WRITABLE	0x02
#define PM_EXECUTABLE	0x04
#define PM_SHARED	0x08

/* 1 once the kernel said it has no PROCMAP_QUERY */
static int pm_none;

int
pb_module_at(pid_t pid, uint64_t addr, pb_modlist_t *out)
{
	char path[64], name[PATH_MAX], line[PATH_MAX + 128], exe[PATH_MAX];
	struct pm_query q;
	int fd, rc, e;

	if (__atomic_load_n(&pm_none, __ATOMIC_RELAXED))
		return pb_modules_read(pid, out);
	memset(out, 0, sizeof(*out));
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	memset(&q, 0, sizeof(q));
	q.size = sizeof(q);
	q.query_addr = addr;
	q.vma_name_addr = (uint64_t)(uintptr_t)name;
	q.vma_name_size = sizeof(name);
	rc = ioctl(fd, PM_QUERY, &q);
	e = errno;
	close(fd);
	if (rc < 0 && (e == ENOTTY || e == EINVAL)) {
		__atomic_store_n(&pm_none, 1, __ATOMIC_RELAXED);
		return pb_modules_read(pid, out);
	}
	if (rc < 0 && e == ENOENT) {	/* nothing mapped there */
		out->ml_pid = pid;
		return 0;
	}
	if (rc < 0) {
		errno = e;
		return -1;
	}
	if (q.vma_name_size == 0)
		name[0] = '\0';
	if (strchr(name, '\n') != NULL)	/* maps would escape it */
		return pb_modules_read(pid, out);
	/* one maps line, parsed as the whole file's are */
	snprintf(line, sizeof(line), "%" PRIx64 "-%" PRIx64 " %c%c%c%c %"
	    PRIx64 " %x:%x %" PRIu64 " %s\n", q.vma_start, q.vma_end,
	    q.vma_flags & PM_READABLE ? 'r' : '-',
	    q.vma_flags & PM_WRITABLE ? 'w' : '-',
	    q.vma_flags & PM_EXECUTABLE ? 'x' : '-',
	    q.vma_flags & PM_SHARED ? 's' : 'p', q.vma_offset,
	    q.dev_major, q.dev_minor, q.inode, name);
	return parse_unrooted(pid, line, exe_link(pid, exe, sizeof(exe)),
	    out);
}

void
pb_modlist_free(pb_modlist_t *ml)
{
	size_t i;

	for (i = 0; i < ml->ml_n; i++) {
		free(ml->ml_mods[i].md_path);
		free(ml->ml_mods[i].md_maps);
	}
	free(ml->ml_mods);
	memset(ml, 0, sizeof(*ml));
}

static int
match_prefix(const char *glob, const char *name, size_t len)
{
	char buf[NAME_MAX + 1];

	if (len == 0 || len >= sizeof(buf))
		return 0;
	memcpy(buf, name, len);
	buf[len] = '\0';
	return fnmatch(glob, buf, 0) == 0;
}

int
pb_module_match(const pb_module_t *md, const char *glob)
{
	const char *base = md->md_base, *so;

	if (glob == NULL || *glob == '\0')
		return 1;
	if (fnmatch(glob, base, 0) == 0)
		return 1;
	if (md->md_is_exe && fnmatch(glob, "a.out", 0) == 0)
		return 1;
	/* libstdc++.so.6 -> libstdc++.so and libstdc++ */
	so = strstr(base, ".so");
	if (so != NULL && (so[3] == '\0' || so[3] == '.')) {
		if (match_prefix(glob, base, (size_t)(so - base)))
			return 1;
		if (so[3] == '.' && match_prefix(glob, base,
		    (size_t)(so + 3 - base)))
			return 1;
	}
	return 0;
}

/* The sonames read so far, by file (device and inode); "" for none. */
struct soname {
	unsigned int so_major, so_minor;
	uint64_t so_ino;
	char *so_name;
	struct soname *so_next;
};

static struct soname *sonames;

void
pb_module_soname_flush(void)
{
	struct soname *so;

	while ((so = sonames) != NULL) {
		sonames = so->so_next;
		free(so->so_name);
		free(so);
	}
}

/* md's DT_SONAME ("" if none or unreadable), read once per file. */
static const char *
soname_of(pid_t pid, const pb_module_t *md)
{
	struct soname *so;
	char path[PATH_MAX], e[128];
	const char *name = NULL;
	pb_elf_t *elf = NULL;

	for (so = sonames; so != NULL; so = so->so_next)
		if (so->so_ino == md->md_ino && so->so_major == md->md_major &&
		    so->so_minor == md->md_minor)
			return so->so_name;
	if (pb_module_open_path(pid, md, path, sizeof(path)) == 0 &&
	    (elf = pb_elf_open(path, e, sizeof(e))) != NULL)
		name = pb_elf_soname(elf);
	so = calloc(1, sizeof(*so));
	if (so == NULL || (so->so_name = strdup(name ? name : "")) == NULL) {
		free(so);
		pb_elf_close(elf);
		return "";
	}
	pb_elf_close(elf);
	so->so_major = md->md_major;
	so->so_minor = md->md_minor;
	so->so_ino = md->md_ino;
	so->so_next = sonames;
	sonames = so;
	return so->so_name;
}

int
pb_module_match_pid(pid_t pid, const pb_module_t *md, const char *glob)
{
	const char *so;

	if (pb_module_match(md, glob))
		return 1;
	/* Every soname has ".so": other globs never open a file. */
	if (strstr(glob, ".so") == NULL || !md->md_exec)
		return 0;
	so = soname_of(pid, md);
	return so[0] != '\0' && fnmatch(glob, so, 0) == 0;
}

int
pb_module_open_path(pid_t pid, const pb_module_t *md, char *buf, size_t len)
{
	char at[PATH_MAX + 64];
	struct stat st;
	int n, have;

	/* The path as the process sees it: in a container, its root's. */
	have = !md->md_deleted &&
	    pb_proc_path(pid, md->md_path, at, sizeof(at)) == 0;
	if (have && stat(at, &st) == 0 &&
	    st.st_ino == md->md_ino && major(st.st_dev) == md->md_major &&
	    minor(st.st_dev) == md->md_minor) {
		if (strlen(at) >= len) {
			errno = ENAMETOOLONG;
			return -1;
		}
		strcpy(buf, at);
		return 0;
	}
	if (md->md_nmaps == 0 || pid <= 0) {
		errno = ENOENT;
		return -1;
	}
	n = snprintf(buf, len, "/proc/%d/map_files/%" PRIx64 "-%" PRIx64,
	    (int)pid, md->md_maps[0].mp_start, md->md_maps[0].mp_end);
	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (access(buf, R_OK) == 0)
		return 0;
	/*
	 * map_files refused: opening it needs CAP_CHECKPOINT_RESTORE or
	 * CAP_SYS_ADMIN (proc(5)), which an ordinary user lacks.  The main
	 * executable, deleted or not, still opens as /proc/PID/exe: use it
	 * when it is the very file mapped (t/probes/resolve-deleted.sh run
	 * by the unprivileged pass of .ci/run).
	 */
	n = snprintf(buf, len, "/proc/%d/exe", (int)pid);
	if (n > 0 && (size_t)n < len && stat(buf, &st) == 0 &&
	    st.st_ino == md->md_ino && major(st.st_dev) == md->md_major &&
	    minor(st.st_dev) == md->md_minor && access(buf, R_OK) == 0)
		return 0;
	/*
	 * Else the path itself if it still exists, e.g. on overlayfs, where
	 * maps shows the lower layer's device and stat the overlay's.
	 */
	if (have && access(at, R_OK) == 0 && strlen(at) < len) {
		strcpy(buf, at);
		return 0;
	}
	errno = ENOENT;
	return -1;
}

int
pb_module_bias(pb_module_t *md, const pb_load_t *loads, size_t nloads,
    int is_exec)
{
	uint64_t pg = (uint64_t)sysconf(_SC_PAGESIZE);
	size_t i, j;
	int pass;

	if (is_exec) {
		md->md_bias = 0;
		md->md_bias_ok = 1;
		return 0;
	}
	/*
	 * The executable segment first, against executable mappings only:
	 * a process may map the same file again, read-only, at offset 0
	 * (our own elfsym does, when we resolve in our own process), and
	 * only the loader maps it executable.
	 */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < nloads; i++) {
			uint64_t off = loads[i].ld_offset & ~(pg - 1);
			uint64_t va = loads[i].ld_vaddr & ~(pg - 1);

			if (pass == 0 && !(loads[i].ld_flags & PF_X))
				continue;
			for (j = 0; j < md->md_nmaps; j++) {
				const pb_mapping_t *mp = &md->md_maps[j];

				if (mp->mp_offset != off || (pass == 0 &&
				    !(mp->mp_prot & PROT_EXEC)))
					continue;
				md->md_bias = mp->mp_start - va;
				md->md_bias_ok = 1;
				return 0;
			}
		}
	}
	errno = ENOENT;
	return -1;
}

pb_module_t *
pb_modlist_find_addr(const pb_modlist_t *ml, uint64_t addr)
{
	size_t i, j;

	for (i = 0; i < ml->ml_n; i++)
		for (j = 0; j < ml->ml_mods[i].md_nmaps; j++)
			if (addr >= ml->ml_mods[i].md_maps[j].mp_start &&
			    addr < ml->ml_mods[i].md_maps[j].mp_end)
				return &ml->ml_mods[i];
	return NULL;
}
