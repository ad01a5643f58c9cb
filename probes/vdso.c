/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdso: the vDSO's image, symbols and unwind table (the contract is in
 * vdso.h).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probes/elfsym.h"
#include "probes/vdso.h"

/* DWARF's pointer encodings (the LSB's .eh_frame_hdr section). */
#define EH_UDATA4	0x03
#define EH_SDATA4	0x0b
#define EH_DATAREL	0x30

/* [vdso]'s range in /proc/TID/maps: 0, or -1 when there is none. */
static int
find_mapping(pid_t tid, uint64_t *lo, uint64_t *hi)
{
	char path[64], line[512];
	unsigned long long a, b;
	int rc = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)tid);
	f = fopen(path, "re");
	if (f == NULL)
		return -1;
	while (rc < 0 && fgets(line, sizeof(line), f) != NULL)
		if (strstr(line, " " PB_VDSO_NAME "\n") != NULL &&
		    sscanf(line, "%llx-%llx", &a, &b) == 2 && b > a) {
			*lo = a;
			*hi = b;
			rc = 0;
		}
	fclose(f);
	if (rc < 0)
		errno = ENOENT;
	return rc;
}

/*
 * The binary-search table of .eh_frame_hdr at link-time hdr, as
 * libunwind's dwarf_find_proc_info takes it: version 1, a 4-byte
 * eh_frame_ptr, a udata4 FDE count and datarel sdata4 pairs (what every
 * linker writes; anything else is left to the frame-pointer walk).
 */
static void
unwind_table(pb_vdso_t *v, uint64_t hdr, uint64_t size)
{
	uint8_t h[12];
	uint32_t count;

	if (size < sizeof(h) || pb_elf_read(v->vd_elf, hdr, h, sizeof(h)) < 0)
		return;
	if (h[0] != 1 || ((h[1] & 0x0f) != EH_UDATA4 &&
	    (h[1] & 0x0f) != EH_SDATA4) || h[2] != EH_UDATA4 ||
	    h[3] != (EH_DATAREL | EH_SDATA4))
		return;
	memcpy(&count, h + 8, sizeof(count));
	if (count == 0 || sizeof(h) + (uint64_t)count * 8 > size)
		return;
	v->vd_unwind.vu_hdr = hdr + v->vd_bias;
	v->vd_unwind.vu_table = hdr + sizeof(h) + v->vd_bias;
	v->vd_unwind.vu_tablelen = count;	/* pairs of 4 bytes: 8 each */
}

int
pb_vdso_open(pid_t tid, pb_readmem_fn rd, void *cookie, pb_vdso_t *out,
    char *err, size_t errlen)
{
	const pb_load_t *loads;
	uint64_t lo, hi, hdr, hsize;
	char why[256];
	size_t nloads;

	memset(out, 0, sizeof(*out));
	if (find_mapping(tid, &lo, &hi) < 0) {
		pb_seterr(err, errlen, "/proc/%d/maps: no %s mapping", (int)tid,
		    PB_VDSO_NAME);
		return -1;
	}
	if (hi - lo > (64u << 20)) {
		pb_seterr(err, errlen, "%s of %" PRIu64 " bytes: too large",
		    PB_VDSO_NAME, hi - lo);
		return -1;
	}
	out->vd_size = (size_t)(hi - lo);
	out->vd_image = malloc(out->vd_size);
	if (out->vd_image == NULL) {
		pb_seterr(err, errlen, "%s", strerror(ENOMEM));
		return -1;
	}
	if (rd(cookie, lo, out->vd_image, out->vd_size) < 0) {
		pb_seterr(err, errlen, "%s at %#" PRIx64 ": cannot read: %s",
		    PB_VDSO_NAME, lo, strerror(errno));
		goto fail;
	}
	out->vd_elf = pb_elf_open_mem(out->vd_image, out->vd_size, why,
	    sizeof(why));
	if (out->vd_elf == NULL) {
		pb_seterr(err, errlen, "%s: %s", PB_VDSO_NAME, why);
		goto fail;
	}
	/* mapped from its start: the first PT_LOAD's address is at lo */
	pb_elf_loads(out->vd_elf, &loads, &nloads);
	out->vd_bias = lo - (nloads > 0 ? loads[0].ld_vaddr & ~4095ull : 0);
	out->vd_unwind.vu_lo = lo;
	out->vd_unwind.vu_hi = hi;
	if (pb_elf_eh_frame_hdr(out->vd_elf, &hdr, &hsize) == 0)
		unwind_table(out, hdr, hsize);
	return 0;
fail:
	pb_vdso_close(out);
	return -1;
}

void
pb_vdso_close(pb_vdso_t *v)
{
	pb_elf_close(v->vd_elf);
	free(v->vd_image);
	memset(v, 0, sizeof(*v));
}
