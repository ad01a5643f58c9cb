/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace.c: the providers' glue.  The tracer stops a thread at a site
 * and hands over its registers; here the site becomes probes (a site may
 * serve several: an entry and an alias, or offset 0), each becomes a
 * dsl_eval_fire() with the arguments its provider reads from the registers
 * and memory (probes/provider.h: pv_args, pv_getarg).
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd/addrsym.h"
#include "cmd/trace.h"
#include "probes/pid.h"
#include "probes/provider.h"
#include "tracer/tracer.h"

typedef struct trace_ref {
	uint32_t	tf_id;		/* dsl probe id */
	const pb_provider_t *tf_prov;	/* reads the firing's arguments */
	pb_fireref_t	tf_fr;		/* what it needs of probe and site */
	size_t		tf_probe;	/* index in t_probes, for messages */
} trace_ref_t;

/*
 * A PB_ARM_SAMPLE probe (profile-N) of this process: at each period the
 * threads on CPU are stopped (tr_sample) and each fires it.
 */
typedef struct trace_sample {
	trace_ref_t	sp_ref;
	uint64_t	sp_period;	/* ns */
	uint64_t	sp_next;	/* CLOCK_MONOTONIC ns; 0: not started */
} trace_sample_t;

/* A probe registered with the D runtime, known by its four-part name. */
typedef struct trace_probe {
	char		*tp_name;	/* "pid42:libc.so.6:malloc:entry" */
	char		*tp_prov, *tp_mod, *tp_func, *tp_pname;	/* for -l */
	char		**tp_argtypes;	/* -l -v: args[i]'s types */
	int		tp_nargtypes;
	uint32_t	tp_id;		/* dsl probe id */
	size_t		*tp_descs;	/* descriptions enabled on it */
	size_t		tp_ndescs;
} trace_probe_t;

/*
 * A counter a probe asks to have raised while enabled (pr_counter: a
 * USDT semaphore), once per probe: two probes sharing a semaphore raise
 * it twice, as each has a reader.  The tracer lowers it on every ending.
 */
typedef struct trace_ctr {
	uint64_t	tc_addr;
	uint64_t	tc_site;	/* the probe's site: gone with its
					 * object at dlclose */
	size_t		tc_probe;	/* index in t_probes */
	bool		tc_raised;
} trace_ctr_t;

typedef struct trace_site {
	uint64_t	ts_addr;
	trace_ref_t	*ts_refs;
	size_t		ts_nrefs;
	bool		ts_armed;
	bool		ts_told;	/* in a fast-path report already */
	const char	*ts_slow;	/* why the fast path was not asked
					 * for a pid entry or return; NULL */
	const char	*ts_slowarg;	/* and the clause's reason */
	bool		ts_fastq;	/* fast asked for, or ts_slow said */
} trace_site_t;

struct cmd_trace {
	tr_session_t	*volatile t_s;	/* NULL once freed */
	pid_t		t_pid;
	bool		t_launched;
	bool		t_script;	/* -c of a #! script: see trace_deferred */
	bool		t_zdefs;	/* -Z */
	pid_t		t_ppid;
	uid_t		t_uid;
	gid_t		t_gid;
	char		t_comm[256];
	trace_site_t	*t_sites;
	size_t		t_nsites, t_cap;
	uint32_t	*t_shash;	/* site address -> index + 1 */
	size_t		t_shsize;
	dsl_rt_t	*t_rt;
	const trace_ref_t *t_fref;	/* the firing's, for getarg */
	pb_fire_t	t_fire;		/* its registers and memory */
	tr_session_t	*t_hit_s;	/* the firing's site, for nextpc */
	uint64_t	t_hit_addr;
	uint64_t	t_nextpc;	/* nextpc's answer, once asked */
	bool		t_have_next;
	tr_thread_t	*t_th;		/* the firing thread: ustack() */
	bool		t_partregs;	/* t_fire's registers are a syscall
					 * stop's few: ustack() reads all */
	trace_sample_t	*t_samples;	/* profile-N probes */
	size_t		t_nsamples;
	FILE		*t_out;		/* the D output: flushed per firing */
	int		(*t_tick)(void *, uint64_t *);
	void		*t_tickarg;
	bool		t_exited;	/* exit() ran */
	bool		t_signalled;	/* SIGINT & co */
	int		t_status;	/* the process's, when gone */
	bool		t_gone;
	bool		t_began;	/* BEGIN has fired */
	const dsl_prog_t *t_pg;
	size_t		*t_descs;	/* claimed description indices */
	const pb_provider_t **t_dprov;	/* the provider that claimed each */
	long		*t_dmatch;	/* probes each matches in this image */
	size_t		t_ndescs;
	int		t_flags;	/* PB_MANGLED */
	size_t		*t_pending;	/* -Z: descriptions no provider claims
					 * yet (a library not loaded) */
	size_t		t_npending;
	trace_ctr_t	*t_ctrs;	/* counters to raise (semaphores) */
	size_t		t_nctrs;
	size_t		*t_drefused;	/* descriptions that named functions
					 * whose probes could not be placed */
	size_t		t_ndrefused;
	long		*t_dextra;	/* [d]: probes description d was
					 * enabled on only because they
					 * existed (match_made) */
	size_t		t_ndextra;
	trace_probe_t	*t_probes;	/* every probe registered */
	size_t		t_nprobes, t_pcap;
	uint32_t	*t_phash;	/* name -> index + 1, open addressing */
	size_t		t_phsize;
	pb_rtld_t	t_rtld;		/* the loader's r_brk, if any */
	addrsym_t	*t_syms;	/* for %a and %A */
	bool		t_rtld_ok;
	uint32_t	t_rtld_cookie;
	trace_ref_t	*t_sysref;	/* PB_ARM_SYSCALL: [2 * nr + return];
					 * tf_id 0 where none is enabled */
	size_t		t_nsysref;
	struct cmd_trace *t_next;	/* the next process grabbed */
	int		t_cpupin;	/* -x cpupin: CPU, INT_MAX: the target's,
					 * -1: off or done */
	bool		t_fastoff;	/* -x fastpath=off */
	bool		t_fastreq;	/* -x fastpath=require */
	bool		t_fastsaid;	/* the first report was made */
	bool		t_whysaid;	/* tr_fast_why() was said */
	bool		t_fastpend;	/* sites asked for, not reported yet */
	bool		t_refused;	/* fastpath=require refused a probe */
	char		*t_report;	/* the last fast-path report */
};

#define RTLD_COOKIE	UINT32_MAX	/* the tracer cookie of r_brk */

static cmd_trace_t *volatile the_trace;	/* for the signal handlers */

/*
 * Every process grabbed (-p, -c), in command-line order, as dtrace keeps
 * them: the first is $target.  One stop loop serves them all.
 */
static cmd_trace_t *traces;
static bool trace_quiet;
static bool begin_fired;

static void fast_options(cmd_trace_t *t, const dsl_prog_t *pg);
static void pin_cpu(cmd_trace_t *t, pid_t tid);	/* no "pid N has exited" notices */

static void
read_ids(cmd_trace_t *t)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)t->t_pid);
	f = fopen(path, "re");
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		unsigned v;
		int p;

		if (sscanf(line, "PPid: %d", &p) == 1)
			t->t_ppid = p;
		else if (sscanf(line, "Uid: %u", &v) == 1)
			t->t_uid = v;
		else if (sscanf(line, "Gid: %u", &v) == 1)
			t->t_gid = v;
		else if (strncmp(line, "Name:", 5) == 0) {
			char *s = line + 5;

			while (*s == ' ' || *s == '\t')
				s++;
			s[strcspn(s, "\n")] = '\0';
			snprintf(t->t_comm, sizeof(t->t_comm), "%s", s);
		}
	}
	fclose(f);
}

/* The process of thread tid (its Tgid), or 0. */
static pid_t
tgid_of(pid_t tid)
{
	char path[64], line[128];
	FILE *f;
	int v = 0;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	f = fopen(path, "re");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "Tgid: %d", &v) == 1)
			break;
	fclose(f);
	return (pid_t)v;
}

/*
 * A grab failed: let go of the processes grabbed before it, untouched
 * (nothing is armed yet); those we created die, as dtrace's do.
 */
static void __attribute__((noreturn))
open_failed(void)
{
	cmd_trace_t *t;

	for (t = traces; t != NULL; t = t->t_next) {
		if (t->t_launched)
			kill(t->t_pid, SIGKILL);
		tr_detach(t->t_s);
		t->t_s = NULL;
	}
	exit(1);
}

/*
 * Whether command (as execvp finds it) is a script: the kernel runs its
 * #! interpreter, which is not the program the descriptions name.
 */
static bool
is_script(const char *command)
{
	char path[4096], magic[2];
	const char *dirs = getenv("PATH"), *end;
	FILE *f;
	bool yes;

	if (strchr(command, '/') != NULL) {
		snprintf(path, sizeof(path), "%s", command);
	} else {
		if (dirs == NULL)
			dirs = "/bin:/usr/bin";
		for (;; dirs = end + 1) {
			end = strchrnul(dirs, ':');
			snprintf(path, sizeof(path), "%.*s/%s",
				 (int)(end - dirs), end == dirs ? "." : dirs,
				 command);
			if (access(path, X_OK) == 0 || *end == '\0')
				break;
		}
	}
	f = fopen(path, "re");
	if (f == NULL)
		return false;
	yes = fread(magic, 1, 2, f) == 2 && magic[0] == '#' && magic[1] == '!';
	fclose(f);
	return yes;
}

cmd_trace_t *
trace_open(pid_t pid, const char *command)
{
	cmd_trace_t *t, **pp;

	/*
	 * -p N -p N: one process, grabbed once (dtrace's dt_proc_grab).  A
	 * thread id names its process, as for tr_attach.
	 */
	for (t = traces; t != NULL && command == NULL; t = t->t_next)
		if (t->t_pid == pid || t->t_pid == tgid_of(pid))
			return t;
	t = calloc(1, sizeof(*t));
	if (t == NULL) {
		fprintf(stderr, "pidtrace: out of memory\n");
		exit(1);
	}
	t->t_cpupin = -1;
	if (command != NULL) {
		char *copy = strdup(command), *tok, *save = NULL;
		char **argv = NULL;
		size_t n = 0;

		for (tok = strtok_r(copy, " \t", &save); tok != NULL;
		     tok = strtok_r(NULL, " \t", &save)) {
			argv = realloc(argv, (n + 2) * sizeof(*argv));
			if (argv == NULL)
				break;
			argv[n++] = tok;
			argv[n] = NULL;
		}
		if (argv == NULL || n == 0) {
			fprintf(stderr, "pidtrace: -c: empty command\n");
			open_failed();
		}
		t->t_s = tr_launch(argv);
		t->t_launched = true;
		t->t_script = is_script(argv[0]);
		free(argv);
		free(copy);
	} else {
		t->t_s = tr_attach(pid);
	}
	if (t->t_s == NULL) {
		tr_perror("pidtrace");
		open_failed();
	}
	t->t_pid = tr_pid(t->t_s);
	for (pp = &traces; *pp != NULL; pp = &(*pp)->t_next)
		;
	*pp = t;
	read_ids(t);
	return t;
}

