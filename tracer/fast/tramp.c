/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/fast/tramp.c: the fast path's trampolines.  A site the host asked for
 * (tr_bkpt_want_fast) is, once every thread is stopped, turned from an
 * int3 into a `jmp rel32` to a trampoline generated here, in a chunk of
 * the shared memfd mapped read-execute near the code.  An entry
 * trampoline records, then runs the instructions the jump replaced
 * (relocated), then jumps back; a return trampoline runs the epilogue it
 * replaced, records rax, then runs the original `ret`.  The record block
 * (TEMPLATE below, about 60 instructions, no call, no vector register):
 *
 *	lea -128(%rsp),%rsp		past the red zone
 *	pushfq; push rax rcx rdx r8 r10 r11; push $64 (retries)
 *	rdfsbase %rax; test; jz 1f	fs base 0: no TCB, tid 0
 *	mov %fs:TIDOFF,%r11d; jmp 2f	glibc's tid in its TCB
 *  1:	xor %r11d,%r11d
 *	(or, where no TCB holds the tid: lea 3f(%rip),%rdx; movabs
 *	$keygate,%rax; jmp *%rax; 3: mov %eax,%r11d: the gettid is made
 *	in chunk 0, the range syscall user dispatch lets call)
 *  2:	shard = tid & 15; claim a slot (ring.c), write cookie, tid,
 *	rdi..r9 (or rax; Go's rax rbx rcx rdi rsi r8), rdtsc; publish
 *	with lock cmpxchg; if full, lock incq drops
 *	pop everything, popfq, lea 128(%rsp),%rsp
 *
 * Which instructions move (doc/TRACER.md): a call only as the last of an
 * entry's, run as a push of its original return address (past the
 * replaced bytes) and a jump, so no return address points at us; no
 * syscall, nothing that reads rip but through a rip-relative operand
 * (re-pointed here), jcc becomes jcc rel32; no branch of the function
 * (and its .cold part) may land strictly inside the replaced bytes, and
 * an indirect jmp that may be a jump table refuses the whole function.
 * Refused sites stay int3.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <capstone/capstone.h>

#include "lib/grow.h"
#include "tracer/fast/fast.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif
#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1u
#endif

#define STACKSCAN	65536u	/* bytes above rsp searched for our pcs */

/* The record block; the offsets below patch it per site. */
static const uint8_t template[] = {
	0x48, 0x8d, 0x64, 0x24, 0x80, 0x9c, 0x50, 0x51, 0x52, 0x41, 0x50,
	0x41, 0x52, 0x41, 0x53, 0x6a, 0x40, 0xf3, 0x48, 0x0f, 0xae, 0xc0,
	0x48, 0x85, 0xc0, 0x74, 0x0b, 0x64, 0x44, 0x8b, 0x1c, 0x25, 0xd0,
	0x02, 0x00, 0x00, 0xeb, 0x03, 0x45, 0x31, 0xdb, 0x48, 0xb9, 0x88,
	0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x44, 0x89, 0xd8, 0x83,
	0xe0, 0x0f, 0x48, 0x89, 0xc2, 0x48, 0xc1, 0xe2, 0x06, 0x48, 0x8d,
	0x54, 0x11, 0x40, 0x48, 0x69, 0xc0, 0x78, 0x56, 0x34, 0x12, 0x48,
	0x8d, 0x8c, 0x01, 0x00, 0x10, 0x00, 0x00, 0x48, 0x8b, 0x02, 0x49,
	0x89, 0xc0, 0x49, 0x81, 0xe0, 0x78, 0x56, 0x34, 0x12, 0x49, 0x89,
	0xc2, 0x4d, 0x29, 0xc2, 0x49, 0xc1, 0xe2, 0x07, 0x49, 0x01, 0xca,
	0x4d, 0x39, 0x02, 0x74, 0x0c, 0x7c, 0x73, 0x48, 0x8b, 0x02, 0xff,
	0x0c, 0x24, 0x75, 0xda, 0xeb, 0x69, 0x4c, 0x8d, 0x40, 0x01, 0xf0,
	0x4c, 0x0f, 0xb1, 0x02, 0x75, 0xee, 0x41, 0xc7, 0x42, 0x08, 0x78,
	0x56, 0x34, 0x12, 0x45, 0x89, 0x5a, 0x0c, 0x49, 0x89, 0x7a, 0x18,
	0x49, 0x89, 0x72, 0x20, 0x4c, 0x8b, 0x5c, 0x24, 0x20, 0x4d, 0x89,
	0x5a, 0x28, 0x4c, 0x8b, 0x5c, 0x24, 0x28, 0x4d, 0x89, 0x5a, 0x30,
	0x4c, 0x8b, 0x5c, 0x24, 0x18, 0x4d, 0x89, 0x5a, 0x38, 0x4d, 0x89,
	0x4a, 0x40, 0x4c, 0x8b, 0x5c, 0x24, 0x30, 0x4d, 0x89, 0x5a, 0x18,
	0x0f, 0x31, 0x48, 0xc1, 0xe2, 0x20, 0x48, 0x09, 0xd0, 0x49, 0x89,
	0x42, 0x10, 0x49, 0x8d, 0x40, 0xff, 0x48, 0x25, 0x78, 0x56, 0x34,
	0x12, 0x4c, 0x8d, 0x40, 0x01, 0xf0, 0x4d, 0x0f, 0xb1, 0x02, 0xeb,
	0x0e, 0x48, 0xb8, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
	0xf0, 0x48, 0xff, 0x00, 0x48, 0x8d, 0x64, 0x24, 0x08, 0x41, 0x5b,
	0x41, 0x5a, 0x41, 0x58, 0x5a, 0x59, 0x58, 0x9d, 0x48, 0x8d, 0xa4,
	0x24, 0x80, 0x00, 0x00, 0x00,
};
#define T_RDFS		0x11	/* 10 bytes: rdfsbase; test; jz */
#define T_TIDOFF	0x20	/* disp32 of mov %fs:TIDOFF,%r11d */
#define T_RING		0x2b	/* imm64: the ring */
#define T_SHMASK	0x38	/* imm8: shards - 1 */
#define T_SHBYTES	0x48	/* imm32: bytes of a shard's slots */
#define T_SLMASK	0x5d	/* imm32: ~(slots - 1), a lap's mask */
#define T_SLMASK2	0xd9	/* imm32: the same, at the publish */
#define T_SLOTS		0x50	/* disp32: TR_RING_SLOTS */
#define T_COOKIE	0x8e	/* imm32: the site's index */
#define T_RAX		0xbd	/* 9 bytes: store of the saved rax */
#define T_ARGS		0x96	/* 48 bytes: the stores of rdi..r9 and rax */
#define T_DROPS		0xea	/* imm64: the drops counter */

/*
 * The tid asked of the kernel, laid over T_RDFS..the block's key's end
 * (24 bytes) where no TCB holds it: lea 1f(%rip),%rdx; movabs
 * $keygate,%rax; jmp *%rax; 1: mov %eax,%r11d; a 2-byte nop.  The key
 * gate (gate_put: mov $SYS_gettid,%eax; syscall; jmp *%rdx) lies in
 * chunk 0, the one range syscall user dispatch lets make calls: a
 * gettid made here, in any other chunk, would be dispatched to the stop
 * path.  rax, rcx, rdx and r11 are saved already (rdx is free until the
 * shard's address goes there).  The gate's address is at
 * GETTID_GATE.
 */
#define GETTID_GATE	9
static const uint8_t gettid_key[24] = {
	0x48, 0x8d, 0x15, 0x0c, 0x00, 0x00, 0x00,
	0x48, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0,
	0xff, 0xe0,
	0x41, 0x89, 0xc3,
	0x66, 0x90
};

/*
 * Over T_ARGS where the function takes Go's registers (fs_goregs): the
 * stores of rax rbx rcx rdi rsi r8 into r_args, at an entry and at a
 * return alike (Go's results come back in the registers its arguments
 * go in).  rax, rcx and r8 from where the block saved them (rsp + 0x30,
 * 0x28, 0x18), through r11; rbx, rdi and rsi as they are (the block
 * never writes them).  A 9-byte nop pads it to the 48 bytes it covers.
 */
static const uint8_t go_args[48] = {
	0x4c, 0x8b, 0x5c, 0x24, 0x30, 0x4d, 0x89, 0x5a, 0x18,	/* rax */
	0x49, 0x89, 0x5a, 0x20,					/* rbx */
	0x4c, 0x8b, 0x5c, 0x24, 0x28, 0x4d, 0x89, 0x5a, 0x28,	/* rcx */
	0x49, 0x89, 0x7a, 0x30,					/* rdi */
	0x49, 0x89, 0x72, 0x38,					/* rsi */
	0x4c, 0x8b, 0x5c, 0x24, 0x18, 0x4d, 0x89, 0x5a, 0x40,	/* r8 */
	0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00,
};

static const uint8_t nop9[9] = {
	0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00
};
static const uint8_t nop10[10] = {
	0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00
};

static tr_chunk_t *chunk_dup(tr_session_t *s, uint64_t a, uint64_t maxd);

_Static_assert(TR_SYSCODE >= TR_SYSTAB + TR_SYSP_MAX &&
	       TR_SYSCODE + 2 * 8 * TR_SYSP_MAX <= TR_RING_SLOTS,
	       "the syscall tables lie in the ring's header");

static struct tr_fast *
fast_of(tr_session_t *s)
{
	if (s->s_fast == NULL) {
		s->s_fast = calloc(1, sizeof(*s->s_fast));
		if (s->s_fast != NULL)
			s->s_fast->fa_fd = -1;
	}
	return s->s_fast;
}

struct at_addr {
	uint64_t	aa_addr;
	const tr_fsite_t *aa_fs;
};

static bool
any_site(const tr_fsite_t *fs, void *arg)
{
	((struct at_addr *)arg)->aa_fs = fs;
	return true;
}

int
tr_fast_config(tr_session_t *s, bool on, size_t bufsize)
{
	struct tr_fast *fa = fast_of(s);

	if (fa == NULL)
		return -1;
	fa->fa_on = on;
	fa->fa_bufsize = bufsize;
	if (on) {
		tr_clock_begin();
		tr_clock_mid();	/* a launch took the first */
	}
	return 0;
}

/*
 * A command's set-up comes at its exec, a few ms after pidtrace starts:
 * the clock's first sample at the launch, its second when the fast path
 * is configured, so that set-up need not sleep for the fit's spans.
 */
void
tr_fast_launching(void)
{
	tr_clock_begin();
}

int
tr_fast_area(tr_session_t *s, size_t size)
{
	struct tr_fast *fa = fast_of(s);

	if (fa == NULL)
		return -1;
	if (size % 4096 != 0 || fa->fa_ring != 0) {
		errno = EINVAL;
		return -1;
	}
	fa->fa_areasz = size;
	return 0;
}

void *
tr_fast_area_map(const tr_session_t *s, uint64_t *remote)
{
	const struct tr_fast *fa = s->s_fast;
	size_t off;

	if (fa == NULL || fa->fa_ring == 0 || fa->fa_areasz == 0 ||
	    fa->fa_map == NULL)
		return NULL;
	off = fa->fa_ringsz - fa->fa_areasz;
	*remote = fa->fa_ring + off;
	return fa->fa_map + off;
}

bool
tr_fast_area_written(const tr_session_t *s, const void *p, size_t len)
{
	const struct tr_fast *fa = s->s_fast;
	const uint8_t *b = p;
	off_t off, data;

	if (fa == NULL || fa->fa_map == NULL || fa->fa_fd < 0 ||
	    b < fa->fa_map || b + len > fa->fa_map + fa->fa_mapsz)
		return true;
	off = (off_t)(b - fa->fa_map);
	data = lseek(fa->fa_fd, off, SEEK_DATA);
	if (data < 0)
		return errno != ENXIO;	/* ENXIO: no data from off on */
	return data < off + (off_t)len;
}

int
tr_fast_code(tr_session_t *s, const void *bytes, size_t len,
	     const uint32_t *fix, size_t nfix, uint64_t *remote)
{
	struct tr_fast *fa = s->s_fast;
	size_t need = (len + 15) & ~(size_t)15;
	uint64_t *nc;
	tr_chunk_t *ch;
	unsigned i;

	if (len == 0) {
		errno = EINVAL;
		return -1;
	}
	if (fa == NULL || fa->fa_map == NULL || fa->fa_nchunk == 0 ||
	    need > TR_CHUNK) {
		errno = ENOSPC;
		return -1;
	}
	/*
	 * The code is entered through an absolute address, so any chunk
	 * will do; when none has room (thousands of probes fill the
	 * trampolines' chunks), a new one as near the first as the heap's
	 * room lets, however far.
	 */
	for (i = 0; i <= fa->fa_nchunk; i++) {
		if (i == fa->fa_nchunk &&
		    chunk_dup(s, fa->fa_chunk[0].ch_addr, UINT64_MAX) == NULL)
			break;
		ch = &fa->fa_chunk[i];
		if (ch->ch_used + need > TR_CHUNK)
			continue;
		nc = realloc(fa->fa_code, (fa->fa_ncode + 1) * 2 *
			     sizeof(*nc));
		if (nc == NULL)
			return -1;
		fa->fa_code = nc;
		if (tr_fast_fix_add(fa, ch->ch_addr + ch->ch_used, fix,
		    nfix) < 0)
			return -1;
		memcpy(fa->fa_map + ch->ch_off + ch->ch_used, bytes, len);
		memset(fa->fa_map + ch->ch_off + ch->ch_used + len, 0xcc,
		       need - len);
		*remote = ch->ch_addr + ch->ch_used;
		nc[2 * fa->fa_ncode] = *remote;
		nc[2 * fa->fa_ncode + 1] = *remote + len;
		fa->fa_ncode++;
		ch->ch_used += (uint32_t)need;
		return 0;
	}
	errno = ENOSPC;
	return -1;
}

static tr_fsite_t *live_site(const tr_session_t *s, uint64_t addr);
static tr_fsite_t *whole_of(const tr_session_t *s, uint64_t addr);

/*
 * Looked up through the index (live_site) and not by a walk of every
 * site: the host sets the entry of each site in turn, and a walk made
 * that quadratic (a probe on every function of node: 77,000 sites, most
 * of arming's CPU).  A whole function's return site is never live
 * itself, so the two lookups cannot both answer.
 */
int
tr_fast_entry(tr_session_t *s, uint64_t addr, uint64_t entry)
{
	struct tr_fast *fa = s->s_fast;
	const tr_fsite_t *fs;
	uint64_t off = 0;

	if (fa == NULL || fa->fa_map == NULL) {
		errno = ENOENT;
		return -1;
	}
	if ((fs = live_site(s, addr)) != NULL)
		off = fs->fs_word;
	else if ((fs = whole_of(s, addr)) != NULL)
		off = fs->fs_word2;
	if (off == 0) {
		errno = ENOENT;
		return -1;
	}
	__atomic_store_n((uint64_t *)(void *)(fa->fa_map + off), entry,
			 __ATOMIC_RELEASE);
	return 0;
}

/*
 * pidtrace's view of the trampoline chunks given back: the pages stay
 * in the memfd, where the process runs them, and come back into the
 * view at the next access.  Every function of node has 80 MB of
 * trampolines, counted in pidtrace's RSS once written.
 */
void
tr_fast_trim(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	uint64_t lo, hi;
	unsigned c;

	if (fa == NULL || fa->fa_map == NULL)
		return;
	for (c = 0; c < fa->fa_nchunk; c++) {
		lo = fa->fa_chunk[c].ch_off;
		hi = (lo + fa->fa_chunk[c].ch_used) & ~(uint64_t)(TR_PAGE - 1);
		if (lo % TR_PAGE == 0 && hi > lo && hi <= fa->fa_mapsz)
			madvise(fa->fa_map + lo, hi - lo, MADV_DONTNEED);
	}
}

/*
 * Whether pc lies in clause code placed by tr_fast_code, or in the gate
 * its system calls go through (stepped out of alike).
 */
static bool
in_code(const struct tr_fast *fa, uint64_t pc)
{
	size_t i;

	if (fa->fa_gate != 0 && pc >= fa->fa_gate &&
	    pc < fa->fa_gate + TR_GATE_LEN)
		return true;
	for (i = 0; i < fa->fa_ncode; i++)
		if (pc >= fa->fa_code[2 * i] && pc < fa->fa_code[2 * i + 1])
			return true;
	return false;
}

int
tr_bkpt_want_fast(tr_session_t *s, uint64_t addr, const tr_fast_want_t *w)
{
	struct tr_fast *fa = s->s_fast;
	tr_fsite_t *fs;
	tr_bkpt_t *bp;

	if (fa == NULL || !fa->fa_on)
		return 0;
	bp = tr_bkpt_find(s, addr);
	if (bp == NULL || (bp->bp_cookie != w->fw_cookie &&
	    !(bp->bp_shared && bp->bp_cookie2 == w->fw_cookie))) {
		errno = ENOENT;
		return -1;
	}
	fs = array_room(fa->fa_sites, fa->fa_nsites, &fa->fa_cap,
	    sizeof(*fs), 256);
	if (fs == NULL)
		return -1;
	fa->fa_sites = fs;
	fs = &fa->fa_sites[fa->fa_nsites++];
	memset(fs, 0, sizeof(*fs));
	fs->fs_addr = addr;
	fs->fs_kind = (uint8_t)w->fw_kind;
	fs->fs_cookie = w->fw_cookie;
	fs->fs_lo = w->fw_lo;
	fs->fs_hi = w->fw_hi;
	fs->fs_clo = w->fw_clo;
	fs->fs_chi = w->fw_chi;
	fs->fs_tprev = w->fw_tprev;
	fs->fs_tnext = w->fw_tnext;
	fs->fs_ctx = w->fw_ctx;
	fs->fs_arg0 = w->fw_arg0;
	fs->fs_goregs = w->fw_goregs;
	return 0;
}

static bool
is_at(const tr_fsite_t *fs, void *arg)
{
	struct at_addr *aa = arg;

	if (fs->fs_addr != aa->aa_addr)
		return false;
	aa->aa_fs = fs;
	return true;
}

/* The live site at addr: its int3 address lies in the bytes it replaced. */
static tr_fsite_t *
live_site(const tr_session_t *s, uint64_t addr)
{
	struct at_addr aa = { addr, NULL };

	tr_fidx_each(s->s_fast, addr, addr + 1, is_at, &aa);
	return (tr_fsite_t *)aa.aa_fs;
}

static bool
is_whole_of(const tr_fsite_t *fs, void *arg)
{
	struct at_addr *aa = arg;

	if (!fs->fs_whole || fs->fs_retaddr != aa->aa_addr)
		return false;
	aa->aa_fs = fs;
	return true;
}

/*
 * The live whole-function site whose return site is addr, or NULL: its
 * jump starts at the function, less than TR_RELOC_MAX bytes before its
 * ret (build_whole), so the index finds it by its first byte.
 */
static tr_fsite_t *
whole_of(const tr_session_t *s, uint64_t addr)
{
	const struct tr_fast *fa = s->s_fast;
	struct at_addr aa = { addr, NULL };

	/* Asked at every breakpoint inserted or removed: none, no look. */
	if (fa == NULL || fa->fa_nwhole == 0)
		return NULL;
	tr_fidx_from(fa, addr >= TR_RELOC_MAX ? addr - TR_RELOC_MAX : 0, addr,
	    is_whole_of, &aa);
	return (tr_fsite_t *)aa.aa_fs;
}

bool
tr_bkpt_is_fast(const tr_session_t *s, uint64_t addr)
{
	return live_site(s, addr) != NULL || whole_of(s, addr) != NULL;
}

const char *
tr_fast_why(const tr_session_t *s)
{
	return s->s_fast != NULL ? s->s_fast->fa_why : "";
}

bool
tr_fast_live(const tr_session_t *s)
{
	return s->s_fast != NULL && s->s_fast->fa_ring != 0;
}

bool
tr_fast_wanted(const tr_session_t *s)
{
	return s->s_fast != NULL && s->s_fast->fa_on &&
	       (!s->s_fast->fa_broken || s->s_fast->fa_notcb);
}

void
tr_fast_passing(const tr_session_t *s)
{
	if (tr_fast_wanted(s) && s->s_fast->fa_ring == 0)
		tr_clock_mid();
}

bool
tr_fast_arm_due(const tr_session_t *s)
{
	const struct tr_fast *fa = s->s_fast;

	return fa != NULL && fa->fa_on && !fa->fa_broken &&
	       fa->fa_pending < fa->fa_nsites;
}

bool
tr_fast_revert_due(const tr_session_t *s)
{
	return s->s_fast != NULL &&
	       (s->s_fast->fa_revert || s->s_fast->fa_gotry);
}

uint64_t
tr_fast_drops(const tr_session_t *s)
{
	const struct tr_fast *fa = s->s_fast;

	if (fa == NULL)
		return 0;
	return fa->fa_drops + (fa->fa_map != NULL ?
	       __atomic_load_n((uint64_t *)(void *)fa->fa_map,
			       __ATOMIC_RELAXED) : 0);
}

/* -- set-up -------------------------------------------------------------- */

static void __attribute__((format(printf, 2, 3)))
broken(tr_session_t *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->s_fast->fa_why, sizeof(s->s_fast->fa_why), fmt, ap);
	va_end(ap);
	s->s_fast->fa_broken = true;
}

static uint64_t
auxv_val(pid_t pid, uint64_t type)
{
	char path[64];
	uint64_t av[2], v = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while (read(fd, av, sizeof(av)) == sizeof(av) && av[0] != 0)
		if (av[0] == type) {
			v = av[1];
			break;
		}
	close(fd);
	return v;
}

/*
 * glibc keeps a thread's tid in its TCB, at %fs:OFF (0x2d0 in glibc
 * 2.36).  Find OFF from the stopped threads: an offset that holds each
 * one's tid.  0 if none does (no glibc, a thread without fs).
 */
static uint32_t
find_tidoff(tr_session_t *s)
{
	struct user_regs_struct r;
	uint32_t tcb[512], cand[64];
	size_t ncand = 0, i, k;
	tr_thread_t *th;
	bool first = true;

	for (th = s->s_all; th != NULL; th = th->th_all) {
		if (th->th_zombie || th->th_kind != TR_KIND_THREAD ||
		    !th->th_stopped)
			continue;
		if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0 ||
		    r.fs_base == 0 ||
		    tr_read(s, r.fs_base, tcb, sizeof(tcb)) !=
		    (ssize_t)sizeof(tcb))
			return 0;
		if (first) {
			/* glibc's offset first, then any other. */
			if (tcb[0x2d0 / 4] == (uint32_t)th->th_tid)
				cand[ncand++] = 0x2d0;
			for (i = 4; i < 512 && ncand < 64; i++)
				if (tcb[i] == (uint32_t)th->th_tid &&
				    i != 0x2d0 / 4)
					cand[ncand++] = (uint32_t)i * 4;
			first = false;
			continue;
		}
		for (i = k = 0; i < ncand; i++)
			if (tcb[cand[i] / 4] == (uint32_t)th->th_tid)
				cand[k++] = cand[i];
		ncand = k;
	}
	return ncand != 0 ? cand[0] : 0;
}

/*
 * Go keeps each thread's tid in its M, m.procid, written only by that
 * thread with its own gettid: runtime·clone's child first thing, minit
 * for the bootstrap thread (Go 1.19, runtime/sys_linux_amd64.s and
 * os_linux.go).  A thread's fs base points into its M (m.tls + 8: Go's
 * g is at -8(%fs)), so %fs:OFF is m.procid for one OFF below the fs
 * base: -72 where procid is at 72 and tls at 136 (runtime.m's DWARF in
 * Go 1.19).  go_thread: whether thread tid's fs base lies in an M whose
 * procid is at %fs:*off (set from the first thread), holding 0 (not
 * stored yet: Go's key gate asks gettid then) or tid.  The M is the
 * current g's (g.m at 48), or, for a child of runtime·clone stopped
 * before it stored g (g 0), r13 with r9 its g0, as the parent passed
 * them.  2 if procid holds tid, 1 if 0, 0 if not Go's; -1 if the
 * thread or its memory is gone (it is exiting).
 */
#define GO_G_M		48	/* runtime.g's m */
#define GO_M_PROCID	72	/* runtime.m's procid */

/*
 * A word of thread tid's memory, read through tid itself: ESRCH then
 * means that thread has no memory any more (it is exiting).
 */
static bool
go_read(tr_session_t *s, pid_t tid, uint64_t a, uint64_t *v)
{
	struct iovec l = { v, 8 }, r = { (void *)(uintptr_t)a, 8 };
	ssize_t n = process_vm_readv(tid, &l, 1, &r, 1, 0);

	if (n < 0 && (errno == EPERM || errno == ENOSYS))
		n = tr_read(s, a, v, 8);
	return n == 8;
}

static int
go_thread(tr_session_t *s, pid_t tid, int32_t *off)
{
	struct user_regs_struct r;
	uint64_t g = 0, m = 0, id = 1;
	int64_t o;

	errno = 0;
	if (ptrace(PTRACE_GETREGS, tid, 0L, &r) < 0)
		return -1;
	if (r.fs_base < 4096 || !go_read(s, tid, r.fs_base - 8, &g))
		goto no;
	if (g != 0) {
		if (!go_read(s, tid, g + GO_G_M, &m) || m == 0)
			goto no;
	} else if (r.r13 != 0 && r.r9 != 0) {
		m = r.r13;
	} else {
		goto no;
	}
	o = (int64_t)(m + GO_M_PROCID - r.fs_base);
	if (o < -1024 || o > -16 || (*off != 0 && o != *off) ||
	    !go_read(s, tid, m + GO_M_PROCID, &id) ||
	    (id != 0 && id != (uint64_t)tid))
		goto no;
	*off = (int32_t)o;
	return id != 0 ? 2 : 1;
no:
	/* no memory to read: the thread is exiting (its mm gone) */
	return errno == ESRCH ? -1 : 0;
}

/*
 * The offset of Go's m.procid from the fs base of every stopped thread
 * (go_thread), 0 if one is not Go's, if none holds its tid yet (a word
 * that is 0 everywhere proves nothing: it could be anything later), or
 * if the trampolines cannot check a thread's fs base (no rdfsbase: an
 * fs base 0 would fault the load).
 */
static int32_t
find_gokey(tr_session_t *s)
{
	tr_thread_t *th;
	int32_t off = 0;
	bool held = false;
	int k;

	if (!(auxv_val(s->s_memtid, 26 /* AT_HWCAP2 */) &
	      2 /* HWCAP2_FSGSBASE */))
		return 0;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		if (th->th_zombie || th->th_kind != TR_KIND_THREAD ||
		    !th->th_stopped)
			continue;
		if ((k = go_thread(s, th->th_tid, &off)) < 1)
			return 0;
		held |= k == 2;
	}
	return held ? off : 0;
}

/* The key's description in the counters (tr_stats_t's st_key). */
static void
key_said(tr_session_t *s)
{
	const struct tr_fast *fa = s->s_fast;

	if (!fa->fa_gettid)
		s->s_st.st_key = "the tid in the TCB";
	else if (fa->fa_tcbkey)
		s->s_st.st_key = "the tid in the TCB, through the key gate";
	else if (fa->fa_gokey != 0)
		s->s_st.st_key = "Go's m.procid (gettid until it is set)";
	else
		s->s_st.st_key = "gettid";
}

/* Scratch memory in thread th: below its red zone, dead while stopped. */
static uint64_t
scratch(tr_thread_t *th)
{
	struct user_regs_struct r;

	if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return 0;
	return (r.rsp - 1024) & ~15ull;
}

