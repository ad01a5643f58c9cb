/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pidnm: list ELF symbols the way binutils nm does, plus what a pidtrace
 * user needs: mangled and demangled names side by side (-j), a filter on
 * either form (--grep), and the symbols of a running process at their
 * run-time addresses (--pid).
 *
 * The default output is byte-for-byte nm's (binutils 2.40, BSD format):
 * same type letters, filters, sort and messages where they make sense.
 * It is also faster than nm: the file is mapped, not read; one array of
 * symbols is sorted with an inline merge sort on a precomputed 8-byte
 * key; every line, demangled names included, is formatted straight into
 * one output buffer.
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <gelf.h>

#include "demangle/demangle.h"
#include "probes/debugfile.h"
#include "probes/elfsym.h"
#include "probes/gosym.h"
#include "probes/procns.h"

#include "cmd/nmout.h"
#include "cmd/nmsort.h"

static const char *progname = "pidnm";

/* Options, as nm names them. */
static bool opt_all;		/* -a: section and file symbols too */
static bool opt_demangle;	/* -C */
static bool opt_dynamic;	/* -D */
static bool opt_extern;		/* -g */
static bool opt_undef;		/* -u */
static bool opt_defined;	/* -U, --defined-only */
static bool opt_numeric;	/* -n */
static bool opt_nosort;		/* -p */
static bool opt_reverse;	/* -r */
static bool opt_quiet;		/* --quiet */
static bool opt_join;		/* -j: MANGLED == DEMANGLED */
static bool opt_debugfile;	/* --debug-file: a file without .symtab
				 * lists its separate debug file's */
static const char *opt_grep;	/* --grep PATTERN */
static bool grep_glob;		/* PATTERN has glob characters */
static bool use_strcoll;	/* LC_COLLATE is not C: nm uses strcoll() */

/* Errors go to stderr after what stdout has so far, so that a terminal
 * shows them in place, as nm's do. */
static void
errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
errorf(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	nmout_flush();
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: %s\n", progname, line);
}

/* nm's filter_symbols(). */
static bool
keep(const pb_sym_t *s)
{
	bool undef = (s->sy_flags & PB_SYF_UNDEF) != 0;

	if (opt_undef) {
		if (!undef)
			return false;
	} else if (opt_extern) {
		if (!(s->sy_flags & PB_SYF_EXTERN))
			return false;
	}
	if (!opt_all && (s->sy_flags & PB_SYF_DEBUG))
		return false;
	if (opt_defined && undef)
		return false;
	return true;
}

/* --grep: a substring of either form, or a glob matching either. */
static bool
grep_match(const char *name)
{
	dm_buf_t *b = &nmout;
	size_t mark;
	bool hit;

	if (opt_grep == NULL)
		return true;
	if (grep_glob)
		return dm_match(opt_grep, name);
	if (strstr(name, opt_grep) != NULL)
		return true;
	if (!dm_maybe_mangled(name))
		return false;
	/* Demangle into the spare end of the output buffer; no cache, as
	 * each name is seen once. */
	mark = b->db_len;
	if (!dm_demangle_append(b, name))
		return false;
	if (!dm_buf_reserve(b, 1)) {
		b->db_len = mark;
		return false;
	}
	b->db_data[b->db_len] = '\0';
	hit = strstr(b->db_data + mark, opt_grep) != NULL;
	b->db_len = mark;
	return hit;
}

static void
out_name(dm_buf_t *b, const pb_sym_t *s, bool demangle)
{
	if (!demangle || !dm_demangle_append(b, s->sy_name))
		nmout_str(b, s->sy_name);
	if (s->sy_version != NULL) {
		nmout_str(b, (s->sy_flags & PB_SYF_VERAT) ? "@" : "@@");
		nmout_str(b, s->sy_version);
	}
}

