/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf-test FILE SYMBOL...: what probes/dwarf.h makes of each function
 * (FILE's .symtab gives its address): its name, return type and each
 * parameter's name and type; for each, the first struct, union or enum
 * under its typedefs, qualifiers, pointers and references is shown
 * with its size and members (offset and type) or enumerators.  Driven by
 * dwarf-types.sh, which compares with outputs written from the targets'
 * source.
 */
#include <stdio.h>
#include <string.h>

#include "probes/dwarf.h"
#include "probes/elfsym.h"

static void
show_aggregate(const pb_dwfunc_t *f, int32_t t)
{
	char buf[1024];
	size_t i;

	/* Peel what points at or names the aggregate. */
	while (t >= 0) {
		pb_dwkind_t k = f->df_types[t].ty_kind;

		if (k != PB_DW_TYPEDEF && k != PB_DW_CONST &&
		    k != PB_DW_VOLATILE && k != PB_DW_POINTER &&
		    k != PB_DW_REF && k != PB_DW_RVREF)
			break;
		t = f->df_types[t].ty_ref;
	}
	if (t < 0 || (f->df_types[t].ty_kind != PB_DW_STRUCT &&
	    f->df_types[t].ty_kind != PB_DW_UNION &&
	    f->df_types[t].ty_kind != PB_DW_ENUM))
		return;
	printf("    %s (%llu bytes%s)\n", pb_dwtype_name(f, t, buf,
	    sizeof(buf)), (unsigned long long)f->df_types[t].ty_size,
	    f->df_types[t].ty_incomplete ? ", incomplete" : "");
	for (i = 0; i < f->df_types[t].ty_nmembers; i++) {
		const pb_dwmember_t *m = &f->df_types[t].ty_members[i];

		if (f->df_types[t].ty_kind == PB_DW_ENUM)
			printf("      %s = %lld\n", m->mb_name,
			    (long long)m->mb_value);
		else
			printf("      %s @%llu: %s\n",
			    m->mb_name ? m->mb_name : "(anonymous)",
			    (unsigned long long)m->mb_off,
			    pb_dwtype_name(f, m->mb_type, buf, sizeof(buf)));
	}
}

int
main(int argc, char **argv)
{
	const pb_sym_t *syms;
	char e[128], buf[1024];
	pb_dwarf_t *dw;
	pb_elf_t *el;
	size_t n, i, j;
	int a;

	if (argc < 2) {
		fprintf(stderr, "usage: dwarf-test FILE SYMBOL...\n");
		return 2;
	}
	el = pb_elf_open(argv[1], e, sizeof(e));
	if (el == NULL || pb_elf_symbols(el, PB_SYMTAB, &syms, &n, e,
	    sizeof(e)) < 0) {
		fprintf(stderr, "dwarf-test: %s: %s\n", argv[1], e);
		return 1;
	}
	dw = pb_dwarf_open(argv[1], e, sizeof(e));
	if (dw == NULL) {
		printf("%s: %s\n", argv[1], e);
		pb_elf_close(el);
		return 0;
	}
	for (a = 2; a < argc; a++) {
		pb_dwfunc_t f;
		int r = 0;

		for (i = 0; i < n; i++)
			if (strcmp(syms[i].sy_name, argv[a]) == 0)
				break;
		if (i < n)
			r = pb_dwarf_func(dw, syms[i].sy_value, &f);
		if (r <= 0) {
			printf("%s: %s\n", argv[a], i == n ? "no symbol" :
			    r == 0 ? "no DWARF" : "error");
			continue;
		}
		printf("%s: %s returns %s\n", argv[a], f.df_name,
		    pb_dwtype_name(&f, f.df_ret, buf, sizeof(buf)));
		show_aggregate(&f, f.df_ret);
		for (j = 0; j < f.df_nparams; j++) {
			printf("  %s: %s\n", f.df_params[j].pa_name ?
			    f.df_params[j].pa_name : "(unnamed)",
			    pb_dwtype_name(&f, f.df_params[j].pa_type, buf,
			    sizeof(buf)));
			show_aggregate(&f, f.df_params[j].pa_type);
		}
		pb_dwfunc_free(&f);
	}
	pb_dwarf_close(dw);
	pb_elf_close(el);
	return 0;
}