static int
setup(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	char path[64], why[128];
	struct stat st;
	tr_thread_t *th;
	uint64_t sc, total;
	uint32_t nslots;
	long fd, r;
	int tsc = 0;

	if (!tr_clock_usable(why, sizeof(why))) {
		broken(s, "%s", why);
		return -1;
	}
	if (tr_proc_status(s->s_memtid, "Seccomp:", NULL, 0) > 0) {
		broken(s, "%s", "the process runs under a seccomp filter");
		return -1;
	}
	/*
	 * Without rdfsbase the trampoline cannot tell a thread without a
	 * TCB (fs base 0): every thread is checked here and each new one at
	 * its first stop (tr_fast_thread_ok), which falls back to int3.
	 */
	fa->fa_rdfsbase = (auxv_val(s->s_memtid, 26 /* AT_HWCAP2 */) &
			   2 /* HWCAP2_FSGSBASE */) != 0;
	/*
	 * The thread key: the tid glibc (or musl) keeps in its TCB, one
	 * load; else (Go's threads, a runtime of its own, a thread not set
	 * up yet when a static binary is launched) the kernel's, a gettid
	 * run by the trampoline: about 0.1 us more a firing, and right
	 * whatever the thread does with its fs base (doc/TRACER.md, "The
	 * thread key").
	 */
	fa->fa_tidoff = find_tidoff(s);
	fa->fa_gettid = fa->fa_tidoff == 0;
	/* what an image before an exec had found is not this one's */
	fa->fa_gokey = 0;
	fa->fa_gonever = fa->fa_gotry = fa->fa_tcbkey = false;
	fa->fa_gotries = fa->fa_tcbtries = 0;
	fa->fa_tcbwait = fa->fa_tcbwait && fa->fa_gettid;
	/*
	 * No TCB (Go): the blocks enter Go's key gate, which loads
	 * m.procid where every thread's fs base is in a Go M, one load and
	 * no system call, and asks gettid while a thread's is not stored
	 * yet (doc/TRACER.md, "The thread key").
	 */
	if (fa->fa_gettid && fa->fa_rdfsbase)
		fa->fa_gokey = find_gokey(s);
	key_said(s);
	th = tr_inject_thread(s);
	if (th == NULL || (sc = scratch(th)) == 0) {
		broken(s, "%s", "no stopped thread to set it up with");
		return -1;
	}
	/* rdtsc must not fault in the tracee (rr's PR_SET_TSC). */
	r = tr_inject_syscall_th(s, th, SYS_prctl, PR_GET_TSC, (long)sc, 0,
				 0, 0, 0);
	if (r < 0 || tr_read(s, sc, &tsc, sizeof(tsc)) != sizeof(tsc) ||
	    tsc != PR_TSC_ENABLE) {
		broken(s, "%s", "rdtsc is not enabled in the process");
		return -1;
	}
	if (tr_mem_write(s, sc, "pidtrace", 9) < 0) {
		broken(s, "%s", "cannot write the tracee's stack");
		return -1;
	}
	fd = tr_inject_syscall_th(s, th, SYS_memfd_create, (long)sc,
				  MFD_CLOEXEC, 0, 0, 0, 0);
	if (fd < 0) {
		broken(s, "memfd_create in the process: %s", strerror((int)-fd));
		return -1;
	}
	/*
	 * We open the tracee's memfd, not the other way round: as its
	 * tracer we may (PTRACE_MODE_READ), while the tracee may live in
	 * another pid or mount namespace where /proc/<our pid> is not us.
	 */
	snprintf(path, sizeof(path), "/proc/%d/fd/%ld", (int)s->s_memtid, fd);
	fa->fa_fd = open(path, O_RDWR | O_CLOEXEC);
	fa->fa_ino = fa->fa_fd >= 0 && fstat(fa->fa_fd, &st) == 0 ?
		     (unsigned long)st.st_ino : 0;
	nslots = 64;
	while ((uint64_t)nslots * 2 * TR_SLOTSZ * TR_NSHARDS <=
	       (fa->fa_bufsize ? fa->fa_bufsize : 16u << 20) && nslots < (1u << 24))
		nslots *= 2;
	fa->fa_nslots = nslots;
	fa->fa_ringsz = TR_RING_SLOTS + (size_t)nslots * TR_SLOTSZ *
			TR_NSHARDS + fa->fa_areasz;
	total = fa->fa_ringsz + (uint64_t)TR_CHUNK * TR_MAXCHUNK;
	if (fa->fa_fd < 0 || ftruncate(fa->fa_fd, (off_t)total) < 0 ||
	    (fa->fa_map = mmap(NULL, total, PROT_READ | PROT_WRITE,
			       MAP_SHARED, fa->fa_fd, 0)) == MAP_FAILED) {
		fa->fa_map = NULL;
		tr_inject_syscall_th(s, th, SYS_close, fd, 0, 0, 0, 0, 0);
		broken(s, "cannot map the process's memfd: %s",
		       strerror(errno));
		return -1;
	}
	fa->fa_mapsz = total;
	tr_ring_init_shared(fa);
	r = tr_inject_syscall_th(s, th, SYS_mmap, 0, (long)fa->fa_ringsz,
				 PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (r < 0 && r > -4096) {
		tr_inject_syscall_th(s, th, SYS_close, fd, 0, 0, 0, 0, 0);
		broken(s, "mmap of the ring in the process: %s",
		       strerror((int)-r));
		return -1;
	}
	fa->fa_ring = (uint64_t)r;
	return (int)fd;
}

/* -- planning a site ------------------------------------------------------ */

typedef struct fn_scan {
	uint64_t	fn_lo, fn_hi;
	uint64_t	fn_clo, fn_chi;	/* its .cold part, or 0, 0 */
	uint64_t	*fn_tgt;	/* branch targets: direct, and the
					 * entries of its jump tables */
	size_t		fn_ntgt;
	uint64_t	*fn_insn;	/* instruction addresses */
	size_t		fn_ninsn;
	uint64_t	*fn_ij;		/* pairs: the straight paths that the
					 * proofs of its indirect jmps read */
	size_t		fn_nij;
	uint64_t	*fn_pend;	/* sevens: tables whose base register
					 * is set before a loop (ij_base):
					 * the load, the base, the count, the
					 * check, the jmp, the table, its lea */
	size_t		fn_npend;
	uint64_t	*fn_pptr;	/* pairs: a `jmp *reg` not proven on
					 * its straight path, and the family
					 * of reg (ij_ptr_cfg) */
	size_t		fn_npptr;
	uint64_t	*fn_edge;	/* pairs: a direct jmp or jcc of the
					 * body, and its target */
	size_t		fn_nedge;
	uint64_t	*fn_itgt;	/* targets no direct branch names and
					 * no known jmp reaches: addresses
					 * taken, other functions' entries */
	size_t		fn_nitgt;
	uint64_t	*fn_xe, *fn_xj;	/* table entries, and their jmp */
	size_t		fn_nxe, fn_nxj;
	uint64_t	*fn_pjmp;	/* jmps through a pointer loaded from
					 * memory, proven on a straight path:
					 * they may reach any label */
	size_t		fn_npjmp;
	bool		fn_bad;		/* undecodable, or an indirect jmp
					 * whose targets are unknown */
	uint8_t		fn_why;		/* TR_FW_FUNC or TR_FW_UNDEC */
} fn_scan_t;

static int
push_u64(uint64_t **v, size_t *n, uint64_t x)
{
	uint64_t *nv;

	if ((*n & (*n - 1)) == 0 || *n == 0) {
		nv = realloc(*v, (*n ? 2 * *n : 16) * sizeof(*nv));
		if (nv == NULL)
			return -1;
		*v = nv;
	}
	(*v)[(*n)++] = x;
	return 0;
}

/*
 * Indirect jumps.  A jump laid over a site's bytes is safe only if no
 * branch lands strictly inside them, and an indirect jmp may land
 * anywhere in its own function: a state machine's first case placed at
 * the loop head right after a 1-byte push is entered at offset 1.  Two
 * shapes are proven here instead of refusing the whole function:
 *
 *   - a switch's jump table: an index bounded by `cmp $N,idx; ja` (or
 *     jae) on a straight path to `jmp *T(,idx,8)` (absolute entries,
 *     as in a non-PIC executable such as Debian's node), or to `lea
 *     T(%rip),base; movslq (base,idx,4),r; add base,r; jmp *r` (PIC,
 *     entries relative to T); the bound may also be compared in memory
 *     and the index read again from that word (`cmpl $N,0x20(%rbx); ja;
 *     mov 0x20(%rbx),%eax`, ij_bound), and the base set off the path,
 *     once before the loop around the switch, when every path back
 *     from the load meets that lea first (ij_base_cfg).  Every entry is
 *     read from the
 *     process and joins the function's branch targets, so a site whose
 *     bytes hold one stays int3 (range_why); an entry outside the
 *     function and its .cold part (a stripped file's unnamed .cold
 *     code) joins the session's fa_xtgt, against which every site's
 *     bytes are checked before any jump is written (tr_fast_arm);
 *   - a jump through a 64-bit pointer loaded from memory on a straight
 *     path (`mov 0x8(%rax),%rax; jmp *%rax`, `jmp *0x18(%rax)`: a
 *     tail call through a vtable or a function pointer; a table of
 *     handlers; a table whose bound is not in sight): it lands where a
 *     pointer the program holds points, as an indirect call does, and
 *     such addresses are the host's landing addresses (tprev, tnext:
 *     words of an executable's data, relative relocations, addresses
 *     the code takes), which range_why weighs.
 *
 * Anything else (a register of unknown origin, a table without a bound
 * found, an offset added by other means) keeps the function on int3.
 * "A straight path": the proof reads the instructions from the bound
 * check (or the load) to the jmp; scan_done refuses the function when
 * any branch of it lands strictly after the first and up to the jmp.
 */
#define IJ_WIN		16	/* instructions read back from the jmp */
#define IJ_MAXENT	4096	/* entries of a table, at most */

/* The 64-bit register holding r (al, ax, eax, rax: rax), or 0. */
static int
reg_fam(int r)
{
	static const int fam[][5] = {
		{ X86_REG_RAX, X86_REG_EAX, X86_REG_AX, X86_REG_AL,
		  X86_REG_AH },
		{ X86_REG_RBX, X86_REG_EBX, X86_REG_BX, X86_REG_BL,
		  X86_REG_BH },
		{ X86_REG_RCX, X86_REG_ECX, X86_REG_CX, X86_REG_CL,
		  X86_REG_CH },
		{ X86_REG_RDX, X86_REG_EDX, X86_REG_DX, X86_REG_DL,
		  X86_REG_DH },
		{ X86_REG_RSI, X86_REG_ESI, X86_REG_SI, X86_REG_SIL, 0 },
		{ X86_REG_RDI, X86_REG_EDI, X86_REG_DI, X86_REG_DIL, 0 },
		{ X86_REG_RBP, X86_REG_EBP, X86_REG_BP, X86_REG_BPL, 0 },
		{ X86_REG_RSP, X86_REG_ESP, X86_REG_SP, X86_REG_SPL, 0 },
		{ X86_REG_R8, X86_REG_R8D, X86_REG_R8W, X86_REG_R8B, 0 },
		{ X86_REG_R9, X86_REG_R9D, X86_REG_R9W, X86_REG_R9B, 0 },
		{ X86_REG_R10, X86_REG_R10D, X86_REG_R10W, X86_REG_R10B, 0 },
		{ X86_REG_R11, X86_REG_R11D, X86_REG_R11W, X86_REG_R11B, 0 },
		{ X86_REG_R12, X86_REG_R12D, X86_REG_R12W, X86_REG_R12B, 0 },
		{ X86_REG_R13, X86_REG_R13D, X86_REG_R13W, X86_REG_R13B, 0 },
		{ X86_REG_R14, X86_REG_R14D, X86_REG_R14W, X86_REG_R14B, 0 },
		{ X86_REG_R15, X86_REG_R15D, X86_REG_R15W, X86_REG_R15B, 0 },
	};
	size_t i, j;

	if (r == X86_REG_INVALID)
		return 0;
	for (i = 0; i < sizeof(fam) / sizeof(fam[0]); i++)
		for (j = 0; j < 5; j++)
			if (fam[i][j] == r)
				return fam[i][0];
	return 0;
}

/*
 * Whether ci may change register family f, or ends a straight path (a
 * call clobbers, a ret or jmp leaves, anything capstone cannot say
 * changes).
 */
/* Whether ci may change register family f (capstone's access lists). */
static bool
ij_writes_reg(csh h, const cs_insn *ci, int f)
{
	cs_regs rd, wr;
	uint8_t nrd = 0, nwr = 0, i;

	if (cs_regs_access(h, ci, rd, &nrd, wr, &nwr) != CS_ERR_OK)
		return true;
	for (i = 0; i < nwr; i++)
		if (reg_fam(wr[i]) == f)
			return true;
	return false;
}

static bool
ij_writes(csh h, const cs_insn *ci, int f)
{
	if (ci->id == X86_INS_CALL || ci->id == X86_INS_RET ||
	    ci->id == X86_INS_JMP || ci->id == X86_INS_LCALL ||
	    ci->id == X86_INS_LJMP || ci->id == X86_INS_SYSCALL ||
	    ci->id == X86_INS_INT3 || ci->id == X86_INS_UD2 ||
	    ci->id == X86_INS_HLT)
		return true;
	return ij_writes_reg(h, ci, f);
}

/* The last instruction before w[at] that writes family f, or -1. */
static int
ij_def(csh h, const cs_insn *w, int at, int f)
{
	int i;

	for (i = at - 1; i >= 0; i--)
		if (ij_writes(h, &w[i], f))
			return i;
	return -1;
}

static bool
op_reg(const cs_x86_op *op, int f, unsigned minsize)
{
	return op->type == X86_OP_REG && reg_fam(op->reg) == f &&
	    op->size >= minsize;
}

/*
 * Whether memory operand a of instruction ca and b of cb name the same
 * address: the same registers and displacement, or the same address
 * relative to rip.
 */
static bool
same_mem(const cs_insn *ca, const x86_op_mem *a, const cs_insn *cb,
	 const x86_op_mem *b)
{
	if (a->segment != b->segment || a->base != b->base ||
	    a->index != b->index || a->scale != b->scale)
		return false;
	if (a->base == X86_REG_RIP)
		return ca->address + ca->size + (uint64_t)a->disp ==
		    cb->address + cb->size + (uint64_t)b->disp;
	return a->disp == b->disp;
}

/*
 * Whether ci may change the word at memory operand m (its base and
 * index registers, or any memory: a store, a push, a string store), or
 * ends a straight path.
 */
static bool
ij_writes_mem(csh h, const cs_insn *ci, const x86_op_mem *m)
{
	const cs_x86 *x = &ci->detail->x86;
	cs_regs rd, wr;
	uint8_t nrd = 0, nwr = 0, i;

	if ((m->base != X86_REG_INVALID && m->base != X86_REG_RIP &&
	     ij_writes(h, ci, reg_fam(m->base))) ||
	    (m->index != X86_REG_INVALID &&
	     ij_writes(h, ci, reg_fam(m->index))))
		return true;
	if (x->prefix[0] != 0 || cs_regs_access(h, ci, rd, &nrd, wr, &nwr) !=
	    CS_ERR_OK)
		return true;	/* rep, lock: a string or atomic store */
	for (i = 0; i < nwr; i++)
		if (reg_fam(wr[i]) == X86_REG_RSP)
			return true;	/* push, pop */
	for (i = 0; i < x->op_count; i++)
		if (x->operands[i].type == X86_OP_MEM &&
		    (x->operands[i].access & CS_AC_WRITE))
			return true;
	return false;
}

/*
 * The entries of the table whose index (family f) w[at] reads: the
 * count the bound check before it allows, or 0 if none is found.  *lo
 * is the check's address.  Between the check and w[at] the index may
 * only be copied whole (`mov %edi,%edi`, `mov %edi,%eax`) or zero
 * extended from the byte or word compared.  Or the index is loaded
 * from the word the check compared (`cmpl $0x13,0x20(%rbx); ja; mov
 * 0x20(%rbx),%eax`, `movzwl` of a word: gcc reads a field twice), with
 * no store and no change of the word's address registers between: a
 * thread that changed the word meanwhile races the program's own
 * jump, whose table the check bounds.
 */
static unsigned
ij_bound(csh h, const cs_insn *w, int at, int f, uint64_t *lo)
{
	unsigned size = 4;	/* of the compare: 1 or 2 after a movzx */
	int i, zreg = 0;
	const x86_op_mem *m = NULL;	/* the word the index came from */
	const cs_insn *ld = NULL;	/* by this load */

	for (i = at - 1; i >= 1; i--) {
		const cs_insn *ci = &w[i];
		const cs_x86 *x = &ci->detail->x86;

		if (ci->id == X86_INS_JA || ci->id == X86_INS_JAE) {
			const cs_insn *c = &w[i - 1];
			const cs_x86 *cx = &c->detail->x86;

			if (c->id != X86_INS_CMP || cx->op_count != 2 ||
			    cx->operands[1].type != X86_OP_IMM ||
			    cx->operands[1].imm < 0 ||
			    cx->operands[1].imm >= IJ_MAXENT)
				return 0;
			if (m != NULL ? cx->operands[0].type != X86_OP_MEM ||
			    cx->operands[0].size != size ||
			    !same_mem(c, &cx->operands[0].mem, ld, m) :
			    !op_reg(&cx->operands[0], f, size) ||
			    (size < 4 && cx->operands[0].size != size) ||
			    (size < 4 && cx->operands[0].reg != zreg))
				return 0;
			*lo = c->address;
			return (unsigned)cx->operands[1].imm +
			    (ci->id == X86_INS_JA);
		}
		if (tr_insn_is_jcc(ci->id))
			continue;	/* leaves the path; its fall-through
					 * goes on */
		if (m != NULL) {
			if (ij_writes_mem(h, ci, m))
				return 0;
			continue;
		}
		if (!ij_writes(h, ci, f))
			continue;
		/* mov 0x20(%rbx),%eax; movzwl 0x10(%rbx),%eax */
		if ((ci->id == X86_INS_MOV || ci->id == X86_INS_MOVZX) &&
		    x->op_count == 2 && op_reg(&x->operands[0], f, 4) &&
		    x->operands[1].type == X86_OP_MEM &&
		    (ci->id == X86_INS_MOVZX ? x->operands[1].size < 4 :
		     x->operands[1].size == x->operands[0].size) &&
		    x->prefix[0] == 0) {
			m = &x->operands[1].mem;
			ld = ci;
			size = x->operands[1].size;
			continue;
		}
		/*
		 * A copy (`mov %edi,%edi`), or a zero extension of the
		 * byte or word that the check compares (`cmp $0x5b,%al;
		 * ja; movzbl %al,%eax`).
		 */
		if ((ci->id != X86_INS_MOV && ci->id != X86_INS_MOVZX) ||
		    x->op_count != 2 || !op_reg(&x->operands[0], f, 4) ||
		    x->operands[1].type != X86_OP_REG ||
		    (ci->id == X86_INS_MOV && x->operands[1].size !=
		     x->operands[0].size) ||
		    (f = reg_fam(x->operands[1].reg)) == 0)
			return 0;
		if (ci->id == X86_INS_MOVZX) {
			size = x->operands[1].size;
			zreg = x->operands[1].reg;
		}
	}
	return 0;
}

static bool
in_fn(const fn_scan_t *fn, uint64_t a)
{
	return (a >= fn->fn_lo && a < fn->fn_hi) ||
	    (a >= fn->fn_clo && a < fn->fn_chi);
}

/*
 * Read the table at tab (n entries of esz bytes: 8 absolute, 4 relative
 * to tab) and add its targets to fn's, and with the jmp that reads it
 * (jmp; 0: scan_done has them) to the table entries the flow's walks
 * know (fn_xe, fn_xj); -1 if it cannot be read, or if an absolute
 * entry lands outside the function (ij_mem takes the table as one of
 * pointers, which are landing addresses).  A relative
 * entry outside the function and its .cold part (a stripped file's
 * .cold code, which no symbol bounds: postgres' elog(ERROR) at a
 * switch's default) joins the session's fa_xtgt, which every site's
 * bytes are checked against (tr_fast_arm, scan_done): it may land in
 * another function.
 */
static int
ij_table(tr_session_t *s, fn_scan_t *fn, uint64_t tab, unsigned n,
	 unsigned esz, uint64_t jmp)
{
	struct tr_fast *fa = s->s_fast;
	uint8_t *b;
	unsigned i;
	uint64_t t, last = 0;
	int32_t r;
	int rc = 0;

	if (n == 0 || (b = malloc((size_t)n * esz)) == NULL)
		return -1;
	if (tr_read(s, tab, b, (size_t)n * esz) != (ssize_t)n * esz)
		rc = -1;
	for (i = 0; i < n && rc == 0; i++) {
		if (esz == 8) {
			memcpy(&t, b + 8 * i, 8);
		} else {
			memcpy(&r, b + 4 * i, 4);
			t = tab + (uint64_t)(int64_t)r;
		}
		if (in_fn(fn, t)) {
			if (push_u64(&fn->fn_tgt, &fn->fn_ntgt, t) < 0 ||
			    (jmp != 0 &&
			     (push_u64(&fn->fn_xe, &fn->fn_nxe, t) < 0 ||
			      push_u64(&fn->fn_xj, &fn->fn_nxj, jmp) < 0)))
				rc = -1;
		} else if (esz == 8) {
			rc = -1;	/* absolute: a table of pointers, data
					 * words the host knows (ij_mem) */
		} else if (t != last) {	/* a default repeats */
			if (fa == NULL || fn->fn_hi == 0 ||
			    push_u64(&fa->fa_xtgt, &fa->fa_nxtgt, t) < 0)
				rc = -1;
			last = t;
		}
	}
	free(b);
	return rc;
}

/* A straight path [lo, at] that the proof of the jmp at at reads. */
static int
ij_path(fn_scan_t *fn, uint64_t lo, uint64_t at)
{
	return push_u64(&fn->fn_ij, &fn->fn_nij, lo) < 0 ||
	    push_u64(&fn->fn_ij, &fn->fn_nij, at) < 0 ? -1 : 0;
}

/*
 * The jmp w[n - 1] through memory operand m read at w[at] (by the jmp
 * itself, or by the mov that set its register, lo): a 64-bit pointer
 * the program holds.  When m is a table of absolute entries whose bound
 * is in sight, its entries join the function's targets too.
 */
static int
ij_mem(tr_session_t *s, fn_scan_t *fn, const cs_insn *w, int at,
       const x86_op_mem *m, uint64_t lo, uint64_t jmp)
{
	csh h = tr_insn_cs(s);
	uint64_t tab = (uint64_t)m->disp, blo, tlo = lo;
	unsigned cnt;
	int k = -1;

	if (m->segment != X86_REG_INVALID)
		return -1;
	if (m->index != X86_REG_INVALID && m->scale == 8 &&
	    m->base != X86_REG_RIP) {
		/* lea T(%rip),base, the base unchanged since */
		if (m->base != X86_REG_INVALID &&
		    ((k = ij_def(h, w, at, reg_fam(m->base))) < 0 ||
		     w[k].id != X86_INS_LEA ||
		     w[k].detail->x86.operands[1].mem.base != X86_REG_RIP ||
		     w[k].detail->x86.operands[1].mem.index !=
		     X86_REG_INVALID))
			k = -2;
		if (k >= 0) {
			tab += w[k].address + w[k].size +
			    (uint64_t)w[k].detail->x86.operands[1].mem.disp;
			if (w[k].address < tlo)
				tlo = w[k].address;
		}
		if (k != -2 &&
		    (cnt = ij_bound(h, w, at, reg_fam(m->index), &blo)) != 0 &&
		    ij_table(s, fn, tab, cnt, 8, jmp) == 0)
			return ij_path(fn, blo < tlo ? blo : tlo, jmp);
		/* a table of other functions, or its bound not in sight */
	}
	/* it may land on any of the function's labels (a computed goto) */
	if (push_u64(&fn->fn_pjmp, &fn->fn_npjmp, jmp) < 0)
		return -1;
	return lo == jmp ? 0 : ij_path(fn, lo, jmp);
}

/*
 * The jmp w[n - 1] (n instructions decoded back from it, a straight
 * run of the function's text): 0 if its targets are proven (see above),
 * -1 if not.
 */
static int
ij_resolve(tr_session_t *s, fn_scan_t *fn, const cs_insn *w, int n)
{
	csh h = tr_insn_cs(s);
	const cs_insn *j = &w[n - 1], *d, *v;
	const cs_x86_op *op = &j->detail->x86.operands[0];
	const x86_op_mem *m;
	uint64_t blo, tab, lo;
	unsigned cnt;
	int f, k, k2, guard;

	if (j->detail->x86.op_count != 1)
		return -1;
	if (op->type == X86_OP_MEM)
		return ij_mem(s, fn, w, n - 1, &op->mem, j->address,
		    j->address);
	if (op->type != X86_OP_REG || op->size != 8)
		return -1;
	f = reg_fam(op->reg);
	k = n - 1;
	for (guard = 0; guard < IJ_WIN; guard++) {
		if (f == 0 || (k = ij_def(h, w, k, f)) < 0)
			return -1;
		d = &w[k];
		if (d->id == X86_INS_MOV && d->detail->x86.op_count == 2 &&
		    op_reg(&d->detail->x86.operands[0], f, 8)) {
			if (d->detail->x86.operands[1].type == X86_OP_MEM)
				return ij_mem(s, fn, w, k,
				    &d->detail->x86.operands[1].mem,
				    d->address, j->address);
			if (d->detail->x86.operands[1].type != X86_OP_REG ||
			    d->detail->x86.operands[1].size != 8)
				return -1;
			/* a copy: follow its source */
			f = reg_fam(d->detail->x86.operands[1].reg);
			continue;
		}
		break;
	}
	/* add base,r after movslq (base,idx,4),r after lea T(%rip),base */
	if (d->id != X86_INS_ADD || d->detail->x86.op_count != 2 ||
	    !op_reg(&d->detail->x86.operands[0], f, 8) ||
	    d->detail->x86.operands[1].type != X86_OP_REG ||
	    d->detail->x86.operands[1].size != 8)
		return -1;
	k2 = ij_def(h, w, k, f);
	if (k2 < 0)
		return -1;
	v = &w[k2];
	m = &v->detail->x86.operands[1].mem;
	if (v->id != X86_INS_MOVSXD || v->detail->x86.op_count != 2 ||
	    v->detail->x86.operands[1].type != X86_OP_MEM ||
	    reg_fam(m->base) != reg_fam(d->detail->x86.operands[1].reg) ||
	    m->index == X86_REG_INVALID || m->scale != 4 || m->disp != 0 ||
	    m->segment != X86_REG_INVALID)
		return -1;
	/*
	 * The base: a lea on the path from it (tab, from lo), or, when gcc
	 * set it before the loop around an interpreter's switch, one lea
	 * for the whole function (ij_base).  Which one holds is known once
	 * every part is decoded (scan_done).
	 */
	cnt = ij_bound(h, w, k2, reg_fam(m->index), &blo);
	if (cnt == 0)
		return -1;
	k = ij_def(h, w, k, reg_fam(m->base));
	tab = lo = 0;
	if (k >= 0 && k < k2 && w[k].id == X86_INS_LEA &&
	    w[k].detail->x86.operands[1].mem.base == X86_REG_RIP &&
	    w[k].detail->x86.operands[1].mem.index == X86_REG_INVALID) {
		tab = w[k].address + w[k].size +
		    (uint64_t)w[k].detail->x86.operands[1].mem.disp;
		lo = w[k].address < blo ? w[k].address : blo;
	}
	/* a write of the base between the load and the add: ij_base only */
	return push_u64(&fn->fn_pend, &fn->fn_npend, k > k2 ? 0 :
	    v->address) < 0 ||
	    push_u64(&fn->fn_pend, &fn->fn_npend,
	    (uint64_t)reg_fam(m->base)) < 0 ||
	    push_u64(&fn->fn_pend, &fn->fn_npend, cnt) < 0 ||
	    push_u64(&fn->fn_pend, &fn->fn_npend, blo) < 0 ||
	    push_u64(&fn->fn_pend, &fn->fn_npend, j->address) < 0 ||
	    push_u64(&fn->fn_pend, &fn->fn_npend, tab) < 0 ||
	    push_u64(&fn->fn_pend, &fn->fn_npend, lo) < 0 ? -1 : 0;
}

/*
 * The indirect jmp ending at end, the last of the nring instructions
 * whose addresses ring holds (buf holds [lo, ...)): decode back to
 * IJ_WIN instructions before it and prove its targets.
 */
static int
ij_window(tr_session_t *s, fn_scan_t *fn, const uint8_t *buf, uint64_t lo,
	  const uint64_t *ring, unsigned nring, uint64_t end)
{
	csh h = tr_insn_cs(s);
	uint64_t from = ring[nring > IJ_WIN ? nring % IJ_WIN : 0];
	cs_insn *w = NULL;
	size_t n;
	int rc = -1;

	n = cs_disasm(h, buf + (from - lo), end - from, from, 0, &w);
	if (n > 0 && n <= IJ_WIN && w[n - 1].address + w[n - 1].size == end)
		rc = ij_resolve(s, fn, w, (int)n);
	if (w != NULL)
		cs_free(w, n);
	return rc;
}

/*
 * Decode [lo, hi): its instructions, every direct branch target and the
 * targets of the indirect jmps proven (above).
 */
static void
scan_range(tr_session_t *s, uint64_t lo, uint64_t hi, fn_scan_t *fn,
	   bool insns)
{
	csh h = tr_insn_cs(s);
	const uint8_t *p;
	uint8_t *buf;
	cs_insn *ci;
	size_t len = hi - lo, left;
	uint64_t a, ring[IJ_WIN];
	unsigned i, nring = 0;

	if (hi <= lo || len > (16u << 20)) {
		fn->fn_bad = true;
		return;
	}
	buf = malloc(len);
	if (buf == NULL || tr_read(s, lo, buf, len) != (ssize_t)len) {
		free(buf);
		fn->fn_bad = true;
		return;
	}
	ci = cs_malloc(h);
	p = buf;
	left = len;
	a = lo;
	while (left > 0 && ci != NULL) {
		const cs_x86 *x;

		if (!cs_disasm_iter(h, &p, &left, &a, ci)) {
			fn->fn_bad = true;
			fn->fn_why = TR_FW_UNDEC;
			break;
		}
		x = &ci->detail->x86;
		ring[nring++ % IJ_WIN] = ci->address;
		if (insns && push_u64(&fn->fn_insn, &fn->fn_ninsn,
				      ci->address) < 0)
			fn->fn_bad = true;
		if (ci->id == X86_INS_JMP || ci->id == X86_INS_CALL ||
		    tr_insn_is_jcc(ci->id) || ci->id == X86_INS_JRCXZ ||
		    ci->id == X86_INS_JECXZ || ci->id == X86_INS_LOOP ||
		    ci->id == X86_INS_LOOPE || ci->id == X86_INS_LOOPNE ||
		    ci->id == X86_INS_XBEGIN) {
			for (i = 0; i < x->op_count; i++)
				if (x->operands[i].type == X86_OP_IMM &&
				    (push_u64(&fn->fn_tgt, &fn->fn_ntgt,
				     (uint64_t)x->operands[i].imm) < 0 ||
				     (ci->id != X86_INS_CALL &&
				      (push_u64(&fn->fn_edge, &fn->fn_nedge,
				       ci->address) < 0 ||
				       push_u64(&fn->fn_edge, &fn->fn_nedge,
				       (uint64_t)x->operands[i].imm) < 0))))
					fn->fn_bad = true;
			/* jmp *reg, jmp *table(,%rax,8): a jump table? */
			if (ci->id == X86_INS_JMP && x->op_count == 1 &&
			    x->operands[0].type != X86_OP_IMM &&
			    !(x->operands[0].type == X86_OP_MEM &&
			      x->operands[0].mem.base == X86_REG_RIP &&
			      x->operands[0].mem.index == X86_REG_INVALID) &&
			    ij_window(s, fn, buf, lo, ring, nring,
				      ci->address + ci->size) < 0 &&
			    !(fn->fn_hi != 0 &&
			      x->operands[0].type == X86_OP_REG &&
			      x->operands[0].size == 8 &&
			      push_u64(&fn->fn_pptr, &fn->fn_npptr,
				       ci->address) == 0 &&
			      push_u64(&fn->fn_pptr, &fn->fn_npptr,
				       (uint64_t)reg_fam(x->operands[0].reg))
			      == 0)) {
				fn->fn_bad = true;
				fn->fn_why = TR_FW_FUNC;
			}
		} else if (fn->fn_hi != 0) {
			/*
			 * The function taking an address of its own (a label
			 * of a computed goto, `mov $.L3,%eax` or `lea
			 * .L3(%rip)`): a pointer jump may land there.
			 */
			for (i = 0; i < x->op_count; i++) {
				const cs_x86_op *o = &x->operands[i];
				uint64_t t = o->type == X86_OP_IMM ?
				    (uint64_t)o->imm : ci->address + ci->size +
				    (uint64_t)o->mem.disp;

				if ((o->type == X86_OP_IMM ||
				     (o->type == X86_OP_MEM &&
				      ci->id == X86_INS_LEA &&
				      o->mem.base == X86_REG_RIP)) &&
				    in_fn(fn, t) && (push_u64(&fn->fn_tgt,
				    &fn->fn_ntgt, t) < 0 ||
				    push_u64(&fn->fn_itgt, &fn->fn_nitgt,
					     t) < 0))
					fn->fn_bad = true;
			}
		}
	}
	if (ci != NULL)
		cs_free(ci, 1);
	else
		fn->fn_bad = true;
	free(buf);
}

/* Whether a branch of fn lands in (lo, at]. */
static bool
target_in(const fn_scan_t *fn, uint64_t lo, uint64_t at)
{
	size_t k;

	for (k = 0; k < fn->fn_ntgt; k++)
		if (fn->fn_tgt[k] > lo && fn->fn_tgt[k] <= at)
			return true;
	return false;
}

/*
 * The table address in register family f where no straight path from
 * its lea reaches the table's load: gcc sets it once before the loop
 * around a switch (an interpreter's).  Then every write to f in the
 * function (and its .cold part) must be the same `lea T(%rip)`: on any
 * path the load reads T (a call may spoil f, but code that reads f
 * after a call sets it again).  0 with *tab = T, else -1.
 */
static int
ij_base(tr_session_t *s, const fn_scan_t *fn, int f, uint64_t *tab)
{
	csh h = tr_insn_cs(s);
	uint64_t part[2][2] = { { fn->fn_lo, fn->fn_hi },
				{ fn->fn_clo, fn->fn_chi } };
	const uint8_t *p;
	uint8_t *buf;
	size_t left;
	uint64_t a, t = 0;
	cs_insn *ci;
	int i, rc = 0;
	bool seen = false;

	if (f == 0 || (ci = cs_malloc(h)) == NULL)
		return -1;
	for (i = 0; i < 2 && rc == 0; i++) {
		left = part[i][1] - part[i][0];
		if (part[i][1] <= part[i][0])
			continue;
		buf = malloc(left);
		if (buf == NULL || tr_read(s, part[i][0], buf, left) !=
		    (ssize_t)left) {
			free(buf);
			rc = -1;
			break;
		}
		p = buf;
		a = part[i][0];
		while (left > 0 && rc == 0) {
			const cs_x86 *x;

			if (!cs_disasm_iter(h, &p, &left, &a, ci)) {
				rc = -1;
				break;
			}
			if (ci->id == X86_INS_CALL)
				continue;
			x = &ci->detail->x86;
			if (!ij_writes_reg(h, ci, f))
				continue;
			if (ci->id != X86_INS_LEA || x->op_count != 2 ||
			    !op_reg(&x->operands[0], f, 8) ||
			    x->operands[1].mem.base != X86_REG_RIP ||
			    x->operands[1].mem.index != X86_REG_INVALID ||
			    (seen && t != ci->address + ci->size +
			     (uint64_t)x->operands[1].mem.disp)) {
				rc = -1;
				break;
			}
			t = ci->address + ci->size +
			    (uint64_t)x->operands[1].mem.disp;
			seen = true;
		}
		free(buf);
	}
	cs_free(ci, 1);
	*tab = t;
	return rc == 0 && seen ? 0 : -1;
}

/*
 * What the walks below read of one instruction of a body: capstone's
 * cs_insn with its details takes about 1.7 KB an instruction, and a
 * body of 8,192 held 14 MB of pidtrace's heap with every function of
 * node probed; this is 40 bytes, filled from one reused cs_insn.
 * Operands 0 and 1 are kept, the only ones the walks look at (a lea's
 * and a mov's).
 */
typedef struct cfg_insn {
	uint64_t	cn_addr;
	int64_t		cn_disp;	/* operand 1's mem.disp */
	uint32_t	cn_writes;	/* register families written: bit
					 * fam_idx, bit 16 any other
					 * register; all when unknown */
	uint16_t	cn_id;
	uint8_t		cn_size;
	uint8_t		cn_nops;	/* x86.op_count */
	uint8_t		cn_prefix0;	/* x86.prefix[0] */
	uint8_t		cn_op0type, cn_op0size;
	uint8_t		cn_op1type, cn_op1size;
	uint8_t		cn_op0reg, cn_op1reg;	/* operands' reg */
	uint8_t		cn_op1base, cn_op1index;	/* its mem */
	uint8_t		cn_op1seg;
} cfg_insn_t;

static int fam_idx(int f);

/* Registers and operand types fit the bytes they are kept in. */
_Static_assert(X86_REG_ENDING <= 256 && X86_OP_MEM <= 255,
    "cfg_insn_t keeps x86 registers in a byte");

/* ij_writes_reg for a cfg_insn_t. */
static bool
cfg_writes_reg(const cfg_insn_t *ci, int f)
{
	int i = f == 0 ? 16 : fam_idx(f);

	if (ci->cn_writes == UINT32_MAX)
		return true;
	return i >= 0 && (ci->cn_writes & (1u << i)) != 0;
}

/* op_reg for operand 0 of a cfg_insn_t. */
static bool
cfg_op0_reg(const cfg_insn_t *ci, int f, unsigned minsize)
{
	return ci->cn_op0type == X86_OP_REG && reg_fam(ci->cn_op0reg) == f &&
	    ci->cn_op0size >= minsize;
}

/* The index of the instruction at a in ci (n, sorted), or n. */
static size_t
insn_at(const cfg_insn_t *ci, size_t n, uint64_t a)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;

		if (ci[m].cn_addr < a)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < n && ci[lo].cn_addr == a ? lo : n;
}

