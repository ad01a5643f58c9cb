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
#include <stdlib.h>
#include <string.h>
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

/*
 * tr_arm_hold's blocks: arming reads each function's code several times
 * (its first instruction, the whole function for its branches, the bytes
 * a jump would replace), a syscall each, and node has 77,000 of them.
 */
#define RC_BLOCK	(64u * 1024)
#define RC_N		16u

struct tr_rcache {
	uint64_t	rc_base[RC_N];
	size_t		rc_len[RC_N];	/* 0: empty */
	unsigned	rc_next;
	uint8_t		rc_buf[RC_N][RC_BLOCK];
};

void
tr_rcache_drop(tr_session_t *s, uint64_t addr, size_t len)
{
	struct tr_rcache *rc = s->s_rc;
	unsigned i;

	if (rc == NULL)
		return;
	for (i = 0; i < RC_N; i++)
		if (rc->rc_len[i] != 0 && addr < rc->rc_base[i] + RC_BLOCK &&
		    addr + len > rc->rc_base[i])
			rc->rc_len[i] = 0;
}

/* From a block, or -1 when the bytes are not in one (read them). */
static ssize_t
cached(tr_session_t *s, uint64_t addr, void *buf, size_t len)
{
	struct tr_rcache *rc = s->s_rc;
	uint64_t base = addr & ~(uint64_t)(RC_BLOCK - 1);
	struct iovec local, remote;
	unsigned i;
	ssize_t n;

	if (rc == NULL || len == 0 || addr - base + len > RC_BLOCK)
		return -1;
	for (i = 0; i < RC_N; i++)
		if (rc->rc_len[i] != 0 && rc->rc_base[i] == base)
			break;
	if (i == RC_N) {
		i = rc->rc_next++ % RC_N;
		local.iov_base = rc->rc_buf[i];
		local.iov_len = RC_BLOCK;
		remote.iov_base = (void *)(uintptr_t)base;
		remote.iov_len = RC_BLOCK;
		n = process_vm_readv(s->s_memtid, &local, 1, &remote, 1, 0);
		rc->rc_base[i] = base;
		rc->rc_len[i] = n > 0 ? (size_t)n : 0;
	}
	if (addr - base + len > rc->rc_len[i])
		return -1;
	memcpy(buf, rc->rc_buf[i] + (addr - base), len);
	return (ssize_t)len;
}

void
tr_arm_hold(tr_session_t *s)
{
	if (s->s_wb == NULL)
		s->s_wb = calloc(1, sizeof(*s->s_wb));
	if (s->s_rc == NULL)
		s->s_rc = calloc(1, sizeof(*s->s_rc));
}

/* An int3 kept by tr_arm_hold that could not be written. */
static void
hold_failed(tr_session_t *s, size_t tag, uint64_t addr, void *arg)
{
	(void)arg;
	if (tag != TR_WTAG_INT3) {
		tr_fast_write_failed(s, tag);
		return;
	}
	if (tr_bkpt_is_fast(s, addr) || tr_bkpt_forget(s, addr) < 0)
		return;
	tr_notice(s, TR_NOTE_SITE_LOST, addr, "the int3 at %#llx could not "
		  "be written: %s; site removed", (unsigned long long)addr,
		  strerror(errno != 0 ? errno : EFAULT));
}

void
tr_arm_flush(tr_session_t *s)
{
	tr_wbatch_t *wb = s->s_wb;

	if (wb == NULL) {
		free(s->s_rc);
		s->s_rc = NULL;
		return;
	}
	free(s->s_rc);
	s->s_rc = NULL;
	s->s_wb = NULL;
	tr_wbatch_flush(s, wb, hold_failed, NULL);
	free(wb);
	/* the int3s are in: a site without a slot goes as any other */
	tr_bkpt_place_slots(s);
}

ssize_t
tr_read(tr_session_t *s, uint64_t addr, void *buf, size_t len)
{
	ssize_t n;

	n = cached(s, addr, buf, len);
	if (n < 0)
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
	tr_rcache_drop(s, addr, len);
	return write_fd(s->s_memfd, addr, buf, len);
}

/* n new bytes onto buf, where it holds old's if old is not NULL */
static void
apply(const uint8_t *new, const uint8_t *old, size_t n, uint8_t *buf)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (old == NULL || buf[i] == old[i])
			buf[i] = new[i];
}

/* One patch on its own: read, apply, write. */
static int
write_one(tr_session_t *s, uint64_t addr, const uint8_t *new,
	  const uint8_t *old, size_t n)
{
	uint8_t cur[TR_WPATCH_MAX];

	if (old == NULL)
		return tr_mem_write(s, addr, new, n);
	if (tr_mem_read_raw(s, addr, cur, n) != (ssize_t)n)
		return -1;
	apply(new, old, n, cur);
	return tr_mem_write(s, addr, cur, n);
}

static const uint8_t *
wp_new(const tr_wbatch_t *b, const tr_wpatch_t *wp)
{
	return b->wb_bytes + wp->wp_off;
}

static const uint8_t *
wp_old(const tr_wbatch_t *b, const tr_wpatch_t *wp)
{
	return wp->wp_cond ? b->wb_bytes + wp->wp_off + wp->wp_n : NULL;
}

static size_t
wp_tag(const tr_wpatch_t *wp)
{
	return wp->wp_tag == UINT32_MAX ? TR_WTAG_INT3 : wp->wp_tag;
}

