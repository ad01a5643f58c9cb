/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/proc.c: the processes traced: grabbing them (-p attaches,
 * -c launches), what D says of them (pid, ppid, uid, gid, execname),
 * reading their memory, naming their addresses, pinning pidtrace to a
 * CPU, letting them go.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/trace/impl.h"
#include "lib/text.h"
#include "probes/brtarget.h"
#include "probes/procns.h"

/* D's ppid, uid, gid and execname of the process: at grab, at exec. */
void
trace_proc_ids(trace_proc_t *p)
{
	long v;

	if ((v = tr_proc_status(p->p_pid, "PPid:", NULL, 0)) >= 0)
		p->p_ppid = (pid_t)v;
	if ((v = tr_proc_status(p->p_pid, "Uid:", NULL, 0)) >= 0)
		p->p_uid = (uid_t)v;
	if ((v = tr_proc_status(p->p_pid, "Gid:", NULL, 0)) >= 0)
		p->p_gid = (gid_t)v;
	tr_proc_status(p->p_pid, "Name:", p->p_comm, sizeof(p->p_comm));
}

/* The process of thread tid (its Tgid), or -1. */
static pid_t
tgid_of(pid_t tid)
{
	return (pid_t)tr_proc_status(tid, "Tgid:", NULL, 0);
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

/*
 * -c's command into words: dtrace splits it at blanks; a shell's quotes
 * are honoured too, as bpftrace's users expect: '...' keeps its text as
 * it is, "..." too but for \\, \" (and \$, \`), a backslash outside
 * quotes keeps the next character; no expansion ($, globs, ~) is done.
 * The words go into buf (as long as command), argv gets them and a NULL
 * (at most strlen(command) / 2 + 1 words); returns how many, or sets
 * *err on an unterminated quote.
 */
static size_t
split_command(const char *s, char *buf, char **argv, const char **err)
{
	size_t n = 0;
	char *o = buf;

	for (;;) {
		bool word = false;
		char q = 0;

		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (*s == '\0')
			break;
		argv[n] = o;
		for (; *s != '\0'; s++) {
			if (q == '\'') {
				if (*s == '\'')
					q = 0;
				else
					*o++ = *s;
			} else if (q == '"') {
				if (*s == '"')
					q = 0;
				else if (*s == '\\' && s[1] != '\0' &&
				    strchr("\\\"$`", s[1]) != NULL)
					*o++ = *++s;
				else
					*o++ = *s;
			} else if (*s == '\'' || *s == '"') {
				q = *s;
			} else if (*s == '\\' && s[1] != '\0') {
				*o++ = *++s;
			} else if (*s == ' ' || *s == '\t' || *s == '\n') {
				break;
			} else {
				*o++ = *s;
			}
			word = true;
		}
		if (q != 0) {
			*err = q == '"' ? "unterminated \" quote" :
			    "unterminated ' quote";
			return 0;
		}
		*o++ = '\0';
		if (word)
			n++;
	}
	argv[n] = NULL;
	return n;
}

/* Launch command, split into words as split_command does. */
static tr_session_t *
launch(const char *command, bool *script, char *err, size_t errlen)
{
	char *copy = malloc(strlen(command) + 1);
	char **argv = calloc(strlen(command) / 2 + 2, sizeof(*argv));
	const char *why = NULL;
	tr_session_t *s = NULL;
	size_t n;

	if (copy == NULL || argv == NULL) {
		snprintf(err, errlen, "out of memory");
	} else if ((n = split_command(command, copy, argv, &why)) == 0) {
		if (why != NULL)
			snprintf(err, errlen, "-c %s: %s", command, why);
		else
			snprintf(err, errlen, "-c: empty command");
	} else {
		s = tr_launch_exec(argv);
		*script = is_script(argv[0]);
	}
	free(argv);
	free(copy);
	return s;
}

int
trace_proc_userns(pid_t pid, char *err, size_t errlen)
{
	return pid > 0 ? pb_proc_userns_enter(pid, err, errlen) : 0;
}

int
trace_proc_grab(trace_t *tr, pid_t pid, const char *command, char *err,
    size_t errlen)
{
	trace_proc_t *p, **pp;
	bool script = false;
	tr_session_t *s;

	/*
	 * -p N -p N: one process, grabbed once (dtrace's dt_proc_grab).  A
	 * thread id names its process, as for tr_attach.
	 */
	for (p = tr->tr_procs; p != NULL && command == NULL; p = p->p_next)
		if (p->p_pid == pid || p->p_pid == tgid_of(pid))
			return 0;
	err[0] = '\0';
	if (command != NULL) {
		if ((s = launch(command, &script, err, errlen)) == NULL)
			return -1;
	} else if ((s = tr_attach(pid)) == NULL) {
		return -1;
	}
	if ((p = calloc(1, sizeof(*p))) == NULL) {
		if (command != NULL)
			kill(tr_pid(s), SIGKILL);
		tr_detach(s);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	p->p_s = s;
	p->p_pid = tr_pid(s);
	p->p_launched = command != NULL;
	p->p_script = script;
	p->p_cpupin = -1;
	trace_enable_scope(&p->p_sc, tr, p);
	for (pp = &tr->tr_procs; *pp != NULL; pp = &(*pp)->p_next)
		;
	*pp = p;
	trace_proc_ids(p);
	return 0;
}

/*
 * -x follow: a child of parent's (a fork child, or a vfork child at its
 * exec), a session of its own, becomes a process traced by the same
 * program, appended to the list ($target stays the first).  Its probes
 * are claimed now; the loop arms them (h_ready).  NULL when out of
 * memory: the tracer lets the child go.
 */
trace_proc_t *
trace_proc_adopt(trace_t *tr, trace_proc_t *parent, tr_session_t *child)
{
	trace_proc_t *p, **pp;
	const pb_provider_t *const *pv;

	(void)parent;	/* the program and options are the trace's */
	if ((p = calloc(1, sizeof(*p))) == NULL)
		return NULL;
	p->p_s = child;
	p->p_pid = tr_pid(child);
	p->p_child = true;
	p->p_cpupin = -1;
	p->p_early = tr_launch_atexec(child);
	trace_enable_scope(&p->p_sc, tr, p);
	for (pp = &tr->tr_procs; *pp != NULL; pp = &(*pp)->p_next)
		;
	*pp = p;
	trace_proc_ids(p);
	tr_fast_config(child, !tr->tr_opts.op_fastoff, tr->tr_opts.op_ring);
	tr_follow(child, true);
	/*
	 * A vfork child adopted at its exec is a new image that no on_exec
	 * announced: the providers' caches are aged as for an exec, or a
	 * file rewritten in place since they read it would be taken for
	 * the one they read (its device and inode are the same).
	 */
	if (p->p_early)
		for (pv = tr->tr_provs; *pv != NULL; pv++)
			if ((*pv)->pv_flush != NULL)
				(*pv)->pv_flush();
	trace_enable_child(p);
	return p;
}

pid_t
trace_proc_target(const trace_t *tr)
{
	return tr->tr_procs != NULL ? tr->tr_procs->p_pid : 0;
}

bool
trace_proc_deferred(const trace_t *tr)
{
	const trace_proc_t *p;

	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		if (p->p_script || p->p_early)
			return true;
	return false;
}

/* A -c command held at its exec event: run it to its entry point. */
int
trace_proc_entry(trace_proc_t *p, char *err, size_t errlen)
{
	if (p->p_s == NULL || !tr_launch_atexec(p->p_s))
		return 0;
	if (tr_launch_entry(p->p_s) < 0) {
		snprintf(err, errlen, "%s", tr_errmsg());
		return -1;
	}
	trace_proc_ids(p);
	return 0;
}

/*
 * Whether a description of the program matches a syscall probe (BEGIN's
 * empty provider field names every provider, and matches none): the
 * provider's count of matches (PB_COUNT), no probe made (making the 370
 * of syscall:::entry to throw them away took 0.2 ms of every start).
 */
static bool
wants_syscalls(const trace_t *tr, const trace_proc_t *p)
{
	const pb_provider_t *const *pp;
	const dsl_pdesc_t *pd;
	char err[256];
	size_t d;

	for (pp = tr->tr_provs; *pp != NULL; pp++) {
		if (strcmp((*pp)->pv_name, "syscall") != 0)
			continue;
		for (d = 0; d < dsl_prog_ndescs(tr->tr_pg); d++) {
			pb_probe_list_t list = PB_PROBE_LIST_INIT;
			pb_desc_t desc;
			int n;

			pd = dsl_prog_desc(tr->tr_pg, d);
			if (!(*pp)->pv_names(pd->pd_prov, p->p_pid))
				continue;
			desc.de_prov = pd->pd_prov;
			desc.de_mod = pd->pd_mod;
			desc.de_func = pd->pd_func;
			desc.de_name = pd->pd_name;
			n = (*pp)->pv_resolve(p->p_pid, trace_proc_tid(p),
			    &desc, PB_ZEROOK | PB_COUNT, &list, err,
			    sizeof(err));
			pb_probe_list_free(&list);
			if (n > 0)
				return true;
		}
	}
	return false;
}

int
trace_proc_launched(trace_t *tr, char *err, size_t errlen)
{
	trace_proc_t *p;

	for (p = tr->tr_procs; p != NULL; p = p->p_next) {
		if (p->p_s == NULL || !p->p_launched)
			continue;
		if (!tr_launch_atexec(p->p_s)) {
			if (p->p_dwentry && wants_syscalls(tr, p))
				trace_notice(tr, "pid %d: syscall probes "
				    "start at its entry point, not at its "
				    "exec: args[] of a pid probe needed its "
				    "libraries", (int)p->p_pid);
			continue;
		}
		/*
		 * -x fastpath=require: the loader's calls would stop the
		 * thread (dispatch needs the fast path's pages, which come
		 * at the entry point): syscall probes start there, said.
		 */
		if (!tr->tr_opts.op_list && !tr->tr_opts.op_fastreq &&
		    !p->p_script && wants_syscalls(tr, p)) {
			p->p_early = true;
			/* its libc's landing scan, from now on (arm.c's
			 * sys_start would begin it only after the
			 * probes are resolved) */
			if (!tr->tr_opts.op_fastoff)
				(void)pb_brt_prefetch_libc(p->p_pid);
			continue;
		}
		if (!tr->tr_opts.op_list && tr->tr_opts.op_fastreq &&
		    wants_syscalls(tr, p))
			trace_notice(tr, "pid %d: -x fastpath=require: "
			    "syscall probes start at its entry point, not at "
			    "its exec: the dynamic loader's calls would stop "
			    "the thread", (int)p->p_pid);
		if (trace_proc_entry(p, err, errlen) < 0)
			return -1;
	}
	return 0;
}

/*
 * Where /proc tells about the process: its pid, or a live thread when
 * the leader called pthread_exit (a zombie leader's maps are empty).
 */
pid_t
trace_proc_tid(const trace_proc_t *p)
{
	return p->p_s != NULL ? tr_proc_tid(p->p_s) : p->p_pid;
}

/* A pb_readmem_fn over process proc. */
int
trace_proc_read(void *proc, uint64_t addr, void *buf, size_t len)
{
	trace_proc_t *p = proc;
	ssize_t n;

	if (p->p_s == NULL) {	/* gone: a stack named after its end */
		errno = ESRCH;
		return -1;
	}
	n = tr_read(p->p_s, addr, buf, len);
	if (n < 0 || (size_t)n != len) {
		errno = EFAULT;
		return -1;
	}
	return 0;
}

/*
 * The process's memory as it could read it itself (tr_read_user): what
 * D's clauses and the providers' arguments read, so that an unreadable
 * page is an invalid address on every path, as in the process's own
 * clause code.
 */
int
trace_proc_read_user(void *proc, uint64_t addr, void *buf, size_t len)
{
	trace_proc_t *p = proc;
	ssize_t n;

	if (p->p_s == NULL) {
		errno = ESRCH;
		return -1;
	}
	n = tr_read_user(p->p_s, addr, buf, len);
	if (n < 0 || (size_t)n != len) {
		errno = EFAULT;
		return -1;
	}
	return 0;
}

/* The process's symbols, made on first use (the vDSO read from memory). */
trace_addrsym_t *
trace_proc_syms(trace_proc_t *p)
{
	if (p->p_syms == NULL) {
		p->p_syms = trace_addrsym_new(p->p_pid, trace_proc_tid(p));
		trace_addrsym_set_reader(p->p_syms, trace_proc_read, p);
	}
	return p->p_syms;
}

/* The CPU task tid last ran on (/proc/PID/task/TID/stat field 39). */
static int
task_cpu(pid_t pid, pid_t tid)
{
	char path[64], buf[1024], *s;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)pid,
	    (int)tid);
	if (read_text(path, buf, sizeof(buf)) < 0)
		return -1;
	s = strrchr(buf, ')');	/* comm may hold spaces */
	for (i = 2; s != NULL && i < 39; i++)
		s = strchr(s + 1, ' ');
	return s == NULL ? -1 : atoi(s + 1);
}

