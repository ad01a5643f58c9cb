/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/lib/csload-test.c: capstone through lib/csload.c, which looks up the
 * library's entry points at the first call.  Every entry point is called
 * and must reach the library: the bytes 0f 05 c3 are SYSCALL (0F 05)
 * and a near RET (C3), and 50 is PUSH RAX (50+rd), which reads RAX and
 * RSP and writes RSP, as the Intel SDM's volume 2 gives them.  The first
 * calls come from several threads at once, as the landing scans'
 * prefetch thread and the main thread may make them: each gets the
 * library, loaded once (the threads that come second wait for it).
 */
#include "config.h"

#include <pthread.h>
#include <string.h>

#include "lib/csload.h"
#include "t/check.h"

static const uint8_t code[] = { 0x0f, 0x05, 0xc3 };
static const uint8_t push[] = { 0x50 };

static int
has(const uint16_t *regs, uint8_t n, uint16_t reg)
{
	uint8_t i;

	for (i = 0; i < n; i++)
		if (regs[i] == reg)
			return 1;
	return 0;
}

#define NTHREADS	4

/* A first use: open, decode SYSCALL, close; 0 when all went right. */
static void *
first_use(void *arg)
{
	cs_insn *ins = NULL;
	size_t n = 0;
	csh h = 0;
	int bad;

	(void)arg;
	bad = cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK ||
	    (n = cs_disasm(h, code, sizeof(code), 0, 1, &ins)) != 1 ||
	    ins[0].id != X86_INS_SYSCALL || ins[0].size != 2;
	cs_free(ins, n);
	if (h != 0 && cs_close(&h) != CS_ERR_OK)
		bad = 1;
	return bad ? (void *)1 : NULL;
}

int
main(void)
{
	pthread_t th[NTHREADS];
	void *rv;
	int started[NTHREADS], k;
	const uint8_t *p = code;
	size_t left = sizeof(code), n;
	uint64_t addr = 0x1000;
	cs_insn *ins = NULL, *it;
	cs_regs rd, wr;
	uint8_t nrd = 0, nwr = 0;
	csh h = 0;

	CHECK(csload_error() == NULL);
	for (k = 0; k < NTHREADS; k++)
		started[k] = pthread_create(&th[k], NULL, first_use, NULL) == 0;
	CHECK(first_use(NULL) == NULL);
	for (k = 0; k < NTHREADS; k++) {
		CHECK(started[k]);
		if (started[k]) {
			CHECK(pthread_join(th[k], &rv) == 0);
			CHECKF(rv == NULL, "thread %d's first use failed", k);
		}
	}

	CHECKF(cs_open(CS_ARCH_X86, CS_MODE_64, &h) == CS_ERR_OK,
	    "%s", csload_error() != NULL ? csload_error() : "cs_open");
	CHECK(h != 0);
	CHECK(csload() == 0);
	CHECK(csload_error() == NULL);
	if (h == 0)
		return failures;
	CHECK(cs_option(h, CS_OPT_DETAIL, CS_OPT_ON) == CS_ERR_OK);

	/* cs_disasm, one instruction */
	n = cs_disasm(h, code, sizeof(code), 0x1000, 1, &ins);
	CHECKF(n == 1, "%zu instructions", n);
	if (n == 1) {
		CHECK(ins[0].id == X86_INS_SYSCALL);
		CHECK(ins[0].size == 2);
		CHECK(ins[0].address == 0x1000);
		CHECKF(strcmp(ins[0].mnemonic, "syscall") == 0, "%s",
		    ins[0].mnemonic);
	}
	cs_free(ins, n);

	/* cs_regs_access: the registers PUSH RAX reads and writes */
	n = cs_disasm(h, push, sizeof(push), 0x1000, 1, &ins);
	CHECKF(n == 1, "%zu instructions", n);
	if (n == 1) {
		CHECK(ins[0].id == X86_INS_PUSH && ins[0].size == 1);
		CHECK(cs_regs_access(h, &ins[0], rd, &nrd, wr, &nwr) ==
		    CS_ERR_OK);
		CHECKF(nrd == 2 && has(rd, nrd, X86_REG_RAX) &&
		    has(rd, nrd, X86_REG_RSP), "%u registers read", nrd);
		CHECKF(nwr == 1 && has(wr, nwr, X86_REG_RSP),
		    "%u registers written", nwr);
	}
	cs_free(ins, n);

	/* cs_malloc and cs_disasm_iter: both instructions, then the end */
	it = cs_malloc(h);
	CHECK(it != NULL);
	if (it != NULL) {
		CHECK(cs_disasm_iter(h, &p, &left, &addr, it));
		CHECK(it->id == X86_INS_SYSCALL && it->size == 2);
		CHECK(cs_disasm_iter(h, &p, &left, &addr, it));
		CHECK(it->id == X86_INS_RET && it->size == 1 &&
		    it->address == 0x1002);
		CHECK(left == 0 && addr == 0x1003);
		CHECK(!cs_disasm_iter(h, &p, &left, &addr, it));
		cs_free(it, 1);
	}

	/* cs_close clears the handle */
	CHECK(cs_close(&h) == CS_ERR_OK);
	CHECK(h == 0);
	/* and 0 is refused, not dereferenced */
	CHECK(cs_malloc(0) == NULL);
	CHECK(cs_close(&h) != CS_ERR_OK);
	if (failures == 0)
		printf("ok: capstone %s: every entry point, 0f 05 c3, 50\n",
		    PT_CAPSTONE_SONAME);
	return failures;
}
