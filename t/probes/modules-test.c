/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * modules: parse a maps fixture (grouping, deleted files, names, a.out,
 * version suffixes, paths with spaces) and check the live /proc/self/maps
 * against what the dynamic loader itself reports (dl_iterate_phdr gives
 * every object's load bias and PT_LOAD headers); the one module at an
 * address against the whole file's.
 */
#include "config.h"

#include <elf.h>
#include <fcntl.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "probes/modules.h"

#include "t/check.h"

static const char fixture[] =
"55d0c5a00000-55d0c5a02000 r--p 00000000 fe:00 1234                       /usr/bin/kv server\n"
"55d0c5a02000-55d0c5a05000 r-xp 00002000 fe:00 1234                       /usr/bin/kv server\n"
"55d0c5a05000-55d0c5a06000 r--p 00005000 fe:00 1234                       /usr/bin/kv server\n"
"55d0c6a00000-55d0c6a21000 rw-p 00000000 00:00 0                          [heap]\n"
"7f0f00000000-7f0f00200000 r--p 00000000 fe:00 555                        /usr/lib/x86_64-linux-gnu/libc.so.6\n"
"7f1000000000-7f1000028000 r--p 00000000 fe:00 555                        /usr/lib/x86_64-linux-gnu/libc.so.6\n"
"7f1000028000-7f100019d000 r-xp 00028000 fe:00 555                        /usr/lib/x86_64-linux-gnu/libc.so.6\n"
"7f1000200000-7f1000210000 r--p 00000000 fe:00 777                        /usr/lib/locale/locale-archive\n"
"7f1000300000-7f1000390000 r--p 00000000 fe:00 888                        /usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30\n"
"7f1000390000-7f1000400000 r-xp 00090000 fe:00 888                        /usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30\n"
"7f1000500000-7f1000501000 r-xp 00001000 00:2a 99                         /tmp/plugin.so (deleted)\n"
"7f1000600000-7f1000601000 rw-s 00000000 00:01 4                          /SYSV00000000 (deleted)\n"
"7f1000700000-7f1000701000 r-xp 00000000 00:00 0                          [vdso]\n"
"7f1000800000-7f1000801000 rw-p 00000000 00:00 0 \n"
"ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]\n";

static void
test_fixture(void)
{
	pb_modlist_t ml;
	pb_module_t *m;
	pb_load_t ld[2];

	CHECKF(pb_maps_parse(fixture, "/usr/bin/kv server", &ml) == 0,
	    "parse: %s", strerror(errno));
	CHECKF(ml.ml_n == 6, "%zu modules", ml.ml_n);
	if (ml.ml_n != 6)
		goto out;
	m = &ml.ml_mods[0];
	CHECKF(strcmp(m->md_base, "kv server") == 0, "base '%s'", m->md_base);
	CHECKF(m->md_is_exe && m->md_exec && m->md_nmaps == 3, "exe");
	CHECKF(m->md_major == 0xfe && m->md_minor == 0 && m->md_ino == 1234,
	    "dev/ino");
	CHECKF(m->md_maps[1].mp_offset == 0x2000 &&
	    m->md_maps[1].mp_prot == (PROT_READ | PROT_EXEC), "r-x map");
	CHECKF(pb_module_match(m, "a.out") && pb_module_match(m, "kv*") &&
	    pb_module_match(m, "") && pb_module_match(m, NULL) &&
	    !pb_module_match(m, "libc"), "exe names");

	m = &ml.ml_mods[1];
	CHECKF(strcmp(m->md_base, "libc.so.6") == 0, "libc base");
	CHECKF(!m->md_is_exe, "libc not exe");
	CHECKF(pb_module_match(m, "libc.so.6") && pb_module_match(m, "libc") &&
	    pb_module_match(m, "libc.so") && pb_module_match(m, "libc*") &&
	    !pb_module_match(m, "a.out") && !pb_module_match(m, "lib"),
	    "libc names");
	/*
	 * A shared object linked at 0, its text segment at 0x28000; the
	 * file mapped whole once more below (as elfsym does) must not
	 * count.
	 */
	ld[0] = (pb_load_t){ 0, 0, 0x28000, 0x28000, PF_R };
	ld[1] = (pb_load_t){ 0x28000, 0x28000, 0x175000, 0x175000,
	    PF_R | PF_X };
	CHECKF(pb_module_bias(m, ld, 2, 0) == 0 &&
	    m->md_bias == 0x7f1000000000ULL, "bias %llx",
	    (unsigned long long)m->md_bias);

	m = &ml.ml_mods[2];
	CHECKF(strcmp(m->md_base, "locale-archive") == 0 && !m->md_exec,
	    "locale-archive is not exec");

	m = &ml.ml_mods[3];
	CHECKF(pb_module_match(m, "libstdc++") &&
	    pb_module_match(m, "libstdc++.so") &&
	    pb_module_match(m, "libstdc++.so.6.0.30"), "libstdc++ names");
	/* Only the text mapping helps when the first one is absent. */
	ld[0] = (pb_load_t){ 0x90000, 0x90000, 0x70000, 0x70000,
	    PF_R | PF_X };
	CHECKF(pb_module_bias(m, ld, 1, 0) == 0 &&
	    m->md_bias == 0x7f1000300000ULL, "bias from text %llx",
	    (unsigned long long)m->md_bias);

	m = &ml.ml_mods[4];
	CHECKF(strcmp(m->md_path, "/tmp/plugin.so") == 0 && m->md_deleted,
	    "deleted '%s'", m->md_path);
	CHECKF(pb_module_match(m, "plugin"), "plugin");
	ld[0] = (pb_load_t){ 0x5000, 0x3000, 0x1000, 0x1000, PF_R };
	CHECKF(pb_module_bias(m, ld, 1, 0) == -1 && !m->md_bias_ok,
	    "no mapping for the segment");
	CHECKF(pb_module_bias(m, ld, 1, 1) == 0 && m->md_bias == 0,
	    "ET_EXEC");

	m = &ml.ml_mods[5];
	CHECKF(strcmp(m->md_path, "/SYSV00000000") == 0 && m->md_deleted &&
	    m->md_maps[0].mp_shared, "sysv shm");

	CHECKF(pb_modlist_find_addr(&ml, 0x55d0c5a02010ULL) == &ml.ml_mods[0],
	    "find addr");
	CHECKF(pb_modlist_find_addr(&ml, 0x55d0c6a00010ULL) == NULL,
	    "heap is no module");
out:
	pb_modlist_free(&ml);

	CHECKF(pb_maps_parse("garbage\n", NULL, &ml) == -1 && errno == EINVAL,
	    "garbage refused");
	pb_modlist_free(&ml);
}

struct live {
	pb_modlist_t *ml;
	int checked;
};

static int
each_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct live *lv = arg;
	char path[PATH_MAX], exe[PATH_MAX];
	const char *name = info->dlpi_name;
	pb_load_t ld[16];
	size_t i, n = 0;
	pb_module_t *m = NULL;
	struct stat st;

	if (name[0] == '\0') {
		ssize_t k = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

		if (k < 0)
			return 0;
		exe[k] = '\0';
		name = exe;
	}
	/* The loader says /lib/..., maps /usr/lib/... (merged /usr). */
	if (stat(name, &st) < 0)
		return 0;
	for (i = 0; i < lv->ml->ml_n; i++)
		if (lv->ml->ml_mods[i].md_ino == st.st_ino &&
		    lv->ml->ml_mods[i].md_major == major(st.st_dev) &&
		    lv->ml->ml_mods[i].md_minor == minor(st.st_dev))
			m = &lv->ml->ml_mods[i];
	if (m == NULL) {
		/* The vdso and ld.so's alias paths. */
		printf("loader object %s not in maps\n", name);
		return 0;
	}
	for (i = 0; i < info->dlpi_phnum && n < 16; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD)
			continue;
		ld[n++] = (pb_load_t){ ph->p_vaddr, ph->p_offset,
		    ph->p_filesz, ph->p_memsz, (int)ph->p_flags };
	}
	CHECKF(pb_module_bias(m, ld, n, 0) == 0, "bias of %s", name);
	CHECKF(m->md_bias == info->dlpi_addr, "%s: bias %llx, loader says %llx",
	    name, (unsigned long long)m->md_bias,
	    (unsigned long long)info->dlpi_addr);
	CHECKF(pb_module_open_path(getpid(), m, path, sizeof(path)) == 0 &&
	    strcmp(path, m->md_path) == 0, "open path of %s: %s", name, path);
	printf("%-50s bias %#llx names:%s%s%s\n", m->md_path,
	    (unsigned long long)m->md_bias, m->md_is_exe ? " a.out" : "",
	    pb_module_match(m, "libc") ? " libc" : "",
	    pb_module_match(m, "libcapstone") ? " libcapstone" : "");
	lv->checked++;
	return 0;
}