cmd_trace_t *
trace_next(const cmd_trace_t *t)
{
	return t->t_next;
}

pid_t
trace_pid(const cmd_trace_t *t)
{
	return t->t_pid;
}

/* Functions without a return probe named one by one, per description. */
#define MAXREFUSED	5

/*
 * Name the functions list refused, a few, and count the rest (-l names
 * them all); quiet: only those whose calls go unseen.
 */
static void
say_refused(const pb_probe_list_t *list, const char *name, bool quiet)
{
	const char *kind = isxdigit((unsigned char)name[0]) &&
	    strspn(name, "0123456789abcdefABCDEF") == strlen(name) ?
	    "offset" : "return";
	size_t i, said = 0;

	for (i = 0; i < list->pl_nrefused; i++) {
		if (quiet && !list->pl_refused[i].rf_lost)
			continue;
		if (said++ < MAXREFUSED)
			fprintf(stderr, "pidtrace: no %s probe for %s`%s: "
				"%s\n", kind, list->pl_refused[i].rf_mod,
				list->pl_refused[i].rf_func,
				list->pl_refused[i].rf_why);
	}
	if (said > MAXREFUSED)
		fprintf(stderr, "pidtrace: no %s probe for %zu more "
			"functions (pidtrace -l lists the probes there are)\n",
			kind, said - MAXREFUSED);
}

/* Note that description d named functions that were refused a probe. */
static int
note_refused(cmd_trace_t *t, size_t d)
{
	size_t *n, i;

	for (i = 0; i < t->t_ndrefused; i++)
		if (t->t_drefused[i] == d)
			return 0;
	n = realloc(t->t_drefused, (t->t_ndrefused + 1) * sizeof(*n));
	if (n == NULL)
		return -1;
	t->t_drefused = n;
	t->t_drefused[t->t_ndrefused++] = d;
	return 0;
}

bool
trace_refused(const cmd_trace_t *t, size_t d)
{
	size_t i;

	for (; t != NULL; t = t->t_next)
		for (i = 0; i < t->t_ndrefused; i++)
			if (t->t_drefused[i] == d)
				return true;
	return false;
}

bool
trace_deferred(const cmd_trace_t *t)
{
	for (; t != NULL; t = t->t_next)
		if (t->t_script)
			return true;
	return false;
}

/*
 * Where /proc tells about the process: its pid, or a live thread when
 * the leader called pthread_exit (a zombie leader's maps are empty).
 */
static pid_t
proc_tid(const cmd_trace_t *t)
{
	return t->t_s != NULL ? tr_proc_tid(t->t_s) : t->t_pid;
}

static int
readmem(void *cookie, uint64_t addr, void *buf, size_t len)
{
	cmd_trace_t *t = cookie;
	ssize_t n;

	if (t->t_s == NULL) {	/* gone: a stack named after its end */
		errno = ESRCH;
		return -1;
	}
	n = tr_read(t->t_s, addr, buf, len);
	if (n < 0 || (size_t)n != len) {
		errno = EFAULT;
		return -1;
	}
	return 0;
}

/* The arguments pv_args did not set, from the firing's provider. */
static int
getarg(void *cookie, int i, uint64_t *val)
{
	cmd_trace_t *t = cookie;
	const trace_ref_t *r = t->t_fref;

	if (r == NULL || r->tf_prov->pv_getarg == NULL)
		return -1;
	return r->tf_prov->pv_getarg(&r->tf_fr, &t->t_fire, i, val);
}

/*
 * Where the thread at the firing's site goes next (pb_fire_t fi_nextpc):
 * decoded once per hit, however many return probes share the site.
 */
static uint64_t
nextpc(void *cookie)
{
	cmd_trace_t *t = cookie;

	if (!t->t_have_next) {
		t->t_nextpc = tr_next_pc(t->t_hit_s, t->t_hit_addr,
					 t->t_fire.fi_regs);
		t->t_have_next = true;
	}
	return t->t_nextpc;
}

/* The process's symbols, made on first use (the vDSO read from memory). */
static addrsym_t *
syms(cmd_trace_t *t)
{
	if (t->t_syms == NULL) {
		t->t_syms = addrsym_new(t->t_pid, proc_tid(t));
		addrsym_set_reader(t->t_syms, readmem, t);
	}
	return t->t_syms;
}

static int
addr2sym(void *cookie, uint64_t addr, char *buf, size_t len)
{
	cmd_trace_t *t = cookie;

	/* %a and ufunc() name a JIT's code as any (1: a JIT's name) */
	return addrsym_lookup(syms(t), addr, t->t_flags & PB_MANGLED, buf,
	    len) < 0 ? -1 : 0;
}

/* A stack's frame: a JIT's name stays 1 (dsl.h, dh_pcsym). */
static int
frame_sym(cmd_trace_t *t, uint64_t addr, char *buf, size_t len)
{
	return addrsym_lookup(syms(t), addr, t->t_flags & PB_MANGLED, buf,
	    len);
}

/* ustack(), jstack(), ucaller: the firing thread is stopped. */
static int
ustack(void *cookie, uint64_t *pcs, int max)
{
	cmd_trace_t *t = cookie;
	const pb_regs_t *regs = t->t_fire.fi_regs;
	const pb_vdso_unwind_t *vu;
	tr_eh_table_t tab;
	pb_regs_t full;
	size_t n, i;

	if (t->t_th == NULL || regs == NULL || t->t_s == NULL || max <= 0)
		return 0;
	/* the vDSO's CFI: libunwind finds no file to read it from */
	if ((vu = addrsym_vdso(syms(t))) != NULL) {
		tab.et_lo = vu->vu_lo;
		tab.et_hi = vu->vu_hi;
		tab.et_hdr = vu->vu_hdr;
		tab.et_table = vu->vu_table;
		tab.et_len = vu->vu_tablelen;
		tr_ustack_table(t->t_s, &tab);
	} else {
		tr_ustack_table(t->t_s, NULL);
	}
	/*
	 * At a syscall stop the firing has the arguments, rip and rsp, not
	 * the callee-saved registers the frames above may keep their frame
	 * pointer or CFA in: read them all, once per stack asked for.
	 */
	if (t->t_partregs) {
		if (tr_thread_regs(t->t_th, &full) < 0)
			return 0;
		regs = &full;
	}
	n = tr_ustack(t->t_s, t->t_th, regs, pcs, (size_t)max);
	for (i = 0; i < n; i++)
		addrsym_prime(syms(t), pcs[i]);
	return (int)n;
}

/* vtimestamp: the firing thread's time on CPU, where a thread is known
 * (a stop); 0 makes it timestamp. */
static uint64_t
vtimestamp(void *cookie)
{
	cmd_trace_t *t = cookie;
	long long ns;

	if (t->t_th == NULL || t->t_s == NULL)
		return 0;
	ns = tr_thread_cputime(t->t_s, t->t_th);
	return ns > 0 ? (uint64_t)ns : 0;
}

/* A stack's frame, named when printed: the process may be gone. */
static int
pcsym(void *hcookie, int32_t pid, uint64_t pc, char *buf, size_t len)
{
	cmd_trace_t *t;

	(void)hcookie;
	for (t = traces; t != NULL; t = t->t_next)
		if (t->t_pid == pid)
			return frame_sym(t, pc, buf, len);
	return -1;
}

/* raise(): a signal to the firing thread; the tracer passes it on as
 * any signal the thread gets. */
static int
raise_sig(void *cookie, int32_t tid, int sig)
{
	cmd_trace_t *t = cookie;

	return (int)syscall(SYS_tgkill, (pid_t)t->t_pid, (pid_t)tid, sig);
}

void
trace_host(cmd_trace_t *t, dsl_host_t *host)
{
	t->t_out = host->dh_out;
	host->dh_readmem = readmem;
	host->dh_getarg = getarg;
	host->dh_addr2sym = addr2sym;
	host->dh_ustack = ustack;
	host->dh_vtimestamp = vtimestamp;
	host->dh_pcsym = pcsym;
	host->dh_raise = raise_sig;
}

static size_t
addrhash(uint64_t a, size_t size)
{
	return (size_t)((a * 0x9e3779b97f4a7c15ull) >> 20) & (size - 1);
}

/* The site at addr, added when new (addr -> index + 1, open addressing). */
static trace_site_t *
site_for(cmd_trace_t *t, uint64_t addr)
{
	trace_site_t *ns;
	size_t h, i;

	if (t->t_shsize != 0)
		for (h = addrhash(addr, t->t_shsize); t->t_shash[h] != 0;
		     h = (h + 1) & (t->t_shsize - 1))
			if (t->t_sites[t->t_shash[h] - 1].ts_addr == addr)
				return &t->t_sites[t->t_shash[h] - 1];
	if (t->t_nsites == t->t_cap) {
		size_t ncap = t->t_cap ? 2 * t->t_cap : 256;

		ns = realloc(t->t_sites, ncap * sizeof(*ns));
		if (ns == NULL)
			return NULL;
		t->t_sites = ns;
		t->t_cap = ncap;
	}
	if (2 * (t->t_nsites + 1) > t->t_shsize) {
		size_t nsize = t->t_shsize ? 2 * t->t_shsize : 1024;
		uint32_t *nh = calloc(nsize, sizeof(*nh));

		if (nh == NULL)
			return NULL;
		for (i = 0; i < t->t_nsites; i++) {
			h = addrhash(t->t_sites[i].ts_addr, nsize);
			while (nh[h] != 0)
				h = (h + 1) & (nsize - 1);
			nh[h] = (uint32_t)i + 1;
		}
		free(t->t_shash);
		t->t_shash = nh;
		t->t_shsize = nsize;
	}
	for (h = addrhash(addr, t->t_shsize); t->t_shash[h] != 0;
	     h = (h + 1) & (t->t_shsize - 1))
		;
	t->t_shash[h] = (uint32_t)t->t_nsites + 1;
	memset(&t->t_sites[t->t_nsites], 0, sizeof(t->t_sites[0]));
	t->t_sites[t->t_nsites].ts_addr = addr;
	return &t->t_sites[t->t_nsites++];
}