#define CFG_MAXPRED	64
/*
 * The walks decode a body whole: bodies of at most 8,192 instructions
 * (48 KB of code) are walked, larger ones stay int3 where they need it.
 */
#define CFG_MAXINSN	8192u
#define CFG_MAXBYTES	(48u << 10)

/*
 * Decode the len bytes at buf (the body at lo) for the walks: at most
 * max instructions, fewer where one does not decode.  The count in *n;
 * NULL when out of memory.
 */
static cfg_insn_t *
cfg_decode(csh h, const uint8_t *buf, size_t len, uint64_t lo, size_t max,
	   size_t *n)
{
	cfg_insn_t *v = calloc(max ? max : 1, sizeof(*v));
	cs_insn *ci = cs_malloc(h);
	const uint8_t *p = buf;
	uint64_t a = lo;
	size_t left = len;

	*n = 0;
	if (v == NULL || ci == NULL) {
		free(v);
		if (ci != NULL)
			cs_free(ci, 1);
		return NULL;
	}
	while (*n < max && left > 0 && cs_disasm_iter(h, &p, &left, &a, ci)) {
		const cs_x86 *x = &ci->detail->x86;
		cfg_insn_t *c = &v[(*n)++];
		cs_regs rd, wr;
		uint8_t nrd = 0, nwr = 0, i;

		c->cn_addr = ci->address;
		c->cn_size = (uint8_t)ci->size;
		c->cn_id = (uint16_t)ci->id;
		c->cn_nops = x->op_count;
		c->cn_prefix0 = x->prefix[0];
		if (x->op_count >= 1) {
			c->cn_op0type = (uint8_t)x->operands[0].type;
			c->cn_op0size = x->operands[0].size;
			c->cn_op0reg = (uint8_t)x->operands[0].reg;
		}
		if (x->op_count >= 2) {
			c->cn_op1type = (uint8_t)x->operands[1].type;
			c->cn_op1size = x->operands[1].size;
			c->cn_op1reg = (uint8_t)x->operands[1].reg;
			c->cn_op1base = (uint8_t)x->operands[1].mem.base;
			c->cn_op1index = (uint8_t)x->operands[1].mem.index;
			c->cn_op1seg = (uint8_t)x->operands[1].mem.segment;
			c->cn_disp = x->operands[1].mem.disp;
		}
		if (cs_regs_access(h, ci, rd, &nrd, wr, &nwr) != CS_ERR_OK) {
			c->cn_writes = UINT32_MAX;
			continue;
		}
		for (i = 0; i < nwr; i++) {
			int f = reg_fam(wr[i]);

			c->cn_writes |= 1u << (f == 0 ? 16 : fam_idx(f));
		}
	}
	cs_free(ci, 1);
	return v;
}

/*
 * The instructions of the body (ci, n) that may run just before ci[j]:
 * the one before, unless it jumps away or stops (none before the
 * entry), the direct jmps and jccs to it (fn_edge), and for an entry
 * of one of its tables (fn_xe), that table's jmp (fn_xj), and the jmps
 * through a pointer loaded from memory (u).  False when
 * they are not all known: an address an unknown indirect jump may
 * reach (fn_itgt), a jump from the .cold part, too many.
 */
static bool
cfg_preds(const fn_scan_t *fn, const cfg_insn_t *ci, size_t n, size_t j,
	  const size_t *u, size_t nu, size_t *pred, size_t *np)
{
	const uint64_t *xe = fn->fn_xe, *xj = fn->fn_xj;
	size_t nxe = fn->fn_nxe;
	uint64_t a = ci[j].cn_addr;
	size_t e, q;

	*np = 0;
	for (e = 0; e < fn->fn_nitgt; e++)
		if (fn->fn_itgt[e] == a)
			return false;
	for (e = 0; e < nxe; e++) {
		if (xe[e] != a)
			continue;
		if ((q = insn_at(ci, n, xj[e])) == n || *np == CFG_MAXPRED)
			return false;
		pred[(*np)++] = q;
	}
	if (j > 0 && !(ci[j - 1].cn_id == X86_INS_JMP || ci[j - 1].cn_id ==
	    X86_INS_RET || ci[j - 1].cn_id == X86_INS_UD2 ||
	    ci[j - 1].cn_id == X86_INS_HLT || ci[j - 1].cn_id == X86_INS_INT3 ||
	    ci[j - 1].cn_id == X86_INS_LJMP)) {
		if (*np == CFG_MAXPRED)
			return false;
		pred[(*np)++] = j - 1;
	}
	for (e = 0; e + 1 < fn->fn_nedge; e += 2) {
		if (fn->fn_edge[e + 1] != a)
			continue;
		if (fn->fn_edge[e] < fn->fn_lo || fn->fn_edge[e] >= fn->fn_hi ||
		    *np == CFG_MAXPRED ||
		    (q = insn_at(ci, n, fn->fn_edge[e])) == n)
			return false;	/* from the .cold part */
		pred[(*np)++] = q;
	}
	/*
	 * A jump through a pointer loaded from memory may reach any
	 * instruction (a computed goto's table holds the function's
	 * labels): each such jmp (u, nu indexes) is a way in.
	 */
	for (e = 0; e < nu; e++) {
		if (*np == CFG_MAXPRED)
			return false;
		pred[(*np)++] = u[e];
	}
	return true;
}

/*
 * Whether ci may write registers capstone does not list, or leaves the
 * flow: a walk stops there (a syscall writes rcx and r11).
 */
static bool
cfg_opaque(const cfg_insn_t *ci)
{
	switch (ci->cn_id) {
	case X86_INS_SYSCALL: case X86_INS_SYSENTER: case X86_INS_INT:
	case X86_INS_INT1: case X86_INS_INT3: case X86_INS_INTO:
	case X86_INS_UD2: case X86_INS_HLT: case X86_INS_LCALL:
	case X86_INS_LJMP: case X86_INS_IRET: case X86_INS_IRETQ:
	case X86_INS_RETF:
		return true;
	}
	return false;
}

/* Whether a call preserves register family f (the SysV ABI). */
static bool
call_saved(int f)
{
	return f == X86_REG_RBX || f == X86_REG_RBP || f == X86_REG_R12 ||
	    f == X86_REG_R13 || f == X86_REG_R14 || f == X86_REG_R15;
}

/*
 * Whether the table whose base register (family f) the load ci[j] reads
 * holds T on every path there: walking back from it, from each
 * instruction to those that fall into it or jump to it (fn_edge), every
 * path must meet a write of f that is `lea T(%rip)` before any other
 * write of f, before the function's entry, before an address an
 * indirect jump may reach (fn_itgt), before a call when f does not
 * survive calls, and within
 * the body (a .cold part's jump back is not followed).  gcc sets a
 * switch's base once before the loop around it and uses the register
 * for other work elsewhere (postgres' core_yylex).  An entry of one of
 * the function's tables, those whose base is being proven too, is
 * reached from that table's jmp (cfg_preds): the walk goes on there.
 */
static bool
ij_base_cfg(const fn_scan_t *fn, const cfg_insn_t *ci, size_t n,
	    int f, size_t j0, uint64_t T, const size_t *u, size_t nu)
{
	size_t *work, nw = 0;
	uint8_t *seen;
	bool ok = false;

	seen = calloc(n, 1);
	work = malloc(n * sizeof(*work));
	if (seen == NULL || work == NULL)
		goto out;
	work[nw++] = j0;
	seen[j0] = 1;
	while (nw > 0) {
		size_t j = work[--nw], e, np, pred[CFG_MAXPRED];

		if (j == 0 ||	/* the caller's value */
		    !cfg_preds(fn, ci, n, j, u, nu, pred, &np))
			goto out;
		for (e = 0; e < np; e++) {
			const cfg_insn_t *p = &ci[pred[e]];

			if (seen[pred[e]])
				continue;
			seen[pred[e]] = 1;
			if (cfg_opaque(p) ||
			    (p->cn_id == X86_INS_CALL && !call_saved(f)))
				goto out;
			if (p->cn_id == X86_INS_CALL || !cfg_writes_reg(p, f)) {
				work[nw++] = pred[e];
				continue;
			}
			if (p->cn_id != X86_INS_LEA || p->cn_nops != 2 ||
			    !cfg_op0_reg(p, f, 8) ||
			    p->cn_op1base != X86_REG_RIP ||
			    p->cn_op1index != X86_REG_INVALID ||
			    T != p->cn_addr + p->cn_size +
			    (uint64_t)p->cn_disp)
				goto out;
		}
	}
	ok = true;
out:
	free(seen);
	free(work);
	return ok;
}

/* The index of register family f among the sixteen, or -1. */
static int
fam_idx(int f)
{
	static const int fams[16] = { X86_REG_RAX, X86_REG_RBX, X86_REG_RCX,
		X86_REG_RDX, X86_REG_RSI, X86_REG_RDI, X86_REG_RBP,
		X86_REG_RSP, X86_REG_R8, X86_REG_R9, X86_REG_R10, X86_REG_R11,
		X86_REG_R12, X86_REG_R13, X86_REG_R14, X86_REG_R15 };
	int i;

	for (i = 0; i < 16; i++)
		if (fams[i] == f)
			return i;
	return -1;
}

static int
reg_fam_of_idx(size_t i)
{
	static const int fams[16] = { X86_REG_RAX, X86_REG_RBX, X86_REG_RCX,
		X86_REG_RDX, X86_REG_RSI, X86_REG_RDI, X86_REG_RBP,
		X86_REG_RSP, X86_REG_R8, X86_REG_R9, X86_REG_R10, X86_REG_R11,
		X86_REG_R12, X86_REG_R13, X86_REG_R14, X86_REG_R15 };

	return fams[i & 15];
}

/*
 * Whether the `jmp *reg` ci[j0] (reg of family f0) jumps where a pointer
 * the program holds points: walking back over the body's flow
 * (cfg_preds), following whole 64-bit copies from register to register,
 * every path must end at a 64-bit load from memory (a pointer held in
 * the data, as on a straight path: ij_mem) or at the function's entry
 * in an argument register (a function pointer the caller passed:
 * `return walker(node, context)` in postgres' expression_tree_walker,
 * CPython's visitproc calls).  Either lands where an indirect call
 * through that pointer would: a symbol, an address taken, a landing
 * address (brtarget.h); a jump table's address is computed, not
 * loaded or passed.  Any other write on the way (an add, a lea, a
 * pop: a return address), a call when the register does not survive
 * calls, an address an unknown indirect jump reaches, or a jump from
 * the .cold part: not proven.  *loaded: some path ends at a load (the
 * jmp may then be a computed goto, a way into any label: u).
 */
static bool
ij_ptr_cfg(const fn_scan_t *fn, const cfg_insn_t *ci, size_t n,
	   size_t j0, int f0, const size_t *u, size_t nu, bool *loaded)
{
	size_t *work, nw = 0;
	uint8_t *seen;
	bool ok = false;

	*loaded = false;
	if (fam_idx(f0) < 0)
		return false;
	seen = calloc(n, 16);
	work = malloc(n * 16 * sizeof(*work));
	if (seen == NULL || work == NULL)
		goto out;
	work[nw++] = j0 * 16 + (size_t)fam_idx(f0);
	seen[work[0]] = 1;
	while (nw > 0) {
		size_t st = work[--nw], j = st / 16, e, np;
		size_t pred[CFG_MAXPRED];
		int f = reg_fam_of_idx(st % 16);

		/* from the caller: an argument register's value */
		if (j == 0 && f != X86_REG_RDI && f != X86_REG_RSI &&
		    f != X86_REG_RDX && f != X86_REG_RCX && f != X86_REG_R8 &&
		    f != X86_REG_R9)
			goto out;
		if (!cfg_preds(fn, ci, n, j, u, nu, pred, &np))
			goto out;
		for (e = 0; e < np; e++) {
			const cfg_insn_t *p = &ci[pred[e]];
			int g = f;

			if (cfg_opaque(p) ||
			    (p->cn_id == X86_INS_CALL && !call_saved(f)))
				goto out;
			if (p->cn_id != X86_INS_CALL && cfg_writes_reg(p, f)) {
				if (p->cn_id != X86_INS_MOV ||
				    p->cn_nops != 2 || !cfg_op0_reg(p, f, 8) ||
				    p->cn_prefix0 != 0)
					goto out;
				if (p->cn_op1type == X86_OP_MEM &&
				    p->cn_op1size == 8 &&
				    p->cn_op1seg == X86_REG_INVALID) {
					*loaded = true;	/* loaded */
					continue;
				}
				if (p->cn_op1type != X86_OP_REG ||
				    p->cn_op1size != 8 ||
				    fam_idx(g = reg_fam(p->cn_op1reg)) < 0)
					goto out;
			}
			st = pred[e] * 16 + (size_t)fam_idx(g);
			if (!seen[st]) {
				seen[st] = 1;
				work[nw++] = st;
			}
		}
	}
	ok = true;
out:
	free(seen);
	free(work);
	return ok;
}

/*
 * The one address the body's `lea X(%rip)` into family f take (ci, n
 * instructions), or 0 when none or two differ: the table ij_base_cfg
 * then proves.
 */
static uint64_t
ij_lea_cand(const cfg_insn_t *ci, size_t n, int f)
{
	uint64_t t = 0, x;
	size_t k;

	for (k = 0; k < n; k++) {
		const cfg_insn_t *c = &ci[k];

		if (c->cn_id != X86_INS_LEA || c->cn_nops != 2 ||
		    !cfg_op0_reg(c, f, 8) ||
		    c->cn_op1base != X86_REG_RIP ||
		    c->cn_op1index != X86_REG_INVALID)
			continue;
		x = c->cn_addr + c->cn_size + (uint64_t)c->cn_disp;
		if (t != 0 && x != t)
			return 0;
		t = x;
	}
	return t;
}

/* The n entries of the table at tab (4 bytes, relative to it), or NULL. */
static uint64_t *
ij_entries(tr_session_t *s, uint64_t tab, unsigned n)
{
	uint64_t *v = malloc((size_t)n * sizeof(*v));
	int32_t *r = malloc((size_t)n * 4);
	unsigned i;

	if (v == NULL || r == NULL ||
	    tr_read(s, tab, r, (size_t)n * 4) != (ssize_t)n * 4) {
		free(v);
		free(r);
		return NULL;
	}
	for (i = 0; i < n; i++)
		v[i] = tab + (uint64_t)(int64_t)r[i];
	free(r);
	return v;
}

/*
 * After every part of the function is scanned: a branch landing inside
 * a path that an indirect jmp's proof read (after its first
 * instruction) would bring another value to the jmp.
 */
static void
scan_done(tr_session_t *s, fn_scan_t *fn)
{
	uint64_t *tabs = NULL;
	size_t i, k, np, nci = 0, *u = NULL, nu = 0, nu0 = 0;
	int round;
	bool *cfg = NULL, tried = false;
	cfg_insn_t *ci = NULL;
	uint8_t *buf = NULL;
	/* a body of more cannot be walked: nci == fn_ninsn fails */
	size_t max = (fn->fn_ninsn < CFG_MAXINSN ? fn->fn_ninsn :
	    CFG_MAXINSN) + 1;

	/* entries of other functions' tables that land in this one */
	for (i = 0; s->s_fast != NULL && i < s->s_fast->fa_nxtgt; i++)
		if (in_fn(fn, s->s_fast->fa_xtgt[i]) &&
		    (push_u64(&fn->fn_tgt, &fn->fn_ntgt,
			      s->s_fast->fa_xtgt[i]) < 0 ||
		     push_u64(&fn->fn_itgt, &fn->fn_nitgt,
			      s->s_fast->fa_xtgt[i]) < 0))
			fn->fn_bad = true;
	/*
	 * PIC tables: the lea on the path, else the function's one lea
	 * (ij_base), else the lea every path to the load meets
	 * (ij_base_cfg), the entries of all such tables known first.
	 */
	np = fn->fn_npend / 7;
	tabs = calloc(np ? np : 1, sizeof(*tabs));
	cfg = calloc(np ? np : 1, sizeof(*cfg));
	if (tabs == NULL || cfg == NULL)
		fn->fn_bad = true;
	for (k = 0; k < np && !fn->fn_bad; k++) {
		uint64_t *pd = &fn->fn_pend[7 * k + 1];

		if (pd[4] != 0 && !target_in(fn, pd[5], pd[3])) {
			tabs[k] = pd[4];
		} else if (ij_base(s, fn, (int)pd[0], &tabs[k]) < 0) {
			if (!tried && fn->fn_hi - fn->fn_lo < CFG_MAXBYTES &&
			    (buf = malloc(fn->fn_hi - fn->fn_lo)) != NULL &&
			    tr_read(s, fn->fn_lo, buf, fn->fn_hi - fn->fn_lo)
			    == (ssize_t)(fn->fn_hi - fn->fn_lo))
				ci = cfg_decode(tr_insn_cs(s), buf,
				    fn->fn_hi - fn->fn_lo, fn->fn_lo, max,
				    &nci);
			tried = true;
			/* each step of a walk looks at every edge */
			tabs[k] = ci != NULL && nci == fn->fn_ninsn &&
			    nci <= CFG_MAXINSN &&
			    nci * fn->fn_nedge <= (1u << 24) ? ij_lea_cand(
			    ci, nci, (int)pd[0]) : 0;
			cfg[k] = true;
		}
		if (tabs[k] == 0) {
			fn->fn_bad = true;
			fn->fn_why = TR_FW_FUNC;
		} else {
			uint64_t *v = ij_entries(s, tabs[k], (unsigned)pd[1]);
			size_t q;

			for (q = 0; v != NULL && q < pd[1]; q++)
				if (push_u64(&fn->fn_xe, &fn->fn_nxe, v[q]) <
				    0 || push_u64(&fn->fn_xj, &fn->fn_nxj,
				    pd[3]) < 0)
					break;
			if (v == NULL || q < pd[1])
				fn->fn_bad = true;
			free(v);
		}
	}
	/*
	 * The body decoded for the walks (ij_base_cfg, ij_ptr_cfg), and
	 * the ways in from jumps through loaded pointers: those proven on
	 * a straight path, then those the walks find loaded (twice: a new
	 * way in may change what another walk finds).
	 */
	if (fn->fn_npptr > 0 && !fn->fn_bad && !tried &&
	    fn->fn_hi - fn->fn_lo < CFG_MAXBYTES &&
	    (buf = malloc(fn->fn_hi - fn->fn_lo)) != NULL &&
	    tr_read(s, fn->fn_lo, buf, fn->fn_hi - fn->fn_lo) ==
	    (ssize_t)(fn->fn_hi - fn->fn_lo))
		ci = cfg_decode(tr_insn_cs(s), buf, fn->fn_hi - fn->fn_lo,
				fn->fn_lo, max, &nci);
	if (ci != NULL && nci == fn->fn_ninsn && nci <= CFG_MAXINSN &&
	    nci * fn->fn_nedge <= (1u << 24) &&
	    (u = malloc((fn->fn_npjmp + fn->fn_npptr / 2 + 1) *
			sizeof(*u))) != NULL) {
		for (i = 0; i < fn->fn_npjmp; i++)
			if ((u[nu] = insn_at(ci, nci, fn->fn_pjmp[i])) < nci)
				nu++;
		nu0 = nu;
	}
	for (round = 0; round < 2 && !fn->fn_bad; round++) {
		size_t nl = nu;

		for (i = 0; i + 1 < fn->fn_npptr && !fn->fn_bad; i += 2) {
			size_t j0 = u != NULL ? insn_at(ci, nci,
			    fn->fn_pptr[i]) : nci, q;
			bool loaded;

			if (j0 == nci || !ij_ptr_cfg(fn, ci,
			    nci, j0, (int)fn->fn_pptr[i + 1], u, nu,
			    &loaded)) {
				fn->fn_bad = true;
				fn->fn_why = TR_FW_FUNC;
				break;
			}
			for (q = nu0; q < nl && u[q] != j0; q++)
				;
			if (loaded && q == nl) {
				if (round == 1) {	/* no fixed point */
					fn->fn_bad = true;
					fn->fn_why = TR_FW_FUNC;
				}
				u[nl++] = j0;
			}
		}
		if (nl == nu)
			break;
		nu = nl;
	}
	for (k = 0; k < np && !fn->fn_bad; k++) {
		uint64_t *pd = &fn->fn_pend[7 * k + 1], lo = pd[2];
		size_t j0 = 0;

		if (!cfg[k]) {
			if (pd[4] == tabs[k] && !target_in(fn, pd[5], pd[3]))
				lo = pd[5];
		} else {
			j0 = u != NULL && fn->fn_pend[7 * k] != 0 ?
			    insn_at(ci, nci, fn->fn_pend[7 * k]) : nci;
			if (j0 == nci || !ij_base_cfg(fn, ci,
			    nci, (int)pd[0], j0, tabs[k], u, nu))
				tabs[k] = 0;
		}
		if (tabs[k] == 0 ||
		    ij_table(s, fn, tabs[k], (unsigned)pd[1], 4, 0) < 0 ||
		    ij_path(fn, lo, pd[3]) < 0) {
			fn->fn_bad = true;
			fn->fn_why = TR_FW_FUNC;
		}
	}
	free(u);
	free(ci);
	free(buf);
	free(tabs);
	free(cfg);
	for (i = 0; i + 1 < fn->fn_nij && !fn->fn_bad; i += 2)
		if (target_in(fn, fn->fn_ij[i], fn->fn_ij[i + 1])) {
			fn->fn_bad = true;
			fn->fn_why = TR_FW_FUNC;
		}
}

static void
scan_free(fn_scan_t *fn)
{
	free(fn->fn_tgt);
	free(fn->fn_insn);
	free(fn->fn_ij);
	free(fn->fn_pend);
	free(fn->fn_edge);
	free(fn->fn_itgt);
	free(fn->fn_pptr);
	free(fn->fn_xe);
	free(fn->fn_xj);
	free(fn->fn_pjmp);
	memset(fn, 0, sizeof(*fn));
}

static bool
target_inside(const fn_scan_t *fn, uint64_t p0, uint64_t end)
{
	size_t i;

	for (i = 0; i < fn->fn_ntgt; i++)
		if (fn->fn_tgt[i] > p0 && fn->fn_tgt[i] < end)
			return true;
	return false;
}

/*
 * Whether a jump may replace [p0, end), ninsn instructions of the site
 * fs: 0, or why not.  One instruction cannot be entered but at its
 * start; over more, no branch of the function (fn) and no landing
 * address the host knows of (fs_tprev, fs_tnext) may lie strictly inside.
 */
static int
range_why(const tr_fsite_t *fs, const fn_scan_t *fn, uint64_t p0,
	  uint64_t end, size_t ninsn)
{
	if (ninsn == 1)
		return TR_FW_NONE;
	if (target_inside(fn, p0, end))
		return TR_FW_TARGET;
	if (fs->fs_tprev == 0 && fs->fs_tnext == 0)
		return TR_FW_UNKNOWN;
	if (fs->fs_tprev > p0 || fs->fs_tnext < end)
		return TR_FW_TARGET;
	return TR_FW_NONE;
}

/* relocate's allow_jcc: jcc allowed, and a terminator too. */
#define TERM_OK		2

/* Whether ci ends a path: 1 a ret (near, with no far form), 2 a direct
 * jmp, else 0. */
static int
terminator(const cs_insn *ci)
{
	const cs_x86 *x = &ci->detail->x86;

	if (ci->id == X86_INS_RET)
		return 1;
	if (ci->id == X86_INS_JMP && x->op_count == 1 &&
	    x->operands[0].type == X86_OP_IMM)
		return 2;
	return 0;
}

/* terminator() of the instruction at addr, decoded from the tracee. */
static int
terminator_at(tr_session_t *s, uint64_t addr)
{
	csh h = tr_insn_cs(s);
	uint8_t b[16];
	cs_insn *ci = NULL;
	ssize_t n = tr_read(s, addr, b, sizeof(b));
	int t = 0;

	if (n > 0 && cs_disasm(h, b, (size_t)n, addr, 1, &ci) == 1)
		t = terminator(ci);
	if (ci != NULL)
		cs_free(ci, 1);
	return t;
}

/*
 * One instruction moved into the trampoline at tramp + *tlen: copied
 * with its rip-relative disp32 re-pointed, or a jcc as jcc rel32.  -1 if
 * it must not move (see the top of the file).
 */
