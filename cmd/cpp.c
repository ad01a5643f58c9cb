/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpp.c: pidtrace -C.  The system's C preprocessor runs as a child with
 * three pipes (no shell between): the text in, the preprocessed text
 * out, its messages on the third.  The D lexer reads the line markers
 * cpp writes (dsl/lex.c, line_marker), so the compiler's errors cite the
 * file and line the user wrote; cpp's own errors are reworded into
 * pidtrace's one line here.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd/cpp.h"

extern char **environ;

/*
 * The macros dtrace defines for cpp (libdtrace's dt_open.c and dt_cc.c
 * of Oracle's Linux DTrace): __linux, __unix, __SVR4, __SUNW_D=1,
 * __SUNW_D_64 (the data model's pointer bits), __<sysname> (uname's:
 * __Linux), __amd64 on x86-64, and __SUNW_D_VERSION, the D version
 * (major << 24 | minor << 12 | micro): Oracle's latest, 2.0.1, whose
 * language pidtrace follows.  __GNUC__ is undefined so that headers do
 * not take D for GNU C; -std=c99 is dtrace's default (-Xa) mode, which
 * also leaves "linux" and "unix" undefined, names a D program may use.
 */
static const char *const predef[] = {
	"-D__linux", "-D__unix", "-D__SVR4", "-D__SUNW_D=1", "-U__GNUC__",
	"-D__SUNW_D_64",
#if defined(__x86_64__)
	"-D__amd64",
#endif
};

/* A growing buffer of bytes. */
typedef struct buf {
	char	*b_p;
	size_t	b_len, b_cap;
} buf_t;

static int
buf_add(buf_t *b, const char *p, size_t n)
{
	if (b->b_len + n + 1 > b->b_cap) {
		size_t cap = b->b_cap ? b->b_cap : 8192;
		char *np;

		while (b->b_len + n + 1 > cap)
			cap *= 2;
		if ((np = realloc(b->b_p, cap)) == NULL)
			return -1;
		b->b_p = np;
		b->b_cap = cap;
	}
	memcpy(b->b_p + b->b_len, p, n);
	b->b_len += n;
	b->b_p[b->b_len] = '\0';
	return 0;
}

/*
 * The text cpp reads: a line marker naming the program first, so that
 * cpp's markers and messages name it rather than "<stdin>", then the
 * text, its "#!" line (which cpp would refuse) left empty so that the
 * line numbers stay.  The name is a C string in the marker.
 */
static int
make_input(buf_t *in, const char *name, const char *text)
{
	const char *p;
	char c[4];

	if (buf_add(in, "# 1 \"", 5) < 0)
		return -1;
	for (p = name; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\') {
			c[0] = '\\';
			c[1] = *p;
			if (buf_add(in, c, 2) < 0)
				return -1;
		} else if (*p == '\n') {
			if (buf_add(in, "\\n", 2) < 0)
				return -1;
		} else if (buf_add(in, p, 1) < 0) {
			return -1;
		}
	}
	if (buf_add(in, "\"\n", 2) < 0)
		return -1;
	if (text[0] == '#' && text[1] == '!')
		text += strcspn(text, "\n");
	return buf_add(in, text, strlen(text));
}

/*
 * cpp's first error, "file:line:col: error: message" (GCC's format; a
 * "fatal error" too), as "file:line:col: message"; the lines before it
 * ("In file included from ...") and the notes after it go.  When no line
 * says so, the first line cpp wrote.
 */