/* What lines are printed of: the same for every symbol of a table. */
struct listing {
	int		li_width;	/* hex digits: 16; 8 for ELFCLASS32 */
	uint64_t	li_bias;	/* --pid: load bias */
	const char	*li_module;	/* --pid: module`name */
};

/* One line into B: "VALUE T NAME", VALUE blank for undefined symbols. */
static void
print_sym(dm_buf_t *b, const pb_sym_t *s, const struct listing *li)
{
	uint64_t v;
	char *p;

	nmout_room(b, li->li_width + 3);
	if (nmsort_undefined(s)) {
		memset(b->db_data + b->db_len, ' ', li->li_width);
		b->db_len += li->li_width;
	} else {
		v = nmsort_value(s);
		/* Absolute and TLS values are no addresses: not relocated. */
		if (s->sy_type != 'a' && s->sy_type != 'A' &&
		    GELF_ST_TYPE(s->sy_info) != STT_TLS)
			v += li->li_bias;
		nmout_hex(b, v, li->li_width);
	}
	p = b->db_data + b->db_len;
	p[0] = ' ';
	p[1] = s->sy_type;
	p[2] = ' ';
	b->db_len += 3;
	if (li->li_module != NULL) {
		nmout_str(b, li->li_module);
		nmout_mem(b, "`", 1);
	}
	if (opt_join) {
		out_name(b, s, false);
		nmout_mem(b, " == ", 4);
		out_name(b, s, true);
	} else {
		out_name(b, s, opt_demangle);
	}
	nmout_mem(b, "\n", 1);
}

/*
 * Demangling is most of the time of a long -C listing, and each line is
 * independent: a second thread formats the second half into its own
 * buffer while this one does the first.  libiberty's callback
 * demanglers keep their state on the stack, so this is safe.
 */
struct half {
	const nmsort_ent_t	*hf_ents;
	size_t			hf_n;
	const struct listing	*hf_li;
	dm_buf_t		hf_buf;
};

static void *
format_half(void *arg)
{
	struct half *h = arg;
	size_t i;

	for (i = 0; i < h->hf_n; i++)
		print_sym(&h->hf_buf, h->hf_ents[i].en_sym, h->hf_li);
	return NULL;
}

static void
print_all(const nmsort_ent_t *ents, size_t n, const struct listing *li)
{
	struct half h = { 0 };
	pthread_t tid;
	bool threaded = false;
	size_t i, mid = n;

	/* Worth a thread only when there is much to demangle. */
	if ((opt_demangle || opt_join) && n >= 20000 &&
	    sysconf(_SC_NPROCESSORS_ONLN) > 1) {
		mid = n / 2;
		h.hf_ents = ents + mid;
		h.hf_n = n - mid;
		h.hf_li = li;
		threaded = pthread_create(&tid, NULL, format_half, &h) == 0;
		if (!threaded)
			mid = n;
	}
	for (i = 0; i < mid; i++)
		print_sym(&nmout, ents[i].en_sym, li);
	if (threaded) {
		pthread_join(tid, NULL);
		/* Our half first, then the worker's buffer becomes ours. */
		nmout_flush();
		free(nmout.db_data);
		nmout = h.hf_buf;
	}
}

/* List syms[0..nsyms) of E, sorted and filtered: 0, or -1 (said). */
static int
list_syms(pb_elf_t *e, const pb_sym_t *syms, size_t nsyms, const char *name,
    uint64_t bias, const char *module)
{
	struct listing li = { 16, bias, module };
	size_t n = 0, i;
	nmsort_ent_t *ents;

	ents = malloc(2 * nsyms * sizeof(*ents));
	if (ents == NULL) {
		errorf("%s: %s", name, strerror(ENOMEM));
		return -1;
	}
	for (i = 0; i < nsyms; i++) {
		if (!keep(&syms[i]) || !grep_match(syms[i].sy_name))
			continue;
		/* --pid: an undefined symbol has no address in its module;
		 * the module that defines it lists it. */
		if (module != NULL && !opt_undef && nmsort_undefined(&syms[i]))
			continue;
		nmsort_init(&ents[n++], &syms[i]);
	}
	if (!opt_nosort)
		nmsort(ents, n, ents + nsyms,
		    (opt_numeric ? NMSORT_NUMERIC : 0) |
		    (opt_reverse ? NMSORT_REVERSE : 0) |
		    (use_strcoll ? NMSORT_COLL : 0));
	if (pb_elf_class(e) == ELFCLASS32)
		li.li_width = 8;
	print_all(ents, n, &li);
	free(ents);
	return 0;
}