static int
add_ref(cmd_trace_t *t, uint64_t addr, const trace_ref_t *ref)
{
	trace_site_t *ts = site_for(t, addr);
	trace_ref_t *r;
	size_t i;

	if (ts == NULL)
		return -1;
	for (i = 0; i < ts->ts_nrefs; i++)
		if (ts->ts_refs[i].tf_id == ref->tf_id)
			return 0;
	r = realloc(ts->ts_refs, (ts->ts_nrefs + 1) * sizeof(*r));
	if (r == NULL)
		return -1;
	ts->ts_refs = r;
	ts->ts_refs[ts->ts_nrefs++] = *ref;
	return 0;
}

static uint64_t
strhash(const char *p)
{
	uint64_t h = 1469598103934665603ull;

	while (*p != '\0')
		h = (h ^ (unsigned char)*p++) * 1099511628211ull;
	return h;
}

/*
 * The D id of a probe named name in another process grabbed (one
 * grabbed before t, when before), or 0: a probe that is not per process
 * (syscall::read:entry) is one D probe for all of them, as in dtrace.
 */
static uint32_t
shared_id(const cmd_trace_t *t, const char *name, bool before)
{
	const cmd_trace_t *o;
	size_t h;

	for (o = traces; o != NULL; o = o->t_next) {
		if (o == t && before)
			break;
		if (o == t || o->t_phsize == 0)
			continue;
		for (h = strhash(name) & (o->t_phsize - 1); o->t_phash[h] != 0;
		     h = (h + 1) & (o->t_phsize - 1))
			if (strcmp(o->t_probes[o->t_phash[h] - 1].tp_name,
				   name) == 0)
				return o->t_probes[o->t_phash[h] - 1].tp_id;
	}
	return 0;
}

/* The index of the probe named name, registering it when new; -1 if out
 * of memory.  Probes keep their id across dlclose/dlopen and exec. */
/* -l -v: probes read their argument types (trace_list_verbose). */
static bool list_verbose;

void
trace_list_verbose(void)
{
	list_verbose = true;
}

static long
probe_get(cmd_trace_t *t, const pb_provider_t *pv, const pb_probe_t *pr)
{
	const char *prov = pr->pr_provider;
	char name[1024];
	size_t h, i;
	trace_probe_t *tp;

	snprintf(name, sizeof(name), "%s:%s:%s:%s", prov,
		 pr->pr_mod, pr->pr_func, pr->pr_name);
	if (2 * (t->t_nprobes + 1) > t->t_phsize) {
		size_t nsize = t->t_phsize ? 2 * t->t_phsize : 1024;
		uint32_t *nh = calloc(nsize, sizeof(*nh));

		if (nh == NULL)
			return -1;
		for (i = 0; i < t->t_nprobes; i++) {
			h = strhash(t->t_probes[i].tp_name) & (nsize - 1);
			while (nh[h] != 0)
				h = (h + 1) & (nsize - 1);
			nh[h] = (uint32_t)i + 1;
		}
		free(t->t_phash);
		t->t_phash = nh;
		t->t_phsize = nsize;
	}
	for (h = strhash(name) & (t->t_phsize - 1); t->t_phash[h] != 0;
	     h = (h + 1) & (t->t_phsize - 1))
		if (strcmp(t->t_probes[t->t_phash[h] - 1].tp_name, name) == 0)
			return (long)t->t_phash[h] - 1;
	if (t->t_nprobes == t->t_pcap) {
		size_t ncap = t->t_pcap ? 2 * t->t_pcap : 256;

		tp = realloc(t->t_probes, ncap * sizeof(*tp));
		if (tp == NULL)
			return -1;
		t->t_probes = tp;
		t->t_pcap = ncap;
	}
	tp = &t->t_probes[t->t_nprobes];
	memset(tp, 0, sizeof(*tp));
	tp->tp_name = strdup(name);
	tp->tp_prov = strdup(prov);
	tp->tp_mod = strdup(pr->pr_mod);
	tp->tp_func = strdup(pr->pr_func);
	tp->tp_pname = strdup(pr->pr_name);
	tp->tp_id = shared_id(t, name, false);
	if (tp->tp_id == 0)
		tp->tp_id = dsl_rt_add_probe(t->t_rt, prov, pr->pr_mod,
					     pr->pr_func, pr->pr_name);
	if (tp->tp_name == NULL || tp->tp_prov == NULL || tp->tp_mod == NULL ||
	    tp->tp_func == NULL || tp->tp_pname == NULL || tp->tp_id == 0)
		return -1;
	if (list_verbose && pv->pv_argtypes != NULL) {
		int n = pv->pv_argtypes(pr, &tp->tp_argtypes);

		if (n < 0)
			return -1;
		tp->tp_nargtypes = n;
	}
	t->t_phash[h] = (uint32_t)t->t_nprobes + 1;
	return (long)t->t_nprobes++;
}

/* Enable description d on probe i, once. */
static int
probe_enable(cmd_trace_t *t, size_t i, size_t d)
{
	trace_probe_t *tp = &t->t_probes[i];
	size_t *nd, k;

	for (k = 0; k < tp->tp_ndescs; k++)
		if (tp->tp_descs[k] == d)
			return 0;
	nd = realloc(tp->tp_descs, (tp->tp_ndescs + 1) * sizeof(*nd));
	if (nd == NULL)
		return -1;
	tp->tp_descs = nd;
	tp->tp_descs[tp->tp_ndescs++] = d;
	return dsl_rt_enable(t->t_rt, tp->tp_id, d);
}

/*
 * Probe i was just made by provider pv: enable on it every description
 * of the program that matches it without naming pv, as dtrace enables a
 * description on every probe that exists.  The pid provider makes probes
 * only for a field that names it (provider.h, pv_names), yet
 * "pid$target::read:entry {} ::read:entry {}" has the second fire at the
 * pid probe too, whatever the order of the clauses: each probe made
 * looks at every description, claimed yet or not.  A description that
 * names pv is left to pv's own resolution (counted there).
 */
static int
match_made(cmd_trace_t *t, const pb_provider_t *pv, size_t i)
{
	const trace_probe_t *tp = &t->t_probes[i];
	size_t d, nd;

	if (t->t_pg == NULL)
		return 0;	/* -l without a program */
	nd = dsl_prog_ndescs(t->t_pg);
	for (d = 0; d < nd; d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(t->t_pg, d);
		size_t k, before = tp->tp_ndescs;

		if (pv->pv_names(pd->pd_prov, t->t_pid) ||
		    !dsl_prog_desc_match(pd, tp->tp_prov, tp->tp_mod,
				    tp->tp_func, tp->tp_pname))
			continue;
		if (d >= t->t_ndextra) {
			long *ne = realloc(t->t_dextra, nd * sizeof(*ne));

			if (ne == NULL)
				return -1;
			for (k = t->t_ndextra; k < nd; k++)
				ne[k] = 0;
			t->t_dextra = ne;
			t->t_ndextra = nd;
		}
		if (probe_enable(t, i, d) != 0)
			return -1;
		tp = &t->t_probes[i];
		if (tp->tp_ndescs > before)
			t->t_dextra[d]++;
	}
	return 0;
}

long
trace_matched_made(const cmd_trace_t *t, size_t d)
{
	return d < t->t_ndextra ? t->t_dextra[d] : 0;
}

/* Note counter addr of probe idx (at site), once. */
static int
add_ctr(cmd_trace_t *t, uint64_t addr, uint64_t site, size_t idx)
{
	trace_ctr_t *c;
	size_t i;

	for (i = 0; i < t->t_nctrs; i++)
		if (t->t_ctrs[i].tc_addr == addr &&
		    t->t_ctrs[i].tc_probe == idx)
			return 0;
	c = realloc(t->t_ctrs, (t->t_nctrs + 1) * sizeof(*c));
	if (c == NULL)
		return -1;
	t->t_ctrs = c;
	c[t->t_nctrs].tc_addr = addr;
	c[t->t_nctrs].tc_site = site;
	c[t->t_nctrs].tc_probe = idx;
	c[t->t_nctrs++].tc_raised = false;
	return 0;
}

/*
 * PB_ARM_SYSCALL: the probe fires at the entry (or exit) stops of its
 * call number, in every thread of the process; the session stops its
 * threads at syscalls once one such probe is enabled (trace_run).
 */
static int
arm_syscall(cmd_trace_t *t, const pb_probe_t *pr, trace_ref_t *ref)
{
	size_t k = 2 * (size_t)pr->pr_syscall.sc_nr +
	    (pr->pr_syscall.sc_return ? 1 : 0);
	trace_ref_t *nr;

	if (k >= t->t_nsysref) {
		nr = realloc(t->t_sysref, (k + 1) * sizeof(*nr));
		if (nr == NULL)
			return -1;
		memset(nr + t->t_nsysref, 0,
		       (k + 1 - t->t_nsysref) * sizeof(*nr));
		t->t_sysref = nr;
		t->t_nsysref = k + 1;
	}
	pb_fireref_init(&ref->tf_fr, pr, 0);
	t->t_sysref[k] = *ref;
	return 0;
}

/* A flag of resolve's own, above the PB_ resolution flags: a re-run. */
#define RESOLVE_REFRESH	(1 << 30)

/* Arm a sampled probe (once per probe: a re-resolution finds it again). */
static int
add_sample(cmd_trace_t *t, const trace_ref_t *ref, uint64_t period)
{
	trace_sample_t *ns;
	size_t i;

	for (i = 0; i < t->t_nsamples; i++)
		if (t->t_samples[i].sp_ref.tf_id == ref->tf_id)
			return 0;
	ns = realloc(t->t_samples, (t->t_nsamples + 1) * sizeof(*ns));
	if (ns == NULL)
		return -1;
	t->t_samples = ns;
	memset(&ns[t->t_nsamples], 0, sizeof(*ns));
	ns[t->t_nsamples].sp_ref = *ref;
	ns[t->t_nsamples].sp_period = period;
	t->t_nsamples++;
	return 0;
}

/*
 * Resolve description d with provider pv: register the probes not seen
 * yet, enable the description on each probe it matches, note how each
 * is armed (the sites of PB_ARM_SITE).  Returns the number of probes
 * matched, or -1 with err.
 */