static int
relocate(tr_session_t *s, const cs_insn *ci, int allow_jcc, uint64_t tramp,
	 uint8_t *out, size_t *tlen)
{
	const cs_x86 *x = &ci->detail->x86;
	uint64_t next = ci->address + ci->size, at = tramp + *tlen, tgt;
	int64_t d;
	int32_t d32;
	unsigned i;
	uint8_t off = 0;

	(void)s;
	/*
	 * The last instruction of an entry's range may end the function:
	 * a ret runs as is (it reads no rip), a direct jmp (a tail call)
	 * becomes jmp rel32 to its target.  Nothing falls through to the
	 * jump back after them.
	 */
	if (allow_jcc == TERM_OK && terminator(ci) == 1) {
		memcpy(out + *tlen, ci->bytes, ci->size);
		*tlen += ci->size;
		return 0;
	}
	if (allow_jcc == TERM_OK && terminator(ci) == 2) {
		tgt = (uint64_t)x->operands[0].imm;
		d = (int64_t)(tgt - (at + 5));
		if (d < INT32_MIN || d > INT32_MAX)
			return -1;
		d32 = (int32_t)d;
		out[(*tlen)++] = 0xe9;
		memcpy(out + *tlen, &d32, 4);
		*tlen += 4;
		return 0;
	}
	switch (ci->id) {
	case X86_INS_CALL: case X86_INS_LCALL: case X86_INS_JMP:
	case X86_INS_LJMP: case X86_INS_RET: case X86_INS_RETF:
	case X86_INS_IRET: case X86_INS_IRETD: case X86_INS_IRETQ:
	case X86_INS_SYSCALL: case X86_INS_SYSENTER: case X86_INS_INT:
	case X86_INS_INT1: case X86_INS_INT3: case X86_INS_INTO:
	case X86_INS_XBEGIN: case X86_INS_XABORT: case X86_INS_XEND:
	case X86_INS_JRCXZ: case X86_INS_JECXZ: case X86_INS_JCXZ:
	case X86_INS_LOOP: case X86_INS_LOOPE: case X86_INS_LOOPNE:
	case X86_INS_UD2: case X86_INS_HLT:
		return -1;
	}
	if (tr_insn_is_jcc(ci->id)) {
		if (!allow_jcc || x->op_count != 1 ||
		    x->operands[0].type != X86_OP_IMM)
			return -1;
		tgt = (uint64_t)x->operands[0].imm;
		d = (int64_t)(tgt - (at + 6));
		if (d < INT32_MIN || d > INT32_MAX)
			return -1;
		d32 = (int32_t)d;
		out[(*tlen)++] = 0x0f;
		out[(*tlen)++] = (uint8_t)(0x80 | ((x->opcode[0] == 0x0f ?
			x->opcode[1] : x->opcode[0]) & 0xf));
		memcpy(out + *tlen, &d32, 4);
		*tlen += 4;
		return 0;
	}
	for (i = 0; i < ci->detail->groups_count; i++)
		if (ci->detail->groups[i] == X86_GRP_BRANCH_RELATIVE ||
		    ci->detail->groups[i] == X86_GRP_JUMP ||
		    ci->detail->groups[i] == X86_GRP_CALL ||
		    ci->detail->groups[i] == X86_GRP_RET ||
		    ci->detail->groups[i] == X86_GRP_INT ||
		    ci->detail->groups[i] == X86_GRP_IRET)
			return -1;
	memcpy(out + *tlen, ci->bytes, ci->size);
	for (i = 0; i < x->op_count; i++) {
		if (x->operands[i].type != X86_OP_MEM ||
		    x->operands[i].mem.base != X86_REG_RIP)
			continue;
		if (off != 0)
			return -1;
		off = x->encoding.disp_offset;
		if (off == 0 || x->encoding.disp_size != 4)
			off = tr_insn_riprel_disp(ci, x->operands[i].mem.disp);
		if (off == 0)
			return -1;
		tgt = next + (uint64_t)x->operands[i].mem.disp;
		d = (int64_t)(tgt - (at + ci->size));
		if (d < INT32_MIN || d > INT32_MAX)
			return -1;
		d32 = (int32_t)d;
		memcpy(out + *tlen + off, &d32, 4);
	}
	if (x->op_count == 0 && ci->size >= 5 && off == 0) {
		/* nothing rip-relative to fix */
	}
	*tlen += ci->size;
	return 0;
}

/*
 * A call that ends an entry's replaced bytes, run in the trampoline at
 * tramp + *tlen as `push RET(%rip)` and a jump to the call's target: the
 * word pushed (placed after the code, *rfix its rel32's offset) is the
 * call's own return address in the original code, so the callee returns
 * past the replaced bytes, and unwinders, C++ exceptions and return
 * probes see the real caller.  The jump: `jmp rel32` for `call rel32`
 * (*tgt its target), `jmp *disp(%rip)` re-pointed for `call
 * *disp(%rip)`, `jmp *%reg` for `call *%reg` (not %rsp, which the push
 * moves).  *jmp: the jump's offset, where a stopped thread has made the
 * push already.  -1 for any other call.
 */
static int
relocate_call(const cs_insn *ci, uint64_t tramp, uint8_t *out, size_t *tlen,
	      size_t *rfix, size_t *jmp, uint64_t *tgt)
{
	const cs_x86 *x = &ci->detail->x86;
	const cs_x86_op *op = &x->operands[0];
	const uint8_t *b = ci->bytes;
	uint64_t at, slot;
	int64_t d;
	int32_t d32;
	size_t n = *tlen;

	*tgt = 0;
	if (ci->id != X86_INS_CALL || x->op_count != 1)
		return -1;
	/* push RET(%rip): its rel32 is filled in once the word is placed. */
	out[n++] = 0xff;
	out[n++] = 0x35;
	*rfix = n;
	memset(out + n, 0, 4);
	n += 4;
	*jmp = n;
	at = tramp + n;
	if (op->type == X86_OP_IMM && ci->size == 5 && b[0] == 0xe8) {
		*tgt = (uint64_t)op->imm;
		d = (int64_t)(*tgt - (at + 5));
		if (d < INT32_MIN || d > INT32_MAX)
			return -1;
		d32 = (int32_t)d;
		out[n++] = 0xe9;
		memcpy(out + n, &d32, 4);
		n += 4;
	} else if (op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP &&
		   op->mem.index == X86_REG_INVALID && ci->size == 6 &&
		   b[0] == 0xff && b[1] == 0x15) {
		slot = ci->address + ci->size + (uint64_t)op->mem.disp;
		d = (int64_t)(slot - (at + 6));
		if (d < INT32_MIN || d > INT32_MAX)
			return -1;
		d32 = (int32_t)d;
		out[n++] = 0xff;
		out[n++] = 0x25;
		memcpy(out + n, &d32, 4);
		n += 4;
	} else if (op->type == X86_OP_REG && op->reg != X86_REG_RSP &&
		   ((ci->size == 2 && b[0] == 0xff && (b[1] & 0xf8) == 0xd0) ||
		    (ci->size == 3 && b[0] == 0x41 && b[1] == 0xff &&
		     (b[2] & 0xf8) == 0xd0))) {
		/* ff /2 (call) becomes ff /4 (jmp), the register kept. */
		memcpy(out + n, b, ci->size);
		out[n + ci->size - 1] = (uint8_t)(0xe0 |
						  (b[ci->size - 1] & 7));
		n += ci->size;
	} else {
		return -1;
	}
	*tlen = n;
	return 0;
}