/*
 * List E's symbols of TABLE.  Returns 0, 1 when the table is absent or
 * empty (the caller says "no symbols"), or -1 on error (said here).
 */
static int
list_table(pb_elf_t *e, int table, const char *name, uint64_t bias,
    const char *module)
{
	const pb_sym_t *syms;
	size_t nsyms;
	char err[256];

	if (pb_elf_symbols(e, table, &syms, &nsyms, err, sizeof(err)) != 0) {
		errorf("%s: %s", name, err);
		return -1;
	}
	if (nsyms == 0)
		return 1;
	return list_syms(e, syms, nsyms, name, bias, module);
}

/*
 * A Go program without .symtab (go build -ldflags='-s -w') keeps every
 * Go function's name and entry in .gopclntab, which its runtime needs:
 * they are listed as text symbols ('T', as go tool nm prints them),
 * and stderr says where they came from.  Returns as list_table; 1 when
 * E has no such table.
 */
static int
list_gopclntab(pb_elf_t *e, const char *name, uint64_t bias,
    const char *module)
{
	pb_gofunc_t *gf;
	pb_sym_t *syms;
	char err[256];
	long n, i;
	int rc;

	n = pb_gosym_funcs(e, &gf, err, sizeof(err));
	if (n < 0) {
		errorf("%s: %s", name, err);
		return -1;
	}
	if (n == 0)
		return 1;
	syms = calloc((size_t)n, sizeof(*syms));
	if (syms == NULL) {
		free(gf);
		errorf("%s: %s", name, strerror(ENOMEM));
		return -1;
	}
	for (i = 0; i < n; i++) {
		syms[i].sy_value = gf[i].gf_addr;
		syms[i].sy_size = gf[i].gf_size;
		syms[i].sy_name = gf[i].gf_name;
		syms[i].sy_index = (uint32_t)i + 1;
		syms[i].sy_info = GELF_ST_INFO(STB_GLOBAL, STT_FUNC);
		syms[i].sy_type = 'T';
		syms[i].sy_flags = PB_SYF_FUNC | PB_SYF_EXTERN;
	}
	fprintf(stderr, "pidnm: %s: no symbol table: %ld functions from "
	    ".gopclntab\n", name, n);
	rc = list_syms(e, syms, (size_t)n, name, bias, module);
	free(syms);
	free(gf);
	return rc;
}

/*
 * --debug-file: the separate debug file of E (opened from PATH, the
 * path process PID sees, or 0 for a file of ours) when it has a
 * .symtab, said on stderr; else NULL.  Its symbols are the object's at
 * the same link-time addresses; their letters are what nm prints for
 * the debug file, whose sections hold no data (a .data symbol there is
 * nm's 'D' all the same: the section keeps its flags).
 */
static pb_elf_t *
debug_elf(pid_t pid, const char *path, pb_elf_t *e)
{
	char dpath[PATH_MAX], err[256];
	pb_elf_t *d;

	if (pb_debugfile_find(pid, path, e, dpath, sizeof(dpath)) < 0 ||
	    (d = pb_elf_open(dpath, err, sizeof(err))) == NULL)
		return NULL;
	if (!pb_elf_has_table(d, PB_SYMTAB)) {
		pb_elf_close(d);
		return NULL;
	}
	fprintf(stderr, "pidnm: %s: symbols from its debug file %s\n", path,
	    dpath);
	return d;
}

