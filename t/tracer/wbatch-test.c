/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/tracer/wbatch-test.c: the text writes tracer/mem.c keeps and makes
 * a page range at a time (tr_wbatch_add, tr_wbatch_flush), each patch
 * 24 bytes with its bytes in the batch's pool.  Written here into this
 * process's own pages through /proc/self/mem, as the tracer writes a
 * tracee's: patches added out of address order, two at one address
 * (the one added last wins), conditional ones (written only over the
 * bytes they name), a jump's five bytes over an int3 at the same place
 * (arming's int3, then its jump), enough patches to grow the pool many
 * times, and patches on a page that is not mapped, which fail with the
 * tags they were added with (an int3's TR_WTAG_INT3 among them).  The
 * expected bytes are computed here, patch by patch, in the order added.
 */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "t/check.h"
#include "tracer/tr-impl.h"

#define NPAGES	4
#define PG	4096u

static uint8_t *area, want[NPAGES * PG];
static size_t failed_tags[8], nfailed;

static void
on_failed(tr_session_t *s, size_t tag, uint64_t addr, void *arg)
{
	(void)s;
	(void)addr;
	(void)arg;
	if (nfailed < 8)
		failed_tags[nfailed] = tag;
	nfailed++;
}

/* Add a patch at off of area, and apply it to want as the batch will. */
static void
add(tr_session_t *s, tr_wbatch_t *b, size_t off, const uint8_t *bytes,
    size_t n, const uint8_t *over, size_t tag)
{
	size_t i;

	CHECK(tr_wbatch_add(s, b, (uint64_t)(uintptr_t)(area + off), bytes,
	    n, over, tag) == 0);
	for (i = 0; i < n; i++)
		if (over == NULL || want[off + i] == over[i])
			want[off + i] = bytes[i];
}

int
main(void)
{
	static const uint8_t int3 = 0xcc, jmp[5] = { 0xe9, 1, 2, 3, 4 };
	static const uint8_t nop2[2] = { 0x66, 0x90 };
	uint8_t bytes[TR_WPATCH_MAX], over[TR_WPATCH_MAX], *gone;
	tr_wbatch_t b = TR_WBATCH_INIT;
	tr_session_t *s;
	size_t i, off;

	CHECK(sizeof(tr_wpatch_t) == 24);
	s = calloc(1, sizeof(*s));
	area = mmap(NULL, NPAGES * PG, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/*
	 * A page no mapping can ever take (the first non-canonical
	 * address): a page unmapped here could be mapped again before the
	 * flush by the allocator (ASan's did, one run in three).
	 */
	gone = (uint8_t *)(uintptr_t)(1ull << 47);
	if (s == NULL || area == MAP_FAILED)
		return 1;
	s->s_pid = s->s_memtid = getpid();
	s->s_memfd = open("/proc/self/mem", O_RDWR | O_CLOEXEC);
	if (s->s_memfd < 0) {
		printf("SKIP: /proc/self/mem cannot be written here\n");
		return 77;
	}
	for (i = 0; i < NPAGES * PG; i++)
		area[i] = want[i] = (uint8_t)(i * 7 + 1);

	/* arming: an int3, then its jump, at one site; out of order */
	add(s, &b, 3 * PG + 100, &int3, 1, NULL, TR_WTAG_INT3);
	add(s, &b, 100, &int3, 1, NULL, TR_WTAG_INT3);
	add(s, &b, 100, jmp, sizeof(jmp), NULL, 0);
	add(s, &b, 3 * PG + 100, jmp, sizeof(jmp), NULL, 1);
	/* across a page boundary */
	add(s, &b, PG - 2, jmp, sizeof(jmp), NULL, 2);
	/* conditional: over what is there after the jump, and not */
	memcpy(over, jmp, sizeof(jmp));
	memset(bytes, 0x90, sizeof(bytes));
	add(s, &b, 100, bytes, sizeof(jmp), over, 3);
	over[0] = 0x00;
	add(s, &b, 3 * PG + 100, bytes, sizeof(jmp), over, 4);
	/* the longest patch */
	for (i = 0; i < TR_WPATCH_MAX; i++)
		bytes[i] = (uint8_t)(0xa0 + i);
	add(s, &b, 2 * PG + 7, bytes, TR_WPATCH_MAX, NULL, 5);
	/* the pool grows: 3000 small patches, every 5th conditional */
	for (i = 0; i < 3000; i++) {
		off = PG + 16 + (i * 37) % (PG - 64);
		if (i % 5 == 0) {
			memcpy(over, want + off, 2);
			over[1] ^= (uint8_t)(i & 1);	/* half differ */
			add(s, &b, off, nop2, 2, over, 6);
		} else {
			add(s, &b, off, nop2 + (i & 1), 1, NULL, 6);
		}
	}
	/* on a page that is not there: each fails with its own tag */
	CHECK(tr_wbatch_add(s, &b, (uint64_t)(uintptr_t)gone + 8, &int3, 1,
	    NULL, TR_WTAG_INT3) == 0);
	CHECK(tr_wbatch_add(s, &b, (uint64_t)(uintptr_t)gone + 64, jmp,
	    sizeof(jmp), NULL, 77) == 0);
	/* a tag the 32-bit field cannot hold is refused */
	CHECK(tr_wbatch_add(s, &b, (uint64_t)(uintptr_t)area, &int3, 1, NULL,
	    (size_t)UINT32_MAX) < 0);
	CHECK(b.wb_n == 3010);

	CHECK(tr_wbatch_flush(s, &b, on_failed, NULL) == 2);
	CHECK(nfailed == 2);
	CHECK((failed_tags[0] == TR_WTAG_INT3 && failed_tags[1] == 77) ||
	    (failed_tags[0] == 77 && failed_tags[1] == TR_WTAG_INT3));
	for (i = 0; i < NPAGES * PG; i++)
		if (area[i] != want[i]) {
			CHECKF(area[i] == want[i], "byte %zu: %#x, want %#x",
			    i, area[i], want[i]);
			break;
		}
	/* emptied, and usable again */
	CHECK(b.wb_n == 0 && b.wb_v == NULL && b.wb_bytes == NULL);
	add(s, &b, 5, &int3, 1, NULL, TR_WTAG_INT3);
	CHECK(tr_wbatch_flush(s, &b, on_failed, NULL) == 0);
	CHECK(area[5] == 0xcc);
	close(s->s_memfd);
	free(s);
	return failures != 0;
}