static uint64_t
dist(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/*
 * A new chunk near a, at most maxd away, when the tracee no longer holds
 * the memfd's fd (it is closed after set-up, so the program never sees
 * it): mremap with old_size 0 makes a second mapping of a shared one's
 * pages, from the offset of the address it is given on.  The last page of
 * the newest chunk is duplicated at hint, one page and a chunk long, so
 * that the new mapping covers the next chunk's offsets, and that page is
 * unmapped.  The page duplicated is the one just before the new chunk's
 * offset, so that what is mapped for a moment is a page more than the
 * chunk whatever the number of chunks: duplicating chunk 0 instead, the
 * head grew by a chunk each time, a gap large enough for it was found
 * ever further, and chunks spread out (node's 56th needed 57 MB free and
 * the 60th lay 370 MB past the first).  The gap comes from /proc/PID/maps
 * with every thread stopped, so MREMAP_FIXED replaces nothing.
 */
static tr_chunk_t *
chunk_dup(tr_session_t *s, uint64_t a, uint64_t maxd)
{
	struct tr_fast *fa = s->s_fast;
	const tr_chunk_t *last;
	uint64_t hint, skip = 0, src;
	tr_chunk_t *ch;
	long r;
	int tries;

	if (fa->fa_nchunk == 0 || fa->fa_nchunk == TR_MAXCHUNK)
		return NULL;
	last = &fa->fa_chunk[fa->fa_nchunk - 1];
	src = last->ch_addr + TR_CHUNK - TR_PAGE;
	for (tries = 0; tries < 4; tries++) {
		hint = tr_find_gap_within(s->s_memtid, a, TR_PAGE + TR_CHUNK,
					  skip, maxd);
		if (hint == 0)
			return NULL;
		r = tr_inject_syscall(s, SYS_mremap, (long)src, 0,
				      (long)(TR_PAGE + TR_CHUNK),
				      MREMAP_MAYMOVE | MREMAP_FIXED,
				      (long)hint, 0);
		if (r == (long)hint)
			break;
		if (r >= 0 || r != -ENOMEM)
			return NULL;
		skip = hint;
	}
	if (tries == 4)
		return NULL;
	if (tr_inject_syscall(s, SYS_munmap, (long)hint, TR_PAGE, 0, 0, 0,
			      0) != 0) {
		tr_inject_syscall(s, SYS_munmap, (long)hint,
				  (long)(TR_PAGE + TR_CHUNK), 0, 0, 0, 0);
		return NULL;
	}
	ch = &fa->fa_chunk[fa->fa_nchunk];
	ch->ch_addr = hint + TR_PAGE;
	ch->ch_off = last->ch_off + TR_CHUNK;
	ch->ch_used = 0;
	fa->fa_nchunk++;
	return ch;
}

/*
 * Clause code's syscall gates (tracer.h, tr_fast_gate, TR_GATE_R9) at
 * the start of chunk 0, the range syscall user dispatch lets make calls,
 * and the trampolines' key gates after them, entered with a jump, the
 * way back in rdx: the blocks enter TR_GOKEY, whose first instruction
 * goes on to the gettid gate (TR_KEYGATE) unless Go's key is on
 * (gokey_set).  A thread stopped in any counts as in clause code
 * (in_code): the endings step it back out to the block it came from.
 */
#define GOKEY_OFF	0xee	/* jmp rel8 from TR_GOKEY + 2 to TR_KEYGATE */
#define GOKEY_DISP	(TR_GOKEY + 16)	/* disp32 of the %fs load */
/*
 * Go's key gate on (the disp32 first) or off, every thread stopped.
 * Only the first instruction changes, a 2-byte one either way, so a
 * thread stopped at it takes the new one and one past it (on before)
 * finishes the load its thread's check allowed.
 */
static void
gokey_set(struct tr_fast *fa, bool on)
{
	uint8_t *g;

	if (fa->fa_gate == 0 || fa->fa_nchunk == 0)
		return;
	g = fa->fa_map + fa->fa_chunk[0].ch_off +
	    (fa->fa_gate - fa->fa_chunk[0].ch_addr);
	if (on) {
		memcpy(g + GOKEY_DISP, &fa->fa_gokey, 4);
		__atomic_store_n((uint16_t *)(void *)(g + TR_GOKEY),
				 (uint16_t)0x9066, __ATOMIC_RELEASE);
	} else {
		__atomic_store_n((uint16_t *)(void *)(g + TR_GOKEY),
				 (uint16_t)(0xeb | GOKEY_OFF << 8),
				 __ATOMIC_RELEASE);
	}
}

static void
gate_put(struct tr_fast *fa, tr_chunk_t *ch)
{
	static const uint8_t gate[TR_GATE_LEN] = {
		0x0f, 0x05,			/* syscall */
		0xff, 0x66, TR_GATE_BACK,	/* jmp *TR_GATE_BACK(%rsi) */
		0xcc, 0xcc, 0xcc,
		0x0f, 0x05,			/* TR_GATE_R9: syscall */
		0x41, 0xff, 0xe1,		/* jmp *%r9 */
		0xcc, 0xcc, 0xcc,
		/* TR_KEYGATE: the kernel's key (gettid_key) */
		0xb8, 0xba, 0x00, 0x00, 0x00,	/* mov $SYS_gettid,%eax */
		0x0f, 0x05,			/* syscall */
		0xff, 0xe2,			/* jmp *%rdx */
		0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc,
		/* TR_GOKEY: jmp TR_KEYGATE, or a 2-byte nop (gokey_set) */
		0xeb, GOKEY_OFF,
		0xf3, 0x48, 0x0f, 0xae, 0xc0,	/* rdfsbase %rax */
		0x48, 0x85, 0xc0,		/* test %rax,%rax */
		0x74, 0xe4,			/* jz TR_KEYGATE */
		0x64, 0x8b, 0x04, 0x25,		/* mov %fs:GOKEY_DISP,%eax */
		0x00, 0x00, 0x00, 0x00,
		0x85, 0xc0,			/* test %eax,%eax */
		0x74, 0xd8,			/* jz TR_KEYGATE */
		0xff, 0xe2,			/* jmp *%rdx */
		0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc
	};

	_Static_assert(TR_GATE_R9 == 8, "the second gate's place");
	_Static_assert(TR_KEYGATE == 16, "the key gate's place");
	_Static_assert(TR_GOKEY == 32, "Go's key gate's place");

	memcpy(fa->fa_map + ch->ch_off + ch->ch_used, gate, sizeof(gate));
	fa->fa_gate = ch->ch_addr + ch->ch_used;
	ch->ch_used += sizeof(gate);
	if (fa->fa_gokey != 0)
		gokey_set(fa, true);
}

uint64_t
tr_fast_gate(const tr_session_t *s)
{
	return s->s_fast != NULL ? s->s_fast->fa_gate : 0;
}

/*
 * A chunk whose free space is within rel32 reach of [a, b), chunk first
 * or a later one (a syscall site's trampoline must lie outside chunk 0,
 * the range syscall user dispatch lets make calls).
 */
static tr_chunk_t *
chunk_near_from(tr_session_t *s, int fd, uint64_t a, uint64_t b,
		unsigned first)
{
	struct tr_fast *fa = s->s_fast;
	tr_chunk_t *ch;
	uint64_t hint, skip = 0, off;
	unsigned i;
	long r;
	int tries;

	for (i = first; i < fa->fa_nchunk; i++) {
		ch = &fa->fa_chunk[i];
		if (ch->ch_used + TR_TRAMP_MAX <= TR_CHUNK &&
		    dist(ch->ch_addr, a) < TR_GAP_REACH &&
		    dist(ch->ch_addr + TR_CHUNK, b) < TR_GAP_REACH)
			return ch;
	}
	if (fa->fa_nchunk == TR_MAXCHUNK)
		return NULL;
	if (fd < 0)
		return chunk_dup(s, a, TR_GAP_REACH);
	off = fa->fa_ringsz + (uint64_t)fa->fa_nchunk * TR_CHUNK;
	for (tries = 0; tries < 4; tries++) {
		hint = tr_find_gap_within(s->s_memtid, a, TR_CHUNK, skip,
					  TR_GAP_REACH);
		if (hint == 0)
			return NULL;
		r = tr_inject_syscall(s, SYS_mmap, (long)hint, TR_CHUNK,
				      PROT_READ | PROT_EXEC,
				      MAP_SHARED | MAP_FIXED_NOREPLACE, fd,
				      (long)off);
		if (r == (long)hint)
			break;
		if (r > 0 && (uint64_t)r < (uint64_t)-4096)
			tr_inject_syscall(s, SYS_munmap, r, TR_CHUNK, 0, 0, 0,
					  0);
		else if (r != -EEXIST)
			return NULL;
		skip = hint;
	}
	if (tries == 4)
		return NULL;
	ch = &fa->fa_chunk[fa->fa_nchunk++];
	ch->ch_addr = hint;
	ch->ch_off = off;
	ch->ch_used = 0;
	if (fa->fa_nchunk == 1)
		gate_put(fa, ch);
	return ch;
}

static tr_chunk_t *
chunk_near(tr_session_t *s, int fd, uint64_t a, uint64_t b)
{
	return chunk_near_from(s, fd, a, b, 0);
}

static bool
reach(uint64_t from, uint64_t to)
{
	int64_t d = (int64_t)(to - from);

	return d >= INT32_MIN && d <= INT32_MAX;
}

/*
 * The context block: bytes put one after the other, with labels patched
 * when they are bound (rel8 and rel32 displacements, within one block).
 */
typedef struct tasm {
	uint8_t		*ta_c;
	size_t		ta_n;
	size_t		ta_lab[8];	/* a label's offset, once bound */
	size_t		ta_ref[16];	/* a displacement's offset... */
	uint8_t		ta_refl[16];	/* ...its label... */
	uint8_t		ta_refw[16];	/* ...and its width (1 or 4) */
	unsigned	ta_nref;
} tasm_t;

static unsigned
hexval(char c)
{
	return c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
}

/*
 * Bytes written as hex pairs, a space between some.  By hand, not by
 * sscanf: every trampoline of a session is assembled here (85,000 of
 * them with a probe on every function of node).
 */
static void
tb(tasm_t *a, const char *hex)
{
	for (; hex[0] != '\0'; hex += hex[2] == ' ' ? 3 : 2)
		a->ta_c[a->ta_n++] = (uint8_t)(hexval(hex[0]) << 4 |
		    hexval(hex[1]));
}

static void
t32(tasm_t *a, uint32_t v)
{
	memcpy(a->ta_c + a->ta_n, &v, 4);
	a->ta_n += 4;
}

static void
t64(tasm_t *a, uint64_t v)
{
	memcpy(a->ta_c + a->ta_n, &v, 8);
	a->ta_n += 8;
}

/* A displacement of width w (1, 4) to label l, patched by tfix. */
static void
tref(tasm_t *a, unsigned l, unsigned w)
{
	a->ta_ref[a->ta_nref] = a->ta_n;
	a->ta_refl[a->ta_nref] = (uint8_t)l;
	a->ta_refw[a->ta_nref++] = (uint8_t)w;
	a->ta_n += w;
}

static void
tbind(tasm_t *a, unsigned l)
{
	a->ta_lab[l] = a->ta_n;
}

static void
tfix(tasm_t *a)
{
	unsigned i;
	int32_t d;

	for (i = 0; i < a->ta_nref; i++) {
		d = (int32_t)(a->ta_lab[a->ta_refl[i]] -
			      (a->ta_ref[i] + a->ta_refw[i]));
		if (a->ta_refw[i] == 1)
			a->ta_c[a->ta_ref[i]] = (uint8_t)(int8_t)d;
		else
			memcpy(a->ta_c + a->ta_ref[i], &d, 4);
	}
}

enum { L_PLAIN, L_GO, L_BACK, L_DONE, L_L1, L_L2, L_CLAIM, L_FULL };

static void	emit_record(const struct tr_fast *, uint8_t *, size_t *,
			    uint32_t, int, bool);

/*
 * A context block's record, when the code's status asks for one: the
 * plain block's claim (T_* above), from the context.  sys: 0 a pid
 * site's; 1 a syscall site's entry, 2 its exit (the raw value in
 * r_args[3] as the plain exit record has it, the number in r_nev's top
 * half, TR_REC_NRSHIFT).
 */
static void
ctx_record(const struct tr_fast *fa, tasm_t *a, uint32_t site, int sys)
{
	unsigned i;
	char hex[32];

	tb(a, "f6 44 24 3c 01 0f 84");	/* testb $1,STATUS; je done */
	tref(a, L_DONE, 4);
	/* the plain block's claim (T_* above), from the context */
	tb(a, "44 8b 5c 24 38 48 b9");
	t64(a, fa->fa_ring);
	snprintf(hex, sizeof(hex), "44 89 d8 83 e0 %02x", TR_NSHARDS - 1);
	tb(a, hex);
	tb(a, "48 89 c2 48 c1 e2 06 48 8d 54 11 40 48 69 c0");
	t32(a, fa->fa_nslots * TR_SLOTSZ);
	tb(a, "48 8d 8c 01");
	t32(a, TR_RING_SLOTS);
	tb(a, "41 b9 40 00 00 00 48 8b 02");
	tbind(a, L_L1);
	tb(a, "49 89 c0 49 81 e0");
	t32(a, ~(fa->fa_nslots - 1));
	tb(a, "49 89 c2 4d 29 c2 49 c1 e2 07 49 01 ca 4d 39 02 0f 84");
	tref(a, L_CLAIM, 4);
	tb(a, "0f 8c");
	tref(a, L_FULL, 4);
	tb(a, "48 8b 02");
	tbind(a, L_L2);
	tb(a, "41 ff c9 0f 85");
	tref(a, L_L1, 4);
	tb(a, "e9");
	tref(a, L_FULL, 4);
	tbind(a, L_CLAIM);
	tb(a, "4c 8d 40 01 f0 4c 0f b1 02 0f 85");
	tref(a, L_L2, 4);
	tb(a, "41 c7 42 08");
	t32(a, site);
	tb(a, "45 89 5a 0c 48 8b 44 24 30 49 89 42 10");
	for (i = 0; i < 6; i++) {
		snprintf(hex, sizeof(hex), "48 8b 44 24 %02x 49 89 42 %02x",
			 TR_CTX_ARGS + 8 * i, 0x18 + 8 * i);
		tb(a, hex);
	}
	tb(a, "8b 44 24 3c 0d 00 00 00 80 41 89 42 48");
	if (sys == 2) {
		/* a syscall's exit: the raw value (saved rcx) for errno */
		tb(a, "48 8b 84 24");
		t32(a, TR_CTX_SIZE + 56);
		tb(a, "49 89 42 30");
	}
	tb(a, "8b 44 24 48");
	if (sys != 0) {
		/* a syscall site's: the number (saved rax) in the top half */
		tb(a, "8b 8c 24");
		t32(a, TR_CTX_SIZE + 64);
		snprintf(hex, sizeof(hex), "c1 e1 %02x 09 c8", TR_REC_NRSHIFT);
		tb(a, hex);
	}
	tb(a, "41 89 42 4c");
	for (i = 0; i < 2 * TR_REC_NEV; i++) {
		snprintf(hex, sizeof(hex), "48 8b 44 24 %02x 49 89 42 %02x",
			 TR_CTX_EV + 8 * i, 0x50 + 8 * i);
		tb(a, hex);
	}
	tb(a, "49 8d 40 ff 48 25");
	t32(a, ~(fa->fa_nslots - 1));
	tb(a, "4c 8d 40 01 f0 4d 0f b1 02 eb");
	tref(a, L_DONE, 1);
	tbind(a, L_FULL);
	tb(a, "48 b8");
	t64(a, fa->fa_ring);
	tb(a, "f0 48 ff 00");
	tbind(a, L_DONE);
}

/*
 * A context block's key where no TCB holds the tid: gettid through the
 * key gate in chunk 0 (gettid_key says why), the way back in rdx; r11,
 * the code's entry, kept in rsi meanwhile (both pushed, and free: the
 * arguments and rdtsc's value are stored), the tid into the context.
 */
static void
ctx_gettid(const struct tr_fast *fa, tasm_t *a)
{
	tb(a, "4c 89 de 48 8d 15 0c 00 00 00 48 b8");
	t64(a, fa->fa_gate + TR_GOKEY);
	tb(a, "ff e0 49 89 f3 89 44 24 38");
}

/*
 * The thread's key into the context, for pid and syscall sites alike:
 * the tid in glibc's TCB (0 with fs base 0), or the kernel's where no
 * TCB holds it (ctx_gettid).
 */
static void
ctx_key(const struct tr_fast *fa, tasm_t *a)
{
	if (fa->fa_gettid) {
		ctx_gettid(fa, a);
		return;
	}
	if (fa->fa_rdfsbase)
		tb(a, "f3 48 0f ae c0 48 85 c0 74 0a");
	tb(a, "64 8b 04 25");
	t32(a, fa->fa_tidoff);
	tb(a, "eb 02 31 c0 89 44 24 38");
}

/*
 * A context block for site index site (doc/INPROC.md, tracer.h's
 * TR_CTX_*) at code + *tlen, the plain record block after it: with no
 * entry in the site's word the thread goes to the plain block (entered
 * past its red zone and pushfq, which this block did), else it builds
 * the context, jumps to the entry, and when the code is back, records
 * from the context if its status asks.  *wfix: where the word's rel32
 * is (tramp.c places the word after the trampoline); *plain: the plain
 * block's offset from this block's start.
 *
 *	lea -128(%rsp),%rsp; pushfq; push %rax
 *	mov WORD(%rip),%rax; test %rax,%rax; jnz go
 *	pop %rax; jmp plain+6
 *  go:	push rcx rdx rsi rdi r8 r9 r10 r11; mov %rax,%r11
 *	sub $TR_CTX_SIZE,%rsp; the args; rdtsc; the key; the link
 *	mov %rsp,%rdi; jmp *%r11
 * back: the code left rsp and rdi as they were: the link zeroed, a
 *	record when the status asks (the plain block's claim, from the
 *	context), then
 *	add $TR_CTX_SIZE,%rsp; pop everything; popfq; lea 128(%rsp),%rsp
 *	jmp past the plain block
 */
static void
emit_ctx(const struct tr_fast *fa, const tr_fsite_t *fs, uint8_t *code,
	 size_t *tlen, uint32_t site, int kind, size_t *wfix, uint16_t *plain,
	 uint16_t *cx)
{
	tasm_t a;

	memset(&a, 0, sizeof(a));
	a.ta_c = code + *tlen;
	tb(&a, "48 8d 64 24 80 9c 50");
	tb(&a, "48 8b 05");		/* mov WORD(%rip),%rax */
	*wfix = *tlen + a.ta_n;
	t32(&a, 0);
	tb(&a, "48 85 c0 75");		/* test; jnz go */
	tref(&a, L_GO, 1);
	tb(&a, "58 e9");		/* pop %rax; jmp plain + 6 */
	a.ta_ref[a.ta_nref] = a.ta_n;
	a.ta_refl[a.ta_nref] = L_PLAIN;
	a.ta_refw[a.ta_nref++] = 4;
	a.ta_n += 4;
	tbind(&a, L_GO);
	tb(&a, "51 52 56 57 41 50 41 51 41 52 41 53 49 89 c3");
	tb(&a, "48 81 ec");
	t32(&a, TR_CTX_SIZE);
	cx[1] = (uint16_t)a.ta_n;	/* the context and 10 words pushed */
	if (fs->fs_goregs) {
		/*
		 * Go's rax (saved, under the 8 pushes) rbx rcx rdi rsi
		 * r8, untouched so far but rax; at a return, after arg0.
		 */
		tb(&a, "48 8b 84 24");
		t32(&a, TR_CTX_SIZE + 64);
		if (kind == TR_FAST_ENTRY) {
			tb(&a, "48 89 04 24 48 89 5c 24 08 48 89 4c 24 10");
			tb(&a, "48 89 7c 24 18 48 89 74 24 20");
			tb(&a, "4c 89 44 24 28");
		} else {
			tb(&a, "48 89 44 24 08 48 c7 04 24");
			t32(&a, (uint32_t)fs->fs_arg0);
			tb(&a, "48 89 5c 24 10 48 89 4c 24 18");
			tb(&a, "48 89 7c 24 20 48 89 74 24 28");
		}
	} else if (kind == TR_FAST_ENTRY) {
		/* rdi rsi rdx rcx r8 r9: untouched so far */
		tb(&a, "48 89 3c 24 48 89 74 24 08 48 89 54 24 10");
		tb(&a, "48 89 4c 24 18 4c 89 44 24 20 4c 89 4c 24 28");
	} else {
		/* arg0, the saved rax (under the 8 pushes), then zeros */
		tb(&a, "48 c7 04 24");
		t32(&a, (uint32_t)fs->fs_arg0);
		tb(&a, "48 8b 84 24");
		t32(&a, TR_CTX_SIZE + 64);
		tb(&a, "48 89 44 24 08 31 c9 48 89 4c 24 10 48 89 4c 24 18");
		tb(&a, "48 89 4c 24 20 48 89 4c 24 28");
	}
	/* rdtsc into TSC */
	tb(&a, "0f 31 48 c1 e2 20 48 09 d0 48 89 44 24 30");
	/* the key (ctx_key); its offset for rekey() */
	cx[0] = (uint16_t)a.ta_n;
	ctx_key(fa, &a);
	/* the link, then in */
	tb(&a, "48 8d 05");
	tref(&a, L_BACK, 4);
	tb(&a, "48 89 44 24 40 48 89 e7 41 ff e3");
	cx[2] = (uint16_t)(a.ta_n - 3);	/* jmp *%r11 */
	tbind(&a, L_BACK);
	/*
	 * movq $0,LINK: the stack below the function's rsp keeps what the
	 * context held, and a word there pointing into a chunk would keep
	 * the chunks mapped at the end (the scan cannot tell it dead).
	 */
	tb(&a, "48 c7 44 24 40 00 00 00 00");
	ctx_record(fa, &a, site, 0);
	tb(&a, "48 81 c4");
	t32(&a, TR_CTX_SIZE);
	tb(&a, "41 5b 41 5a 41 59 41 58 5f 5e 5a 59 58 9d");
	tb(&a, "48 8d a4 24 80 00 00 00 e9");
	t32(&a, (uint32_t)sizeof(template));	/* past the plain block */
	a.ta_lab[L_PLAIN] = a.ta_n + 6;
	tfix(&a);
	*plain = (uint16_t)a.ta_n;
	*tlen += a.ta_n;
	emit_record(fa, code, tlen, site, kind, fs->fs_goregs);
}

/*
 * The record block for site index site at code + *tlen; goregs: it
 * records Go's registers (go_args).
 */
static void
emit_record(const struct tr_fast *fa, uint8_t *code, size_t *tlen,
	    uint32_t site, int kind, bool goregs)
{
	uint8_t *c = code + *tlen;
	int32_t d32;

	memcpy(c, template, sizeof(template));
	memcpy(c + T_TIDOFF, &fa->fa_tidoff, 4);
	memcpy(c + T_RING, &fa->fa_ring, 8);
	c[T_SHMASK] = TR_NSHARDS - 1;
	d32 = (int32_t)((uint64_t)fa->fa_nslots * TR_SLOTSZ);
	memcpy(c + T_SHBYTES, &d32, 4);
	d32 = (int32_t)~(fa->fa_nslots - 1);
	memcpy(c + T_SLMASK, &d32, 4);
	memcpy(c + T_SLMASK2, &d32, 4);
	d32 = (int32_t)TR_RING_SLOTS;
	memcpy(c + T_SLOTS, &d32, 4);
	memcpy(c + T_COOKIE, &site, 4);
	memcpy(c + T_DROPS, &fa->fa_ring, 8);
	if (goregs)
		memcpy(c + T_ARGS, go_args, sizeof(go_args));
	else if (kind == TR_FAST_ENTRY)
		memcpy(c + T_RAX, nop9, sizeof(nop9));
	if (fa->fa_gettid) {
		uint64_t g = fa->fa_gate + TR_GOKEY;

		memcpy(c + T_RDFS, gettid_key, sizeof(gettid_key));
		memcpy(c + T_RDFS + GETTID_GATE, &g, 8);
	}
	else if (!fa->fa_rdfsbase)
		memcpy(c + T_RDFS, nop10, sizeof(nop10));
	*tlen += sizeof(template);
}

/* A record block of fs (site index site): with a context block if asked. */
static void
emit_block(const struct tr_fast *fa, const tr_fsite_t *fs, uint8_t *code,
	   size_t *tlen, uint32_t site, int kind, size_t *wfix,
	   uint16_t *plain, uint16_t *cx)
{
	*wfix = 0;
	*plain = 0;
	memset(cx, 0, 3 * sizeof(*cx));
	if (fs->fs_ctx)
		emit_ctx(fa, fs, code, tlen, site, kind, wfix, plain, cx);
	else
		emit_record(fa, code, tlen, site, kind, fs->fs_goregs);
}

/*
 * The entry words of the context blocks (wfix[i] != 0) after the code,
 * 8-aligned, zero (no entry yet), their rel32s pointed at them; their
 * memfd offsets into words[].  Then the padding to 16.
 */
static void
place_words(const tr_chunk_t *ch, uint64_t tramp, uint8_t *code,
	    size_t *tlen, const size_t *wfix, uint64_t *words, unsigned n)
{
	unsigned i;
	int32_t d32;

	while (*tlen % 8 != 0)
		code[(*tlen)++] = 0xcc;
	for (i = 0; i < n; i++) {
		words[i] = 0;
		if (wfix[i] == 0)
			continue;
		memset(code + *tlen, 0, 8);
		d32 = (int32_t)(*tlen - (wfix[i] + 4));
		memcpy(code + wfix[i], &d32, 4);
		words[i] = ch->ch_off + ch->ch_used + *tlen;
		*tlen += 8;
	}
	memset(code + *tlen, 0xcc, (16 - *tlen % 16) % 16);
	*tlen += (16 - *tlen % 16) % 16;
	(void)tramp;
}

/* Whether [p0, end) may be replaced: no other site's int3 or jump in it. */
static bool
range_free(tr_session_t *s, uint64_t p0, uint64_t end, uint64_t own,
	   uint64_t own2)
{
	struct at_addr aa = { 0, NULL };
	uint64_t a;

	for (a = p0; a < end; a++)
		if (a != own && a != own2 && tr_bkpt_find(s, a) != NULL)
			return false;
	tr_fidx_each(s->s_fast, p0, end, any_site, &aa);
	return aa.aa_fs == NULL;
}

/*
 * A function too small for two jumps (push %rbp; mov; lea; pop; ret):
 * its entry site e and its one return site r become one trampoline that
 * records the entry, runs the body, records the return and runs the ret.
 * The body must run straight: no branch at all before the ret.
 */
static int
build_whole(tr_session_t *s, int fd, tr_fsite_t *e, tr_fsite_t *r,
	    const fn_scan_t *fn)
{
	struct tr_fast *fa = s->s_fast;
	csh h = tr_insn_cs(s);
	uint8_t code[TR_TRAMP_MAX], bytes[64];
	cs_insn *ci = NULL;
	size_t cnt = 0, tlen = 0, i, n5 = 0, wfix[2];
	uint64_t end, tramp, words[2];
	tr_chunk_t *ch;
	int32_t d32;

	if (fn->fn_bad || e->fs_addr != fn->fn_lo || r->fs_addr <= e->fs_addr)
		return -1;
	end = r->fs_addr + 1;
	if (end - e->fs_addr > TR_RELOC_MAX ||
	    tr_read(s, e->fs_addr, bytes, end - e->fs_addr) !=
	    (ssize_t)(end - e->fs_addr) || bytes[end - e->fs_addr - 1] != 0xc3 ||
	    !range_free(s, e->fs_addr, end, e->fs_addr, r->fs_addr))
		return -1;
	cnt = cs_disasm(h, bytes, end - e->fs_addr, e->fs_addr, 0, &ci);
	if (cnt < 2 || cnt > 8 || ci[cnt - 1].address != r->fs_addr ||
	    ci[cnt - 1].id != X86_INS_RET ||
	    range_why(e, fn, e->fs_addr, end, cnt) != TR_FW_NONE)
		goto refuse;
	/*
	 * The jump's bytes: whole instructions, the ret too if need be
	 * (the return site's int3 is then under the jump: tr_fast_unpatch
	 * and tr_fast_revert put it back), and the padding after it when
	 * the function is under 5 bytes (`xor %eax,%eax; ret`), if no
	 * branch lands there.
	 */
	for (i = 0; i < cnt && n5 < 5; i++)
		n5 = ci[i].address + ci[i].size - e->fs_addr;
	if (n5 < 5) {
		n5 = 5;
		if (range_why(e, fn, e->fs_addr, e->fs_addr + 5, 2) !=
		    TR_FW_NONE ||
		    tr_read(s, e->fs_addr, bytes, 5) != 5 ||
		    !range_free(s, e->fs_addr, e->fs_addr + 5, e->fs_addr,
				r->fs_addr))
			goto refuse;
	}
	ch = chunk_near(s, fd, e->fs_addr, end);
	if (ch == NULL)
		goto refuse;
	tramp = ch->ch_addr + ch->ch_used;
	if (!reach(e->fs_addr + 5, tramp) || !reach(tramp + TR_TRAMP_MAX, end))
		goto refuse;
	e->fs_rec_lo = 0;
	emit_block(fa, e, code, &tlen, (uint32_t)(e - fa->fa_sites),
		   TR_FAST_ENTRY, &wfix[0], &e->fs_plain, e->fs_cx[0]);
	e->fs_rec_hi = (uint16_t)tlen;
	e->fs_nins = 0;
	for (i = 0; i + 1 < cnt; i++) {
		e->fs_toff[e->fs_nins] = (uint8_t)(tlen - e->fs_rec_hi);
		e->fs_ooff[e->fs_nins++] = (uint8_t)(ci[i].address -
						     e->fs_addr);
		if (relocate(s, &ci[i], false, tramp, code, &tlen) < 0)
			goto refuse;
	}
	e->fs_rec2_lo = (uint16_t)tlen;
	emit_block(fa, r, code, &tlen, (uint32_t)(r - fa->fa_sites),
		   TR_FAST_RETURN, &wfix[1], &e->fs_plain2, e->fs_cx[1]);
	e->fs_rec2_hi = (uint16_t)tlen;
	e->fs_tend = (uint16_t)tlen;
	code[tlen++] = 0xc3;
	cs_free(ci, cnt);
	place_words(ch, tramp, code, &tlen, wfix, words, 2);
	e->fs_word = words[0];
	e->fs_word2 = words[1];
	memcpy(fa->fa_map + ch->ch_off + ch->ch_used, code, tlen);
	ch->ch_used += (uint32_t)tlen;
	e->fs_tlen = (uint16_t)tlen;
	e->fs_whole = true;
	e->fs_calljmp = 0;
	e->fs_calltgt = 0;
	fa->fa_nwhole++;
	e->fs_retaddr = r->fs_addr;
	e->fs_tramp = tramp;
	e->fs_p0 = e->fs_addr;
	e->fs_n = (uint8_t)n5;
	memcpy(e->fs_orig, bytes, n5);
	e->fs_text[0] = 0xe9;
	d32 = (int32_t)(int64_t)(tramp - (e->fs_addr + 5));
	memcpy(e->fs_text + 1, &d32, 4);
	memset(e->fs_text + 5, 0xcc, n5 - 5);
	return 0;
refuse:
	if (ci != NULL)
		cs_free(ci, cnt);
	return -1;
}

/*
 * Decide the replaced range of fs and write its trampoline.  -1: stays
 * int3.
 */
static int
build(tr_session_t *s, int fd, tr_fsite_t *fs, const fn_scan_t *fn)
{
	struct tr_fast *fa = s->s_fast;
	csh h = tr_insn_cs(s);
	uint8_t code[TR_TRAMP_MAX], bytes[64];
	cs_insn *ci = NULL;
	size_t cnt, tlen = 0, k, first, last, i, wfix, rfix = 0, cjmp = 0;
	uint64_t p0, end, cend, tramp, ctgt = 0;
	tr_chunk_t *ch;
	int32_t d32;
	uint32_t site = (uint32_t)(fs - fa->fa_sites);
	int term = 0;

	if (fn->fn_bad) {
		fs->fs_why = fn->fn_why != 0 ? fn->fn_why : TR_FW_UNDEC;
		return -1;
	}
	/* The instructions replaced: [first, last] of fn_insn. */
	for (k = 0; k < fn->fn_ninsn && fn->fn_insn[k] != fs->fs_addr; k++)
		;
	if (k == fn->fn_ninsn) {
		fs->fs_why = TR_FW_BODY;
		return -1;
	}
	/*
	 * An entry's range stops at a ret or jmp that ends the function
	 * (`lea 1(%rdi),%rax; ret`), a return's at the function's start
	 * (`xor %eax,%eax; ret`): when that is under 5 bytes the jump also
	 * covers the bytes after the ret or jmp, which nothing runs (its
	 * padding: no branch may land there, range_why checks), in
	 * [cend, end).
	 */
	if (fs->fs_kind == TR_FAST_ENTRY) {
		first = last = k;
		end = k + 1 < fn->fn_ninsn ? fn->fn_insn[k + 1] : fn->fn_hi;
		while (end - fs->fs_addr < 5 && last + 1 < fn->fn_ninsn &&
		       (term = terminator_at(s, fn->fn_insn[last])) == 0) {
			last++;
			end = last + 1 < fn->fn_ninsn ? fn->fn_insn[last + 1] :
			      fn->fn_hi;
		}
		if (end - fs->fs_addr < 5 && term == 0)
			term = terminator_at(s, fn->fn_insn[last]);
		p0 = fs->fs_addr;
	} else {
		first = last = k;
		end = k + 1 < fn->fn_ninsn ? fn->fn_insn[k + 1] : fn->fn_hi;
		while (end - fn->fn_insn[first] < 5 && first > 0)
			first--;
		p0 = fn->fn_insn[first];
		term = 1;	/* the ret */
	}
	cend = end;
	if (end - p0 < 5 && term != 0)
		end = p0 + 5;
	fs->fs_why = TR_FW_INSN;
	if (end - p0 < 5 || end - p0 > TR_RELOC_MAX || last - first >= 8 ||
	    (cend > fn->fn_hi))
		return -1;
	if ((fs->fs_why = (uint8_t)range_why(fs, fn, p0, end,
	    last - first + 1 + (end > cend))) != TR_FW_NONE)
		return -1;
	fs->fs_why = TR_FW_INSN;
	if (tr_read(s, p0, bytes, end - p0) != (ssize_t)(end - p0))
		return -1;
	/* Another site's int3 or jump in the range would be overwritten. */
	fs->fs_why = TR_FW_SITE;
	if (!range_free(s, p0, end, fs->fs_addr, fs->fs_addr))
		return -1;
	fs->fs_why = TR_FW_ROOM;
	ch = chunk_near(s, fd, p0, end);
	if (ch == NULL)
		return -1;
	tramp = ch->ch_addr + ch->ch_used;
	if (!reach(p0 + 5, tramp) || !reach(tramp + TR_TRAMP_MAX, end))
		return -1;
	fs->fs_why = TR_FW_INSN;
	cnt = cs_disasm(h, bytes, cend - p0, p0, 0, &ci);
	if (cnt != last - first + 1) {
		if (ci != NULL)
			cs_free(ci, cnt);
		return -1;
	}
	fs->fs_p0 = p0;
	fs->fs_n = (uint8_t)(end - p0);
	fs->fs_nins = 0;
	if (fs->fs_kind == TR_FAST_RETURN) {
		/* The epilogue, then the record, then the ret itself. */
		for (i = 0; i + 1 < cnt; i++) {
			fs->fs_toff[fs->fs_nins] = (uint8_t)tlen;
			fs->fs_ooff[fs->fs_nins++] =
				(uint8_t)(ci[i].address - p0);
			if (relocate(s, &ci[i], false, tramp, code, &tlen) < 0)
				goto refuse;
		}
		if (ci[cnt - 1].id != X86_INS_RET)
			goto refuse;
	}
	fs->fs_rec_lo = (uint16_t)tlen;
	emit_block(fa, fs, code, &tlen, site, fs->fs_kind, &wfix,
		   &fs->fs_plain, fs->fs_cx[0]);
	fs->fs_rec_hi = (uint16_t)tlen;
	if (fs->fs_kind == TR_FAST_ENTRY) {
		for (i = 0; i < cnt; i++) {
			fs->fs_toff[fs->fs_nins] = (uint8_t)0;
			fs->fs_ooff[fs->fs_nins++] =
				(uint8_t)(ci[i].address - p0);
			/* offsets past 255: kept relative to rec_hi */
			fs->fs_toff[fs->fs_nins - 1] =
				(uint8_t)(tlen - fs->fs_rec_hi);
			/*
			 * A call moves only as the last instruction, ending
			 * where the jump's bytes end: its return address
			 * is then the first byte after them.  Any earlier,
			 * the callee would return into the jump; nor may
			 * it call into the jump (`call 1f; 1: pop`, whose
			 * target is the byte after it, may).
			 */
			if (i + 1 == cnt && ci[i].id == X86_INS_CALL &&
			    ci[i].address + ci[i].size == end) {
				/*
				 * The push makes no shadow stack entry:
				 * the callee's ret would fault.
				 */
				if (fa->fa_shstk) {
					fs->fs_why = TR_FW_SHSTK;
					goto refuse;
				}
				if (relocate_call(&ci[i], tramp, code, &tlen,
						  &rfix, &cjmp, &ctgt) < 0 ||
				    (ctgt > p0 && ctgt < end))
					goto refuse;
				continue;
			}
			if (relocate(s, &ci[i], i + 1 == cnt ? TERM_OK : 1,
				     tramp, code, &tlen) < 0)
				goto refuse;
		}
		fs->fs_tend = (uint16_t)tlen;
		if (rfix != 0) {
			/* No jump back: the callee returns to end. */
			while (tlen % 8 != 0)
				code[tlen++] = 0xcc;
			memcpy(code + tlen, &end, 8);
			d32 = (int32_t)(tlen - (rfix + 4));
			memcpy(code + rfix, &d32, 4);
			tlen += 8;
		} else {
			code[tlen++] = 0xe9;
			d32 = (int32_t)(int64_t)(end - (tramp + tlen + 4));
			memcpy(code + tlen, &d32, 4);
			tlen += 4;
		}
	} else {
		fs->fs_tend = (uint16_t)tlen;
		memcpy(code + tlen, ci[cnt - 1].bytes, ci[cnt - 1].size);
		tlen += ci[cnt - 1].size;
	}
	cs_free(ci, cnt);
	place_words(ch, tramp, code, &tlen, &wfix, &fs->fs_word, 1);
	memcpy(fa->fa_map + ch->ch_off + ch->ch_used, code, tlen);
	ch->ch_used += (uint32_t)tlen;
	fs->fs_tramp = tramp;
	fs->fs_tlen = (uint16_t)tlen;
	fs->fs_calljmp = (uint16_t)cjmp;
	fs->fs_calltgt = ctgt;
	memcpy(fs->fs_orig, bytes, fs->fs_n);
	fs->fs_text[0] = 0xe9;
	d32 = (int32_t)(int64_t)(tramp - (p0 + 5));
	memcpy(fs->fs_text + 1, &d32, 4);
	memset(fs->fs_text + 5, 0xcc, fs->fs_n - 5);
	fs->fs_why = TR_FW_NONE;
	return 0;
refuse:
	cs_free(ci, cnt);
	return -1;
}

/* -- patching ------------------------------------------------------------- */

typedef struct pcs {
	uint64_t	*pc_v;
	size_t		pc_n;
} pcs_t;

/*
 * Every pc a stopped thread may resume at: its rip, where a restarted
 * syscall would rewind it, and anything on the top of its stack that
 * looks like a pc of ours (signal frames hold the interrupted rip).
 */
static void
collect_pcs(tr_session_t *s, pcs_t *pc, uint64_t lo, uint64_t hi, bool regs)
{
	struct user_regs_struct r;
	uint64_t *stk;
	tr_thread_t *th;
	ssize_t n, i;

	stk = malloc(STACKSCAN);
	for (th = s->s_all; th != NULL; th = th->th_all) {
		if (th->th_zombie || !th->th_stopped ||
		    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
			continue;
		if (regs)
			push_u64(&pc->pc_v, &pc->pc_n, r.rip);
		if (regs && (long)r.orig_rax >= 0)
			push_u64(&pc->pc_v, &pc->pc_n, r.rip - 2);
		if (stk == NULL)
			continue;
		n = tr_read(s, r.rsp & ~7ull, stk, STACKSCAN);
		for (i = 0; i + 8 <= n; i += 8)
			if (stk[i / 8] > lo && stk[i / 8] < hi)
				push_u64(&pc->pc_v, &pc->pc_n, stk[i / 8]);
	}
	free(stk);
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* pc sorted (pcs_sort): one search a site, not a walk of every pc. */
static void
pcs_sort(pcs_t *pc)
{
	qsort(pc->pc_v, pc->pc_n, sizeof(*pc->pc_v), cmp_u64);
}

static bool
pc_inside(const pcs_t *pc, uint64_t p0, uint64_t end)
{
	size_t lo = 0, hi = pc->pc_n, m;

	while (lo < hi) {
		m = lo + (hi - lo) / 2;
		if (pc->pc_v[m] <= p0)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < pc->pc_n && pc->pc_v[lo] < end;
}

/* text_poke_bp's order: int3 on byte 0, the tail, byte 0. */
static int
poke(tr_session_t *s, pid_t pid, uint64_t p0, const uint8_t *text, size_t n)
{
	static const uint8_t int3 = 0xcc;

	if (pid != 0)
		return tr_mem_write_pid(pid, p0, text, n);
	if (tr_mem_write(s, p0, &int3, 1) < 0 ||
	    tr_mem_write(s, p0 + 1, text + 1, n - 1) < 0 ||
	    tr_mem_write(s, p0, text, 1) < 0)
		return -1;
	return 0;
}

/* Whether an entry of fa_xtgt (sorted) lies strictly inside (p0, end). */
static bool
xtgt_inside(const struct tr_fast *fa, uint64_t p0, uint64_t end)
{
	size_t lo = 0, hi = fa->fa_nxtgt;

	while (lo < hi) {	/* the first entry past p0 */
		size_t m = lo + (hi - lo) / 2;

		if (fa->fa_xtgt[m] <= p0)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < fa->fa_nxtgt && fa->fa_xtgt[lo] < end;
}

static int
cmp_fn(const void *a, const void *b)
{
	const tr_fsite_t *x = a, *y = b;

	if (x->fs_lo != y->fs_lo)
		return x->fs_lo < y->fs_lo ? -1 : 1;
	return x->fs_addr < y->fs_addr ? -1 : x->fs_addr > y->fs_addr;
}

/* A jump the batch could not write: the site stays int3. */
void
tr_fast_write_failed(tr_session_t *s, size_t i)
{
	tr_fsite_t *fs = &s->s_fast->fa_sites[i];

	fs->fs_live = false;
	s->s_st.st_fast--;
	fs->fs_why = TR_FW_WRITE;
	if (fs->fs_whole)
		fs[1].fs_why = TR_FW_WRITE;
}

static void
arm_failed(tr_session_t *s, size_t i, uint64_t addr, void *arg)
{
	(void)addr;
	(void)arg;
	tr_fast_write_failed(s, i);
}

/*
 * From h_ready, every thread stopped: the sites asked for become jumps,
 * written together (tr_wbatch_flush) once every site is planned.  Until
 * then the text holds each site's int3, and a read of it shows the
 * original bytes either way (tr_read's overlays).
 */
int
tr_fast_arm(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	tr_wbatch_t local = TR_WBATCH_INIT, *wb = s->s_wb ? s->s_wb : &local;
	tr_thread_t *th;
	fn_scan_t fn;
	pcs_t pc = { NULL, 0 };
	tr_bkpt_t *bp;
	size_t i;
	uint64_t lo = UINT64_MAX, hi = 0;
	int fd = -1;
	bool whole;
	uint32_t *built;	/* sites built, to write */
	size_t nbuilt = 0, k, g0, g;

	if (fa == NULL || !fa->fa_on || fa->fa_pending == fa->fa_nsites)
		return 0;
	/* Not now: the loop arms them with every thread stopped (dlopen). */
	for (th = s->s_all; th != NULL; th = th->th_all)
		if (!th->th_stopped)
			return -1;
	if (fa->fa_broken)
		goto broken;
	/* After set-up, new chunks are mremap'd copies (chunk_dup). */
	if (fa->fa_ring == 0 && (fd = setup(s)) < 0)
		goto broken;
	/*
	 * Read at each arming: the dynamic loader turns the shadow stack
	 * on, so a process armed before it ran says no at first.
	 */
	fa->fa_shstk = tr_proc_shstk(s->s_pid);
	qsort(fa->fa_sites + fa->fa_pending, fa->fa_nsites - fa->fa_pending,
	      sizeof(*fa->fa_sites), cmp_fn);
	for (i = fa->fa_pending; i < fa->fa_nsites; i++) {
		if (fa->fa_sites[i].fs_lo < lo)
			lo = fa->fa_sites[i].fs_lo;
		if (fa->fa_sites[i].fs_hi > hi)
			hi = fa->fa_sites[i].fs_hi;
	}
	/* one block, before the scans' arrays come and go */
	built = malloc((fa->fa_nsites - fa->fa_pending) * sizeof(*built));
	collect_pcs(s, &pc, lo, hi, true);
	pcs_sort(&pc);
	memset(&fn, 0, sizeof(fn));
	for (i = fa->fa_pending; i < fa->fa_nsites; i++) {
		tr_fsite_t *fs = &fa->fa_sites[i];

		if (fn.fn_lo != fs->fs_lo || fn.fn_hi != fs->fs_hi) {
			scan_free(&fn);
			fn.fn_lo = fs->fs_lo;
			fn.fn_hi = fs->fs_hi;
			if (fs->fs_clo != 0 && fs->fs_chi > fs->fs_clo) {
				fn.fn_clo = fs->fs_clo;
				fn.fn_chi = fs->fs_chi;
			}
			scan_range(s, fs->fs_lo, fs->fs_hi, &fn, true);
			if (fn.fn_chi != 0)
				scan_range(s, fs->fs_clo, fs->fs_chi, &fn,
					   false);
			scan_done(s, &fn);
		}
		bp = tr_bkpt_find(s, fs->fs_addr);
		if (bp == NULL) {
			fs->fs_said = true;	/* removed meanwhile */
			continue;
		}
		if (bp->bp_shared) {
			fs->fs_why = TR_FW_SHARED;
			continue;
		}
		if (fs->fs_kind == TR_FAST_ENTRY && i + 1 < fa->fa_nsites &&
		    fs[1].fs_kind == TR_FAST_RETURN && fs[1].fs_lo == fs->fs_lo &&
		    (i + 2 == fa->fa_nsites || fs[2].fs_lo != fs->fs_lo) &&
		    fs->fs_hi - fs->fs_lo <= TR_RELOC_MAX &&
		    tr_bkpt_find(s, fs[1].fs_addr) != NULL &&
		    !tr_bkpt_find(s, fs[1].fs_addr)->bp_shared &&
		    build_whole(s, fd, fs, &fs[1], &fn) == 0) {
			i++;	/* its return site rides along */
		} else if (fs->fs_addr < fs->fs_lo ||
			   fs->fs_addr >= fs->fs_hi) {
			fs->fs_why = fs->fs_hi <= fs->fs_lo ? TR_FW_NOSIZE :
				     TR_FW_BODY;
			continue;
		} else if (build(s, fd, fs, &fn) < 0) {
			continue;
		}
		if (built == NULL)
			fs->fs_why = TR_FW_WRITE;
		else
			built[nbuilt++] = (uint32_t)(fs - fa->fa_sites);
		/* the chunks written so far out of pidtrace's RSS */
		if (nbuilt % 4096 == 0)
			tr_fast_trim(s);
	}
	/*
	 * Written once every function is scanned: a jump table's entry
	 * outside its own function (fa_xtgt) may land in the bytes of a
	 * site built before the table was read.
	 */
	if (fa->fa_nxtgt > 1)
		qsort(fa->fa_xtgt, fa->fa_nxtgt, sizeof(*fa->fa_xtgt),
		      cmp_u64);
	for (k = 0, g0 = 0, g = 0; k < nbuilt; k++) {
		tr_fsite_t *fs = &fa->fa_sites[built[k]];

		whole = fs->fs_whole;
		/*
		 * Two sites built in this pass may share bytes: each was
		 * checked against the int3s and the live jumps only (an
		 * inlined copy's jump ending on the first byte of its
		 * enclosing function's return jump; python3.11's
		 * _Py_GetConfig died of the torn bytes).  Sites that share
		 * bytes share a function (fs_lo, the order of built):
		 * the first written keeps them, the other stays int3, its
		 * int3 outside the first's bytes (range_free).
		 */
		if (k == 0 || fa->fa_sites[built[k - 1]].fs_lo != fs->fs_lo)
			g0 = k;
		for (g = g0; g < k; g++) {
			const tr_fsite_t *o = &fa->fa_sites[built[g]];

			if (o->fs_live && o->fs_p0 < fs->fs_p0 + fs->fs_n &&
			    fs->fs_p0 < o->fs_p0 + o->fs_n)
				break;
		}
		if (g < k) {
			fs->fs_why = TR_FW_SITE;
			if (whole)
				fs[1].fs_why = TR_FW_SITE;
			continue;
		}
		if (xtgt_inside(fa, fs->fs_p0, fs->fs_p0 + fs->fs_n)) {
			fs->fs_why = TR_FW_TARGET;
			if (whole)
				fs[1].fs_why = TR_FW_TARGET;
			continue;
		}
		if (pc_inside(&pc, fs->fs_p0, fs->fs_p0 + fs->fs_n)) {
			/* A thread would resume torn: int3. */
			fs->fs_why = TR_FW_THREAD;
			if (whole)
				fs[1].fs_why = TR_FW_THREAD;
			continue;
		}
		if (tr_fidx_add(fa, (size_t)(fs - fa->fa_sites)) < 0 ||
		    tr_wbatch_add(s, wb, fs->fs_p0, fs->fs_text, fs->fs_n,
				  NULL, (size_t)(fs - fa->fa_sites)) < 0) {
			fs->fs_why = TR_FW_WRITE;
			if (whole)
				fs[1].fs_why = TR_FW_WRITE;
			continue;
		}
		fs->fs_live = true;
		s->s_st.st_fast++;
	}
	free(built);
	scan_free(&fn);
	free(pc.pc_v);
	goto out;
broken:
	for (i = fa->fa_pending; i < fa->fa_nsites; i++)
		fa->fa_sites[i].fs_why = TR_FW_PROC;
out:
	/*
	 * Syscall probes want chunk 0 for syscall user dispatch's range
	 * (tr_fast_sud_range), and a chunk needs the fd in the tracee,
	 * which goes now: map it now, when no site took one.
	 */
	if (fd >= 0 && s->s_syscalls && fa->fa_nchunk == 0 &&
	    fa->fa_nsites != 0)
		(void)chunk_near(s, fd, fa->fa_sites[0].fs_addr,
				 fa->fa_sites[0].fs_addr + 1);
	/* tr_arm_hold's batch is written by tr_arm_flush */
	tr_wbatch_flush(s, &local, arm_failed, NULL);
	tr_fast_trim(s);
	if (fd >= 0)
		tr_inject_syscall(s, SYS_close, fd, 0, 0, 0, 0, 0);
	fa->fa_pending = fa->fa_nsites;
	return 0;
}

/*
 * Syscall user dispatch lets one range of addresses make system calls:
 * chunk 0, the first trampoline mapping, where clause code is placed
 * first too (its process_vm_readv runs there).  A `syscall; int3` of ours
 * is put at its start for the calls the tracer injects while dispatch is
 * on: a call from libc's or the vDSO's `syscall` would be dispatched.
 * Sets the memfd up (every thread stopped) when no site did yet.  0 with
 * the range and that instruction, -2 to wait for the TCB (wait: the
 * caller may), or -1 and why.
 */
int
tr_fast_sud_range(tr_session_t *s, uint64_t near, bool wait, uint64_t *lo,
		  uint64_t *len, uint64_t *insn, char *why, size_t wlen)
{
	static const uint8_t stub[16] = {
		0x0f, 0x05, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc,
		0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc
	};
	struct tr_fast *fa = s->s_fast;
	tr_chunk_t *ch;
	int fd = -1;

	if (fa == NULL || !fa->fa_on) {
		snprintf(why, wlen, "the fast path is off");
		return -1;
	}
	/*
	 * A launched image whose TCB is not set up yet (a static program
	 * at its entry point; glibc stores the tid after the thread
	 * pointer): the caller tries again (-2) while it waits, since the
	 * TCB's key costs a firing no system call.  Without a tid in the
	 * TCB (Go, the wait over) the blocks ask gettid through the key
	 * gate in chunk 0, inside the range: no call of ours is dispatched.
	 */
	if (wait && !fa->fa_broken && fa->fa_ring == 0 &&
	    find_tidoff(s) == 0 && find_gokey(s) == 0) {
		/*
		 * Where the blocks' key gate can tell a thread without a
		 * thread pointer (rdfsbase), no wait: set up now, keyed by
		 * gettid, and the gate loads the TCB's tid once it holds
		 * it (tr_fast_tcb_try).  The loader's calls before that
		 * took two stops each: 3 ms of a short command's start.
		 */
		if (!(auxv_val(s->s_memtid, 26 /* AT_HWCAP2 */) &
		      2 /* HWCAP2_FSGSBASE */)) {
			snprintf(why, wlen, "no thread id in the threads' "
				 "TCB yet");
			return -2;
		}
		fa->fa_tcbwait = true;
	}
	if (!fa->fa_broken && fa->fa_ring == 0)
		fd = setup(s);
	if (fa->fa_broken) {
		snprintf(why, wlen, "%s", fa->fa_why);
		return -1;
	}
	if (fa->fa_nchunk == 0 && chunk_near(s, fd, near, near + 1) == NULL) {
		if (fd >= 0)
			tr_inject_syscall(s, SYS_close, fd, 0, 0, 0, 0, 0);
		snprintf(why, wlen, "no room for a trampoline mapping");
		return -1;
	}
	if (fd >= 0)
		tr_inject_syscall(s, SYS_close, fd, 0, 0, 0, 0, 0);
	ch = &fa->fa_chunk[0];
	if (fa->fa_sudinsn == 0) {
		if (ch->ch_used + sizeof(stub) > TR_CHUNK) {
			snprintf(why, wlen, "the first trampoline mapping is "
				 "full");
			return -1;
		}
		memcpy(fa->fa_map + ch->ch_off + ch->ch_used, stub,
		       sizeof(stub));
		fa->fa_sudinsn = ch->ch_addr + ch->ch_used;
		ch->ch_used += sizeof(stub);
	}
	*lo = ch->ch_addr;
	*len = TR_CHUNK;
	*insn = fa->fa_sudinsn;
	return 0;
}

static const char *const why_text[TR_FW_N] = {
	[TR_FW_TARGET] = "code may jump into the bytes a jump would replace",
	[TR_FW_UNKNOWN] = "the module's branch targets are unknown",
	[TR_FW_FUNC] = "an indirect jump (jump table?) in the function",
	[TR_FW_UNDEC] = "bytes of the function do not decode (capstone)",
	[TR_FW_NOSIZE] = "the function's size is unknown (its symbol says "
		"0)",
	[TR_FW_INSN] = "an instruction a jump would replace cannot move",
	[TR_FW_SITE] = "another site lies in the bytes a jump would replace",
	[TR_FW_ROOM] = "no room for a trampoline within reach",
	[TR_FW_THREAD] = "a thread was stopped inside the bytes a jump would "
		"replace",
	[TR_FW_SHARED] = "another hook at the site needs the thread stopped",
	[TR_FW_WRITE] = "the jump could not be written",
	[TR_FW_BODY] = "not an instruction of the function's body (a .cold "
		"part's)",
	[TR_FW_SHSTK] = "a call a jump would replace cannot move: the "
		"process has a shadow stack (x86 CET shstk)",
};

size_t
tr_fast_refusals(tr_session_t *s, tr_refusal_fn *fn, void *arg)
{
	struct tr_fast *fa = s->s_fast;
	tr_fsite_t *fs;
	size_t i;

	if (fa == NULL)
		return 0;
	if (fa->fa_pending < fa->fa_nsites)
		return fa->fa_nsites - fa->fa_pending;	/* all at once */
	for (i = 0; i < fa->fa_nsites; i++) {
		fs = &fa->fa_sites[i];
		if (fs->fs_said || fs->fs_live || fs->fs_why == TR_FW_NONE ||
		    fs->fs_why >= TR_FW_N)
			continue;
		fs->fs_said = true;
		fn(arg, fs->fs_cookie, fs->fs_addr, fs->fs_why == TR_FW_PROC ?
		   fa->fa_why : why_text[fs->fs_why]);
	}
	return fa->fa_nsites - fa->fa_pending;
}

struct overlay {
	uint64_t	ov_addr;
	uint8_t		*ov_buf;
	size_t		ov_len;
};

static bool
overlay_one(const tr_fsite_t *fs, void *arg)
{
	struct overlay *ov = arg;
	uint64_t addr = ov->ov_addr, len = ov->ov_len, a, b;

	a = fs->fs_p0 > addr ? fs->fs_p0 : addr;
	b = fs->fs_p0 + fs->fs_n < addr + len ? fs->fs_p0 + fs->fs_n :
	    addr + len;
	memcpy(ov->ov_buf + (a - addr), fs->fs_orig + (a - fs->fs_p0), b - a);
	return false;
}

/*
 * fault.c: whether pc lies in the bytes a live jump replaced or in its
 * trampoline; fills f's where, site, cookie and range if so.
 */
void
tr_fast_locate(const tr_session_t *s, uint64_t pc, tr_fault_t *f)
{
	const struct tr_fast *fa = s->s_fast;
	size_t i;

	for (i = 0; fa != NULL && i < fa->fa_nsites; i++) {
		const tr_fsite_t *fs = &fa->fa_sites[i];

		if (!fs->fs_live)
			continue;
		if (pc >= fs->fs_p0 && pc < fs->fs_p0 + fs->fs_n)
			f->fl_where = TR_FAULT_PATCH;
		else if (pc >= fs->fs_tramp && pc < fs->fs_tramp + fs->fs_tlen)
			f->fl_where = TR_FAULT_TRAMP;
		else
			continue;
		f->fl_site = fs->fs_addr;
		f->fl_p0 = fs->fs_p0;
		f->fl_len = fs->fs_n;
		f->fl_cookie = fs->fs_cookie;
		return;
	}
}

/* tr_read: the original bytes over our jumps. */
void
tr_fast_overlay(const tr_session_t *s, uint64_t addr, uint8_t *buf,
		size_t len)
{
	struct overlay ov = { addr, buf, len };

	tr_fidx_each(s->s_fast, addr, addr + len, overlay_one, &ov);
}

/*
 * Put the original bytes back at one live site: in the process (pid 0:
 * only bytes that still hold what we wrote, in text_poke_bp's order) or
 * in a fork child's copy.
 */
static int
unpatch(tr_session_t *s, tr_fsite_t *fs, pid_t pid)
{
	uint8_t cur[TR_RELOC_MAX], text[TR_RELOC_MAX];
	size_t i;

	if (pid > 0)
		return tr_mem_write_pid(pid, fs->fs_p0, fs->fs_orig, fs->fs_n);
	if (tr_mem_read_raw(s, fs->fs_p0, cur, fs->fs_n) != fs->fs_n)
		return -1;
	for (i = 0; i < fs->fs_n; i++)
		text[i] = cur[i] == fs->fs_text[i] ? fs->fs_orig[i] : cur[i];
	if (cur[0] != fs->fs_text[0])
		return tr_mem_write(s, fs->fs_p0 + 1, text + 1, fs->fs_n - 1);
	return poke(s, 0, fs->fs_p0, text, fs->fs_n);
}

/* Whether addr lies inside the bytes a live jump replaced (not its own). */
bool
tr_fast_covers(const tr_session_t *s, uint64_t addr)
{
	struct at_addr aa = { 0, NULL };

	tr_fidx_each(s->s_fast, addr, addr + 1, any_site, &aa);
	return aa.aa_fs != NULL;
}

/* Whether our jump at site addr is still in the text (dlclose). */
bool
tr_fast_intact(tr_session_t *s, uint64_t addr)
{
	tr_fsite_t *fs = live_site(s, addr);
	uint8_t cur[TR_RELOC_MAX];

	if (fs == NULL)
		fs = whole_of(s, addr);
	return fs != NULL &&
	       tr_mem_read_raw(s, fs->fs_p0, cur, fs->fs_n) == fs->fs_n &&
	       memcmp(cur, fs->fs_text, fs->fs_n) == 0;
}

/*
 * After the original bytes of fs are back in the process: the int3 of
 * every other site in them (a whole function's return site under its
 * jump), but skip's, whose owner writes it.
 */
static void
rearm_inside(tr_session_t *s, const tr_fsite_t *fs, uint64_t skip)
{
	static const uint8_t int3 = 0xcc;
	uint64_t a;

	for (a = fs->fs_p0; a < fs->fs_p0 + fs->fs_n; a++)
		if (a != skip && tr_bkpt_find(s, a) != NULL)
			tr_mem_write(s, a, &int3, 1);
}

/*
 * A site the host removes: back to its int3 (bkpt.c writes the rest).
 * The return site of a whole function takes the whole function's jump
 * with it: its entry goes back to its int3 too.
 */
int
tr_fast_unpatch(tr_session_t *s, uint64_t addr, pid_t pid)
{
	tr_fsite_t *fs = live_site(s, addr);
	int rc;

	if (fs == NULL && (fs = whole_of(s, addr)) == NULL)
		return 0;
	rc = pid < 0 ? 0 : unpatch(s, fs, pid);	/* -1: the code is gone */
	if (pid == 0 && rc == 0)
		rearm_inside(s, fs, addr);
	if (pid <= 0) {
		fs->fs_live = false;
		s->s_st.st_fast--;
	}
	return rc;
}

/* -- threads inside a trampoline ----------------------------------------- */

static tr_fsite_t *sys_site_of_pc(const tr_session_t *s, uint64_t pc);
static bool sys_fixup(tr_session_t *s, tr_thread_t *th, tr_fsite_t *fs,
		      struct user_regs_struct *r);
static bool sys_step_records(tr_session_t *s, tr_thread_t *th,
			     tr_fsite_t *fs, struct user_regs_struct *r);

/*
 * The site whose trampoline holds pc, patched or not: a site's code stays
 * until the chunks go, and a thread or a frame may still be in it after
 * its jump was taken out (tr_fast_wait_frames takes out every one, then
 * lets the threads run; tr_fast_unpatch, tr_fast_revert one or all).
 * Trampolines are never placed over another's, so one site holds pc.
 */
static tr_fsite_t *
site_of_pc(const tr_session_t *s, uint64_t pc)
{
	const struct tr_fast *fa = s->s_fast;
	size_t i;

	for (i = 0; i < fa->fa_nsites; i++)
		if (fa->fa_sites[i].fs_tramp != 0 &&
		    fa->fa_sites[i].fs_kind != TR_FAST_SYSCALL &&
		    pc >= fa->fa_sites[i].fs_tramp &&
		    pc < fa->fa_sites[i].fs_tramp + fa->fa_sites[i].fs_tlen)
			return &fa->fa_sites[i];
	return NULL;
}

/* Single-step th until its pc leaves [lo, hi); 0 when it did. */
static int
step_out(tr_session_t *s, tr_thread_t *th, uint64_t lo, uint64_t hi,
	 struct user_regs_struct *r)
{
	const struct tr_fast *fa = s->s_fast;

	uint64_t tf = r->eflags & 0x100;
	bool trapped = true;	/* no step of ours is outstanding */
	int status, n;

	for (n = 0; n < 100000; n++) {
		/*
		 * Out only at a SIGTRAP stop: a SIGCONT notify or a group-stop
		 * that lands while the stepped instruction runs is reported
		 * first (PTRACE_EVENT_STOP), with the step's SIGTRAP still
		 * queued; left there, the detach lets it kill the thread
		 * (t/faults/stopstorm.sh under a SIGSTOP/SIGCONT storm).
		 * Stepping again reports that SIGTRAP before any instruction
		 * runs, and it is discarded.
		 */
		/* Clause code a context block jumped to comes back to it. */
		if (trapped && (r->rip < lo || r->rip >= hi) &&
		    !in_code(fa, r->rip)) {
			/* The trap flag the steps left: not the thread's. */
			r->eflags = (r->eflags & ~0x100ull) | tf;
			return 0;
		}
		if (ptrace(PTRACE_SINGLESTEP, th->th_tid, 0L, 0L) < 0)
			return -1;
		if (tr_waitpid(th->th_tid, &status, __WALL) != th->th_tid)
			return -1;
		if (WIFEXITED(status) || WIFSIGNALED(status))
			return -1;
		th->th_status = status;
		trapped = WSTOPSIG(status) == SIGTRAP &&
			  (unsigned)status >> 16 == 0;
		/*
		 * A load of clause code that faulted under the step: to its
		 * landing, the signal dropped, as the loop does; kept, it
		 * would be delivered at the detach.
		 */
		if (WSTOPSIG(status) != SIGTRAP &&
		    (unsigned)status >> 16 == 0 &&
		    !tr_fast_load_fault(s, th, WSTOPSIG(status)))
			tr_keep_signal(th, WSTOPSIG(status));
		if (th->th_listen) {
			th->th_listen = false;
			th->th_restop = true;
		}
		if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, r) < 0)
			return -1;
	}
	return -1;
}

/*
 * A stopped thread whose pc is in a trampoline goes back to the original
 * code: in the record block, it is stepped to the block's end; at a
 * relocated instruction, to that instruction's original; at the jump
 * back, to the instruction after the replaced bytes; at a return
 * trampoline's ret, to the original ret.  Returns whether it moved.
 */
bool
tr_fast_fixup_thread(tr_session_t *s, tr_thread_t *th)
{
	struct user_regs_struct r;
	tr_fsite_t *fs;
	uint64_t off;
	unsigned i;

	if (s->s_fast == NULL || s->s_fast->fa_nsites == 0 ||
	    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return false;
	if ((fs = sys_site_of_pc(s, r.rip)) != NULL)
		return sys_fixup(s, th, fs, &r);
	/* In clause code: stepped until it is back in its block. */
	if (in_code(s->s_fast, r.rip)) {
		if (step_out(s, th, r.rip, r.rip + 1, &r) < 0)
			return false;
		/* a syscall site's context block ran it */
		if ((fs = sys_site_of_pc(s, r.rip)) != NULL) {
			tr_requeue_signals(s, th);
			return sys_fixup(s, th, fs, &r);
		}
	}
	fs = site_of_pc(s, r.rip);
	if (fs == NULL)
		return false;
	if (step_out(s, th, fs->fs_tramp + fs->fs_rec_lo,
		     fs->fs_tramp + fs->fs_rec_hi, &r) < 0 ||
	    (fs->fs_whole && step_out(s, th, fs->fs_tramp + fs->fs_rec2_lo,
				      fs->fs_tramp + fs->fs_rec2_hi, &r) < 0))
		return false;
	/*
	 * At a moved call's jump, the return address pushed: the state of
	 * the call done, at its target (stepped to it when indirect).
	 */
	if (fs->fs_calljmp != 0 && r.rip == fs->fs_tramp + fs->fs_calljmp) {
		if (fs->fs_calltgt != 0)
			r.rip = fs->fs_calltgt;
		else if (step_out(s, th, r.rip, r.rip + 1, &r) < 0)
			return false;
	}
	tr_requeue_signals(s, th);
	off = r.rip - fs->fs_tramp;
	if (r.rip < fs->fs_tramp || off >= fs->fs_tlen)	/* left */
		return ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) == 0;
	if (off == fs->fs_tend) {
		r.rip = fs->fs_whole ? fs->fs_retaddr :
			fs->fs_kind == TR_FAST_ENTRY ? fs->fs_p0 + fs->fs_n :
			fs->fs_addr;
	} else {
		for (i = 0; i < fs->fs_nins; i++) {
			uint64_t t = fs->fs_toff[i] +
			    (fs->fs_kind == TR_FAST_ENTRY ? fs->fs_rec_hi : 0);

			if (off == t)
				break;
		}
		if (i == fs->fs_nins) {
			tr_notice(s, TR_NOTE_INTERNAL, fs->fs_addr, "thread "
				  "%d stopped at %#llx in a trampoline, not at "
				  "an instruction", (int)th->th_tid,
				  (unsigned long long)r.rip);
			ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r);
			return false;
		}
		r.rip = fs->fs_p0 + fs->fs_ooff[i];
	}
	return ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) == 0;
}

/* -- endings -------------------------------------------------------------- */

static void
unmap_ours(struct tr_fast *fa)
{
	tr_fast_loads_off(fa);
	if (fa->fa_map != NULL) {
		fa->fa_drops += *(uint64_t *)(void *)fa->fa_map;
		munmap(fa->fa_map, fa->fa_mapsz);
		fa->fa_map = NULL;
	}
	if (fa->fa_fd >= 0)
		close(fa->fa_fd);
	fa->fa_fd = -1;
}

static bool
in_chunk(const tr_session_t *s, uint64_t pc)
{
	const struct tr_fast *fa = s->s_fast;
	unsigned c;

	for (c = 0; c < fa->fa_nchunk; c++)
		if (pc >= fa->fa_chunk[c].ch_addr &&
		    pc < fa->fa_chunk[c].ch_addr + TR_CHUNK)
			return true;
	return false;
}

/*
 * Whether pc is in our chunks (trampolines, clause code): a system call
 * made there (a trampoline's gettid, clause code's process_vm_readv) is
 * ours, not the program's.
 */
bool
tr_fast_ours(const tr_session_t *s, uint64_t pc)
{
	return s->s_fast != NULL && in_chunk(s, pc);
}

/*
 * A pc of a trampoline saved in a signal frame (sigframe.c): its exact
 * original where there is one, as tr_fast_fixup_thread moves a stopped
 * thread: the first byte (nothing ran yet), a relocated instruction, the
 * jump back or the ret.
 */
static bool
tramp_equiv(const tr_session_t *s, uint64_t *pc)
{
	const tr_fsite_t *fs = site_of_pc(s, *pc);
	uint64_t off;
	unsigned i;

	if (fs == NULL)
		return false;
	off = *pc - fs->fs_tramp;
	if (off == 0) {
		*pc = fs->fs_p0;
		return true;
	}
	/* A moved call's return address pushed: at its (direct) target. */
	if (fs->fs_calljmp != 0 && off == fs->fs_calljmp) {
		if (fs->fs_calltgt == 0)
			return false;
		*pc = fs->fs_calltgt;
		return true;
	}
	if (off == fs->fs_tend) {
		*pc = fs->fs_whole ? fs->fs_retaddr :
		      fs->fs_kind == TR_FAST_ENTRY ? fs->fs_p0 + fs->fs_n :
		      fs->fs_addr;
		return true;
	}
	for (i = 0; i < fs->fs_nins; i++)
		if (off == fs->fs_toff[i] +
		    (fs->fs_kind == TR_FAST_ENTRY ? fs->fs_rec_hi : 0)) {
			*pc = fs->fs_p0 + fs->fs_ooff[i];
			return true;
		}
	return false;
}

/*
 * Offsets in the record block (template): the prologue's pushes, the
 * claim of a slot (its lock cmpxchg done at T_CLAIMED, ZF says whether it
 * won), its publication (done at T_PUBLISHED), the drop count of a full
 * ring (T_DROP to T_EPI), and the epilogue that pops it all back.
 */
#define T_BODY		0x11
#define T_CLAIMED	0x88
#define T_PUBLISHED	0xe6
#define T_DROP		0xe8
#define T_EPI		0xf6

/*
 * A signal frame whose pc is inside a record block: the handler would
 * return there, finish the record and pop what the block pushed.  Its
 * registers are set to what they are at the block's end instead, from
 * the pushed words on its stack (the block changes nothing else a
 * program can see: it writes the ring and its own pushed counter), and
 * the record is not made: a drop, counted unless the block had claimed
 * a slot (the drain frees that one as a drop) or had counted it.
 * False at a pc that is not an instruction boundary of the block.
 */
static bool
unwind_record(tr_session_t *s, pid_t tid, uint64_t k, uint64_t *g)
{
	static const uint8_t pushes[] = { 5, 6, 7, 8, 9, 0x0b, 0x0d, 0x0f };
	static const uint16_t epi[] = { T_EPI, 0xfb, 0xfd, 0xff, 0x101, 0x102,
					0x103, 0x104, 0x105 };
	static const int pops[] = { TR_G_R11, TR_G_R10, TR_G_R8, TR_G_RDX,
				    TR_G_RCX, TR_G_RAX, TR_G_EFL };
	const tr_thread_t *th = tr_thread_find(s, tid);
	uint64_t rsp = g[TR_G_RSP], w;
	bool drop = false;
	unsigned i, p;

	if (k < T_BODY) {
		/* Pushing: nothing clobbered yet, only rsp moved. */
		for (i = 0; i < sizeof(pushes) && pushes[i] != k; i++)
			;
		if (i == sizeof(pushes))
			return false;
		g[TR_G_RSP] = rsp + 8 * i + 128;
		drop = true;
	} else {
		if (k < T_EPI)
			i = 0;	/* the body: straight to the epilogue */
		else
			for (i = 0; i < sizeof(epi) && epi[i] != k; i++)
				;
		if (i == sizeof(epi))
			return false;
		drop = k < T_CLAIMED ||
		       (k == T_CLAIMED && !(g[TR_G_EFL] & 0x40)) ||
		       (k >= T_DROP && k < T_EPI);
		if (i == 0)
			rsp += 8;	/* lea 8(%rsp),%rsp */
		for (p = i == 0 ? 0 : i - 1; p < 7; p++) {
			if (tr_mem_read_pid(tid, rsp, &w, 8) < 0)
				return false;
			g[pops[p]] = w;
			rsp += 8;
		}
		g[TR_G_RSP] = rsp + 128;
	}
	if (drop && th != NULL && th->th_kind == TR_KIND_THREAD &&
	    !s->s_frame_far)
		s->s_fast->fa_drops++;
	return true;
}

/*
 * A signal frame's registers g at offset k of a context block whose
 * offsets are cx (fs_cx): between its pushes and its jump to the code,
 * the context and ten words lie on the stack (r11 r10 r9 r8 rdi rsi rdx
 * rcx rax, then the flags) above the red zone: popped as the block's
 * end would, the record (none claimed yet) counted as a drop, unless
 * the frame is a dead handler's (s_frame_far).
 */
static bool
unwind_ctx(tr_session_t *s, pid_t tid, uint64_t k, const uint16_t *cx,
	   uint64_t *g)
{
	static const int regs[10] = { TR_G_R11, TR_G_R10, TR_G_R9, TR_G_R8,
				      TR_G_RDI, TR_G_RSI, TR_G_RDX, TR_G_RCX,
				      TR_G_RAX, TR_G_EFL };
	const tr_thread_t *th = tr_thread_find(s, tid);
	uint64_t w[10];
	unsigned i;

	if (cx[1] == 0 || k < cx[1] || k > cx[2] ||
	    tr_mem_read_pid(tid, g[TR_G_RSP] + TR_CTX_SIZE, w,
			    sizeof(w)) < 0)
		return false;
	for (i = 0; i < 10; i++)
		g[regs[i]] = w[i];
	g[TR_G_RSP] += TR_CTX_SIZE + sizeof(w) + 128;
	if (th != NULL && th->th_kind == TR_KIND_THREAD && !s->s_frame_far)
		s->s_fast->fa_drops++;
	return true;
}

static bool tramp_move(tr_session_t *s, pid_t tid, uint64_t *g);

/*
 * A signal frame's registers g whose pc is in syscall site fs's
 * trampoline or gates (tr_fast_sys_patch's layout): made the state the
 * original code would have, as sys_fixup moves a stopped thread, but
 * without a step: a record or context block is unwound from the words
 * it pushed (unwind_record, unwind_ctx), its record dropped.  Before
 * the call, at the site's `syscall` with rax the number; after it,
 * past it with rax the value; the probed path's 144 bytes given back.
 * Signals come at the gates' and the key gate's calls (Go's preemption
 * signals, all the time), and those frames stay on Go's signal stacks.
 * False at a pc between a block's pushes or after its code ran.
 */
static bool
sys_frame_move(tr_session_t *s, pid_t tid, const tr_fsite_t *fs,
	       uint64_t *g)
{
	const uint16_t *so = fs->fs_so;
	uint64_t rip = g[TR_G_RIP], off, k, w;
	uint16_t cx[3];
	unsigned b, i;

	if (rip >= fs->fs_g1 && rip < fs->fs_g1 + 16) {
		g[TR_G_RIP] = fs->fs_sc + (rip - fs->fs_g1 > 2 ? 2 :
					   rip - fs->fs_g1);
		return true;
	}
	if (rip >= fs->fs_g2 && rip < fs->fs_g2 + 16) {
		g[TR_G_RIP] = fs->fs_sc + (rip - fs->fs_g2 > 2 ? 2 :
					   rip - fs->fs_g2);
		g[TR_G_RSP] += 144;
		return true;
	}
	off = rip - fs->fs_tramp;
	if (off < so[TR_SO_SYS]) {
		for (i = 0; i < fs->fs_nins; i++)
			if (off == fs->fs_toff[i]) {
				g[TR_G_RIP] = fs->fs_p0 + fs->fs_ooff[i];
				return true;
			}
		return false;
	}
	if (off < so[TR_SO_LEA]) {
		g[TR_G_RIP] = fs->fs_sc;
		return true;
	}
	if (off >= so[TR_SO_NEVER]) {
		g[TR_G_RIP] = fs->fs_sc + (off < so[TR_SO_REST] ?
					   off - so[TR_SO_NEVER] : 2);
		return true;
	}
	b = off < so[TR_SO_AFTER] ? TR_SO_CX : TR_SO_CX2;
	k = b == TR_SO_CX ? off - so[TR_SO_LEA] : off - so[TR_SO_AFTER];
	if (off >= so[b + 3] && off < so[b + 3] + sizeof(template)) {
		if (!unwind_record(s, tid, off - so[b + 3], g))
			return false;
	} else if (off >= so[b + 1] && off <= so[b + 2]) {
		cx[0] = 0;
		cx[1] = (uint16_t)(so[b + 1] - so[b]);
		cx[2] = (uint16_t)(so[b + 2] - so[b]);
		if (!unwind_ctx(s, tid, off - so[b], cx, g))
			return false;
		if (b == TR_SO_CX)	/* no red zone skipped: the 144 did */
			g[TR_G_RSP] -= 128;
	} else if (b == TR_SO_CX && off < so[TR_SO_CX]) {
		/* lea -128(%rsp); push %rax; push %r11; test; jz */
		g[TR_G_RSP] += k == 0 ? 0 : k == 5 ? 128 : k == 6 ? 136 : 144;
		g[TR_G_RIP] = fs->fs_sc;
		return k == 0 || k == 5 || k == 6 || k >= 8;
	} else if (b == TR_SO_CX2 && off < so[TR_SO_CX2]) {
		/* mov %rax,%rcx; pop %r11; pop %rax; lea 128(%rsp),%rsp */
		if (k == 0 || k == 3 || k == 5)
			g[TR_G_RSP] += k == 5 ? 136 : 144;
		else if (k == 6)
			g[TR_G_RSP] += 128;
		else if (k < 14)
			return false;
		if (k >= 6)
			g[TR_G_RAX] = g[TR_G_RCX];
		g[TR_G_RIP] = fs->fs_sc + 2;
		return true;
	} else if (!(b == TR_SO_CX && off >= so[TR_SO_CXJ] + 3u &&
		     off < so[TR_SO_PL] && off >= so[TR_SO_PL] - 3u)) {
		return false;
	}
	/* At the block's end: noent (the call to make) or noexit. */
	if (b == TR_SO_CX) {
		if (tr_mem_read_pid(tid, g[TR_G_RSP] + 8, &w, 8) < 0)
			return false;
		g[TR_G_RAX] = w;
		g[TR_G_RSP] += 144;
		g[TR_G_RIP] = fs->fs_sc;
	} else {
		g[TR_G_RAX] = g[TR_G_RCX];
		g[TR_G_RIP] = fs->fs_sc + 2;
	}
	return true;
}

/*
 * A signal frame's registers g in clause code, whose rsp is its context
 * (the code uses no stack) and whose link is the way back into its
 * context block, right after the block's jmp to the code: the block's
 * pops, as unwind_ctx, the rest of the clauses not run, the firing
 * counted as a drop.  Only at the end, once tr_fast_wait_frames let
 * live handlers return: what is left is a stale frame or a handler that
 * does not return, which would otherwise keep the chunks mapped.
 */
static bool
unwind_code(tr_session_t *s, pid_t tid, uint64_t *g)
{
	const tr_fsite_t *fs;
	uint64_t link, off;
	unsigned b;

	if (tr_mem_read_pid(tid, g[TR_G_RSP] + TR_CTX_LINK, &link,
			    sizeof(link)) < 0)
		return false;
	/* A syscall site's context block: as if at its jmp to the code. */
	if ((fs = sys_site_of_pc(s, link)) != NULL) {
		off = link - fs->fs_tramp;
		if (off != fs->fs_so[TR_SO_CXJ] + 3u &&
		    off != fs->fs_so[TR_SO_CXJ2] + 3u)
			return false;
		g[TR_G_RIP] = link - 3;
		return tramp_move(s, tid, g);
	}
	if ((fs = site_of_pc(s, link)) == NULL)
		return false;
	off = link - fs->fs_tramp;
	for (b = 0; b < 2; b++) {
		uint64_t lo = b == 0 ? fs->fs_rec_lo : fs->fs_rec2_lo;

		if ((b == 1 && !fs->fs_whole) || fs->fs_cx[b][2] == 0 ||
		    off != lo + fs->fs_cx[b][2] + 3u)
			continue;
		/* As if stopped at the jmp: same stack, same way out. */
		g[TR_G_RIP] = fs->fs_tramp + lo + fs->fs_cx[b][2];
		return tramp_move(s, tid, g);
	}
	return false;
}

/*
 * A trampoline's pc saved in a signal frame: moved to the original code,
 * with the registers a record block had pushed popped back (the record
 * is dropped), as if the probe had not fired.
 */
static bool
tramp_move(tr_session_t *s, pid_t tid, uint64_t *g)
{
	const struct tr_fast *fa = s->s_fast;
	const tr_fsite_t *fs;
	const uint16_t *cx;
	uint64_t off, lo = 0, hi = 0, plain;
	size_t i;

	/*
	 * In a stub of rekey's: as at the end of the key load it stands
	 * for, which is where it goes back to (the registers it changed
	 * are popped all the same).
	 */
	for (i = 0; i < fa->fa_nstub; i++)
		if (g[TR_G_RIP] >= fa->fa_stub[i][0] &&
		    g[TR_G_RIP] < fa->fa_stub[i][1]) {
			g[TR_G_RIP] = fa->fa_stub[i][2];
			break;
		}
	/*
	 * In the key gate (a signal is delivered at its gettid's return
	 * more than anywhere): as at the block's instruction it goes back
	 * to, rdx, with the tid not taken; the block is then unwound as
	 * from there (its record dropped).
	 */
	if (i == fa->fa_nstub && fa->fa_gate != 0 &&
	    g[TR_G_RIP] >= fa->fa_gate + TR_KEYGATE &&
	    g[TR_G_RIP] < fa->fa_gate + TR_GATE_LEN) {
		if (g[TR_G_RDX] == g[TR_G_RIP] || in_code(fa, g[TR_G_RDX]))
			return false;
		g[TR_G_RIP] = g[TR_G_RDX];
		return tramp_move(s, tid, g);
	}
	if (i == fa->fa_nstub && in_code(fa, g[TR_G_RIP]))
		return unwind_code(s, tid, g);
	if ((fs = sys_site_of_pc(s, g[TR_G_RIP])) != NULL)
		return sys_frame_move(s, tid, fs, g);
	fs = site_of_pc(s, g[TR_G_RIP]);
	if (fs == NULL)
		return false;
	off = g[TR_G_RIP] - fs->fs_tramp;
	if (off >= fs->fs_rec_lo && off < fs->fs_rec_hi) {
		lo = fs->fs_rec_lo;
		hi = fs->fs_rec_hi;
	} else if (fs->fs_whole && off >= fs->fs_rec2_lo &&
		   off < fs->fs_rec2_hi) {
		lo = fs->fs_rec2_lo;
		hi = fs->fs_rec2_hi;
	}
	if (hi != 0 && off != lo) {
		/*
		 * A context block (clause code's) before the plain block
		 * pushes what the template does not: a frame inside it is
		 * unwound only where the context and its pushes are all
		 * on the stack (the gettid there is where signals come);
		 * elsewhere it keeps the chunks mapped.  The plain block
		 * after it is the template, entered at its offset 6.
		 */
		plain = lo == fs->fs_rec_lo ? fs->fs_plain : fs->fs_plain2;
		cx = fs->fs_cx[lo == fs->fs_rec_lo ? 0 : 1];
		if (off - lo <= plain && plain != 0) {
			if (!unwind_ctx(s, tid, off - lo, cx, g))
				return false;
		} else if (!unwind_record(s, tid, off - lo - plain, g)) {
			return false;
		}
		g[TR_G_RIP] = fs->fs_tramp + hi;	/* the block's end */
	}
	return tramp_equiv(s, &g[TR_G_RIP]);
}

/*
 * Whether a thread may still come back into a chunk.  At the end (the
 * sites unpatched): a signal frame into a trampoline that cannot be
 * moved (a restorer sigframe.c does not know, a pc between
 * instructions), or a thread not stopped; frames that can move are moved
 * (sigframe.c).  stack_only (a stall check, the sites still patched,
 * threads left in trampolines): any signal frame into a chunk, nothing
 * moved.
 */
static bool
chunk_referenced(tr_session_t *s, bool stack_only)
{
	struct user_regs_struct r;
	tr_thread_t *th;
	bool yes = false;
	int n;

	if (s->s_fast->fa_nchunk == 0)
		return false;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		/* A vfork child runs on in our memory; a fork child not. */
		if (th->th_kind == TR_KIND_FORK ||
		    th->th_kind == TR_KIND_UNKNOWN || th->th_zombie)
			continue;
		if (!th->th_stopped && !tr_in_vfork(th)) {
			yes = true;
			continue;
		}
		if (!stack_only) {
			if (tr_frames_unref(s, th->th_tid, in_chunk,
					    tramp_move) != 0)
				yes = true;
			continue;
		}
		/* A thread in a trampoline is fine; a frame into one not. */
		n = tr_frames_unref(s, th->th_tid, in_chunk, NULL);
		if (n > 0 && ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) == 0 &&
		    in_chunk(s, r.rip))
			n--;
		if (n != 0)
			yes = true;
	}
	return yes;
}