/* nm FILE: returns 0, or 1 after an error. */
static int
list_file(const char *path, bool heading)
{
	char err[256];
	pb_elf_t *e;
	int table = opt_dynamic ? PB_DYNSYM : PB_SYMTAB, rc;

	e = pb_elf_open(path, err, sizeof(err));
	if (e == NULL) {
		errorf("%s: %s", path, err);
		return 1;
	}
	if (heading) {
		nmout_str(&nmout, "\n");
		nmout_str(&nmout, path);
		nmout_str(&nmout, ":\n");
	}
	if (opt_debugfile && table == PB_SYMTAB &&
	    !pb_elf_has_table(e, PB_SYMTAB)) {
		pb_elf_t *d = debug_elf(0, path, e);

		if (d != NULL) {
			pb_elf_close(e);
			e = d;
		}
	}
	rc = list_table(e, table, path, 0, NULL);
	if (rc == 1 && table == PB_SYMTAB && !opt_undef)
		rc = list_gopclntab(e, path, 0, NULL);
	if (rc == 1 && !opt_quiet)
		errorf("%s: no symbols", path);	/* not an error to nm */
	pb_elf_close(e);
	return rc < 0;
}

/*
 * /proc/PID/exe opened when it is the file of the mapping with device
 * DEV ("fd:01", as maps prints it) and inode INO; else -1.  An ordinary
 * user cannot open map_files (it needs CAP_CHECKPOINT_RESTORE), but can
 * open the executable of a process of theirs, deleted or not.
 */
static int
open_exe(long pid, const char *dev, unsigned long long ino)
{
	char path[64], want[32];
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "/proc/%ld/exe", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && st.st_ino == ino) {
		snprintf(want, sizeof(want), "%02x:%02x", major(st.st_dev),
		    minor(st.st_dev));
		if (strcmp(want, dev) == 0)
			return fd;
	}
	close(fd);
	return -1;
}

/*
 * --pid PID: each ELF file mapped in the process, in the order of
 * /proc/PID/maps, with addresses moved by the load bias.  The file is
 * opened through /proc/PID/map_files/, which works for deleted files,
 * else (an ordinary user may not open map_files) as /proc/PID/exe if it
 * is the executable, else by its path as the process sees it (in a
 * container, under /proc/PID/root).
 */