static void
first_error(const char *msgs, int status, char *err, size_t errlen)
{
	static const char *const marks[] = { ": fatal error: ", ": error: " };
	const char *line = msgs, *end;
	size_t i;

	for (; *line != '\0'; line = *end != '\0' ? end + 1 : end) {
		end = line + strcspn(line, "\n");
		for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
			const char *m = strstr(line, marks[i]);

			if (m == NULL || m > end)
				continue;
			snprintf(err, errlen, "%.*s: %.*s", (int)(m - line),
			    line, (int)(end - m - strlen(marks[i])),
			    m + strlen(marks[i]));
			return;
		}
	}
	end = msgs + strcspn(msgs, "\n");
	if (WIFSIGNALED(status))
		snprintf(err, errlen, "the C preprocessor died of signal %d",
		    WTERMSIG(status));
	else if (end > msgs)
		snprintf(err, errlen, "the C preprocessor failed: %.*s",
		    (int)(end - msgs), msgs);
	else
		snprintf(err, errlen, "the C preprocessor failed (exit "
		    "status %d)", WEXITSTATUS(status));
}

/*
 * Feed in to the child's standard input while reading its output and
 * messages: each pipe is served when it is ready, so that neither side
 * waits on the other whatever the sizes.
 */
static int
pump(int fin, int fout, int ferr, const buf_t *in, buf_t *out, buf_t *msgs)
{
	size_t off = 0;
	char chunk[65536];

	while (fout >= 0 || ferr >= 0) {
		struct pollfd pf[3] = {
			{ .fd = fout, .events = POLLIN },
			{ .fd = ferr, .events = POLLIN },
			{ .fd = fin, .events = POLLOUT },
		};
		ssize_t n;

		if (poll(pf, 3, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (fin >= 0 && (pf[2].revents & (POLLOUT | POLLERR |
		    POLLHUP)) != 0) {
			n = write(fin, in->b_p + off, in->b_len - off);
			if (n > 0)
				off += (size_t)n;
			/* done, or cpp stopped reading (it failed: its
			 * status says so) */
			if (off == in->b_len || (n < 0 && errno != EAGAIN &&
			    errno != EINTR)) {
				close(fin);
				fin = -1;
			}
		}
		for (int i = 0; i < 2; i++) {
			int *fd = i == 0 ? &fout : &ferr;
			buf_t *b = i == 0 ? out : msgs;

			if (*fd < 0 || (pf[i].revents & (POLLIN | POLLERR |
			    POLLHUP)) == 0)
				continue;
			n = read(*fd, chunk, sizeof(chunk));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				close(*fd);
				*fd = -1;
			} else if (buf_add(b, chunk, (size_t)n) < 0) {
				return -1;
			}
		}
	}
	if (fin >= 0)
		close(fin);
	return 0;
}

char *
cpp_run(const char *path, const char *const *args, size_t nargs,
    const char *name, const char *text, char *err, size_t errlen)
{
	size_t npre = sizeof(predef) / sizeof(predef[0]), argc = 0, i;
	char **argv = calloc(npre + nargs + 8, sizeof(*argv));
	char sysdef[80], verdef[40];
	int pin[2] = { -1, -1 }, pout[2] = { -1, -1 }, perr[2] = { -1, -1 };
	buf_t in = { 0 }, out = { 0 }, msgs = { 0 };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t sa;
	sigset_t pipemask, omask;
	struct utsname u;
	pid_t pid = -1;
	int status = 0, rc;
	bool fa_ok = false, sa_ok = false;

	if (argv == NULL || make_input(&in, name, text) < 0)
		goto nomem;
	argv[argc++] = (char *)"cpp";
	for (i = 0; i < npre; i++)
		argv[argc++] = (char *)predef[i];
	if (uname(&u) == 0 && strchr(u.sysname, ' ') == NULL) {
		snprintf(sysdef, sizeof(sysdef), "-D__%s", u.sysname);
		argv[argc++] = sysdef;
	}
	for (i = 0; i < nargs; i++)
		argv[argc++] = (char *)args[i];
	snprintf(verdef, sizeof(verdef), "-D__SUNW_D_VERSION=0x%08x",
	    (2u << 24) | (0u << 12) | 1u);
	argv[argc++] = verdef;
	argv[argc++] = (char *)"-std=c99";
	argv[argc] = NULL;

	if (pipe2(pin, O_CLOEXEC) < 0 || pipe2(pout, O_CLOEXEC) < 0 ||
	    pipe2(perr, O_CLOEXEC) < 0) {
		snprintf(err, errlen, "the C preprocessor: pipe: %s",
		    strerror(errno));
		goto fail;
	}
	fcntl(pin[1], F_SETFL, O_NONBLOCK);
	if (posix_spawn_file_actions_init(&fa) != 0)
		goto nomem;
	fa_ok = true;
	if (posix_spawnattr_init(&sa) != 0)
		goto nomem;
	sa_ok = true;
	/*
	 * A cpp that stops reading early must not kill pidtrace with
	 * SIGPIPE while it writes: blocked here, and the child gets the
	 * mask pidtrace had.
	 */
	sigemptyset(&pipemask);
	sigaddset(&pipemask, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipemask, &omask);
	posix_spawnattr_setsigmask(&sa, &omask);
	posix_spawnattr_setflags(&sa, POSIX_SPAWN_SETSIGMASK);
	if (posix_spawn_file_actions_adddup2(&fa, pin[0], 0) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, pout[1], 1) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, perr[1], 2) != 0)
		goto nomem_unblock;
	rc = strchr(path, '/') != NULL ?
	    posix_spawn(&pid, path, &fa, &sa, argv, environ) :
	    posix_spawnp(&pid, path, &fa, &sa, argv, environ);
	if (rc != 0) {
		if (rc == ENOENT)
			snprintf(err, errlen, "-C needs the C preprocessor: "
			    "%s not found (install cpp)", path);
		else
			snprintf(err, errlen, "-C: cannot run %s: %s", path,
			    strerror(rc));
		pid = -1;
		goto fail_unblock;
	}
	close(pin[0]);
	close(pout[1]);
	close(perr[1]);
	pin[0] = pout[1] = perr[1] = -1;
	rc = pump(pin[1], pout[0], perr[0], &in, &out, &msgs);
	pin[1] = pout[0] = perr[0] = -1;	/* pump closed them */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	pid = -1;
	if (rc < 0)
		goto nomem_unblock;
	/* a SIGPIPE our writes raised is not the reader of our output
	 * going away: it goes before the mask does */
	{
		struct timespec zero = { 0, 0 };

		while (sigtimedwait(&pipemask, NULL, &zero) == SIGPIPE)
			;
	}
	pthread_sigmask(SIG_SETMASK, &omask, NULL);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		first_error(msgs.b_p != NULL ? msgs.b_p : "", status, err,
		    errlen);
		goto fail;
	}
	/* -H's list of the files included, warnings */
	if (msgs.b_len > 0)
		fwrite(msgs.b_p, 1, msgs.b_len, stderr);
	if (out.b_p == NULL && buf_add(&out, "", 0) < 0)
		goto nomem;
	if (strlen(out.b_p) != out.b_len) {
		snprintf(err, errlen, "the C preprocessor's output contains "
		    "a NUL byte");
		goto fail;
	}
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&sa);
	free(argv);
	free(in.b_p);
	free(msgs.b_p);
	return out.b_p;

nomem_unblock:
	snprintf(err, errlen, "out of memory");
fail_unblock:
	pthread_sigmask(SIG_SETMASK, &omask, NULL);
	goto fail;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	for (i = 0; i < 2; i++) {
		if (pin[i] >= 0)
			close(pin[i]);
		if (pout[i] >= 0)
			close(pout[i]);
		if (perr[i] >= 0)
			close(perr[i]);
	}
	if (pid > 0) {
		kill(pid, SIGKILL);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	if (fa_ok)
		posix_spawn_file_actions_destroy(&fa);
	if (sa_ok)
		posix_spawnattr_destroy(&sa);
	free(argv);
	free(in.b_p);
	free(out.b_p);
	free(msgs.b_p);
	return NULL;
}