/*
 * -x cpupin[=CPU]: at the first firing pidtrace runs (a stop or a
 * record: clauses run in the traced process never come here), pin
 * pidtrace (never the target) to CPU, or to the CPU the firing thread
 * last ran on, and stay there.
 * A stop and its CONT then wake tasks on our CPU and the scheduler's
 * wake-affine placement keeps the tracee by us: bench/overhead measures
 * a firing 20-50x dearer when tracer and tracee sit on different CPUs.
 * Following the tracee instead (re-pinning when it moved, checked every
 * 10 ms) made the two chase each other: worse than leaving both free.
 */
void
trace_proc_pin(trace_proc_t *p, pid_t tid)
{
	cpu_set_t set;
	int cpu = p->p_cpupin;

	p->p_cpupin = -1;	/* once */
	if (cpu == INT_MAX)
		cpu = task_cpu(p->p_pid, tid);
	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0)
		trace_notice(p->p_sc.sc_tr, "cpupin: cpu %d: %s", cpu,
		    strerror(errno));
}

/*
 * Let a process go before tracing it (a grab that failed after it, -l,
 * an error): untouched, as nothing is armed; one we created dies, as
 * dtrace's do.
 */
void
trace_proc_release(trace_proc_t *p)
{
	tr_session_t *s = p->p_s;

	if (s == NULL)
		return;
	if (p->p_launched)
		kill(p->p_pid, SIGKILL);
	p->p_s = NULL;
	tr_detach(s);
}

void
trace_proc_sysml_drop(trace_proc_t *p)
{
	if (p->p_sysml_at != 0)
		pb_modlist_free(&p->p_sysml);
	p->p_sysml_at = 0;
}

void
trace_proc_free(trace_proc_t *p)
{
	trace_proc_sysml_drop(p);
	trace_proc_release(p);
	trace_reg_free(&p->p_sc.sc_reg);
	trace_arm_free(&p->p_sc.sc_arm);
	trace_addrsym_free(p->p_syms);
	free(p->p_report);
	free(p);
}