static int
list_pid(const char *pidstr)
{
	char path[PATH_MAX + 64], line[PATH_MAX + 256], err[256];
	char **seen = NULL, **grown, *dot;
	unsigned long long start, end, off, inode;
	char perms[8], dev[32], file[PATH_MAX], at[PATH_MAX + 64];
	char root[PATH_MAX];
	const char *module, *p;
	size_t nseen = 0, i;
	uint64_t bias;
	unsigned flags;
	pb_elf_t *e;
	FILE *maps;
	char *endp;
	long pid;
	int fd, rc = 0, rc2, table;

	pid = strtol(pidstr, &endp, 10);
	if (*pidstr == '\0' || *endp != '\0' || pid <= 0) {
		errorf("--pid: %s: not a process id", pidstr);
		return 1;
	}
	/* A rootless container's process: enter its user namespace. */
	if (pb_proc_userns_enter((pid_t)pid, err, sizeof(err)) < 0) {
		errorf("--pid %ld: %s", pid, err);
		return 1;
	}
	if (pb_proc_rootlink((pid_t)pid, root, sizeof(root)) != 0)
		root[0] = '\0';
	snprintf(path, sizeof(path), "/proc/%ld/maps", pid);
	maps = fopen(path, "re");
	if (maps == NULL) {
		errorf("--pid %ld: %s: %s", pid, path, strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof(line), maps) != NULL) {
		file[0] = '\0';
		if (sscanf(line, "%llx-%llx %7s %llx %31s %llu %4095[^\n]",
		    &start, &end, perms, &off, dev, &inode, file) < 6 ||
		    inode == 0 || file[0] != '/')
			continue;
		/* One listing per file: its first mapping (offset 0 for
		 * anything the loader mapped) fixes the bias. */
		for (i = 0; i < nseen; i++)
			if (strcmp(seen[i], file) == 0)
				break;
		if (i < nseen)
			continue;
		grown = realloc(seen, (nseen + 1) * sizeof(*seen));
		if (grown == NULL || (grown[nseen] = strdup(file)) == NULL) {
			errorf("--pid %ld: %s", pid, strerror(ENOMEM));
			seen = grown ? grown : seen;
			rc = 1;
			break;
		}
		seen = grown;
		nseen++;
		/* A deleted file still opens through map_files; its module
		 * name is the name it had. */
		dot = strstr(file, " (deleted)");
		if (dot != NULL && dot[10] == '\0')
			*dot = '\0';
		pb_proc_unroot(root, file);	/* as the process sees it */
		snprintf(path, sizeof(path), "/proc/%ld/map_files/%llx-%llx",
		    pid, start, end);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			fd = open_exe(pid, dev, inode);
		/* else the file as the process sees it (procns.h) */
		if (fd < 0 && pb_proc_path((pid_t)pid, file, at,
		    sizeof(at)) == 0)
			fd = open(at, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			errorf("--pid %ld: %s: %s", pid, file, strerror(errno));
			rc = 1;
			continue;
		}
		e = pb_elf_open_fd(fd, err, sizeof(err));
		close(fd);
		if (e == NULL)
			continue;	/* a mapped non-ELF file (locales) */
		flags = (perms[0] == 'r' ? PF_R : 0) |
		    (perms[1] == 'w' ? PF_W : 0) | (perms[2] == 'x' ? PF_X : 0);
		if (pb_elf_bias(e, start, off, flags, &bias) != 0) {
			errorf("--pid %ld: %s: no PT_LOAD maps offset %#llx",
			    pid, file, off);
			pb_elf_close(e);
			rc = 1;
			continue;
		}
		module = (p = strrchr(file, '/')) ? p + 1 : file;
		table = opt_dynamic || !pb_elf_has_table(e, PB_SYMTAB) ?
		    PB_DYNSYM : PB_SYMTAB;
		if (opt_debugfile && !opt_dynamic && table == PB_DYNSYM) {
			pb_elf_t *d = debug_elf((pid_t)pid, file, e);

			if (d != NULL) {
				pb_elf_close(e);
				e = d;
				table = PB_SYMTAB;
			}
		}
		rc2 = list_table(e, table, file, bias, module);
		/* a stripped Go program: no .symtab, no .dynsym */
		if (rc2 == 1 && !opt_dynamic && !opt_undef)
			rc2 = list_gopclntab(e, file, bias, module);
		if (rc2 < 0)
			rc = 1;
		pb_elf_close(e);
	}
	fclose(maps);
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	return rc;
}

static void
usage(FILE *f)
{
	fprintf(f,
"Usage: pidnm [OPTION]... [FILE]...\n"
"List the symbols of ELF files like nm, or of a running process.\n"
"\n"
"  -a, --debug-syms       also list section and file symbols\n"
"  -C, --demangle         print C++ and Rust names demangled\n"
"      --no-demangle      print names as they are (the default)\n"
"  -D, --dynamic          list .dynsym instead of .symtab\n"
"  -g, --extern-only      only external (global, weak, unique) symbols\n"
"  -u, --undefined-only   only undefined symbols\n"
"  -U, --defined-only     only defined symbols\n"
"  -n, -v, --numeric-sort sort by address (undefined first)\n"
"  -p, --no-sort          keep symbol-table order\n"
"  -r, --reverse-sort     reverse the sort\n"
"      --quiet            no \"no symbols\" message\n"
"  -j, --join             print ADDRESS TYPE MANGLED == DEMANGLED\n"
"      --grep PATTERN     only symbols whose mangled or demangled name\n"
"                         contains PATTERN, or matches it if PATTERN has\n"
"                         a glob character (* ? [)\n"
"      --pid PID          list every ELF file mapped in process PID at\n"
"                         run-time addresses, as ADDRESS TYPE MODULE`NAME\n"
"      --debug-file       a file without .symtab lists the .symtab of its\n"
"                         separate debug file (by build-id or\n"
"                         .gnu_debuglink under $PIDTRACE_DEBUG_DIR, else\n"
"                         /usr/lib/debug), with a note on stderr\n"
"  -h, --help             print this help and exit\n"
"  -V, --version          print the version and exit\n"
"\n"
"Without FILE, pidnm lists a.out.  Exit status: 0, or 1 if a file could\n"
"not be listed (\"no symbols\" is not an error).\n");
}

