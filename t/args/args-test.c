/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * args-test: the compiler's side of typed args[] (dsl_copts_t's
 * co_argtypes) without a process or DWARF: a fake host types args[0] as
 * struct pt * ("p") and args[1] as int ("count") for descriptions of
 * function "f", a different args[0] for "g", nothing for "plain".
 * Asserted: members through the typed pointer, args->name, an int
 * argument narrowed (the register's upper half ignored), print()'s
 * layout, a program's own struct pt winning, errors with their places
 * (a missing member with a suggestion, a parameter name, descriptions
 * that disagree, the host's own error), and untyped args[] without a
 * host.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/dsl.h"

#include "t/check.h"

static int asked;

static int
fake_argtypes(void *cookie, const struct dsl_pdesc *pd, dsl_typetab_t *tt,
    dsl_argtype_t *out, size_t max, char *err, size_t errlen)
{
	int32_t i32 = dsl_type_int(tt, "int", 4, true), st;

	(void)cookie;
	asked++;
	if (strcmp(pd->pd_func, "bad") == 0) {
		snprintf(err, errlen, "the host says no");
		return -1;
	}
	if (strcmp(pd->pd_func, "plain") == 0 || max < 2)
		return 0;
	if (strcmp(pd->pd_func, "g") == 0) {
		out[0].at_type = dsl_type_ptr(tt, i32);
		return 1;
	}
	/* the program's struct pt wins over the host's */
	if ((st = dsl_type_lookup(tt, "struct pt")) == 0) {
		st = dsl_type_struct(tt, "pt", false, 12);
		dsl_type_member(tt, st, "x", i32, 0);
		dsl_type_member(tt, st, "y", i32, 4);
		dsl_type_member(tt, st, "size_", i32, 8);
	}
	out[0].at_type = dsl_type_ptr(tt, st);
	snprintf(out[0].at_name, sizeof(out[0].at_name), "p");
	out[1].at_type = i32;
	snprintf(out[1].at_name, sizeof(out[1].at_name), "count");
	return 2;
}

/* The tracee: struct pt { 3, 4, 5 } at 0x1000. */
static int
fake_readmem(void *cookie, uint64_t addr, void *buf, size_t len)
{
	static const unsigned char pt[12] = { 3, 0, 0, 0, 4, 0, 0, 0, 5 };
	size_t i;

	(void)cookie;
	if (addr < 0x1000 || addr + len > 0x1000 + sizeof(pt))
		return -1;
	for (i = 0; i < len; i++)
		((unsigned char *)buf)[i] = pt[addr - 0x1000 + i];
	return 0;
}

static dsl_prog_t *
compile(const char *text, bool host, char *err, size_t len)
{
	dsl_src_t src = { "t.d", text, strlen(text) };
	dsl_copts_t co;

	memset(&co, 0, sizeof(co));
	if (host)
		co.co_argtypes = fake_argtypes;
	return dsl_compile(&src, 1, &co, err, len);
}

/* Compile text, fire pid1::f:entry once with arg0 0x1000 and arg1 7
 * (garbage above), return the output (malloc'ed) or NULL. */
static char *
run(const char *text, bool host)
{
	char err[512], *out = NULL;
	size_t outlen = 0;
	FILE *fp;
	dsl_prog_t *pg = compile(text, host, err, sizeof(err));
	dsl_host_t h;
	dsl_rt_t *rt;
	dsl_ctx_t cx;
	uint32_t id;

	CHECKF(pg != NULL, "%s", err);
	if (pg == NULL)
		return NULL;
	fp = open_memstream(&out, &outlen);
	memset(&h, 0, sizeof(h));
	h.dh_out = fp;
	h.dh_err = fp;
	h.dh_quiet = true;
	h.dh_readmem = fake_readmem;
	rt = dsl_rt_create(pg, &h);
	id = dsl_rt_add_probe(rt, "pid1", "a.out", "f", "entry");
	CHECK(dsl_rt_enable(rt, id, 0) == 0);
	dsl_rt_ctx_self(&cx);
	cx.cx_args[0] = 0x1000;
	cx.cx_args[1] = 0xdead000000000007ULL;
	dsl_eval_fire(rt, id, &cx);
	dsl_rt_destroy(rt);
	dsl_prog_free(pg);
	fclose(fp);
	return out;
}

static void
want_output(const char *text, bool host, const char *want)
{
	char *got = run(text, host);

	CHECKF(got != NULL && strcmp(got, want) == 0, "%s\n got: [%s]\n "
	    "want: [%s]", text, got != NULL ? got : "(null)", want);
	free(got);
}

static void
want_error(const char *text, const char *want)
{
	char err[512];
	dsl_prog_t *pg = compile(text, true, err, sizeof(err));

	CHECKF(pg == NULL && strcmp(err, want) == 0, "%s\n got: [%s]\n "
	    "want: [%s]", text, pg == NULL ? err : "(compiled)", want);
	dsl_prog_free(pg);
}

int
main(void)
{
	want_output("pid1::f:entry { printf(\"%d %d %d %d\\n\", "
	    "args[0]->y, args->p->x, args->count, args[1] + 1); }", true,
	    "4 3 7 8\n");
	/*
	 * print() of a pointer in Oracle's Linux DTrace's layout (its
	 * print tests): the address, " = *", then the object, a member a
	 * line as ".name = (type)value,", indented 44 columns
	 */
	want_output("pid1::f:entry { print(args[0]); }", true,
	    "0x1000 = *\n"
	    "                                            (struct pt) {\n"
	    "                                             .x = (int)3,\n"
	    "                                             .y = (int)4,\n"
	    "                                             .size_ = (int)5,\n"
	    "                                            }\n");
	/* a value is refused, as Oracle's print() refuses it */
	want_error("pid1::f:entry { print(args[1]); }",
	    "t.d:1:23: print( ) argument #1 is incompatible with prototype:\n"
	    "\tprototype: void *\n\t argument: int; print( ) takes a pointer "
	    "and shows what it points at: print(&v.member), print(args[0])");
	/* the program's declaration wins: y and x swapped */
	want_output("struct pt { int y; int x; }; pid1::f:entry "
	    "{ printf(\"%d\\n\", args[0]->x); }", true, "4\n");
	/* without a host, or for a function it cannot type: argN */
	want_output("pid1::f:entry { printf(\"%d\\n\", args[1] == arg1); }",
	    false, "1\n");
	want_output("pid1::plain:entry { printf(\"%d\\n\", args[0]); }",
	    true, "4096\n");
	/* one question per description, however many args[] */
	asked = 0;
	free(run("pid1::f:entry { trace(args[0]); trace(args[1]); "
	    "trace(args->count); }", true));
	CHECKF(asked >= 1 && asked <= 2, "asked %d times", asked);
	asked = 0;
	free(run("pid1::f:entry { trace(1); }", true));
	CHECKF(asked == 0, "asked %d times without args[]", asked);

	want_error("pid1::f:entry { trace(args[0]->len); }",
	    "t.d:1:30: struct pt has no member 'len'; did you mean "
	    "'size_'?");
	want_error("pid1::f:entry { trace(args[0]->z); }",
	    "t.d:1:30: struct pt has no member 'z'");
	want_error("pid1::f:entry { trace(args->cuont); }",
	    "t.d:1:27: the probe has no parameter named 'cuont'; did you "
	    "mean 'count'?");
	want_error("pid1::f:entry, pid1::g:entry { trace(args[0]); }",
	    "t.d:1:38: args[0] is int * in pid1::g:entry but struct pt * in "
	    "another description of the clause");
	want_error("pid1::bad:entry { trace(args[0]); }",
	    "t.d:1:25: the host says no");
	want_error("pid1::f:entry { trace(args[10]); }",
	    "t.d:1:28: args[ ] index 10 is out of range: it goes from 0 to "
	    "9");
	return failures != 0;
}