static long
resolve(cmd_trace_t *t, size_t d, const pb_provider_t *pv, int flags,
	char *err, size_t errlen)
{
	const dsl_pdesc_t *pd = dsl_prog_desc(t->t_pg, d);
	pb_probe_list_t list = PB_PROBE_LIST_INIT;
	pb_desc_t desc;
	size_t i, j;
	long idx;
	int n;

	desc.de_prov = pd->pd_prov;
	desc.de_mod = pd->pd_mod;
	desc.de_func = pd->pd_func;
	desc.de_name = pd->pd_name;
	n = pv->pv_resolve(t->t_pid, proc_tid(t), &desc,
			   (flags & ~RESOLVE_REFRESH) | t->t_flags, &list, err,
			   errlen);
	if (n < 0)
		return -1;
	/*
	 * A matched function with no return probe must not pass unseen: a
	 * histogram would silently miss it.  Said once, when the
	 * description is first resolved (refresh re-lists old refusals),
	 * and under -q too where calls go unseen (rf_lost: lost data; an
	 * ifunc's resolver, a PLT stub or a function that never returns
	 * loses nothing).  The other probes run: a description whose every
	 * function was refused is no error (trace_refused).
	 */
	if (!(flags & RESOLVE_REFRESH) && list.pl_nrefused != 0 &&
	    note_refused(t, d) < 0)
		goto nomem;
	if (!(flags & RESOLVE_REFRESH))
		say_refused(&list, pd->pd_name, dsl_prog_quiet(t->t_pg));
	/*
	 * How each probe is armed: sites, syscall stops and samples are
	 * armed below; another kind is refused before any is registered.
	 */
	for (i = 0; i < list.pl_n; i++) {
		const pb_probe_t *pr = &list.pl_probes[i];

		if (pr->pr_arm == PB_ARM_SITE || pr->pr_arm == PB_ARM_SAMPLE ||
		    (pr->pr_arm == PB_ARM_SYSCALL && pr->pr_syscall.sc_nr >= 0))
			continue;
		snprintf(err, errlen, "%s:%s:%s:%s: cannot arm a probe of "
			 "kind %d yet", pr->pr_provider, pr->pr_mod,
			 pr->pr_func, pr->pr_name, (int)pr->pr_arm);
		pb_probe_list_free(&list);
		return -1;
	}
	for (i = 0; i < list.pl_n; i++) {
		const pb_probe_t *pr = &list.pl_probes[i];
		size_t had = t->t_nprobes;
		trace_ref_t ref;

		idx = probe_get(t, pv, pr);
		if (idx < 0 || probe_enable(t, (size_t)idx, d) != 0)
			goto nomem;
		if ((size_t)idx == had && match_made(t, pv, (size_t)idx) < 0)
			goto nomem;
		memset(&ref, 0, sizeof(ref));
		ref.tf_id = t->t_probes[idx].tp_id;
		ref.tf_probe = (size_t)idx;
		ref.tf_prov = pv;
		if (pr->pr_arm == PB_ARM_SAMPLE) {
			pb_fireref_init(&ref.tf_fr, pr, 0);
			if (add_sample(t, &ref, pr->pr_sample.sm_period_ns) < 0)
				goto nomem;
			continue;
		}
		if (pr->pr_arm == PB_ARM_SYSCALL &&
		    arm_syscall(t, pr, &ref) < 0)
			goto nomem;
		for (j = 0; j < pr->pr_nsites && pr->pr_arm == PB_ARM_SITE;
		     j++) {
			pb_fireref_init(&ref.tf_fr, pr, j);
			if (add_ref(t, pr->pr_sites[j].st_addr, &ref) < 0)
				goto nomem;
		}
		if (pr->pr_counter != 0 && pr->pr_nsites != 0 &&
		    add_ctr(t, pr->pr_counter, pr->pr_sites[0].st_addr,
			    (size_t)idx) < 0)
			goto nomem;
	}
	n = (int)list.pl_n;
	pb_probe_list_free(&list);
	return n;
nomem:
	pb_probe_list_free(&list);
	snprintf(err, errlen, "out of memory");
	return -1;
}

/* Note that provider pv claimed description d, which matched n probes. */
static int
add_desc(cmd_trace_t *t, size_t d, const pb_provider_t *pv, long n)
{
	const pb_provider_t **np;
	size_t *nd;
	long *nm;

	nd = realloc(t->t_descs, (t->t_ndescs + 1) * sizeof(*nd));
	if (nd == NULL)
		return -1;
	t->t_descs = nd;
	np = realloc(t->t_dprov, (t->t_ndescs + 1) * sizeof(*np));
	if (np == NULL)
		return -1;
	t->t_dprov = np;
	nm = realloc(t->t_dmatch, (t->t_ndescs + 1) * sizeof(*nm));
	if (nm == NULL)
		return -1;
	t->t_dmatch = nm;
	t->t_dmatch[t->t_ndescs] = n;
	t->t_dprov[t->t_ndescs] = pv;
	t->t_descs[t->t_ndescs++] = d;
	return 0;
}

long
trace_claim(cmd_trace_t *t, dsl_rt_t *rt, const dsl_prog_t *pg, size_t d,
	    bool zdefs, char *err, size_t errlen)
{
	const dsl_pdesc_t *pd = dsl_prog_desc(pg, d);
	const pb_provider_t *const *pp;
	const cmd_trace_t *o;
	const char *opt;
	size_t nclaims = 0;
	long n, total = 0;
	bool setup = false, minus_z = zdefs;

	if (t == NULL)
		return 0;
	/* names of stacks too (profile clauses), not only of pid probes */
	if (dsl_prog_option(pg, "mangled") != NULL)
		t->t_flags |= PB_MANGLED;
	/*
	 * pid*:: over several processes, or a description that several
	 * providers claim: one without the probe is no error; the caller
	 * counts the matches of them all.
	 */
	for (pp = pb_providers; *pp != NULL; pp++)
		for (o = traces; o != NULL; o = o->t_next)
			if ((*pp)->pv_names(pd->pd_prov, o->t_pid))
				nclaims++;
	if (nclaims > 1)
		zdefs = true;	/* but t_zdefs stays the user's -Z */
	for (pp = pb_providers; *pp != NULL; pp++) {
		if (!(*pp)->pv_names(pd->pd_prov, t->t_pid))
			continue;
		if (!setup) {
			t->t_pg = pg;
			t->t_rt = rt;
			if (dsl_prog_option(pg, "mangled") != NULL)
				t->t_flags |= PB_MANGLED;
			if ((opt = dsl_prog_option(pg, "cpupin")) != NULL)
				t->t_cpupin = *opt >= '0' && *opt <= '9' ?
				    atoi(opt) : INT_MAX;
			t->t_zdefs = minus_z;
			fast_options(t, pg);
			setup = true;
		}
		/* A script's interpreter has none of the program's probes. */
		n = resolve(t, d, *pp, zdefs || t->t_script ? PB_ZEROOK : 0,
			    err, errlen);
		if (n < 0)
			return -1;
		/*
		 * An empty provider field is claimed only by a provider
		 * that knows its probes by name alone (profile-97): one
		 * that matched nothing does not hold it, or :::END would
		 * be reported as matching nothing after each exec.
		 */
		if (n == 0 && pd->pd_prov[0] == '\0')
			continue;
		if (add_desc(t, d, *pp, n) < 0) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		total += n;
	}
	if (!setup && (zdefs || t->t_script) && pd->pd_prov[0] != '\0') {
		/*
		 * -Z: a provider may name it once a library loads; a #!
		 * script: once the interpreter execs the program.
		 */
		size_t *np = realloc(t->t_pending,
				     (t->t_npending + 1) * sizeof(*np));

		if (np == NULL) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		t->t_pending = np;
		t->t_pending[t->t_npending++] = d;
		t->t_pg = pg;
		t->t_rt = rt;
		t->t_zdefs = minus_z;
	}
	return total;
}

int
trace_each_pid_probe(const dsl_pdesc_t *pd,
		     int (*fn)(void *arg, const pb_probe_t *pr), void *arg,
		     char *err, size_t errlen)
{
	const pb_provider_t *pv = &pb_pid_provider;
	const cmd_trace_t *t;
	pb_desc_t desc;
	size_t i;
	int r = 0;

	desc.de_prov = pd->pd_prov;
	desc.de_mod = pd->pd_mod;
	desc.de_func = pd->pd_func;
	desc.de_name = pd->pd_name;
	for (t = traces; t != NULL && r == 0; t = t->t_next) {
		pb_probe_list_t list = PB_PROBE_LIST_INIT;

		/* a #! script's interpreter has none of the probes yet */
		if (t->t_script || !pv->pv_names(pd->pd_prov, t->t_pid))
			continue;
		if (pv->pv_resolve(t->t_pid, proc_tid(t), &desc, PB_ZEROOK,
				   &list, err, errlen) < 0)
			return -1;
		for (i = 0; i < list.pl_n && r == 0; i++)
			r = fn(arg, &list.pl_probes[i]);
		pb_probe_list_free(&list);
	}
	return r;
}

/*
 * A library came or went (the loader's r_brk with r_state consistent),
 * or a new image reached its entry: resolve every claimed description
 * again and arm what is new.  Errors are notices: a description that matched
 * before must not end the trace.
 */
static void
refresh(cmd_trace_t *t)
{
	char err[512];
	size_t i;
	long n;

	for (i = 0; i < t->t_ndescs; i++) {
		n = resolve(t, t->t_descs[i], t->t_dprov[i],
			    PB_ZEROOK | RESOLVE_REFRESH, err, sizeof(err));
		if (n < 0)
			fprintf(stderr, "pidtrace: %s\n", err);
		t->t_dmatch[i] = n;
	}
	/* -Z descriptions waiting for a provider to name them */
	for (i = 0; i < t->t_npending; ) {
		const pb_provider_t *const *pp;
		size_t d = t->t_pending[i];
		bool claimed = false;

		for (pp = pb_providers; *pp != NULL; pp++) {
			if (!(*pp)->pv_names(dsl_prog_desc(t->t_pg,
							   d)->pd_prov,
					     t->t_pid))
				continue;
			n = resolve(t, d, *pp, PB_ZEROOK, err, sizeof(err));
			if (n < 0)
				fprintf(stderr, "pidtrace: %s\n", err);
			if (add_desc(t, d, *pp, n < 0 ? 0 : n) < 0)
				fprintf(stderr, "pidtrace: out of memory\n");
			claimed = true;
		}
		if (claimed)
			t->t_pending[i] = t->t_pending[--t->t_npending];
		else
			i++;
	}
}

/*
 * Raise the counters of the probes resolved since the last call, with
 * every thread stopped (h_ready: a -c program has them before main) or
 * the one thread at r_brk stopped (the program never writes its
 * semaphores; tracer.h says what may race).
 */