/*
 * A stall check (ring.c): th, stopped inside a record block, is stepped
 * to the block's end (a slot it claimed is published) and left there, in
 * the trampoline: it goes on as if never stopped.  (Moved out to the
 * original code, a thread in a whole function's trampoline would skip
 * its return record.)
 */
static bool
step_records(tr_session_t *s, tr_thread_t *th)
{
	struct user_regs_struct r;
	tr_fsite_t *fs;
	uint64_t lo, hi;

	if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return false;
	if ((fs = sys_site_of_pc(s, r.rip)) != NULL &&
	    r.rip >= fs->fs_tramp && r.rip < fs->fs_tramp + fs->fs_tlen)
		return sys_step_records(s, th, fs, &r);
	if ((fs = site_of_pc(s, r.rip)) == NULL)
		return false;
	lo = fs->fs_tramp + fs->fs_rec_lo;
	hi = fs->fs_tramp + fs->fs_rec_hi;
	if (fs->fs_whole && r.rip >= fs->fs_tramp + fs->fs_rec2_lo) {
		lo = fs->fs_tramp + fs->fs_rec2_lo;
		hi = fs->fs_tramp + fs->fs_rec2_hi;
	}
	if (r.rip < lo || r.rip >= hi)
		return false;
	if (step_out(s, th, lo, hi, &r) < 0)
		return true;	/* still inside: its slot may come */
	tr_requeue_signals(s, th);
	ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r);
	return false;
}