static void
test_live(void)
{
	pb_modlist_t ml;
	struct live lv = { &ml, 0 };
	size_t i;
	int libc = 0, exe = 0;

	CHECKF(pb_modules_read(getpid(), &ml) == 0, "read: %s",
	    strerror(errno));
	for (i = 0; i < ml.ml_n; i++) {
		libc += pb_module_match(&ml.ml_mods[i], "libc");
		exe += ml.ml_mods[i].md_is_exe;
	}
	CHECKF(libc == 1 && exe == 1, "libc %d exe %d", libc, exe);
	dl_iterate_phdr(each_object, &lv);
	CHECKF(lv.checked >= 2, "checked %d objects", lv.checked);
	pb_modlist_free(&ml);
	CHECKF(pb_modules_read(-1, &ml) == -1 && ml.ml_n == 0, "no such pid");
	pb_modlist_free(&ml);
}

/*
 * pb_module_at at the first and last byte of every file mapping of this
 * process: one module, the same file, flags and that one mapping as the
 * whole maps file gives; at an anonymous address, none.
 */
static void
test_at(void)
{
	pb_modlist_t ml, one;
	size_t i, j, k, n = 0;
	int anon = 0;

	CHECKF(pb_modules_read(getpid(), &ml) == 0, "read: %s",
	    strerror(errno));
	for (i = 0; i < ml.ml_n; i++) {
		const pb_module_t *md = &ml.ml_mods[i];

		for (j = 0; j < md->md_nmaps; j++)
			for (k = 0; k < 2; k++) {
				const pb_mapping_t *mp = &md->md_maps[j];
				uint64_t a = k ? mp->mp_end - 1 : mp->mp_start;
				const pb_module_t *o;

				CHECKF(pb_module_at(getpid(), a, &one) == 0 &&
				    one.ml_n == 1, "at %#lx: %zu modules",
				    (unsigned long)a, one.ml_n);
				if (one.ml_n != 1) {
					pb_modlist_free(&one);
					continue;
				}
				o = &one.ml_mods[0];
				CHECKF(strcmp(o->md_path, md->md_path) == 0 &&
				    strcmp(o->md_base, md->md_base) == 0 &&
				    o->md_ino == md->md_ino &&
				    o->md_major == md->md_major &&
				    o->md_minor == md->md_minor &&
				    o->md_is_exe == md->md_is_exe &&
				    o->md_deleted == md->md_deleted &&
				    o->md_nmaps == 1 &&
				    !!o->md_exec == !!(mp->mp_prot & PROT_EXEC) &&
				    memcmp(&o->md_maps[0], mp, sizeof(*mp)) == 0,
				    "at %#lx: %s, not %s", (unsigned long)a,
				    o->md_path, md->md_path);
				pb_modlist_free(&one);
				n++;
			}
	}
	CHECKF(n >= 8, "%zu addresses checked", n);
	CHECKF(pb_module_at(getpid(), (uint64_t)(uintptr_t)&anon, &one) == 0 &&
	    one.ml_n == 0, "the stack: %zu modules", one.ml_n);
	pb_modlist_free(&one);
	CHECKF(pb_module_at(-1, 0x1000, &one) == -1 && one.ml_n == 0,
	    "no such pid");
	pb_modlist_free(&one);
	pb_modlist_free(&ml);
	printf("at: %zu addresses as in maps\n", n);
}