static void
raise_ctrs(cmd_trace_t *t, tr_session_t *s)
{
	size_t i;

	for (i = 0; i < t->t_nctrs; i++) {
		trace_ctr_t *c = &t->t_ctrs[i];

		if (c->tc_raised)
			continue;
		c->tc_raised = true;	/* once, even when it fails */
		if (tr_counter_add(s, c->tc_addr, 1) < 0)
			fprintf(stderr, "pidtrace: %s: cannot raise its "
				"semaphore at %#llx in pid %d: %s\n",
				t->t_probes[c->tc_probe].tp_name,
				(unsigned long long)c->tc_addr, (int)t->t_pid,
				strerror(errno));
	}
}

void
trace_list_all(cmd_trace_t *t, dsl_rt_t *rt)
{
	const pb_provider_t *const *pp;
	pb_desc_t desc = { "*", "", "", "" };
	char err[512];
	size_t i;

	t->t_rt = rt;
	for (pp = pb_providers; *pp != NULL; pp++) {
		pb_probe_list_t list = PB_PROBE_LIST_INIT;

		if (!(*pp)->pv_listall)
			continue;
		if ((*pp)->pv_resolve(t->t_pid, proc_tid(t), &desc,
				      PB_ZEROOK | t->t_flags, &list, err,
				      sizeof(err)) < 0)
			fprintf(stderr, "pidtrace: %s\n", err);
		for (i = 0; i < list.pl_n; i++)
			if (probe_get(t, *pp, &list.pl_probes[i]) < 0)
				fprintf(stderr, "pidtrace: out of memory\n");
		pb_probe_list_free(&list);
	}
}

void
trace_list(cmd_trace_t *t)
{
	size_t i;

	for (i = 0; i < t->t_nprobes; i++) {
		const trace_probe_t *tp = &t->t_probes[i];
		int a;

		if (shared_id(t, tp->tp_name, true) != 0)
			continue;
		printf("%5u %10s %17s %33s %s\n", tp->tp_id, tp->tp_prov,
		       tp->tp_mod, tp->tp_func, tp->tp_pname);
		if (!list_verbose)
			continue;
		/* dtrace -lv's block; the pid provider's attributes are
		 * Private/Private/Unknown, as fasttrap's. */
		printf("\n\tProbe Description Attributes\n"
		       "\t\tIdentifier Names: Private\n"
		       "\t\tData Semantics:   Private\n"
		       "\t\tDependency Class: Unknown\n"
		       "\n\tArgument Attributes\n"
		       "\t\tIdentifier Names: Private\n"
		       "\t\tData Semantics:   Private\n"
		       "\t\tDependency Class: Unknown\n"
		       "\n\tArgument Types\n");
		for (a = 0; a < tp->tp_nargtypes; a++)
			printf("\t\targs[%d]: %s\n", a, tp->tp_argtypes[a]);
		if (tp->tp_nargtypes == 0)
			printf("\t\tNone\n");
		printf("\n");
	}
	fflush(stdout);
	if (t->t_launched)
		kill(t->t_pid, SIGKILL);	/* as dtrace -l -c */
	tr_detach(t->t_s);
	t->t_s = NULL;
}

/* -- the fast path -------------------------------------------------------- */

/*
 * -x fastpath=off: every probe stops the thread (int3); fastpath=require:
 * pidtrace refuses to trace when any enabled probe would stop the thread.
 * -x bufsize=N[k|m|g] (dtrace's option): the bytes of each process's
 * record ring.
 */
static void
fast_options(cmd_trace_t *t, const dsl_prog_t *pg)
{
	const char *opt;
	char *end;
	size_t bufsize = 0;

	/* The default; -x fastpath=off (or 0) forces int3 everywhere. */
	opt = dsl_prog_option(pg, "fastpath");
	t->t_fastoff = opt != NULL && (strcmp(opt, "off") == 0 ||
				       strcmp(opt, "0") == 0);
	t->t_fastreq = opt != NULL && strcmp(opt, "require") == 0;
	/* The pid provider then finds where code may land (brtarget.h). */
	if (!t->t_fastoff)
		t->t_flags |= PB_FASTSITES;
	if ((opt = dsl_prog_option(pg, "bufsize")) != NULL) {
		bufsize = (size_t)strtoull(opt, &end, 0);
		switch (*end) {
		case 'k': case 'K': bufsize <<= 10; break;
		case 'm': case 'M': bufsize <<= 20; break;
		case 'g': case 'G': bufsize <<= 30; break;
		}
	}
	if (t->t_s != NULL)
		tr_fast_config(t->t_s, !t->t_fastoff, bufsize);
}

/*
 * Ask for the fast path at a site when every probe on it is a pid entry
 * or a plain `ret` return, and none of their clauses needs the thread
 * stopped (dsl_rt_needs_stop: copyin and the like read memory that a
 * running thread may change; those probes keep the int3).  A pid entry
 * or return that cannot ask says why in ts_slow (fast_report); with
 * fastpath=require, so does every other site probe.
 */
static void
want_fast(cmd_trace_t *t, tr_session_t *s, trace_site_t *ts)
{
	const trace_ref_t *r;
	tr_fast_want_t w;
	const char *why;
	int kind = 0, k;
	size_t i;

	ts->ts_slow = ts->ts_slowarg = NULL;
	ts->ts_fastq = true;	/* unless it returns early without a word */
	if (t->t_fastoff || ts->ts_nrefs == 0) {
		ts->ts_fastq = false;
		return;
	}
	for (i = 0; i < ts->ts_nrefs; i++) {
		r = &ts->ts_refs[i];
		if (strcmp(r->tf_prov->pv_name, "pid") != 0) {
			if (t->t_fastreq)
				ts->ts_slow = "only pid entry and return "
				    "probes run without a stop";
			ts->ts_fastq = t->t_fastreq;
			return;
		}
		/* A Go entry sits past the stack check: fr_off > 0. */
		if (r->tf_fr.fr_kind == PB_ENTRY)
			k = TR_FAST_ENTRY;
		else if (r->tf_fr.fr_kind == PB_RETURN &&
			 r->tf_fr.fr_rskind == PB_RS_RET)
			k = TR_FAST_RETURN;
		else if (r->tf_fr.fr_kind == PB_RETURN) {
			ts->ts_slow = "a return by a jump fires only when "
			    "the jump leaves the function";
			return;
		} else {
			if (t->t_fastreq)
				ts->ts_slow = "offset probes always stop the "
				    "thread";
			ts->ts_fastq = t->t_fastreq;
			return;
		}
		if (kind != 0 && k != kind) {
			ts->ts_slow = "an entry and a return share the site";
			return;
		}
		kind = k;
		if (r->tf_fr.fr_lpad) {	/* a C++ landing pad: no jump over */
			ts->ts_slow = "a C++ landing pad lies in the bytes a "
			    "jump would replace";
			return;
		}
		if (dsl_rt_needs_stop(t->t_rt, r->tf_id, &why)) {
			ts->ts_slow = "its clause uses";
			ts->ts_slowarg = why;
			return;
		}
	}
	r = &ts->ts_refs[0];
	memset(&w, 0, sizeof(w));
	w.fw_kind = kind;
	w.fw_cookie = (uint32_t)(ts - t->t_sites);
	w.fw_lo = r->tf_fr.fr_faddr;
	w.fw_hi = r->tf_fr.fr_faddr + r->tf_fr.fr_fsize;
	w.fw_clo = r->tf_fr.fr_cold;
	w.fw_chi = r->tf_fr.fr_cold + r->tf_fr.fr_coldsize;
	w.fw_tprev = r->tf_fr.fr_tprev;
	w.fw_tnext = r->tf_fr.fr_tnext;
	if (tr_bkpt_want_fast(s, ts->ts_addr, &w) == 0)
		t->t_fastpend = true;
	else
		ts->ts_fastq = false;
}

/* -- the fast-path report ------------------------------------------------ */

/* A site that stops the thread, and why. */
typedef struct slow_site {
	size_t		ss_site;	/* index in t_sites */
	const char	*ss_why;
	const char	*ss_arg;	/* or NULL */
} slow_site_t;

typedef struct slow_list {
	cmd_trace_t	*sl_t;
	slow_site_t	*sl_v;
	size_t		sl_n, sl_cap;
} slow_list_t;

static void
slow_push(slow_list_t *l, size_t site, const char *why, const char *arg)
{
	slow_site_t *v;

	if (l->sl_n == l->sl_cap) {
		l->sl_cap = l->sl_cap ? 2 * l->sl_cap : 64;
		v = realloc(l->sl_v, l->sl_cap * sizeof(*v));
		if (v == NULL) {
			l->sl_cap = l->sl_n;
			return;
		}
		l->sl_v = v;
	}
	l->sl_v[l->sl_n].ss_site = site;
	l->sl_v[l->sl_n].ss_why = why;
	l->sl_v[l->sl_n].ss_arg = arg;
	l->sl_n++;
}

static void
on_refusal(void *arg, uint32_t cookie, uint64_t addr, const char *why)
{
	slow_list_t *l = arg;
	const cmd_trace_t *t = l->sl_t;

	if (t->t_rtld_ok && addr == t->t_rtld.rt_brk)
		why = "pidtrace's own breakpoint there (the loader's r_brk, "
		    "to follow dlopen) needs the thread stopped";
	if (cookie < t->t_nsites)
		slow_push(l, cookie, why, NULL);
}

static int
slow_cmp(const void *a, const void *b)
{
	const slow_site_t *x = a, *y = b;
	int c = strcmp(x->ss_why, y->ss_why);

	if (c == 0)
		c = strcmp(x->ss_arg ? x->ss_arg : "", y->ss_arg ? y->ss_arg :
			   "");
	if (c == 0)
		c = (x->ss_site > y->ss_site) - (x->ss_site < y->ss_site);
	return c;
}

/* "pid42:libc.so.6:free:return at offset 0x1a" */
static void
site_name(const cmd_trace_t *t, const trace_site_t *ts, char *buf,
	  size_t len)
{
	const trace_ref_t *r = &ts->ts_refs[0];
	const char *name = t->t_probes[r->tf_probe].tp_name;

	if (r->tf_fr.fr_kind == PB_RETURN)
		snprintf(buf, len, "%s at offset %#llx", name,
			 (unsigned long long)r->tf_fr.fr_off);
	else
		snprintf(buf, len, "%s", name);
}

#define SLOW_NAMES	3	/* sites named a reason; -l lists them all */

/*
 * Sites that stop the thread although the fast path was asked for them
 * (or, with fastpath=require, any site probe that stops), said once, on
 * standard error, under -q too: a slower path is never taken silently.
 * One line of totals, then one a reason with its count and the first
 * sites.  With fastpath=require it is an error: pidtrace stops.
 */