/*
 * Every thread stopped: each one stepped through the rest of a record
 * block it was in, so a slot it claimed is published; out: then moved
 * out of the trampolines (the end), else left in them (a stall check).
 * Returns whether a signal frame points into a trampoline (out: or a
 * pc): a handler that interrupted one may return there and publish.
 */
bool
tr_fast_settle(tr_session_t *s, bool out)
{
	tr_thread_t *th;
	bool inside = false;

	if (s->s_fast == NULL || s->s_fast->fa_map == NULL)
		return false;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		if (!th->th_stopped || th->th_zombie ||
		    th->th_kind != TR_KIND_THREAD)
			continue;
		if (out)
			tr_fast_fixup_thread(s, th);
		else if (step_records(s, th))
			inside = true;
	}
	return inside || chunk_referenced(s, !out);
}

/*
 * tr_release, every thread stopped and settled, before the last drain:
 * a signal handler that interrupted our code where its frame cannot be
 * moved (clause code, a block's first pushes) returns there, and kept
 * the chunks mapped (Go's preemption signal lands in clause code often:
 * t/fastpath/gokey.sh, t/inject/go-cgo.sh).  Such handlers return within
 * microseconds once they run, and under load a thread may wait 100 ms
 * and more for a CPU.  So the jumps go first (no firing starts, no
 * frame may be moved while one is there), and while a frame is left
 * the threads run for 5 ms, then 10, 20... 160, 800 ms in all at most,
 * and are stopped and settled again: each finishes its firing, its
 * record drained next.  What is left is unwound at the teardown (a
 * firing cut short is counted as a drop) or keeps the chunks mapped.  Whatever stops the
 * threads meanwhile waits for tr_stop_all, which rewinds int3 hits and
 * reports nothing more (s_ending); an exec or the end of the process
 * ends the wait.
 */
void
tr_fast_wait_frames(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	struct timespec ts;
	long ms = 0;
	size_t i;
	int n;

	if (fa == NULL || fa->fa_map == NULL || fa->fa_nchunk == 0)
		return;
	for (n = 0; ms < 800 && s->s_fast == fa && fa->fa_map != NULL &&
	     !s->s_gone && chunk_referenced(s, true); n++) {
		if (n == 0)
			for (i = 0; i < fa->fa_nsites; i++) {
				tr_fsite_t *fs = &fa->fa_sites[i];

				if (!fs->fs_live)
					continue;
				unpatch(s, fs, 0);
				fs->fs_live = false;
				s->s_st.st_fast--;
			}
		if (tr_resume_all(s) < 0)
			return;
		ts.tv_sec = 0;
		ts.tv_nsec = (5L << (n < 5 ? n : 5)) * 1000000L;
		ms += ts.tv_nsec / 1000000L;
		nanosleep(&ts, NULL);
		if (tr_stop_all(s) < 0)
			return;
		tr_fast_settle(s, true);
	}
}

/*
 * How many lines of the process's maps are the memfd's (by its inode:
 * another pidtrace's memfd has the same name), the first of them in
 * line.  0 when the maps cannot be read: a process gone maps nothing.
 */
static unsigned
maps_of_ours(const tr_session_t *s, unsigned long ino, char *line,
	     size_t len)
{
	char path[64], buf[512];
	unsigned long i;
	unsigned n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)s->s_memtid);
	if (ino == 0 || (f = fopen(path, "re")) == NULL)
		return 0;
	while (fgets(buf, sizeof(buf), f) != NULL)
		if (sscanf(buf, "%*x-%*x %*s %*x %*s %lu", &i) == 1 &&
		    i == ino && n++ == 0)
			snprintf(line, len, "%.*s", (int)strcspn(buf, "\n"),
				 buf);
	fclose(f);
	return n;
}

/*
 * tr_release, the teardown done and every thread still stopped: nothing
 * of the memfd may be left in the process unsaid.  Every path that
 * leaves it says why; this reads the maps once more so that a path
 * nobody thought of is said too (a process whose exit was seen maps
 * nothing: then it is not looked at again).
 */
void
tr_fast_check_left(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	char line[256];
	unsigned n;

	if (fa == NULL || fa->fa_ino == 0)
		return;
	if (!fa->fa_leftsaid &&
	    (n = maps_of_ours(s, fa->fa_ino, line, sizeof(line))) != 0)
		tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "%u of pidtrace's "
			  "mappings are still in the process after its "
			  "release%s: %s", n, s->s_gone ? " (its exit was "
			  "seen)" : "", line);
	fa->fa_ino = 0;
	fa->fa_leftsaid = false;
}

/*
 * tr_release, every thread stopped and the ring drained: threads out of
 * the trampolines, the original bytes back, the mappings gone (unmap: the
 * process lives on).
 */
void
tr_fast_teardown(tr_session_t *s, bool unmap)
{
	struct tr_fast *fa = s->s_fast;
	tr_wbatch_t wb = TR_WBATCH_INIT;
	tr_thread_t *th;
	unsigned c;
	size_t i;
	int r = 0;

	if (fa == NULL || fa->fa_map == NULL)
		return;
	if (unmap) {
		for (th = s->s_all; th != NULL; th = th->th_all)
			if (th->th_stopped && !th->th_zombie &&
			    th->th_kind != TR_KIND_FORK &&
			    th->th_kind != TR_KIND_UNKNOWN)
				tr_fast_fixup_thread(s, th);
		/* every thread stopped: the originals back in one batch */
		for (i = 0; i < fa->fa_nsites; i++)
			if (fa->fa_sites[i].fs_live)
				tr_wbatch_add(s, &wb, fa->fa_sites[i].fs_p0,
				    fa->fa_sites[i].fs_orig,
				    fa->fa_sites[i].fs_n,
				    fa->fa_sites[i].fs_text, i);
		tr_wbatch_flush(s, &wb, NULL, NULL);
		if (chunk_referenced(s, false)) {
			fa->fa_leftsaid = true;
			tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "a signal frame "
				  "still points into pidtrace's trampolines: "
				  "left mapped");
		} else if (getenv("PIDTRACE_TEST_KEEPMAPS") != NULL) {
			/*
			 * A test's stand-in for a path that leaves them
			 * unsaid: tr_fast_check_left must say it.
			 */
		} else if ((th = tr_inject_thread_mm(s)) == NULL) {
			fa->fa_leftsaid = true;
			tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "no thread can "
				  "run munmap: pidtrace's trampolines and ring "
				  "are left mapped");
		} else {
			for (c = 0; c < fa->fa_nchunk; c++)
				r = tr_inject_syscall_th(s, th, SYS_munmap,
				    (long)fa->fa_chunk[c].ch_addr, TR_CHUNK,
				    0, 0, 0, 0) == 0 ? r : -1;
			r = tr_inject_syscall_th(s, th, SYS_munmap,
			    (long)fa->fa_ring, (long)fa->fa_ringsz, 0, 0, 0,
			    0) == 0 ? r : -1;
			fa->fa_leftsaid = r != 0;
			if (r != 0)
				tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "munmap "
					  "of pidtrace's trampolines or ring "
					  "failed: left mapped");
		}
	}
	for (i = 0; i < fa->fa_nsites; i++)
		if (fa->fa_sites[i].fs_live) {
			fa->fa_sites[i].fs_live = false;
			s->s_st.st_fast--;
		}
	/* The host's last look at the area, as the tracee left it. */
	if (fa->fa_areasz != 0 && s->s_h != NULL && s->s_h->h_fast != NULL)
		s->s_h->h_fast(s->s_h->h_arg, s, TR_FE_ENDING, 0, 0);
	unmap_ours(fa);
	tr_fidx_clear(fa);
	fa->fa_nsites = fa->fa_pending = fa->fa_nwhole = 0;
	fa->fa_ring = 0;
	fa->fa_nchunk = 0;
	fa->fa_ncode = 0;
	fa->fa_nfix = 0;
	fa->fa_sudinsn = 0;
	fa->fa_gate = 0;
	fa->fa_nsys = 0;
	fa->fa_nstub = 0;
}

/* exec: the image is gone, write nothing; a new one may be set up. */
void
tr_fast_forget(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;

	if (fa == NULL)
		return;
	tr_fast_teardown(s, false);
	fa->fa_ino = 0;		/* went with the image */
	fa->fa_broken = false;
	fa->fa_why[0] = '\0';
}

/*
 * A fork child, stopped before it ran: the original text in its copy,
 * our mappings out of its address space.
 */
int
tr_fast_clean_child(tr_session_t *s, tr_thread_t *th)
{
	struct tr_fast *fa = s->s_fast;
	unsigned c;
	size_t i;
	int r = 0;

	if (fa == NULL || fa->fa_ring == 0)
		return 0;
	for (i = 0; i < fa->fa_nsites; i++)
		if (fa->fa_sites[i].fs_live)
			unpatch(s, &fa->fa_sites[i], th->th_tid);
	if (th == NULL || !th->th_stopped)
		return 0;
	/* fork from a syscall site's trampoline: the child returns there. */
	if (fa->fa_nsys != 0)
		(void)tr_fast_fixup_thread(s, th);
	/* It forked in a handler that interrupted a trampoline? */
	if (tr_frames_unref(s, th->th_tid, in_chunk, tramp_move) != 0) {
		tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "fork child %d: a signal "
			  "frame points into pidtrace's trampolines: left "
			  "mapped in it", (int)th->th_tid);
		return -1;
	}
	for (c = 0; c < fa->fa_nchunk; c++)
		r = tr_inject_syscall_th(s, th, SYS_munmap,
		    (long)fa->fa_chunk[c].ch_addr, TR_CHUNK, 0, 0, 0, 0) ==
		    0 ? r : -1;
	r = tr_inject_syscall_th(s, th, SYS_munmap, (long)fa->fa_ring,
	    (long)fa->fa_ringsz, 0, 0, 0, 0) == 0 ? r : -1;
	if (r != 0)
		tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "fork child %d: munmap of "
			  "pidtrace's trampolines or ring failed: left mapped "
			  "in it", (int)th->th_tid);
	return r;
}

void
tr_fast_free(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;

	if (fa == NULL)
		return;
	unmap_ours(fa);
	free(fa->fa_sites);
	free(fa->fa_xtgt);
	tr_fidx_free(fa);
	free(fa->fa_mute);
	free(fa->fa_code);
	free(fa->fa_fix);
	free(fa->fa_sys);
	free(fa->fa_stub);
	free(fa);
	s->s_fast = NULL;
}

/*
 * A new thread at its first stop: may it run trampolines?  Where the key
 * is the tid in the TCB (find_tidoff), only if its TCB holds its tid:
 * a thread pointer of its own (a raw clone with CLONE_SETTLS, a runtime
 * unlike the rest) would give another thread's key or none, so the
 * whole process is keyed by gettid from then on, or goes back to int3
 * when that cannot be done (tr_fast_revert, from the loop, every thread
 * stopped).  So does fs base 0 when the trampolines cannot check it (no
 * rdfsbase).  Keyed by gettid, every thread may.  The TCB is written
 * before the thread runs: pthread_create's clone has the kernel store
 * the tid there (CLONE_PARENT_SETTID) before either side returns.
 */
bool
tr_fast_thread_ok(tr_session_t *s, tr_thread_t *th)
{
	struct tr_fast *fa = s->s_fast;
	struct user_regs_struct r;
	uint32_t tid = 0;

	if (fa != NULL && fa->fa_ring != 0 && !fa->fa_broken &&
	    fa->fa_gettid && fa->fa_tcbkey) {
		/*
		 * The TCB's key through the gate: fs base 0 asks gettid
		 * there; else the TCB must hold the thread's tid, or the
		 * gate goes off and every block asks gettid
		 * (tr_fast_revert).
		 */
		if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0 ||
		    r.fs_base == 0)
			return true;	/* gone, or gettid's */
		if (tr_read(s, r.fs_base + (uint32_t)fa->fa_gokey, &tid,
			    sizeof(tid)) == (ssize_t)sizeof(tid) &&
		    tid == (uint32_t)th->th_tid)
			return true;
		snprintf(fa->fa_revwhy, sizeof(fa->fa_revwhy), "thread %d's "
			 "TCB does not hold its id (a thread pointer of its "
			 "own)", (int)th->th_tid);
		fa->fa_revert = true;
		return false;
	}
	if (fa != NULL && fa->fa_ring != 0 && !fa->fa_broken &&
	    fa->fa_gettid && fa->fa_gokey != 0) {
		/*
		 * Go's key: the thread's fs base must lie in an M whose
		 * procid holds its tid or 0 (go_thread); a thread that
		 * shares another's (a raw clone without CLONE_SETTLS) or
		 * has a thread pointer of its own keys the process by
		 * gettid from now on (tr_fast_revert).
		 */
		int32_t off = fa->fa_gokey;

		if (go_thread(s, th->th_tid, &off) != 0)
			return true;	/* Go's, or gone: none of it runs */
		snprintf(fa->fa_revwhy, sizeof(fa->fa_revwhy), "thread %d's "
			 "fs base is not in a Go M holding its id",
			 (int)th->th_tid);
		fa->fa_revert = true;
		return false;
	}
	if (fa != NULL && fa->fa_ring != 0 && fa->fa_gettid &&
	    fa->fa_rdfsbase && !fa->fa_gonever && fa->fa_gotries < 4) {
		/*
		 * Keyed by gettid since a set-up that found no Go M (a Go
		 * program launched with -c: its first thread had no fs
		 * base yet): a thread Go started may make Go's key
		 * provable now; the loop stops every thread and tries
		 * (tr_fast_revert), at most 4 times.
		 */
		int32_t off = 0;

		if (go_thread(s, th->th_tid, &off) >= 1)
			fa->fa_gotry = true;
		return true;
	}
	if (fa == NULL || fa->fa_ring == 0 || fa->fa_gettid ||
	    s->s_st.st_fast == 0)
		return true;
	if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return true;	/* gone: nothing of it will run */
	if (r.fs_base == 0) {
		if (fa->fa_rdfsbase)
			return true;
		snprintf(fa->fa_revwhy, sizeof(fa->fa_revwhy), "a thread "
			 "without a TCB (fs base 0) appeared");
	} else if (tr_read(s, r.fs_base + fa->fa_tidoff, &tid,
			   sizeof(tid)) == (ssize_t)sizeof(tid) &&
		   tid == (uint32_t)th->th_tid) {
		return true;
	} else {
		snprintf(fa->fa_revwhy, sizeof(fa->fa_revwhy), "thread %d's "
			 "TCB does not hold its id (a thread pointer of its "
			 "own)", (int)th->th_tid);
	}
	fa->fa_revert = true;
	return false;
}

/* The chunk holding tracee address a. */
static tr_chunk_t *
chunk_of(struct tr_fast *fa, uint64_t a)
{
	unsigned c;

	for (c = 0; c < fa->fa_nchunk; c++)
		if (a >= fa->fa_chunk[c].ch_addr &&
		    a < fa->fa_chunk[c].ch_addr + TR_CHUNK)
			return &fa->fa_chunk[c];
	return NULL;
}

/* jmp rel32 from tracee address from to to, both in chunk ch. */
static void
put_jmp(struct tr_fast *fa, const tr_chunk_t *ch, uint64_t from, uint64_t to)
{
	uint8_t *p = fa->fa_map + ch->ch_off + (from - ch->ch_addr);
	int32_t d = (int32_t)(int64_t)(to - (from + 5));

	p[0] = 0xe9;
	memcpy(p + 1, &d, 4);
}

/*
 * The key loads of a trampoline's blocks, the plain one's and the
 * context block's, each given a stub that asks the kernel: the load's
 * first instruction (rdfsbase, 5 bytes, or without rdfsbase a 10-byte
 * nop or the 8-byte %fs load) becomes a jmp to it, and the stub jumps
 * back past the load.  No other byte changes, so a thread that a signal
 * handler interrupted anywhere in the load comes back to the code it
 * left: inside it, to the rest of the old load (its TCB was checked);
 * at its start, to the jmp.
 */
#define STUB_PLAIN	16
#define STUB_CTX	32
static const uint8_t stub_plain[10] = {	/* gettid into r11d */
	0xb8, 0xba, 0x00, 0x00, 0x00, 0x0f, 0x05, 0x41, 0x89, 0xc3
};
static const uint8_t stub_ctx[13] = {	/* gettid into eax, r11 kept */
	0x4c, 0x89, 0xda, 0xb8, 0xba, 0x00, 0x00, 0x00, 0x0f, 0x05, 0x49,
	0x89, 0xd3
};

static void
stub_at(struct tr_fast *fa, const tr_chunk_t *ch, uint64_t *at,
	uint64_t load, const uint8_t *c, size_t n, size_t size, uint64_t back)
{
	uint8_t *p = fa->fa_map + ch->ch_off + (*at - ch->ch_addr);

	fa->fa_stub[fa->fa_nstub][0] = *at;
	fa->fa_stub[fa->fa_nstub][1] = *at + n + 5;
	fa->fa_stub[fa->fa_nstub++][2] = back;

	memcpy(p, c, n);
	put_jmp(fa, ch, *at + n, back);
	memset(p + n + 5, 0xcc, size - n - 5);
	put_jmp(fa, ch, load, *at);
	*at += size;
}

/*
 * Every thread stopped: the live trampolines keyed by gettid from now
 * on (fa_gettid), through stubs placed after each chunk's trampolines
 * and counted as clause code (in_code: a thread stopped in one is
 * stepped back to its block, a signal frame there keeps the chunks).
 * The keys do not change: the TCB held each thread's tid.  False, and
 * nothing written, when a chunk has no room.
 */
static bool
rekey(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	uint64_t need[TR_MAXCHUNK], at[TR_MAXCHUNK], *nc, t, lo, k;
	uint64_t (*st)[3];
	size_t nstub = 0;
	uint16_t blk[2][3];
	tr_chunk_t *ch;
	tr_thread_t *th;
	unsigned c, b, nb;
	size_t i;

	memset(need, 0, sizeof(need));
	for (i = 0; i < fa->fa_nsites; i++) {
		const tr_fsite_t *fs = &fa->fa_sites[i];

		if (!fs->fs_live)
			continue;
		/*
		 * A syscall site's blocks are not laid out as a pid site's
		 * (no key load where the stubs go), and a gettid there
		 * would be dispatched: back to int3 and the stop path.
		 */
		if (fs->fs_kind == TR_FAST_SYSCALL)
			return false;
		if ((ch = chunk_of(fa, fs->fs_tramp)) == NULL)
			return false;
		c = (unsigned)(ch - fa->fa_chunk);
		need[c] += STUB_PLAIN + (fs->fs_cx[0][0] ? STUB_CTX : 0);
		nstub += 1 + (fs->fs_cx[0][0] != 0);
		if (fs->fs_whole) {
			need[c] += STUB_PLAIN +
				   (fs->fs_cx[1][0] ? STUB_CTX : 0);
			nstub += 1 + (fs->fs_cx[1][0] != 0);
		}
	}
	for (c = 0; c < fa->fa_nchunk; c++)
		if (fa->fa_chunk[c].ch_used + need[c] > TR_CHUNK)
			return false;
	nc = realloc(fa->fa_code, (fa->fa_ncode + fa->fa_nchunk) * 2 *
		     sizeof(*nc));
	if (nc == NULL)
		return false;
	fa->fa_code = nc;
	st = realloc(fa->fa_stub, (fa->fa_nstub + nstub) * sizeof(*st));
	if (st == NULL)
		return false;
	fa->fa_stub = st;
	/* A vfork child's firings carry its own tid from now on. */
	for (th = s->s_all; th != NULL; th = th->th_all)
		if (th->th_vforker != 0)
			tr_ring_mute(s, th->th_vforker, th->th_tid, false);
	for (c = 0; c < fa->fa_nchunk; c++)
		at[c] = fa->fa_chunk[c].ch_addr + fa->fa_chunk[c].ch_used;
	for (i = 0; i < fa->fa_nsites; i++) {
		const tr_fsite_t *fs = &fa->fa_sites[i];

		if (!fs->fs_live)
			continue;
		ch = chunk_of(fa, fs->fs_tramp);
		c = (unsigned)(ch - fa->fa_chunk);
		t = fs->fs_tramp;
		nb = 0;
		blk[nb][0] = fs->fs_rec_lo;
		blk[nb][1] = fs->fs_plain;
		blk[nb++][2] = fs->fs_cx[0][0];
		if (fs->fs_whole) {
			blk[nb][0] = fs->fs_rec2_lo;
			blk[nb][1] = fs->fs_plain2;
			blk[nb++][2] = fs->fs_cx[1][0];
		}
		for (b = 0; b < nb; b++) {
			lo = t + blk[b][0];
			k = lo + blk[b][1] + T_RDFS;
			stub_at(fa, ch, &at[c], k, stub_plain,
				sizeof(stub_plain), STUB_PLAIN, k + 24);
			if (blk[b][2] == 0)
				continue;
			k = lo + blk[b][2];
			stub_at(fa, ch, &at[c], k, stub_ctx, sizeof(stub_ctx),
				STUB_CTX, k + (fa->fa_rdfsbase ? 22 : 12));
		}
	}
	for (c = 0; c < fa->fa_nchunk; c++) {
		ch = &fa->fa_chunk[c];
		if (need[c] == 0)
			continue;
		nc[2 * fa->fa_ncode] = ch->ch_addr + ch->ch_used;
		nc[2 * fa->fa_ncode + 1] = at[c];
		fa->fa_ncode++;
		ch->ch_used += (uint32_t)need[c];
	}
	fa->fa_gettid = true;
	key_said(s);
	for (th = s->s_all; th != NULL; th = th->th_all)
		if (th->th_vforker != 0)
			tr_ring_mute(s, th->th_vforker, th->th_tid, true);
	return true;
}

/*
 * Every thread stopped, the blocks keyed by gettid through the key gate:
 * the gate loads %fs:off first (Go's m.procid, or the TCB's tid) and
 * asks gettid only where that is 0.  A vfork child's firings carry its
 * parent's key from now on (it borrows the parent's M or TCB).
 */
static void
gate_key_on(tr_session_t *s, int32_t off)
{
	struct tr_fast *fa = s->s_fast;
	tr_thread_t *th;

	for (th = s->s_all; th != NULL; th = th->th_all)
		if (th->th_vforker != 0)
			tr_ring_mute(s, th->th_vforker, th->th_tid, false);
	fa->fa_gokey = off;
	gokey_set(fa, true);
	key_said(s);
	for (th = s->s_all; th != NULL; th = th->th_all)
		if (th->th_vforker != 0)
			tr_ring_mute(s, th->th_vforker, th->th_tid, true);
}

/*
 * Every thread stopped, in a process set up before its thread pointer
 * was (fa_tcbwait: a command at its exec): once each thread's TCB holds
 * its tid at one offset (find_tidoff), the key gate loads it, no system
 * call a firing.  Tried at each site's patch, 64 times at most; the
 * blocks ask gettid meanwhile, and for good if it never comes (Go's
 * threads, a runtime of its own).
 */
void
tr_fast_tcb_try(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	uint32_t off;

	if (fa == NULL || !fa->fa_tcbwait)
		return;
	if (fa->fa_ring == 0 || fa->fa_broken || !fa->fa_gettid ||
	    fa->fa_gokey != 0 || fa->fa_gonever || fa->fa_tcbtries >= 64) {
		fa->fa_tcbwait = fa->fa_ring == 0 && !fa->fa_broken;
		return;
	}
	fa->fa_tcbtries++;
	if ((off = find_tidoff(s)) == 0 || off > INT32_MAX)
		return;
	fa->fa_tcbwait = false;
	fa->fa_tcbkey = true;
	gate_key_on(s, (int32_t)off);
}

/*
 * Every thread stopped, a thread the TCB's key cannot name having
 * appeared: every trampoline keyed by gettid (rekey), else every fast
 * site back to its int3, the threads in trampolines moved out; the
 * mappings stay until the end.
 */
void
tr_fast_revert(tr_session_t *s)
{
	static const uint8_t int3 = 0xcc;
	struct tr_fast *fa = s->s_fast;
	tr_thread_t *th;
	int32_t off;
	size_t i;

	if (fa->fa_gotry && !fa->fa_revert) {
		/* every thread stopped: Go's key if each is Go's now */
		fa->fa_gotry = false;
		fa->fa_gotries++;
		if (!fa->fa_gettid || fa->fa_gokey != 0 || fa->fa_gonever ||
		    (off = find_gokey(s)) == 0)
			return;
		gate_key_on(s, off);
		return;
	}
	fa->fa_gotry = false;
	fa->fa_revert = false;
	if (fa->fa_gettid && fa->fa_gokey != 0) {
		/*
		 * Go's key gate off: every block asks gettid from now on.
		 * The keys do not change (each thread's procid held its
		 * tid or 0); a vfork child's firings carry its own tid.
		 */
		for (th = s->s_all; th != NULL; th = th->th_all)
			if (th->th_vforker != 0)
				tr_ring_mute(s, th->th_vforker, th->th_tid,
					     false);
		gokey_set(fa, false);
		fa->fa_gokey = 0;
		fa->fa_gonever = true;
		fa->fa_tcbkey = false;
		fa->fa_tcbwait = false;
		key_said(s);
		for (th = s->s_all; th != NULL; th = th->th_all)
			if (th->th_vforker != 0)
				tr_ring_mute(s, th->th_vforker, th->th_tid,
					     true);
		tr_notice(s, TR_NOTE_FAST_KEY, 0, "%s: threads are keyed by "
			  "gettid from now on (a system call more a firing)",
			  fa->fa_revwhy);
		return;
	}
	if (rekey(s)) {
		tr_notice(s, TR_NOTE_FAST_KEY, 0, "%s: threads are keyed by "
			  "gettid from now on (a system call more a firing)",
			  fa->fa_revwhy);
		return;
	}
	for (th = s->s_all; th != NULL; th = th->th_all)
		if (th->th_stopped && !th->th_zombie &&
		    th->th_kind == TR_KIND_THREAD)
			tr_fast_fixup_thread(s, th);
	for (i = 0; i < fa->fa_nsites; i++) {
		tr_fsite_t *fs = &fa->fa_sites[i];

		if (!fs->fs_live)
			continue;
		unpatch(s, fs, 0);
		if (fs->fs_kind != TR_FAST_SYSCALL) {
			tr_mem_write(s, fs->fs_addr, &int3, 1);
			rearm_inside(s, fs, fs->fs_addr);
		}
		fs->fs_live = false;
		s->s_st.st_fast--;
	}
	fa->fa_broken = true;
	snprintf(fa->fa_why, sizeof(fa->fa_why), "%s: back to int3",
		 fa->fa_revwhy);
	tr_notice(s, TR_NOTE_FAST_OFF, 0, "%s", fa->fa_why);
}

/* -- syscall sites (sud.c) ------------------------------------------------ */

