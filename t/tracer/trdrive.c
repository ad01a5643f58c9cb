/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/tracer/trdrive.c: drive the tracer without D or ELF code, for tests.
 *
 *	trdrive [-x N] [-v] (-p PID | -c CMD ARGS...) -- NAME=OFFSET...
 *	trdrive [-x N] [-v] -s NAME=OFFSET... -p PID
 *
 * Each site NAME=OFFSET is an offset in the main executable (as `nm`
 * prints it for a PIE); it is relocated by the executable's load base and
 * patched whenever the session is ready (after attach, at the entry of a
 * launched or exec'd program).  "armed N" goes to stderr when the sites
 * are in (the test's handshake).  On SIGINT/SIGTERM it detaches.  At the
 * end it prints "NAME hits N" per site, then the tracer's counters.
 * -x N: end the session from the hit handler after N hits (D's exit()).
 * -R N: after N hits, remove every site from the hit handler (threads
 * that hit meanwhile must not see a SIGTRAP) and keep running.
 * -w: a 10 ms interval timer calls tr_wake_async; prints "wakes N".
 * -n: check tr_next_pc: when a thread's predicted next pc is a site, its
 * next hit must be there; prints "nextpc checked=N bad=M".
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tracer/tracer.h"

#define MAXSITE	512

static struct site {
	const char	*name;
	uint64_t	off;
	uint64_t	hits;
} sites[MAXSITE];
static int nsites;
static uint64_t total, exit_after, remove_after;
static tr_session_t *sess;
static int armed_count;
static int check_next;
static uint64_t next_checked, next_bad;
static uint64_t base_now;

static int
site_index(uint64_t addr)
{
	int i;

	for (i = 0; i < nsites; i++)
		if (base_now + sites[i].off == addr)
			return i;
	return -1;
}

static uint64_t wakes;

static void
on_alarm(int sig)
{
	(void)sig;
	if (sess != NULL)
		tr_wake_async(sess);
}

static int
h_wake(void *arg, tr_session_t *s)
{
	(void)arg;
	(void)s;
	wakes++;
	return 0;
}

static void
on_signal(int sig)
{
	(void)sig;
	if (sess != NULL)
		tr_stop_async(sess);
}

/* Load base of the main executable: its first mapping (0 if ET_EXEC). */
static uint64_t
exe_base(pid_t pid)
{
	char path[64], exe[4096], line[4096 + 128], file[4096];
	uint64_t lo, off;
	unsigned char eh[18];
	ssize_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	n = readlink(path, exe, sizeof(exe) - 1);
	if (n < 0)
		return 0;
	exe[n] = '\0';
	f = fopen(path, "re");
	if (f != NULL) {
		if (fread(eh, 1, sizeof(eh), f) == sizeof(eh) && eh[16] == 2) {
			fclose(f);
			return 0;	/* ET_EXEC: addresses are absolute */
		}
		fclose(f);
	}
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		file[0] = '\0';
		if (sscanf(line, "%" SCNx64 "-%*x %*s %" SCNx64 " %*s %*s %4095s",
			   &lo, &off, file) >= 2 && strcmp(file, exe) == 0) {
			fclose(f);
			return lo - off;
		}
	}
	fclose(f);
	return 0;
}

static void
h_ready(void *arg, tr_session_t *s)
{
	uint64_t base = exe_base(tr_proc_tid(s));
	int i, n = 0;

	(void)arg;
	base_now = base;
	for (i = 0; i < nsites; i++) {
		if (tr_bkpt_add(s, base + sites[i].off, (uint32_t)i) < 0) {
			fprintf(stderr, "trdrive: site %s at %#" PRIx64 ": %s\n",
				sites[i].name, base + sites[i].off,
				strerror(errno));
			continue;
		}
		n++;
	}
	armed_count++;
	fprintf(stderr, "armed %d (%d)\n", n, armed_count);
}

static int
h_hit(void *arg, tr_session_t *s, tr_thread_t *th, uint32_t cookie,
      uint64_t addr, const struct user_regs_struct *regs)
{
	(void)arg;
	if (regs->rip != addr)
		fprintf(stderr, "trdrive: rip %#llx != site %#" PRIx64 "\n",
			regs->rip, addr);
	sites[cookie].hits++;
	total++;
	if (check_next) {
		void **u = tr_thread_user(th);
		uint64_t want = (uint64_t)(uintptr_t)*u;

		if (want != 0) {
			next_checked++;
			if (want != addr) {
				if (next_bad++ < 5)
					fprintf(stderr, "trdrive: predicted "
						"%#" PRIx64 ", hit %#" PRIx64
						"\n", want, addr);
			}
		}
		want = tr_next_pc(s, addr, regs);
		if (site_index(want) < 0)
			want = 0;
		*u = (void *)(uintptr_t)want;
	}
	if (remove_after != 0 && total == remove_after) {
		int i;

		for (i = 0; i < nsites; i++)
			if (tr_bkpt_remove(s, base_now + sites[i].off) < 0)
				fprintf(stderr, "trdrive: remove %s: %s\n",
					sites[i].name, strerror(errno));
		fprintf(stderr, "removed %zu left\n", tr_bkpt_count(s));
	}
	return exit_after != 0 && total >= exit_after;
}

static void
h_exec(void *arg, tr_session_t *s)
{
	(void)arg;
	(void)s;
	fprintf(stderr, "exec\n");
}

static void
h_exit(void *arg, tr_session_t *s, int status)
{
	(void)arg;
	(void)s;
	if (WIFSIGNALED(status))
		printf("target killed by signal %d\n", WTERMSIG(status));
	else
		printf("target exited %d\n", WEXITSTATUS(status));
}

static uint64_t nthreads_exited;

static void
h_thread_exit(void *arg, tr_session_t *s, pid_t tid)
{
	(void)arg;
	(void)s;
	(void)tid;
	nthreads_exited++;
}

static void
h_notice(void *arg, tr_session_t *s, int code, uint64_t addr,
	 const char *text)
{
	(void)arg;
	(void)code;
	(void)addr;
	fprintf(stderr, "trdrive: pid %d: %s\n", (int)tr_pid(s), text);
}

int
main(int argc, char **argv)
{
	tr_handlers_t h = {
		.h_ready = h_ready, .h_hit = h_hit, .h_exec = h_exec,
		.h_exit = h_exit, .h_thread_exit = h_thread_exit,
		.h_wake = h_wake, .h_notice = h_notice,
	};
	int use_timer = 0;
	struct sigaction sa;
	tr_stats_t st;
	pid_t pid = 0;
	char **cmd = NULL;
	int i, c, rc;

	while ((c = getopt(argc, argv, "+p:cnwx:R:s:")) != -1) {
		switch (c) {
		case 'p':
			pid = (pid_t)atoi(optarg);
			break;
		case 'c':
			cmd = argv;	/* marker: the command follows */
			break;
		case 'n':
			check_next = 1;
			break;
		case 'w':
			use_timer = 1;
			break;
		case 'R':
			remove_after = strtoull(optarg, NULL, 0);
			break;
		case 'x':
			exit_after = strtoull(optarg, NULL, 0);
			break;
		case 's':
			if (nsites < MAXSITE) {
				char *eq = strchr(optarg, '=');

				if (eq == NULL)
					return 2;
				*eq = '\0';
				sites[nsites].name = optarg;
				sites[nsites++].off = strtoull(eq + 1, NULL,
							       16);
			}
			break;
		default:
			return 2;
		}
	}
	if (cmd != NULL)
		cmd = argv + optind;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: waitpid sees EINTR */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);

	if (cmd != NULL && cmd[0] != NULL)
		sess = tr_launch(cmd);
	else if (pid > 0)
		sess = tr_attach(pid);
	else
		return 2;
	if (sess == NULL) {
		fprintf(stderr, "trdrive: %s\n", tr_errmsg());
		for (size_t k = 0; tr_errhint(k) != NULL; k++)
			fprintf(stderr, "hint: %s\n", tr_errhint(k));
		return 1;
	}
	if (use_timer) {
		struct itimerval it = { { 0, 10000 }, { 0, 10000 } };

		sa.sa_handler = on_alarm;
		sigaction(SIGALRM, &sa, NULL);
		setitimer(ITIMER_REAL, &it, NULL);
	}
	rc = tr_run(sess, &h);
	if (use_timer) {
		struct itimerval it = { { 0, 0 }, { 0, 0 } };

		setitimer(ITIMER_REAL, &it, NULL);
		printf("wakes %" PRIu64 "\n", wakes);
	}
	tr_stats(sess, &st);
	for (i = 0; i < nsites; i++)
		printf("%s hits %" PRIu64 "\n", sites[i].name, sites[i].hits);
	printf("stats hits=%" PRIu64 " emulated=%" PRIu64 " xol=%" PRIu64
	       " signals=%" PRIu64 " forks=%" PRIu64 " threads=%" PRIu64
	       " exited=%" PRIu64 "\n", st.st_hits, st.st_emulated, st.st_xol,
	       st.st_signals, st.st_forks, st.st_threads, nthreads_exited);
	if (check_next)
		printf("nextpc checked=%" PRIu64 " bad=%" PRIu64 "\n",
		       next_checked, next_bad);
	tr_free(sess);
	fflush(stdout);
	return rc == 0 ? 0 : 1;
}