static void
fast_report(cmd_trace_t *t, tr_session_t *s)
{
	slow_list_t l = { t, NULL, 0, 0 };
	char name[512], *text = NULL;
	size_t i, j, n, len = 0, nq = 0;
	FILE *out;

	if (t->t_fastoff)
		return;
	t->t_fastpend = tr_fast_refusals(s, on_refusal, &l) != 0;
	if (t->t_fastpend)
		return;	/* a dlopen's sites: once the loop armed them */
	for (i = 0; i < t->t_nsites; i++) {
		trace_site_t *ts = &t->t_sites[i];

		if (ts->ts_told || !ts->ts_armed || ts->ts_nrefs == 0)
			continue;
		ts->ts_told = true;
		nq += ts->ts_fastq;
		if (ts->ts_slow != NULL)
			slow_push(&l, i, ts->ts_slow, ts->ts_slowarg);
	}
	if (t->t_fastreq && !t->t_fastsaid && !t->t_began) {
		if (t->t_nsysref != 0)
			fprintf(stderr, "pidtrace: pid %d: -x fastpath="
				"require: syscall probes stop the thread at "
				"each syscall\n", (int)t->t_pid);
		if (t->t_nsamples != 0)
			fprintf(stderr, "pidtrace: pid %d: -x fastpath="
				"require: profile probes stop the threads at "
				"each sample\n", (int)t->t_pid);
		if (t->t_nsysref != 0 || t->t_nsamples != 0)
			t->t_refused = true;
	}
	t->t_fastsaid = true;
	if (l.sl_n == 0) {
		/* Set up, then given up (a thread without a TCB). */
		if (*tr_fast_why(s) != '\0' && !t->t_whysaid) {
			fprintf(stderr, "pidtrace: pid %d: probes stop the "
				"thread at each firing: %s\n", (int)t->t_pid,
				tr_fast_why(s));
			t->t_whysaid = true;
			if (t->t_fastreq)
				t->t_refused = true;
		}
		goto out;
	}
	qsort(l.sl_v, l.sl_n, sizeof(*l.sl_v), slow_cmp);
	/* Into a buffer first: an exec of the same program says it once. */
	if ((out = open_memstream(&text, &len)) == NULL)
		goto out;
	fprintf(out, "pidtrace: pid %d: %s%zu of %zu probe sites stop%s "
		"the thread at each firing instead of running fast:\n",
		(int)t->t_pid, t->t_fastreq ? "-x fastpath=require: " : "",
		l.sl_n, nq > l.sl_n ? nq : l.sl_n, l.sl_n == 1 ? "s" : "");
	for (i = 0; i < l.sl_n; i = j) {
		const slow_site_t *a = &l.sl_v[i];

		for (j = i + 1; j < l.sl_n && strcmp(l.sl_v[j].ss_why,
		     a->ss_why) == 0 && strcmp(l.sl_v[j].ss_arg ?
		     l.sl_v[j].ss_arg : "", a->ss_arg ? a->ss_arg : "") == 0;
		     j++)
			;
		if (a->ss_why == tr_fast_why(s))
			t->t_whysaid = true;
		fprintf(out, "pidtrace:   %zu: %s%s%s:", j - i, a->ss_why,
			a->ss_arg != NULL ? " " : "",
			a->ss_arg != NULL ? a->ss_arg : "");
		for (n = i; n < j && n < i + SLOW_NAMES; n++) {
			site_name(t, &t->t_sites[l.sl_v[n].ss_site], name,
				  sizeof(name));
			fprintf(out, "%s %s", n == i ? "" : ",", name);
		}
		if (j - i > SLOW_NAMES)
			fprintf(out, " and %zu more", j - i - SLOW_NAMES);
		fputc('\n', out);
	}
	fclose(out);
	if (t->t_report == NULL || strcmp(t->t_report, text) != 0)
		fputs(text, stderr);
	free(t->t_report);
	t->t_report = text;
	if (t->t_fastreq)
		t->t_refused = true;
out:
	free(l.sl_v);
	if (!t->t_refused)
		return;
	/* A program we started must not run untraced: as at any end. */
	if (t->t_launched && !begin_fired && !t->t_gone)
		kill(t->t_pid, SIGKILL);
	tr_stop_async(s);
}

/* After arming: the jumps in, and what stayed int3 said. */
static void
arm_fast(cmd_trace_t *t, tr_session_t *s)
{
	tr_fast_arm(s);
	fast_report(t, s);
}

/*
 * One firing, however it came (a site's stop, a trampoline's record, a
 * sample, a syscall stop): what fire() needs besides the refs.
 */
typedef struct trace_firing {
	tr_thread_t	*fg_th;		/* stopped: ustack() may walk it;
					 * NULL for a record */
	pid_t		fg_tid;
	const pb_regs_t	*fg_regs;
	bool		fg_partregs;	/* a syscall stop's few (t_partregs) */
	uint64_t	(*fg_nextpc)(void *);	/* pb_fire_t's fi_nextpc */
	uint64_t	fg_ns;		/* the thread's own timestamp; 0:
					 * read at the firing */
	uint32_t	fg_maxargs;	/* arguments there are: DSL_NARGS, 6
					 * for a record (dsl_rt_needs_stop) */
	bool		fg_flush;	/* flush the output after (a record's
					 * is flushed once drained) */
} trace_firing_t;

/*
 * Fire refs[0..nrefs) of one firing in order: each ref's provider reads
 * its arguments (and errno) from the registers and memory, then its
 * clauses run; an exit() stops the rest.  Returns t_exited.
 */
static int
fire(cmd_trace_t *t, const trace_firing_t *fg, const trace_ref_t *refs,
     size_t nrefs)
{
	dsl_ctx_t cx;
	size_t i;
	int n;

	if (t->t_refused && !begin_fired)
		return 0;	/* fastpath=require refused to start */
	memset(&cx, 0, sizeof(cx));
	cx.cx_pid = t->t_pid;
	cx.cx_ppid = t->t_ppid;
	cx.cx_tid = fg->fg_tid;
	cx.cx_uid = t->t_uid;
	cx.cx_gid = t->t_gid;
	cx.cx_execname = t->t_comm;
	cx.cx_cookie = t;
	cx.cx_timestamp = fg->fg_ns;
	t->t_fire.fi_regs = fg->fg_regs;
	t->t_fire.fi_read = readmem;
	t->t_fire.fi_nextpc = fg->fg_nextpc;
	t->t_fire.fi_cookie = t;
	t->t_th = fg->fg_th;
	t->t_partregs = fg->fg_partregs;
	for (i = 0; i < nrefs; i++) {
		const trace_ref_t *r = &refs[i];

		n = r->tf_prov->pv_args(&r->tf_fr, &t->t_fire, cx.cx_args,
					DSL_NARGS);
		if (n < 0)
			continue;	/* pid: a jcc that stays inside */
		/* 0 would mean "all ten valid" to dsl_eval_fire */
		if (n == 0) {
			cx.cx_args[0] = 0;
			n = 1;
		}
		cx.cx_nargs = (uint32_t)n < fg->fg_maxargs ? (uint32_t)n :
		    fg->fg_maxargs;
		cx.cx_errno = r->tf_prov->pv_errno != NULL ?
		    r->tf_prov->pv_errno(&r->tf_fr, &t->t_fire) : 0;
		t->t_fref = r;
		if (dsl_eval_fire(t->t_rt, r->tf_id, &cx) == DSL_FIRE_EXIT) {
			t->t_exited = true;
			break;
		}
	}
	t->t_fref = NULL;
	t->t_th = NULL;
	t->t_partregs = false;
	t->t_fire.fi_regs = NULL;
	/*
	 * A clause that printed: flush now, as dtrace does each time it
	 * consumes its buffers, or a reader of a file or pipe sees nothing
	 * until 4 KB piled up or the end (t/faults/death.sh waits for a
	 * printf of a pid probe).  __fpending only looks at the buffer:
	 * firings that print nothing cost no syscall.
	 */
	if (fg->fg_flush && t->t_out != NULL && __fpending(t->t_out) != 0)
		fflush(t->t_out);
	return t->t_exited;
}

/*
 * A record from a trampoline: the firing as on_hit would make it, from
 * the registers the trampoline saved, with the thread's own timestamp.
 */
static int
on_record(void *arg, tr_session_t *s, pid_t tid, uint32_t cookie,
	  uint64_t ns, const uint64_t args[6])
{
	cmd_trace_t *t = arg;
	trace_firing_t fg;
	trace_site_t *ts;
	pb_regs_t regs;

	(void)s;
	if (cookie >= t->t_nsites)
		return 0;
	if (t->t_cpupin >= 0)
		pin_cpu(t, tid);
	ts = &t->t_sites[cookie];
	memset(&regs, 0, sizeof(regs));
	regs.rip = ts->ts_addr;
	regs.rdi = args[0];
	regs.rsi = args[1];
	regs.rdx = args[2];
	regs.rcx = args[3];
	regs.r8 = args[4];
	regs.r9 = args[5];
	regs.rax = args[0];	/* a return site's record holds rax there */
	memset(&fg, 0, sizeof(fg));
	fg.fg_tid = tid;
	fg.fg_regs = &regs;
	fg.fg_nextpc = NULL;	/* plain ret sites only */
	fg.fg_ns = ns;
	fg.fg_maxargs = 6;	/* nothing past arg5 was recorded */
	return fire(t, &fg, ts->ts_refs, ts->ts_nrefs);
}

static void
on_drained(void *arg, tr_session_t *s)
{
	cmd_trace_t *t = arg;

	if (t->t_fastpend)
		fast_report(t, s);
	if (t->t_out != NULL && __fpending(t->t_out) != 0)
		fflush(t->t_out);
}

/* -- the firing path ---------------------------------------------------- */

static void
arm_sites(cmd_trace_t *t, tr_session_t *s)
{
	size_t i;

	for (i = 0; i < t->t_nsites; i++) {
		trace_site_t *ts = &t->t_sites[i];

		if (ts->ts_armed)
			continue;
		if (tr_bkpt_add(s, ts->ts_addr, (uint32_t)i) < 0) {
			const trace_ref_t *r = &ts->ts_refs[0];
			const char *name = t->t_probes[r->tf_probe].tp_name;
			uint8_t b[4] = { 0 };

			tr_read(s, ts->ts_addr, b, sizeof(b));
			fprintf(stderr, "pidtrace: cannot trace %s at offset "
				"%#llx (bytes %02x %02x %02x %02x): %s\n",
				name, (unsigned long long)r->tf_fr.fr_off, b[0],
				b[1], b[2], b[3], errno == EINVAL ?
				"the instruction there cannot be displaced" :
				strerror(errno));
			ts->ts_armed = true;	/* do not try again */
			continue;
		}
		ts->ts_armed = true;
		want_fast(t, s, ts);
	}
}

