/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/lib/csload-fail-test.c: lib/csload.c built to open CSLOAD_SONAME,
 * a library that is not there (csload-nolib-test) or one without
 * capstone's entry points (csload-nosym-test: the C library).  cs_open
 * fails, every other entry point decodes nothing and nothing crashes;
 * csload_error says why, naming the library, the same pointer each time.
 */
#include "config.h"

#include <string.h>

#include "lib/csload.h"
#include "t/check.h"

int
main(void)
{
	static const uint8_t code[] = { 0x0f, 0x05 };
	const uint8_t *p = code;
	size_t left = sizeof(code);
	uint64_t addr = 0;
	cs_insn *ins = (cs_insn *)&ins;
	cs_regs rd, wr;
	uint8_t nrd, nwr;
	const char *why;
	csh h = 1;

	CHECK(csload_error() == NULL);	/* nothing tried yet */
	CHECK(cs_open(CS_ARCH_X86, CS_MODE_64, &h) == CS_ERR_MEM);
	CHECK(h == 0);
	CHECK(csload() == -1);
	why = csload_error();
	CHECK(why != NULL);
	if (why == NULL)
		return failures;
	printf("why: %s\n", why);
	CHECK(why == csload_error());
	CHECK(strchr(why, '\n') == NULL);
	CHECKF(strstr(why, CSLOAD_SONAME) != NULL, "%s", why);
#ifdef CSLOAD_NOSYM
	CHECK(strcmp(why, "capstone did not load: " CSLOAD_SONAME
	    " has no cs_open") == 0);
#else
	CHECK(strncmp(why, "capstone: " CSLOAD_SONAME ": ", 12 +
	    strlen(CSLOAD_SONAME)) == 0);
#endif
	/* a second cs_open does not try again: the same answer */
	CHECK(cs_open(CS_ARCH_X86, CS_MODE_64, &h) == CS_ERR_MEM);
	CHECK(csload_error() == why);
	CHECK(cs_option(h, CS_OPT_DETAIL, CS_OPT_ON) != CS_ERR_OK);
	CHECK(cs_disasm(h, code, sizeof(code), 0, 1, &ins) == 0);
	CHECK(ins == NULL);
	CHECK(cs_malloc(h) == NULL);
	CHECK(!cs_disasm_iter(h, &p, &left, &addr, NULL));
	CHECK(cs_regs_access(h, NULL, rd, &nrd, wr, &nwr) != CS_ERR_OK);
	CHECK(cs_close(&h) != CS_ERR_OK);
	cs_free(NULL, 0);
	if (failures == 0)
		printf("ok: no decoding without %s, nothing crashed\n",
		    CSLOAD_SONAME);
	return failures;
}
