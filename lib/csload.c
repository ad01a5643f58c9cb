/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lib/csload.c: capstone's entry points, the library's own looked up on
 * first use (csload.h).  Linked, libcapstone.so.4 costs every start of
 * pidtrace about 1 ms of CPU, half of it (an empty C program starts in
 * 0.41 ms, linked with the library in 1.36 ms: LD_DEBUG=statistics shows
 * 77,378 relative relocations, and copying its pointer tables faults
 * pages in), though -V, -l, BEGIN and syscall probes without the fast
 * path decode nothing.
 */
#include "config.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "lib/csload.h"

/* The library opened: configure's (its soname), or a test's. */
#ifndef CSLOAD_SONAME
#define CSLOAD_SONAME	PT_CAPSTONE_SONAME
#endif

struct cs_fns {
	cs_err (*open)(cs_arch, cs_mode, csh *);
	cs_err (*close)(csh *);
	cs_err (*option)(csh, cs_opt_type, size_t);
	size_t (*disasm)(csh, const uint8_t *, size_t, uint64_t, size_t,
	    cs_insn **);
	bool (*disasm_iter)(csh, const uint8_t **, size_t *, uint64_t *,
	    cs_insn *);
	cs_insn *(*malloc)(csh);
	void (*free)(cs_insn *, size_t);
	cs_err (*regs_access)(csh, const cs_insn *, cs_regs, uint8_t *,
	    cs_regs, uint8_t *);
};

static struct cs_fns cs;
static pthread_once_t cs_once = PTHREAD_ONCE_INIT;
static int cs_ok;
static char cs_why[256];

static void
load(void)
{
	static const struct {
		const char	*name;
		size_t		off;
	} fn[] = {
		{ "cs_open", offsetof(struct cs_fns, open) },
		{ "cs_close", offsetof(struct cs_fns, close) },
		{ "cs_option", offsetof(struct cs_fns, option) },
		{ "cs_disasm", offsetof(struct cs_fns, disasm) },
		{ "cs_disasm_iter", offsetof(struct cs_fns, disasm_iter) },
		{ "cs_malloc", offsetof(struct cs_fns, malloc) },
		{ "cs_free", offsetof(struct cs_fns, free) },
		{ "cs_regs_access", offsetof(struct cs_fns, regs_access) },
	};
	void *h, *f;
	size_t i;

	/* RTLD_LOCAL: its names stay out of the process's global scope */
	h = dlopen(CSLOAD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		snprintf(cs_why, sizeof(cs_why), "capstone: %s", dlerror());
		return;
	}
	for (i = 0; i < sizeof(fn) / sizeof(fn[0]); i++) {
		if ((f = dlsym(h, fn[i].name)) == NULL) {
			snprintf(cs_why, sizeof(cs_why), "capstone did not "
			    "load: %s has no %s", CSLOAD_SONAME, fn[i].name);
			memset(&cs, 0, sizeof(cs));
			dlclose(h);
			return;
		}
		memcpy((char *)&cs + fn[i].off, &f, sizeof(f));
	}
	/* kept open: its code runs until the process ends */
	cs_ok = 1;
}

int
csload(void)
{
	(void)pthread_once(&cs_once, load);
	return cs_ok ? 0 : -1;
}

const char *
csload_error(void)
{
	return cs_why[0] != '\0' ? cs_why : NULL;
}

/*
 * The entry points.  A handle exists only when cs_open succeeded, so
 * with no library there is none; 0 is refused here even with it, where
 * capstone's own cs_malloc would dereference it.
 */
cs_err
cs_open(cs_arch arch, cs_mode mode, csh *handle)
{
	if (csload() < 0) {
		*handle = 0;
		return CS_ERR_MEM;
	}
	return cs.open(arch, mode, handle);
}

cs_err
cs_close(csh *handle)
{
	if (handle == NULL || *handle == 0 || csload() < 0)
		return CS_ERR_CSH;
	return cs.close(handle);
}

cs_err
cs_option(csh handle, cs_opt_type type, size_t value)
{
	if (handle == 0 || csload() < 0)
		return CS_ERR_HANDLE;
	return cs.option(handle, type, value);
}

size_t
cs_disasm(csh handle, const uint8_t *code, size_t code_size,
    uint64_t address, size_t count, cs_insn **insn)
{
	if (handle == 0 || csload() < 0) {
		*insn = NULL;
		return 0;
	}
	return cs.disasm(handle, code, code_size, address, count, insn);
}

bool
cs_disasm_iter(csh handle, const uint8_t **code, size_t *size,
    uint64_t *address, cs_insn *insn)
{
	if (handle == 0 || csload() < 0)
		return false;
	return cs.disasm_iter(handle, code, size, address, insn);
}

cs_insn *
cs_malloc(csh handle)
{
	if (handle == 0 || csload() < 0)
		return NULL;
	return cs.malloc(handle);
}

void
cs_free(cs_insn *insn, size_t count)
{
	/* nothing capstone allocated without the library */
	if (insn == NULL || csload() < 0)
		return;
	cs.free(insn, count);
}

cs_err
cs_regs_access(csh handle, const cs_insn *insn, cs_regs regs_read,
    uint8_t *regs_read_count, cs_regs regs_write, uint8_t *regs_write_count)
{
	if (handle == 0 || csload() < 0)
		return CS_ERR_HANDLE;
	return cs.regs_access(handle, insn, regs_read, regs_read_count,
	    regs_write, regs_write_count);
}