/* Room for one more patch of need bytes in b, false when none. */
static bool
wb_room(tr_wbatch_t *b, size_t need)
{
	tr_wpatch_t *v;
	uint8_t *nb;
	size_t nc;

	if (b->wb_n >= UINT32_MAX ||
	    b->wb_nbytes + need > (size_t)UINT32_MAX)
		return false;
	if (b->wb_n == b->wb_cap) {
		nc = b->wb_cap ? 2 * b->wb_cap : 1024;
		v = realloc(b->wb_v, nc * sizeof(*v));
		if (v == NULL)
			return false;
		b->wb_v = v;
		b->wb_cap = nc;
	}
	if (b->wb_nbytes + need > b->wb_bcap) {
		nc = b->wb_bcap ? 2 * b->wb_bcap : 4096;
		while (nc < b->wb_nbytes + need)
			nc *= 2;
		nb = realloc(b->wb_bytes, nc);
		if (nb == NULL)
			return false;
		b->wb_bytes = nb;
		b->wb_bcap = nc;
	}
	return true;
}

/*
 * Kept for tr_wbatch_flush; written at once when there is no memory to
 * keep it (0), -1 when that write failed.  A tag above UINT32_MAX - 1,
 * TR_WTAG_INT3 but, is refused (EINVAL): site indices are 32-bit.
 */
int
tr_wbatch_add(tr_session_t *s, tr_wbatch_t *b, uint64_t addr,
	      const uint8_t *bytes, size_t n, const uint8_t *only_over,
	      size_t tag)
{
	size_t need = only_over != NULL ? 2 * n : n;
	tr_wpatch_t *wp;

	if (n == 0 || n > TR_WPATCH_MAX ||
	    (tag >= UINT32_MAX && tag != TR_WTAG_INT3)) {
		errno = EINVAL;
		return -1;
	}
	if (!wb_room(b, need))
		return write_one(s, addr, bytes, only_over, n);
	wp = &b->wb_v[b->wb_n];
	wp->wp_addr = addr;
	wp->wp_tag = tag == TR_WTAG_INT3 ? UINT32_MAX : (uint32_t)tag;
	wp->wp_seq = (uint32_t)b->wb_n;
	wp->wp_off = (uint32_t)b->wb_nbytes;
	wp->wp_n = (uint8_t)n;
	wp->wp_cond = only_over != NULL;
	memcpy(b->wb_bytes + b->wb_nbytes, bytes, n);
	if (only_over != NULL)
		memcpy(b->wb_bytes + b->wb_nbytes + n, only_over, n);
	b->wb_nbytes += need;
	b->wb_n++;
	return 0;
}

static int
cmp_wp(const void *a, const void *b)
{
	const tr_wpatch_t *x = a, *y = b;

	if (x->wp_addr != y->wp_addr)
		return x->wp_addr < y->wp_addr ? -1 : 1;
	return x->wp_seq < y->wp_seq ? -1 : x->wp_seq > y->wp_seq;
}

static int
cmp_seq(const void *a, const void *b)
{
	const tr_wpatch_t *x = a, *y = b;

	return x->wp_seq < y->wp_seq ? -1 : x->wp_seq > y->wp_seq;
}

/*
 * The patches of b, in runs: a run grows while the next patch starts
 * less than a page after the run ends, so every page it rewrites holds
 * one of its patches (a page of text the program never had written
 * stays shared with the file).  A run is read, patched and written
 * whole; when that fails its patches are written one by one, and those
 * that fail go to failed.  Returns how many failed; b is emptied.
 */
#define WRUN_MAX	(256u * 1024)

size_t
tr_wbatch_flush(tr_session_t *s, tr_wbatch_t *b,
		void (*failed)(tr_session_t *s, size_t tag, uint64_t addr,
		void *arg), void *arg)
{
	uint8_t *buf;
	size_t i, j, k, nfail = 0;
	uint64_t lo, hi, e;
	bool ok;

	if (b->wb_n == 0)
		goto out;
	qsort(b->wb_v, b->wb_n, sizeof(*b->wb_v), cmp_wp);
	buf = malloc(WRUN_MAX);
	for (i = 0; i < b->wb_n; i = j) {
		lo = b->wb_v[i].wp_addr;
		hi = lo + b->wb_v[i].wp_n;
		for (j = i + 1; j < b->wb_n; j++) {
			e = b->wb_v[j].wp_addr + b->wb_v[j].wp_n;
			if (b->wb_v[j].wp_addr >= hi + TR_PAGE ||
			    (e > hi ? e : hi) - lo > WRUN_MAX)
				break;
			if (e > hi)
				hi = e;
		}
		/* overlapping patches: in the order added */
		qsort(b->wb_v + i, j - i, sizeof(*b->wb_v), cmp_seq);
		ok = buf != NULL && tr_mem_read_raw(s, lo, buf, hi - lo) ==
		    (ssize_t)(hi - lo);
		if (ok) {
			for (k = i; k < j; k++)
				apply(wp_new(b, &b->wb_v[k]),
				    wp_old(b, &b->wb_v[k]), b->wb_v[k].wp_n,
				    buf + (b->wb_v[k].wp_addr - lo));
			ok = tr_mem_write(s, lo, buf, hi - lo) == 0;
		}
		if (ok)
			continue;
		for (k = i; k < j; k++)
			if (write_one(s, b->wb_v[k].wp_addr,
			    wp_new(b, &b->wb_v[k]), wp_old(b, &b->wb_v[k]),
			    b->wb_v[k].wp_n) < 0) {
				nfail++;
				if (failed != NULL)
					failed(s, wp_tag(&b->wb_v[k]),
					    b->wb_v[k].wp_addr, arg);
			}
	}
	free(buf);
out:
	free(b->wb_v);
	free(b->wb_bytes);
	b->wb_v = NULL;
	b->wb_bytes = NULL;
	b->wb_n = b->wb_cap = b->wb_nbytes = b->wb_bcap = 0;
	return nfail;
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