int
main(int argc, char **argv)
{
	enum { O_NODEMANGLE = 256, O_QUIET, O_GREP, O_PID, O_DEBUGFILE };
	static const struct option longopts[] = {
		{ "debug-syms", no_argument, NULL, 'a' },
		{ "demangle", no_argument, NULL, 'C' },
		{ "no-demangle", no_argument, NULL, O_NODEMANGLE },
		{ "dynamic", no_argument, NULL, 'D' },
		{ "extern-only", no_argument, NULL, 'g' },
		{ "undefined-only", no_argument, NULL, 'u' },
		{ "defined-only", no_argument, NULL, 'U' },
		{ "numeric-sort", no_argument, NULL, 'n' },
		{ "no-sort", no_argument, NULL, 'p' },
		{ "reverse-sort", no_argument, NULL, 'r' },
		{ "quiet", no_argument, NULL, O_QUIET },
		{ "join", no_argument, NULL, 'j' },
		{ "grep", required_argument, NULL, O_GREP },
		{ "pid", required_argument, NULL, O_PID },
		{ "debug-file", no_argument, NULL, O_DEBUGFILE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const char *pid = NULL, *coll;
	int c, i, rc = 0;

	setlocale(LC_COLLATE, "");
	coll = setlocale(LC_COLLATE, NULL);
	/* glibc's C.UTF-8 collates by code point, which is byte order. */
	use_strcoll = coll != NULL && strcmp(coll, "C") != 0 &&
	    strcmp(coll, "POSIX") != 0 && strcmp(coll, "C.UTF-8") != 0 &&
	    strcmp(coll, "C.utf8") != 0;

	while ((c = getopt_long(argc, argv, "aCDguUnvprjhV", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'a': opt_all = true; break;
		case 'C': opt_demangle = true; break;
		case O_NODEMANGLE: opt_demangle = false; break;
		case 'D': opt_dynamic = true; break;
		case 'g': opt_extern = true; break;
		case 'u': opt_undef = true; break;
		case 'U': opt_defined = true; break;
		case 'n': case 'v': opt_numeric = true; break;
		case 'p': opt_nosort = true; break;
		case 'r': opt_reverse = true; break;
		case O_QUIET: opt_quiet = true; break;
		case 'j': opt_join = true; break;
		case O_GREP: opt_grep = optarg; break;
		case O_PID: pid = optarg; break;
		case O_DEBUGFILE: opt_debugfile = true; break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("pidnm (%s) %s\n", PACKAGE_NAME,
			    PACKAGE_VERSION);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	if (opt_grep != NULL)
		grep_glob = strpbrk(opt_grep, "*?[") != NULL;

	if (pid != NULL) {
		if (optind < argc) {
			fprintf(stderr, "%s: --pid: takes no FILE\n", progname);
			return 1;
		}
		rc = list_pid(pid);
	} else if (optind == argc) {
		rc = list_file("a.out", false);
	} else {
		for (i = optind; i < argc; i++)
			rc |= list_file(argv[i], argc - optind > 1);
	}
	nmout_flush();
	return rc;
}