/*
 * BEGIN once every site of every process is armed and before any process
 * goes on, as dtrace fires it after enabling: a BEGIN that prints is a
 * handshake the tests can wait for.  tr_run_many arms every session
 * before it resumes any: the last process's first h_ready fires it.
 */
static void
begin_if_all_armed(cmd_trace_t *t, tr_session_t *s)
{
	const cmd_trace_t *o;
	dsl_ctx_t cx;

	for (o = traces; o != NULL; o = o->t_next)
		if ((!o->t_began && !o->t_gone) || o->t_refused)
			return;	/* fastpath=require: no BEGIN, no END */
	if (begin_fired)
		return;
	begin_fired = true;
	dsl_rt_ctx_self(&cx);
	if (dsl_eval_fire(t->t_rt, dsl_rt_begin_id(t->t_rt), &cx) ==
	    DSL_FIRE_EXIT) {
		t->t_exited = true;
		tr_stop_async(s);
	}
	fflush(NULL);
}

/* Every thread is stopped: after attach, at the entry of a new image. */
static void
on_ready(void *arg, tr_session_t *s)
{
	cmd_trace_t *t = arg;
	char err[256];

	if (t->t_began && t->t_nsites == 0) {
		size_t i;

		refresh(t);	/* after an exec */
		for (i = 0; i < t->t_ndescs; i++)
			if (t->t_dmatch[i] == 0)
				fprintf(stderr, "pidtrace: pid %d exec'd %s: "
					"probe description %s matches no "
					"probes\n", (int)t->t_pid, t->t_comm,
					dsl_prog_desc(t->t_pg,
						      t->t_descs[i])->pd_text);
	}
	if (t->t_ndescs != 0 || t->t_npending != 0) {
		/* dlopen/dlclose: the loader calls r_brk after each change. */
		free(t->t_rtld.rt_path);
		memset(&t->t_rtld, 0, sizeof(t->t_rtld));
		t->t_rtld_ok = pb_pid_rtld(proc_tid(t), &t->t_rtld, err,
					   sizeof(err)) == 0 &&
			       tr_bkpt_add(s, t->t_rtld.rt_brk,
					   RTLD_COOKIE) == 0;
	}
	arm_sites(t, s);
	arm_fast(t, s);
	raise_ctrs(t, s);
	if (!t->t_began) {
		/*
		 * BEGIN once every site is armed (r_brk's too: arming may
		 * inject an mmap, which a SIGKILL of pidtrace must not
		 * interrupt after the handshake).
		 */
		t->t_began = true;
		begin_if_all_armed(t, s);
	}
}

/*
 * dlclose: the sites of an unloaded library went with its pages.  Drop
 * them without a write; a library loaded again gets new sites (its
 * probes keep their ids).  Dead entries keep their index: it is the
 * tracer cookie of the live ones.
 */
static void
drop_unmapped(cmd_trace_t *t, tr_session_t *s)
{
	size_t i, j;

	for (i = 0; i < t->t_nsites; i++) {
		trace_site_t *ts = &t->t_sites[i];

		if (!ts->ts_armed || ts->ts_nrefs == 0 ||
		    tr_bkpt_intact(s, ts->ts_addr))
			continue;
		/* its object is gone: so is the semaphore it raised */
		for (j = 0; j < t->t_nctrs; ) {
			if (t->t_ctrs[j].tc_site == ts->ts_addr) {
				tr_counter_forget(s, t->t_ctrs[j].tc_addr);
				t->t_ctrs[j] = t->t_ctrs[--t->t_nctrs];
			} else {
				j++;
			}
		}
		tr_bkpt_forget(s, ts->ts_addr);
		free(ts->ts_refs);
		ts->ts_refs = NULL;
		ts->ts_nrefs = 0;
		ts->ts_addr = 0;
	}
}

static void
on_rtld(cmd_trace_t *t, tr_session_t *s)
{
	int32_t state;

	if (tr_read(s, t->t_rtld.rt_r_debug + 24, &state, 4) != 4 ||
	    state != 0 /* RT_CONSISTENT */)
		return;
	drop_unmapped(t, s);
	addrsym_flush(t->t_syms);
	tr_ustack_flush();
	refresh(t);
	arm_sites(t, s);
	raise_ctrs(t, s);
}

