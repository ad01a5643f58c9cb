/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/mem.c: tracee memory.  Reads go through process_vm_readv (one
 * syscall, no stop needed), falling back to /proc/PID/mem when the pages
 * are not readable that way.  Writes go through /proc/PID/mem: it can
 * write read-only text (FOLL_FORCE), which process_vm_writev cannot.
 *
 * The /proc/PID/mem descriptor is bound to the address space it was
 * opened on: after an exec it must be opened again (tr_mem_open).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/uio.h>
#include <unistd.h>

#include "tracer/tr-impl.h"

int
tr_mem_open(tr_session_t *s)
{
	char path[64];
	int fd;

	tr_thread_t *th;

	/* The leader, unless it is a zombie that has no memory any more. */
	s->s_memtid = s->s_pid;
	th = tr_thread_find(s, s->s_pid);
	if (th != NULL && th->th_zombie)
		for (th = s->s_all; th != NULL; th = th->th_all)
			if (!th->th_zombie && th->th_kind == TR_KIND_THREAD) {
				s->s_memtid = th->th_tid;
				break;
			}
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)s->s_memtid);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (s->s_memfd >= 0)
		close(s->s_memfd);
	s->s_memfd = fd;
	return 0;
}

ssize_t
tr_mem_read_raw(tr_session_t *s, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	ssize_t n;

	n = process_vm_readv(s->s_memtid, &local, 1, &remote, 1, 0);
	if (n > 0 || len == 0)
		return n;
	if (s->s_memfd < 0)
		return -1;
	n = pread(s->s_memfd, buf, len, (off_t)addr);
	return n;
}

ssize_t
tr_read_user(tr_session_t *s, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	ssize_t n;

	n = process_vm_readv(s->s_memtid, &local, 1, &remote, 1, 0);
	if (n < 0 && (errno == EPERM || errno == ENOSYS) && s->s_memfd >= 0)
		n = pread(s->s_memfd, buf, len, (off_t)addr);
	if (n > 0) {
		tr_bkpt_overlay(s, addr, buf, (size_t)n);
		tr_fast_overlay(s, addr, buf, (size_t)n);
	}
	return n;
}

ssize_t
tr_read(tr_session_t *s, uint64_t addr, void *buf, size_t len)
{
	ssize_t n;

	n = tr_mem_read_raw(s, addr, buf, len);
	if (n > 0) {
		tr_bkpt_overlay(s, addr, buf, (size_t)n);
		tr_fast_overlay(s, addr, buf, (size_t)n);
	}
	return n;
}

static int
write_fd(int fd, uint64_t addr, const void *buf, size_t len)
{
	ssize_t n;

	n = pwrite(fd, buf, len, (off_t)addr);
	if (n < 0)
		return -1;
	if ((size_t)n != len) {
		errno = EFAULT;
		return -1;
	}
	return 0;
}

int
tr_mem_write(tr_session_t *s, uint64_t addr, const void *buf, size_t len)
{
	return write_fd(s->s_memfd, addr, buf, len);
}

/* Write into another process (a fork child), opening its mem file. */
/* Read len bytes of another task's memory (a fork child). */
int
tr_mem_read_pid(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };

	if (process_vm_readv(pid, &local, 1, &remote, 1, 0) != (ssize_t)len) {
		errno = EFAULT;
		return -1;
	}
	return 0;
}

int
tr_mem_write_pid(pid_t pid, uint64_t addr, const void *buf, size_t len)
{
	char path[64];
	int fd, rc, e;

	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -1;
	rc = write_fd(fd, addr, buf, len);
	e = errno;
	close(fd);
	errno = e;
	return rc;
}