/*
 * Whether this process may open /proc/self/map_files (it needs
 * CAP_CHECKPOINT_RESTORE or CAP_SYS_ADMIN, which root has and the
 * unprivileged pass of .ci/run has not): the mapping at P tells.
 */
static int
may_open_map_files(const void *p)
{
	char path[128];
	int fd;

	snprintf(path, sizeof(path), "/proc/self/map_files/%lx-%lx",
	    (unsigned long)p, (unsigned long)p + 4096);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

/*
 * A deleted file is reached through /proc/self/map_files.  The file is
 * made in the build tree, where this test's own executable runs from (a
 * /tmp mounted noexec would refuse the PROT_EXEC mapping): a file that
 * cannot be made or mapped there is a failure, never a check left out.
 */
static void
test_deleted(void)
{
	char tmpl[PATH_MAX], path[PATH_MAX];
	const char *b = getenv("top_builddir");
	pb_modlist_t ml;
	pb_module_t *m = NULL;
	void *p;
	size_t i;
	int fd;

	snprintf(tmpl, sizeof(tmpl), "%s/t/probes/pb-modules-XXXXXX",
	    b != NULL ? b : ".");
	fd = mkstemp(tmpl);
	if (fd < 0 || ftruncate(fd, 4096) < 0) {
		CHECKF(0, "deleted: %s: %s", tmpl, strerror(errno));
		return;
	}
	p = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	unlink(tmpl);
	close(fd);
	if (p == MAP_FAILED) {
		CHECKF(0, "deleted: mmap %s: %s", tmpl, strerror(errno));
		return;
	}
	CHECKF(pb_modules_read(getpid(), &ml) == 0, "read");
	for (i = 0; i < ml.ml_n; i++)
		if (strcmp(ml.ml_mods[i].md_path, tmpl) == 0)
			m = &ml.ml_mods[i];
	CHECKF(m != NULL && m->md_deleted && m->md_exec, "deleted in maps");
	{
		pb_modlist_t one;

		CHECKF(pb_module_at(getpid(), (uint64_t)(uintptr_t)p,
		    &one) == 0 && one.ml_n == 1 &&
		    strcmp(one.ml_mods[0].md_path, tmpl) == 0 &&
		    one.ml_mods[0].md_deleted, "deleted, at its address");
		pb_modlist_free(&one);
	}
	if (m != NULL && may_open_map_files(p)) {
		CHECKF(pb_module_open_path(getpid(), m, path,
		    sizeof(path)) == 0 && strstr(path, "/map_files/") &&
		    access(path, R_OK) == 0, "map_files path '%s'", path);
		printf("deleted %s -> %s\n", tmpl, path);
	} else if (m != NULL) {
		/* Unprivileged: nothing reaches a deleted library. */
		errno = 0;
		CHECKF(pb_module_open_path(getpid(), m, path,
		    sizeof(path)) == -1 && errno == ENOENT,
		    "unprivileged, deleted: %s", strerror(errno));
		printf("deleted %s: unreachable without "
		    "CAP_CHECKPOINT_RESTORE\n", tmpl);
	}
	pb_modlist_free(&ml);
	munmap(p, 4096);
}

int
main(void)
{
	test_deleted();
	test_fixture();
	test_live();
	test_at();
	return failures ? 1 : 0;
}