/* The CPU task tid last ran on (/proc/PID/task/TID/stat field 39). */
static int
task_cpu(pid_t pid, pid_t tid)
{
	char buf[1024], *p;
	ssize_t n;
	int fd, i;

	snprintf(buf, sizeof(buf), "/proc/%d/task/%d/stat", (int)pid,
		 (int)tid);
	if ((fd = open(buf, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strrchr(buf, ')');	/* comm may hold spaces */
	for (i = 2; p != NULL && i < 39; i++)
		p = strchr(p + 1, ' ');
	return p == NULL ? -1 : atoi(p + 1);
}

/*
 * -x cpupin[=CPU]: at the first firing, pin pidtrace (never the target)
 * to CPU, or to the CPU the stopped thread last ran on, and stay there.
 * A stop and its CONT then wake tasks on our CPU and the scheduler's
 * wake-affine placement keeps the tracee by us: bench/overhead measures
 * a firing 20-50x dearer when tracer and tracee sit on different CPUs.
 * Following the tracee instead (re-pinning when it moved, checked every
 * 10 ms) made the two chase each other: worse than leaving both free.
 */
static void
pin_cpu(cmd_trace_t *t, pid_t tid)
{
	cpu_set_t set;
	int cpu = t->t_cpupin;

	t->t_cpupin = -1;	/* once */
	if (cpu == INT_MAX)
		cpu = task_cpu(t->t_pid, tid);
	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0)
		fprintf(stderr, "pidtrace: cpupin: cpu %d: %s\n", cpu,
			strerror(errno));
}

static int
on_hit(void *arg, tr_session_t *s, tr_thread_t *th, uint32_t cookie,
       uint64_t addr, const struct user_regs_struct *regs)
{
	cmd_trace_t *t = arg;
	trace_firing_t fg;
	trace_site_t *ts;

	if (cookie == RTLD_COOKIE && t->t_rtld_ok) {
		on_rtld(t, s);
		return 0;
	}
	if (t->t_fastpend)	/* a dlopen's sites were armed since */
		fast_report(t, s);
	if (cookie >= t->t_nsites)
		return 0;
	if (t->t_cpupin >= 0)
		pin_cpu(t, tr_thread_tid(th));
	ts = &t->t_sites[cookie];
	t->t_hit_s = s;
	t->t_hit_addr = addr;
	t->t_have_next = false;
	memset(&fg, 0, sizeof(fg));
	fg.fg_th = th;
	fg.fg_tid = tr_thread_tid(th);
	fg.fg_regs = regs;
	fg.fg_nextpc = nextpc;
	fg.fg_maxargs = DSL_NARGS;
	fg.fg_flush = true;
	return fire(t, &fg, ts->ts_refs, ts->ts_nrefs);
}

/*
 * profile-N: a thread that was on CPU, stopped by tr_sample; cookie is
 * the index of the probe in t_samples.  Its provider reads the
 * arguments (profile: arg0 0, arg1 the user pc) from the registers.
 */
static int
on_sample(void *arg, tr_session_t *s, tr_thread_t *th, uint32_t cookie,
	  const struct user_regs_struct *regs)
{
	cmd_trace_t *t = arg;
	trace_firing_t fg;

	(void)s;
	if (cookie >= t->t_nsamples)
		return 0;
	memset(&fg, 0, sizeof(fg));
	fg.fg_th = th;
	fg.fg_tid = tr_thread_tid(th);
	fg.fg_regs = regs;
	fg.fg_maxargs = DSL_NARGS;
	fg.fg_flush = true;
	return fire(t, &fg, &t->t_samples[cookie].sp_ref, 1);
}

/*
 * A syscall stop (the session stops its threads at syscalls while a
 * PB_ARM_SYSCALL probe is enabled): the provider reads the arguments and
 * errno from the registers a syscall stop has, which the tracer gives
 * without a PTRACE_GETREGS: the number (orig_rax), the six arguments,
 * the value (rax), rip and rsp.  ustack() reads the rest (t_partregs).
 */
static int
on_syscall(void *arg, tr_session_t *s, tr_thread_t *th,
	   const tr_syscall_t *sc)
{
	cmd_trace_t *t = arg;
	trace_firing_t fg;
	pb_regs_t regs;
	size_t k;

	(void)s;
	if (sc->sc_compat || sc->sc_nr < 0)
		return 0;
	k = 2 * (size_t)sc->sc_nr + (sc->sc_entry ? 0 : 1);
	if (k >= t->t_nsysref || t->t_sysref[k].tf_id == 0)
		return 0;
	memset(&regs, 0, sizeof(regs));
	regs.orig_rax = (uint64_t)sc->sc_nr;
	regs.rdi = sc->sc_args[0];
	regs.rsi = sc->sc_args[1];
	regs.rdx = sc->sc_args[2];
	regs.r10 = sc->sc_args[3];
	regs.r8 = sc->sc_args[4];
	regs.r9 = sc->sc_args[5];
	regs.rax = sc->sc_entry ? (uint64_t)-ENOSYS : (uint64_t)sc->sc_rval;
	regs.rip = sc->sc_pc;
	regs.rsp = sc->sc_sp;
	memset(&fg, 0, sizeof(fg));
	fg.fg_th = th;
	fg.fg_tid = tr_thread_tid(th);
	fg.fg_regs = &regs;
	fg.fg_partregs = true;
	fg.fg_maxargs = DSL_NARGS;
	fg.fg_flush = true;
	return fire(t, &fg, &t->t_sysref[k], 1);
}

/*
 * Sample the processes whose profile-N probes are due, and say when the
 * next is due: the earlier of that and next (0: none).  A late period is
 * one sample, never a burst: samples taken back to back all land where
 * the thread was after the slowest stop, and would weigh that place more
 * than its time.
 */
static uint64_t mono_ns(void);

static uint64_t
samples_due(uint64_t next)
{
	uint64_t now = mono_ns();
	cmd_trace_t *o;
	size_t i;

	for (o = traces; o != NULL; o = o->t_next) {
		for (i = 0; i < o->t_nsamples; i++) {
			trace_sample_t *sp = &o->t_samples[i];

			if (o->t_s == NULL || o->t_gone)
				continue;
			if (sp->sp_next == 0)
				sp->sp_next = now + sp->sp_period;
			if (sp->sp_next <= now) {
				tr_sample(o->t_s, (uint32_t)i);
				while (sp->sp_next <= now)
					sp->sp_next += sp->sp_period;
			}
			if (next == 0 || sp->sp_next < next)
				next = sp->sp_next;
		}
	}
	return next;
}

static void
on_thread_exit(void *arg, tr_session_t *s, pid_t tid)
{
	cmd_trace_t *t = arg;

	(void)s;
	dsl_var_thread_gone(t->t_rt, (uint64_t)tid);
}

static void
on_exec(void *arg, tr_session_t *s)
{
	cmd_trace_t *t = arg;
	size_t i;

	(void)s;
	/*
	 * The new image has none of these functions where they were: drop
	 * every site and probe; on_ready resolves the descriptions again
	 * when the new program reaches its entry (its probes get new ids).
	 */
	for (i = 0; i < t->t_nsites; i++)
		free(t->t_sites[i].ts_refs);
	t->t_nsites = 0;
	t->t_nctrs = 0;		/* the tracer forgot them with the image */
	if (t->t_shash != NULL)
		memset(t->t_shash, 0, t->t_shsize * sizeof(*t->t_shash));
	t->t_rtld_ok = false;
	addrsym_flush(t->t_syms);
	tr_ustack_flush();
	read_ids(t);
	for (i = 0; pb_providers[i] != NULL; i++)
		if (pb_providers[i]->pv_flush != NULL)
			pb_providers[i]->pv_flush();
}

/*
 * The process died of signal sig: if the fault that killed it struck
 * code of ours (a branch into the bytes a jump replaced, a trampoline, an
 * out-of-line slot), say where and which site: that is pidtrace's bug.
 */
static void
fault_report(cmd_trace_t *t, tr_session_t *s, int sig)
{
	const tr_fault_t *f = tr_fault_last(s);
	char name[512];

	if (f->fl_sig != sig || f->fl_where == TR_FAULT_NONE)
		return;
	if (f->fl_cookie < t->t_nsites && t->t_sites[f->fl_cookie].ts_nrefs)
		site_name(t, &t->t_sites[f->fl_cookie], name, sizeof(name));
	else
		snprintf(name, sizeof(name), "pidtrace's own breakpoint");
	if (f->fl_where == TR_FAULT_PATCH) {
		fprintf(stderr, "pidtrace: pid %d: thread %d faulted at %#llx, "
			"inside the %u bytes at %#llx that pidtrace's jump "
			"replaced for %s: a bug of pidtrace's (a branch it did "
			"not see lands there), please report it with this "
			"line\n", (int)t->t_pid, (int)f->fl_tid,
			(unsigned long long)f->fl_pc, (unsigned)f->fl_len,
			(unsigned long long)f->fl_p0, name);
		return;
	}
	/* The instructions moved there may fault on their own. */
	fprintf(stderr, "pidtrace: pid %d: thread %d faulted at %#llx "
		"(address %#llx) in %s for %s, which runs the instructions of "
		"%#llx\n", (int)t->t_pid, (int)f->fl_tid,
		(unsigned long long)f->fl_pc, (unsigned long long)f->fl_addr,
		f->fl_where == TR_FAULT_TRAMP ? "pidtrace's trampoline" :
		"pidtrace's out-of-line slot", name,
		(unsigned long long)f->fl_site);
}

static void
on_exit_(void *arg, tr_session_t *s, int status)
{
	cmd_trace_t *t = arg;

	t->t_gone = true;
	t->t_status = status;
	/*
	 * Now, not at the end: the other processes may go on being traced.
	 * A death by a signal is said under -q too: a quiet run's output
	 * must not look complete when the program did not finish.
	 */
	if (WIFSIGNALED(status) && t->t_refused && !begin_fired &&
	    t->t_launched && WTERMSIG(status) == SIGKILL) {
		/* Ours: fastpath=require refused to start it. */
	} else if (WIFSIGNALED(status)) {
		fprintf(stderr, "pidtrace: pid %d was killed by signal %d "
			"(SIG%s)\n", (int)t->t_pid, WTERMSIG(status),
			sigabbrev_np(WTERMSIG(status)) != NULL ?
			sigabbrev_np(WTERMSIG(status)) : "?");
		fault_report(t, s, WTERMSIG(status));
	} else if (!trace_quiet) {
		fprintf(stderr, "pidtrace: pid %d has exited\n",
			(int)t->t_pid);
	}
}

static uint64_t
mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Arm a one-shot SIGALRM for the next tick. */
static void
arm_timer(uint64_t next_ns)
{
	struct itimerval it;
	uint64_t now = mono_ns(), d;

	memset(&it, 0, sizeof(it));
	if (next_ns != 0) {
		d = next_ns > now ? next_ns - now : 1000;
		if (d < 1000)
			d = 1000;
		it.it_value.tv_sec = (time_t)(d / 1000000000ull);
		it.it_value.tv_usec = (suseconds_t)(d % 1000000000ull / 1000);
		if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
			it.it_value.tv_usec = 1;
	}
	setitimer(ITIMER_REAL, &it, NULL);
}

static int
on_wake(void *arg, tr_session_t *s)
{
	cmd_trace_t *t = arg;
	uint64_t next = 0;

	(void)s;
	if (t->t_tick != NULL &&
	    t->t_tick(t->t_tickarg, &next) == DSL_FIRE_EXIT) {
		t->t_exited = true;
		return 1;
	}
	arm_timer(samples_due(next));
	return 0;
}

/* Every session: any one still traced wakes the loop. */
static void
on_stop_signal(int sig)
{
	cmd_trace_t *t;

	(void)sig;
	if (the_trace == NULL)
		return;
	the_trace->t_signalled = true;
	for (t = traces; t != NULL; t = t->t_next)
		if (t->t_s != NULL && !t->t_gone)
			tr_stop_async(t->t_s);
}

/* One process still traced does the timed work for all. */
static void
on_alarm(int sig)
{
	cmd_trace_t *t;

	(void)sig;
	if (the_trace == NULL)
		return;
	for (t = traces; t != NULL; t = t->t_next)
		if (t->t_s != NULL && !t->t_gone) {
			tr_wake_async(t->t_s);
			return;
		}
}

/*
 * A #! script's descriptions may match nothing at first (trace_deferred);
 * name those that matched nothing in any program it ran.
 */
static void
unmatched_notice(const cmd_trace_t *t)
{
	size_t d, i, k;
	bool seen;

	for (d = 0; d < t->t_ndescs; d++) {
		seen = false;
		for (i = 0; i < t->t_nprobes && !seen; i++)
			for (k = 0; k < t->t_probes[i].tp_ndescs; k++)
				if (t->t_probes[i].tp_descs[k] ==
				    t->t_descs[d])
					seen = true;
		if (!seen)
			fprintf(stderr, "pidtrace: probe description %s "
				"matched no probes in pid %d or what it "
				"exec'd\n", dsl_prog_desc(t->t_pg,
				t->t_descs[d])->pd_text, (int)t->t_pid);
	}
	for (d = 0; d < t->t_npending; d++)
		fprintf(stderr, "pidtrace: probe description %s matched no "
			"probes in pid %d or what it exec'd\n",
			dsl_prog_desc(t->t_pg, t->t_pending[d])->pd_text,
			(int)t->t_pid);
}

int
trace_run(cmd_trace_t *t, dsl_rt_t *rt, bool quiet,
	  int (*tick)(void *arg, uint64_t *next_ns), void *arg)
{
	tr_handlers_t *h;
	const tr_handlers_t **hs;
	tr_session_t **ss;
	struct sigaction sa;
	cmd_trace_t *o;
	uint64_t next = 0;
	size_t n = 0, i;
	int rc;
	bool refused = false;

	for (o = traces; o != NULL; o = o->t_next)
		n++;
	h = calloc(n, sizeof(*h));
	hs = calloc(n, sizeof(*hs));
	ss = calloc(n, sizeof(*ss));
	if (h == NULL || hs == NULL || ss == NULL) {
		fprintf(stderr, "pidtrace: out of memory\n");
		exit(1);
	}
	for (o = traces, i = 0; o != NULL; o = o->t_next, i++) {
		o->t_rt = rt;
		o->t_tick = tick;
		o->t_tickarg = arg;
		h[i].h_arg = o;
		h[i].h_ready = on_ready;
		h[i].h_hit = on_hit;
		h[i].h_thread_exit = on_thread_exit;
		h[i].h_exec = on_exec;
		h[i].h_exit = on_exit_;
		h[i].h_wake = on_wake;
		h[i].h_record = on_record;
		h[i].h_drained = on_drained;
		h[i].h_syscall = on_syscall;
		h[i].h_sample = on_sample;
		hs[i] = &h[i];
		ss[i] = o->t_s;
		if (o->t_nsysref != 0 && tr_syscalls(o->t_s, true) < 0)
			fprintf(stderr, "pidtrace: pid %d: syscall probes need "
				"PTRACE_GET_SYSCALL_INFO (Linux 5.3): %s\n",
				(int)o->t_pid, strerror(errno));
	}
	trace_quiet = quiet;
	the_trace = t;
	/* Our handlers only set a flag; the loop notices (tr_stop_async). */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	if (tick != NULL && tick(arg, &next) == DSL_FIRE_EXIT) {
		t->t_exited = true;
	} else {
		arm_timer(samples_due(next));
		rc = tr_run_many(ss, hs, n);
		arm_timer(0);
		if (rc < 0)
			fprintf(stderr, "pidtrace: tracing pid %d failed: %s\n",
				(int)t->t_pid, strerror(errno));
	}
	for (o = traces; o != NULL; o = o->t_next) {
		tr_session_t *s = o->t_s;

		if (s != NULL && o->t_began)
			fast_report(o, s);	/* a dlopen's, not said yet */
		refused |= o->t_refused;
		if (!o->t_gone && o->t_launched) {
			/* As dtrace: a process we created dies with us. */
			kill(o->t_pid, SIGKILL);
		}
		o->t_s = NULL;	/* the signal handlers look at it */
		if (s != NULL && tr_fast_drops(s) != 0)
			fprintf(stderr, "pidtrace: %llu drops in pid %d\n",
				(unsigned long long)tr_fast_drops(s),
				(int)o->t_pid);
		tr_free(s);
		if (o->t_script && !o->t_zdefs)
			unmatched_notice(o);
	}
	free(h);
	free(hs);
	free(ss);
	if (t->t_signalled)
		dsl_rt_interrupted(rt);
	the_trace = NULL;
	if (refused && !begin_fired)
		return 1;	/* refused to start: nothing ran */
	rc = dsl_rt_end(rt, NULL);
	return refused ? 1 : rc;
}