/*
 * A syscall site's trampoline.  The site is the `syscall` at sc and the
 * one instruction before it, p0, of 5 bytes or more (mov $NR,%eax in
 * glibc's wrappers, mov 8(%rsp),%r9 in its syscall()): a jump over one
 * instruction cannot be entered mid-way, so no branch analysis is
 * needed, and the `syscall` itself stays where it was (a branch to it
 * runs it there, dispatched to the stop path).  p0 is found by decoding
 * the function from its start (the host's symbol), never backwards.
 *
 *	    p0 relocated
 *	sys:  cmp $511,%rax; ja never
 *	      movabs $table,%r11; movzbl (%r11,%rax),%r11d
 *	      test %r11d,%r11d; jnz slow
 *	      jmp *g1		gate 1: syscall; jmp *rest
 *	slow: test $4,%r11b; jnz never
 *	lea:  lea -128(%rsp),%rsp; push %rax; push %r11
 *	      test $1,%r11b; jz noent
 *	      entry's context block (emit_sysctx): the number's code, if
 *	      any, then jmp noent; else mov %r10,%rcx; entry record
 *	noent: mov 8(%rsp),%rax; jmp *g2	gate 2: syscall; jmp *after
 *	after: mov %rax,%rcx; pop %r11; pop %rax; lea 128(%rsp),%rsp
 *	      test $2,%r11b; jz noexit
 *	      exit's context block, then jmp noexit; else exit record
 *	noexit: mov %rcx,%rax; jmp rest
 *	never: syscall		outside chunk 0: dispatched, a stop
 *	rest: jmp sc + 2
 *
 * The gates lie in chunk 0, the range dispatch lets call; the rest of
 * the trampoline lies outside it, so the `never` call is dispatched to
 * the stop path (clone, vfork, rt_sigreturn, exec, exit, and numbers a
 * clause needs a stop for), which makes it from the site's own `syscall`
 * (tr_fast_sys_never).  rcx and r11 are the syscall's to clobber;
 * nothing is on the stack across the unprobed path's call, and only the
 * probed path's 144 bytes below the red zone across its own.  The flags
 * after the call are the trampoline's (no code reads flags across a
 * syscall: the kernel's sysret sets them from r11).  An -ERESTART*
 * rewinds onto the gate's `syscall`, in the range.  The records: entry
 * rdi rsi rdx r10 r8 r9 in r_args, the number in r_flags; exit (site
 * index | TR_REC_EXIT) the value in r_args[3], the number in r_flags.
 * A context block's record (TR_RF_CTX) has the code's status in r_flags
 * and the number in r_nev's top half.  The context blocks lie inside
 * [lea, noent) and [after, noexit), the ranges a thread stopped there is
 * stepped through (sys_fixup), clause code included (step_out).
 */
static const int sys_never[] = {
	SYS_rt_sigreturn, SYS_clone, SYS_clone3, SYS_fork, SYS_vfork,
	SYS_execve, SYS_execveat, SYS_exit, SYS_exit_group,
	SYS_prctl,	/* PR_SET_SYSCALL_USER_DISPATCH must be seen */
};

bool
tr_syscall_always_stops(long nr)
{
	size_t i;

	for (i = 0; i < sizeof(sys_never) / sizeof(sys_never[0]); i++)
		if (sys_never[i] == nr)
			return true;
	return false;
}

void
tr_fast_sys_table(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	uint8_t *tab;
	size_t i;

	if (fa == NULL || fa->fa_map == NULL || fa->fa_ring == 0)
		return;
	tab = fa->fa_map + TR_SYSTAB;
	for (i = 0; i < TR_SYSP_MAX; i++)
		__atomic_store_n(&tab[i], s->s_sysp[i], __ATOMIC_RELAXED);
	for (i = 0; i < sizeof(sys_never) / sizeof(sys_never[0]); i++)
		__atomic_store_n(&tab[sys_never[i]],
				 (uint8_t)(s->s_sysp[sys_never[i]] |
					   TR_SYSP_STOP), __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
}

int
tr_syscall_code(tr_session_t *s, long nr, bool ret, uint64_t entry)
{
	struct tr_fast *fa = s->s_fast;

	if (nr < 0 || nr >= TR_SYSP_MAX) {
		errno = EINVAL;
		return -1;
	}
	if (fa == NULL || fa->fa_map == NULL || fa->fa_ring == 0) {
		errno = ENOENT;
		return -1;
	}
	__atomic_store_n((uint64_t *)(void *)(fa->fa_map + TR_SYSCODE) +
			 (ret ? TR_SYSP_MAX : 0) + nr, entry,
			 __ATOMIC_RELEASE);
	return 0;
}

static struct tr_sysite *
sys_find(const struct tr_fast *fa, uint64_t sc)
{
	size_t i;

	for (i = 0; i < fa->fa_nsys; i++)
		if (fa->fa_sys[i].sy_addr == sc)
			return &fa->fa_sys[i];
	return NULL;
}

/* Whether sc was patched, or was refused for good. */
bool
tr_fast_sys_known(const tr_session_t *s, uint64_t sc)
{
	const struct tr_sysite *sy;

	if (s->s_fast == NULL)
		return true;
	sy = sys_find(s->s_fast, sc);
	return sy != NULL && sy->sy_done;
}

/* Why a known site's calls take the stop path (tr_fast_sys_known). */
const char *
tr_fast_sys_why(const tr_session_t *s, uint64_t sc)
{
	const struct tr_sysite *sy;

	if (s->s_fast == NULL ||
	    (sy = sys_find(s->s_fast, sc)) == NULL)
		return "the fast path is off";
	if (sy->sy_why != NULL)
		return sy->sy_why;
	return "a branch goes straight to the syscall instruction of a "
	    "patched site";
}

/*
 * A dispatched call made at pc (its `syscall`) by a trampoline's `never`
 * path: the site's own `syscall`, where the thread's registers are the
 * same (nothing is pushed before that path), so that the stop path runs
 * the call there: a stack taken at its stops unwinds through the
 * program's code, and a fork or clone child returns there.  0 if pc is
 * not such a call.
 */
uint64_t
tr_fast_sys_never(const tr_session_t *s, uint64_t pc)
{
	const tr_fsite_t *fs = sys_site_of_pc(s, pc);

	if (fs == NULL || pc != fs->fs_tramp + fs->fs_so[TR_SO_NEVER])
		return 0;
	return fs->fs_sc;
}

/* Whether pc lies in code of ours (a `syscall` there is not a site). */
bool
tr_fast_sys_ours(const tr_session_t *s, uint64_t pc)
{
	return s->s_fast != NULL && in_chunk(s, pc);
}

/*
 * As site_of_pc, for a syscall site: the one whose trampoline or gates
 * hold pc, patched or not.
 */
static tr_fsite_t *
sys_site_of_pc(const tr_session_t *s, uint64_t pc)
{
	const struct tr_fast *fa = s->s_fast;
	tr_fsite_t *fs;
	size_t i;

	if (fa == NULL || fa->fa_nsys == 0)
		return NULL;
	for (i = 0; i < fa->fa_nsites; i++) {
		fs = &fa->fa_sites[i];
		if (fs->fs_kind != TR_FAST_SYSCALL || fs->fs_tramp == 0)
			continue;
		if ((pc >= fs->fs_tramp && pc < fs->fs_tramp + fs->fs_tlen) ||
		    (pc >= fs->fs_g1 && pc < fs->fs_g1 + 16) ||
		    (pc >= fs->fs_g2 && pc < fs->fs_g2 + 16))
			return fs;
	}
	return NULL;
}

/* A thread inside a record block: through it, so its slot is published. */
static bool
sys_step_records(tr_session_t *s, tr_thread_t *th, tr_fsite_t *fs,
		 struct user_regs_struct *r)
{
	uint64_t off = r->rip - fs->fs_tramp, lo, hi;

	if (off >= fs->fs_so[TR_SO_LEA] && off < fs->fs_so[TR_SO_NOENT]) {
		lo = fs->fs_so[TR_SO_LEA];
		hi = fs->fs_so[TR_SO_NOENT];
	} else if (off >= fs->fs_so[TR_SO_AFTER] &&
		   off < fs->fs_so[TR_SO_NOEXIT]) {
		lo = fs->fs_so[TR_SO_AFTER];
		hi = fs->fs_so[TR_SO_NOEXIT];
	} else {
		return false;
	}
	if (step_out(s, th, fs->fs_tramp + lo, fs->fs_tramp + hi, r) < 0)
		return true;
	tr_requeue_signals(s, th);
	ptrace(PTRACE_SETREGS, th->th_tid, 0L, r);
	return false;
}

/*
 * A stopped thread in a syscall site's trampoline or gate, to the
 * original code with the state it would have there: before the call,
 * at the `syscall` (rax the number); in or after it, past it (a pending
 * restart rewinds onto the original); the probed path's stack given
 * back.  A record block is run through first.
 */
static bool
sys_fixup(tr_session_t *s, tr_thread_t *th, tr_fsite_t *fs,
	  struct user_regs_struct *r)
{
	const uint16_t *so = fs->fs_so;
	uint64_t off, w;

	if (r->rip >= fs->fs_g1 && r->rip < fs->fs_g1 + 16) {
		r->rip = fs->fs_sc + (r->rip - fs->fs_g1 > 2 ? 2 :
				      r->rip - fs->fs_g1);
		goto set;
	}
	if (r->rip >= fs->fs_g2 && r->rip < fs->fs_g2 + 16) {
		r->rip = fs->fs_sc + (r->rip - fs->fs_g2 > 2 ? 2 :
				      r->rip - fs->fs_g2);
		r->rsp += 144;
		goto set;
	}
	off = r->rip - fs->fs_tramp;
	if (off >= so[TR_SO_LEA] && off < so[TR_SO_NOENT]) {
		if (step_out(s, th, fs->fs_tramp + so[TR_SO_LEA],
			     fs->fs_tramp + so[TR_SO_NOENT], r) < 0)
			return false;
		tr_requeue_signals(s, th);
		off = r->rip - fs->fs_tramp;
	}
	if (off >= so[TR_SO_AFTER] && off < so[TR_SO_NOEXIT]) {
		if (step_out(s, th, fs->fs_tramp + so[TR_SO_AFTER],
			     fs->fs_tramp + so[TR_SO_NOEXIT], r) < 0)
			return false;
		tr_requeue_signals(s, th);
		off = r->rip - fs->fs_tramp;
	}
	if (off < so[TR_SO_SYS]) {
		unsigned i;

		r->rip = fs->fs_p0;
		for (i = 0; i < fs->fs_nins; i++)
			if (off == fs->fs_toff[i])
				r->rip = fs->fs_p0 + fs->fs_ooff[i];
	} else if (off < so[TR_SO_LEA]) {
		r->rip = fs->fs_sc;
	} else if (off < so[TR_SO_AFTER]) {	/* noent: the number pushed */
		if (tr_mem_read_pid(th->th_tid, r->rsp + 8, &w, 8) < 0)
			return false;
		r->rax = w;
		r->rsp += 144;
		r->rip = fs->fs_sc;
	} else if (off < so[TR_SO_NEVER]) {
		if (off == so[TR_SO_NOEXIT])
			r->rax = r->rcx;
		r->rip = fs->fs_sc + 2;
	} else if (off < so[TR_SO_REST]) {
		r->rip = fs->fs_sc + (off - so[TR_SO_NEVER]);
	} else {
		r->rip = fs->fs_sc + 2;
	}
set:
	return ptrace(PTRACE_SETREGS, th->th_tid, 0L, r) == 0;
}

static void
put(uint8_t *code, size_t *n, const char *hex)
{
	unsigned v;

	while (*hex != '\0') {
		if (*hex == ' ') {
			hex++;
			continue;
		}
		sscanf(hex, "%2x", &v);
		code[(*n)++] = (uint8_t)v;
		hex += 2;
	}
}

/* A rel32 at code + at, to land on label offset to (from at + 4). */
static void
rel_to(uint8_t *code, size_t at, size_t to)
{
	int32_t d = (int32_t)((int64_t)to - (int64_t)(at + 4));

	memcpy(code + at, &d, 4);
}

/* A record block whose stored rax goes to r_flags (the number). */
static void
sys_record(const struct tr_fast *fa, uint8_t *code, size_t *tlen,
	   uint32_t cookie)
{
	size_t at = *tlen;

	emit_record(fa, code, tlen, cookie, TR_FAST_RETURN, false);
	code[at + T_RAX + 8] = (uint8_t)offsetof(tr_rec_t, r_flags);
}

/*
 * A syscall site's context block (doc/INPROC.md) at code + *tlen, the
 * plain record block after it: the clause code of the call's number
 * (the entry's or the exit's, from the table at TR_SYSCODE, which the
 * host fills with every thread stopped), 0 sending the thread to the
 * plain record.  Else the context a pid site's block builds, with the
 * syscall convention's arguments (rdi rsi rdx r10 r8 r9) at the entry
 * and the provider's at the exit (the value, -1 for -4095..-1, as arg0
 * and arg1, zeros after), the code run, and a record from the context
 * when its status asks (ctx_record: the number and the raw value go
 * with it).  Then a jump past the plain record: *fix is its rel32.
 * Entry: rax the number, rcx and r11 the syscall's to spoil; exit: rax
 * the number, rcx the value, r11 free.
 *
 *	movabs $table,%r11; mov (%r11,%rax,8),%r11; test; jz plain
 *	(exit) lea -128(%rsp),%rsp; pushfq; push rax rcx rdx rsi rdi r8
 *	r9 r10 r11; sub $TR_CTX_SIZE,%rsp; the args; rdtsc; the key; the
 *	link; mov %rsp,%rdi; jmp *%r11
 * back: link and saved r11 zeroed; the record if asked; add; pops;
 *	popfq; (exit) lea 128(%rsp),%rsp; jmp past the plain record
 *
 * Below the function's rsp: 144 + 80 + TR_CTX_SIZE = 640 bytes at the
 * entry (the trampoline's frame skipped the red zone), 624 at the exit,
 * as a pid site's context block.
 * plain:
 */
static void
emit_sysctx(const struct tr_fast *fa, uint8_t *code, size_t *tlen,
	    uint32_t site, bool exit, size_t *fix, uint16_t *so)
{
	uint64_t tab = fa->fa_ring + TR_SYSCODE +
		       (exit ? 8 * TR_SYSP_MAX : 0);
	tasm_t a;

	memset(&a, 0, sizeof(a));
	a.ta_c = code + *tlen;
	so[0] = (uint16_t)*tlen;
	tb(&a, "49 bb");
	t64(&a, tab);
	tb(&a, "4d 8b 1c c3 4d 85 db 0f 84");
	tref(&a, L_PLAIN, 4);
	/* the entry's red zone is behind the trampoline's 144 bytes */
	if (exit)
		tb(&a, "48 8d 64 24 80");
	tb(&a, "9c 50 51 52 56 57 41 50 41 51 41 52 41 53");
	tb(&a, "48 81 ec");
	t32(&a, TR_CTX_SIZE);
	so[1] = (uint16_t)(*tlen + a.ta_n);	/* the context pushed */
	if (!exit) {
		tb(&a, "48 89 3c 24 48 89 74 24 08 48 89 54 24 10");
		tb(&a, "4c 89 54 24 18 4c 89 44 24 20 4c 89 4c 24 28");
	} else {
		/* mov %rcx,%rax; cmp $-4095,%rax; jb 1f; mov $-1,%rax */
		tb(&a, "48 89 c8 48 3d 01 f0 ff ff 72 07");
		tb(&a, "48 c7 c0 ff ff ff ff");
		tb(&a, "48 89 04 24 48 89 44 24 08 31 c9 48 89 4c 24 10");
		tb(&a, "48 89 4c 24 18 48 89 4c 24 20 48 89 4c 24 28");
	}
	tb(&a, "0f 31 48 c1 e2 20 48 09 d0 48 89 44 24 30");
	/* the key as a pid site's: the TCB's, or gettid's through the gate */
	ctx_key(fa, &a);
	tb(&a, "48 8d 05");
	tref(&a, L_BACK, 4);
	tb(&a, "48 89 44 24 40 48 89 e7 41 ff e3");
	so[2] = (uint16_t)(*tlen + a.ta_n - 3);	/* jmp *%r11 */
	tbind(&a, L_BACK);
	/*
	 * The link and the saved r11 (the entry) zeroed, as emit_ctx says
	 * why: no word of the dead stack may point into a chunk.  r11 is
	 * the syscall's to spoil at the entry, and at the exit this path
	 * leaves the table byte there anyway.
	 */
	tb(&a, "48 c7 44 24 40 00 00 00 00 48 c7 84 24");
	t32(&a, TR_CTX_SIZE);
	t32(&a, 0);
	ctx_record(fa, &a, exit ? site | TR_REC_EXIT : site, exit ? 2 : 1);
	tb(&a, "48 81 c4");
	t32(&a, TR_CTX_SIZE);
	tb(&a, "41 5b 41 5a 41 59 41 58 5f 5e 5a 59 58 9d");
	if (exit)
		tb(&a, "48 8d a4 24 80 00 00 00");
	tb(&a, "e9");
	*fix = *tlen + a.ta_n;
	a.ta_n += 4;
	tbind(&a, L_PLAIN);
	tfix(&a);
	*tlen += a.ta_n;
}

/*
 * The greatest address below syscall site sc that its module's code may
 * land on: w's, else the host's (h_syslandings, a scan of the module
 * made at its first site whose jump covers more than one instruction);
 * 0 if unknown.
 */
static uint64_t
sys_tprev(tr_session_t *s, uint64_t sc, const tr_fast_want_t *w)
{
	uint64_t t = 0;

	if (w->fw_tprev != 0)
		return w->fw_tprev;
	if (s->s_h == NULL || s->s_h->h_syslandings == NULL ||
	    s->s_h->h_syslandings(s->s_h->h_arg, s, sc, &t) != 0)
		return 0;
	return t;
}

/*
 * Patch the syscall site sc of the function [lo, hi); every thread is
 * stopped.  *entry: where a thread stopped just past sc's call goes to
 * make it again through the trampoline (the trampoline's `sys`, p0
 * already run).  0, or -1 with *why (and the site refused for good when
 * it can never be patched).
 */
int
tr_fast_sys_patch(tr_session_t *s, uint64_t sc, const tr_fast_want_t *w,
		  uint64_t *entry, const char **why)
{
	uint64_t lo = w->fw_lo, hi = w->fw_hi;
	pcs_t pc = { NULL, 0 };
	size_t j, k = 0;
	struct tr_fast *fa = s->s_fast;
	csh h = tr_insn_cs(s);
	struct tr_sysite *sy;
	fn_scan_t fn;
	tr_chunk_t *ch, *c0;
	tr_fsite_t *fs;
	cs_insn *ci = NULL;
	size_t nci = 0;
	uint8_t toff[8], ooff[8];
	uint8_t code[TR_TRAMP_MAX], bytes[TR_RELOC_MAX], gate[32];
	uint16_t so[TR_SO_N];
	size_t tlen = 0, i, f_never1, f_slow, f_g1, f_never2, f_noent,
	       f_g2, f_noexit, f_rest, w1, f_cx1, f_cx2;
	uint64_t p0, tramp, g1, tab, a, tprev;
	uint32_t idx;
	int32_t d32;
	bool forgood = true;

	*why = "the fast path is off";
	if (fa == NULL || fa->fa_map == NULL || fa->fa_broken ||
	    fa->fa_nchunk == 0 || fa->fa_sudinsn == 0)
		return -1;
	sy = sys_find(fa, sc);
	if (sy == NULL) {
		sy = array_room(fa->fa_sys, fa->fa_nsys, &fa->fa_syscap,
		    sizeof(*sy), 64);
		if (sy == NULL)
			return -1;
		fa->fa_sys = sy;
		sy = &fa->fa_sys[fa->fa_nsys++];
		memset(sy, 0, sizeof(*sy));
		sy->sy_addr = sc;
	}
	if (sy->sy_done) {
		*why = "refused before";
		return -1;
	}
	memset(&fn, 0, sizeof(fn));
	*why = "its function's bounds are wrong";
	if (lo >= sc || sc + 2 > hi || sc - lo > (1u << 20))
		goto refuse;
	scan_range(s, lo, sc + 2, &fn, true);
	for (i = 0; i < fn.fn_ninsn; i++)
		if (fn.fn_insn[i] == sc)
			break;
	*why = "the syscall is not on its function's instruction path";
	if (i == fn.fn_ninsn || i == 0)
		goto refuse;
	/*
	 * The instructions before the syscall, back to 5 bytes: over more
	 * than one, no branch of the function and no landing address the
	 * host knows of may lie strictly inside.
	 */
	for (j = i - 1; j > 0 && sc - fn.fn_insn[j] < 5; j--)
		;
	p0 = fn.fn_insn[j];
	k = i - j;
	*why = "the instructions before the syscall are shorter than a jump";
	if (sc - p0 < 5 || sc - p0 > sizeof(bytes) || k > 6)
		goto refuse;
	*why = "code may jump into the bytes a jump would replace";
	if (k > 1 && (target_inside(&fn, p0, sc) ||
		      (tprev = sys_tprev(s, sc, w)) == 0 || tprev > p0))
		goto refuse;
	scan_free(&fn);
	*why = "another site lies in the bytes a jump would replace";
	if (!range_free(s, p0, sc, 0, 0)) {
		forgood = false;
		goto refuse;
	}
	if (k > 1) {
		collect_pcs(s, &pc, p0, sc, true);
		pcs_sort(&pc);
		if (pc_inside(&pc, p0, sc)) {
			*why = "a thread was stopped inside the bytes a jump "
			    "would replace";
			free(pc.pc_v);
			forgood = false;
			goto refuse;
		}
		free(pc.pc_v);
	}
	*why = "an instruction before the syscall cannot move";
	if (tr_read(s, p0, bytes, sc - p0) != (ssize_t)(sc - p0) ||
	    (nci = cs_disasm(h, bytes, sc - p0, p0, 0, &ci)) != k)
		goto refuse;
	*why = "no room for a trampoline within reach";
	c0 = &fa->fa_chunk[0];
	if (c0->ch_used + sizeof(gate) > TR_CHUNK)
		goto refuse;
	ch = chunk_near_from(s, -1, p0, sc + 2, 1);
	c0 = &fa->fa_chunk[0];	/* chunk_near may grow the array */
	if (ch == NULL)
		goto refuse;
	tramp = ch->ch_addr + ch->ch_used;
	if (!reach(p0 + 5, tramp) || !reach(tramp + TR_TRAMP_MAX, sc + 2))
		goto refuse;
	*why = "an instruction before the syscall cannot move";
	for (j = 0; j < k; j++) {
		toff[j] = (uint8_t)tlen;
		ooff[j] = (uint8_t)(ci[j].address - p0);
		if (relocate(s, &ci[j], 1, tramp, code, &tlen) < 0)
			goto refuse;
	}
	cs_free(ci, nci);
	ci = NULL;
	idx = (uint32_t)fa->fa_nsites;
	tab = fa->fa_ring + TR_SYSTAB;

	so[TR_SO_SYS] = (uint16_t)tlen;
	put(code, &tlen, "48 3d ff 01 00 00  0f 87");
	f_never1 = tlen;
	tlen += 4;
	put(code, &tlen, "49 bb");
	memcpy(code + tlen, &tab, 8);
	tlen += 8;
	put(code, &tlen, "45 0f b6 1c 03  45 85 db  0f 85");
	f_slow = tlen;
	tlen += 4;
	put(code, &tlen, "ff 25");
	f_g1 = tlen;
	tlen += 4;
	so[TR_SO_SLOW] = (uint16_t)tlen;
	put(code, &tlen, "41 f6 c3 04  0f 85");
	f_never2 = tlen;
	tlen += 4;
	so[TR_SO_LEA] = (uint16_t)tlen;
	put(code, &tlen, "48 8d 64 24 80  50  41 53  41 f6 c3 01  0f 84");
	f_noent = tlen;
	tlen += 4;
	emit_sysctx(fa, code, &tlen, idx, false, &f_cx1, &so[TR_SO_CX]);
	put(code, &tlen, "4c 89 d1");
	so[TR_SO_PL] = (uint16_t)tlen;
	sys_record(fa, code, &tlen, idx);
	so[TR_SO_NOENT] = (uint16_t)tlen;
	put(code, &tlen, "48 8b 44 24 08  ff 25");
	f_g2 = tlen;
	tlen += 4;
	so[TR_SO_AFTER] = (uint16_t)tlen;
	put(code, &tlen, "48 89 c1  41 5b  58  48 8d a4 24 80 00 00 00");
	put(code, &tlen, "41 f6 c3 02  0f 84");
	f_noexit = tlen;
	tlen += 4;
	emit_sysctx(fa, code, &tlen, idx, true, &f_cx2, &so[TR_SO_CX2]);
	so[TR_SO_PL2] = (uint16_t)tlen;
	sys_record(fa, code, &tlen, idx | TR_REC_EXIT);
	so[TR_SO_NOEXIT] = (uint16_t)tlen;
	put(code, &tlen, "48 89 c8  e9");
	f_rest = tlen;
	tlen += 4;
	so[TR_SO_NEVER] = (uint16_t)tlen;
	put(code, &tlen, "0f 05");
	so[TR_SO_REST] = (uint16_t)tlen;
	put(code, &tlen, "e9");
	d32 = (int32_t)(int64_t)((sc + 2) - (tramp + tlen + 4));
	memcpy(code + tlen, &d32, 4);
	tlen += 4;
	rel_to(code, f_never1, so[TR_SO_NEVER]);
	rel_to(code, f_slow, so[TR_SO_SLOW]);
	rel_to(code, f_never2, so[TR_SO_NEVER]);
	rel_to(code, f_noent, so[TR_SO_NOENT]);
	rel_to(code, f_cx1, so[TR_SO_NOENT]);
	rel_to(code, f_cx2, so[TR_SO_NOEXIT]);
	rel_to(code, f_noexit, so[TR_SO_NOEXIT]);
	rel_to(code, f_rest, so[TR_SO_REST]);
	while (tlen % 8 != 0)
		code[tlen++] = 0xcc;
	w1 = tlen;
	g1 = c0->ch_addr + c0->ch_used;
	memcpy(code + w1, &g1, 8);
	a = g1 + 16;
	memcpy(code + w1 + 8, &a, 8);
	tlen += 16;
	rel_to(code, f_g1, w1);
	rel_to(code, f_g2, w1 + 8);
	memset(code + tlen, 0xcc, (16 - tlen % 16) % 16);
	tlen += (16 - tlen % 16) % 16;
	if (ch->ch_used + tlen > TR_CHUNK) {
		*why = "no room for a trampoline within reach";
		forgood = false;
		goto refuse;
	}
	/* The gates: syscall; jmp *(%rip) to rest, and to after. */
	memset(gate, 0xcc, sizeof(gate));
	put(gate, &(size_t){ 0 }, "0f 05 ff 25 00 00 00 00");
	a = tramp + so[TR_SO_REST];
	memcpy(gate + 8, &a, 8);
	put(gate + 16, &(size_t){ 0 }, "0f 05 ff 25 00 00 00 00");
	a = tramp + so[TR_SO_AFTER];
	memcpy(gate + 24, &a, 8);

	fs = array_room(fa->fa_sites, fa->fa_nsites, &fa->fa_cap,
	    sizeof(*fs), 256);
	if (fs == NULL)
		return -1;
	fa->fa_sites = fs;
	memcpy(fa->fa_map + c0->ch_off + c0->ch_used, gate, sizeof(gate));
	c0->ch_used += sizeof(gate);
	memcpy(fa->fa_map + ch->ch_off + ch->ch_used, code, tlen);
	ch->ch_used += (uint32_t)tlen;
	fs = &fa->fa_sites[fa->fa_nsites++];
	memset(fs, 0, sizeof(*fs));
	fs->fs_addr = p0;
	fs->fs_p0 = p0;
	fs->fs_n = (uint8_t)(sc - p0);
	fs->fs_kind = TR_FAST_SYSCALL;
	fs->fs_lo = lo;
	fs->fs_hi = hi;
	fs->fs_tramp = tramp;
	fs->fs_tlen = (uint16_t)tlen;
	fs->fs_sc = sc;
	fs->fs_g1 = g1;
	fs->fs_g2 = g1 + 16;
	memcpy(fs->fs_so, so, sizeof(so));
	fs->fs_nins = (uint8_t)k;
	memcpy(fs->fs_toff, toff, k);
	memcpy(fs->fs_ooff, ooff, k);
	memcpy(fs->fs_orig, bytes, fs->fs_n);
	fs->fs_text[0] = 0xe9;
	d32 = (int32_t)(int64_t)(tramp - (p0 + 5));
	memcpy(fs->fs_text + 1, &d32, 4);
	memset(fs->fs_text + 5, 0xcc, fs->fs_n - 5);
	fa->fa_pending = fa->fa_nsites;
	sy->sy_done = true;
	*why = "the jump could not be written";
	if (tr_fidx_add(fa, idx) < 0 ||
	    poke(s, 0, p0, fs->fs_text, fs->fs_n) < 0)
		return -1;
	fs->fs_live = true;
	s->s_st.st_fast++;
	s->s_st.st_syssites++;
	*entry = tramp + so[TR_SO_SYS];
	*why = NULL;
	return 0;
refuse:
	scan_free(&fn);
	if (ci != NULL)
		cs_free(ci, nci);
	if (forgood || ++sy->sy_tries >= 8)
		sy->sy_done = true;
	sy->sy_why = *why;
	return -1;
}

/*
 * Every thread stopped: every syscall site back to its original bytes,
 * threads in a trampoline or gate moved out (the process set up syscall
 * user dispatch for itself: our gates' calls would be dispatched to its
 * handler).  The mappings stay until the end; no site is patched again.
 */
void
tr_fast_sys_revert(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	struct user_regs_struct r;
	tr_fsite_t *fs;
	tr_thread_t *th;
	size_t i;

	if (fa == NULL || fa->fa_nsys == 0)
		return;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		if (!th->th_stopped || th->th_zombie ||
		    th->th_kind == TR_KIND_UNKNOWN ||
		    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
			continue;
		/* in clause code: back to the block that ran it first */
		if (in_code(fa, r.rip)) {
			if (step_out(s, th, r.rip, r.rip + 1, &r) < 0)
				continue;
			tr_requeue_signals(s, th);
			if (sys_site_of_pc(s, r.rip) == NULL) {
				ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r);
				continue;
			}
		}
		if ((fs = sys_site_of_pc(s, r.rip)) != NULL)
			(void)sys_fixup(s, th, fs, &r);
	}
	for (i = 0; i < fa->fa_nsites; i++) {
		fs = &fa->fa_sites[i];
		if (!fs->fs_live || fs->fs_kind != TR_FAST_SYSCALL)
			continue;
		unpatch(s, fs, 0);
		fs->fs_live = false;
		s->s_st.st_fast--;
	}
	for (i = 0; i < fa->fa_nsys; i++)
		fa->fa_sys[i].sy_done = true;
}
