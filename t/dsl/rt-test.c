/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rt-test: the host-facing contract of dsl/dsl.h without a process:
 * descriptions after $target substitution, glob matching, probe ids and
 * EPIDs, self-> and self->a[k] per thread (and freed with
 * dsl_var_thread_gone), this-> per firing, the END print; and the lexer
 * and parser on strings, valid and not.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/dsl.h"

#include "t/check.h"

static dsl_prog_t *
compile(const char *text, long target, char *err, size_t len)
{
	dsl_src_t src = { "t.d", text, strlen(text) };
	dsl_copts_t co;

	memset(&co, 0, sizeof(co));
	co.co_target = target;
	return dsl_compile(&src, 1, &co, err, len);
}

/* A host's hooks: one mapped page of a pretend process at 0x1000 (the
 * string, then zeros), and symbols. */
static const char fake_mem[] = "hello from the tracee";

static int
fake_readmem(void *cookie, uint64_t addr, void *buf, size_t len)
{
	size_t i;

	(void)cookie;
	if (addr < 0x1000 || addr + len > 0x2000)
		return -1;
	for (i = 0; i < len; i++) {
		uint64_t off = addr - 0x1000 + i;

		((char *)buf)[i] = off < sizeof(fake_mem) ? fake_mem[off] : 0;
	}
	return 0;
}

static int
fake_addr2sym(void *cookie, uint64_t addr, char *buf, size_t len)
{
	if (cookie != (void *)fake_mem || addr != 0x401234)
		return -1;
	snprintf(buf, len, "a.out`main+0x34");
	return 0;
}

static void
test_hooks(void)
{
	char err[256], *out = NULL;
	size_t outlen = 0;
	FILE *fp = open_memstream(&out, &outlen);
	dsl_prog_t *pg = compile("BEGIN { printf(\"%s|%a|%a|\", "
	    "copyinstr(arg0), arg1, arg2); printf(\"%s|\", "
	    "copyinstr(arg0 + 6, 4)); }", 0, err, sizeof(err));
	dsl_host_t host;
	dsl_rt_t *rt;
	dsl_ctx_t cx;

	CHECK(pg != NULL);
	if (pg == NULL)
		return;
	memset(&host, 0, sizeof(host));
	host.dh_out = fp;
	host.dh_quiet = true;
	host.dh_readmem = fake_readmem;
	host.dh_addr2sym = fake_addr2sym;
	rt = dsl_rt_create(pg, &host);
	CHECK(dsl_rt_add_probe(rt, "dtrace", "", "", "BEGIN") == 1);
	CHECK(dsl_rt_enable(rt, 1, 0) == 0);
	memset(&cx, 0, sizeof(cx));
	cx.cx_args[0] = 0x1000;
	cx.cx_args[1] = 0x401234;
	cx.cx_args[2] = 0x99;
	cx.cx_cookie = (void *)fake_mem;
	CHECK(dsl_eval_fire(rt, 1, &cx) == DSL_FIRE_OK);
	dsl_rt_destroy(rt);
	fclose(fp);
	CHECK(strcmp(out, "hello from the tracee|a.out`main+0x34|0x99|"
	    "from|") == 0);
	if (failures)
		fprintf(stderr, "got: %s\n", out);
	free(out);
	dsl_prog_free(pg);
}

/* Addresses in a pretend process at 0x5000: ::ffff:127.0.0.1,
 * ::127.0.0.1, an Ethernet and an InfiniBand address. */
static const unsigned char fake_net[68] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0x7f, 0, 0, 1,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0, 0, 1,
	0x00, 0x10, 0xe0, 0x8a, 0x71, 0x5e, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0x80, 0x00, 0x04, 0x04, 0xfe, 0x8c, 0x41, 0x7a, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x02, 0xc9, 0x02, 0x00, 0x29, 0x31, 0xcd,
};

static int
net_readmem(void *cookie, uint64_t addr, void *buf, size_t len)
{
	(void)cookie;
	if (addr < 0x5000 || addr + len > 0x5000 + sizeof(fake_net))
		return -1;
	memcpy(buf, fake_net + (addr - 0x5000), len);
	return 0;
}

/* inet_ntoa6() (its strict flag), inet_ntop(), link_ntop() and
 * cleanpath() give what dtrace-utils' funcs tests print
 * (inet_ntoa6/tst.inet_ntoa6.strict-*, tst.inet_ntop, tst.link_ntop,
 * tst.cleanpath). */
static void
test_netfuncs(void)
{
	char err[256], *out = NULL;
	size_t outlen = 0;
	FILE *fp = open_memstream(&out, &outlen);
	dsl_prog_t *pg = compile("BEGIN { printf(\"%s|%s|%s|%s|\", "
	    "inet_ntoa6(arg0), inet_ntoa6(arg0, 1), inet_ntoa6(arg0 + 16), "
	    "inet_ntop(AF_INET6, arg0 + 16));\n"
	    "printf(\"%s|%s|\", link_ntop(ARPHRD_ETHER, arg0 + 32), "
	    "link_ntop(ARPHRD_INFINIBAND, arg0 + 48));\n"
	    "printf(\"%s|%s|%s|%s|%s\", cleanpath(\"/foo/bar/../../baz/.//\"), "
	    "cleanpath(\"a/..\"), cleanpath(\"\"), cleanpath(\"../../a\"), "
	    "cleanpath(\"/../x\")); }", 0, err, sizeof(err));
	dsl_host_t host;
	dsl_rt_t *rt;
	dsl_ctx_t cx;

	CHECK(pg != NULL);
	if (pg == NULL) {
		fprintf(stderr, "%s\n", err);
		return;
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = fp;
	host.dh_quiet = true;
	host.dh_readmem = net_readmem;
	rt = dsl_rt_create(pg, &host);
	CHECK(dsl_rt_add_probe(rt, "dtrace", "", "", "BEGIN") == 1);
	CHECK(dsl_rt_enable(rt, 1, 0) == 0);
	memset(&cx, 0, sizeof(cx));
	cx.cx_args[0] = 0x5000;
	CHECK(dsl_eval_fire(rt, 1, &cx) == DSL_FIRE_OK);
	dsl_rt_destroy(rt);
	fclose(fp);
	CHECK(strcmp(out, "127.0.0.1|::ffff:127.0.0.1|127.0.0.1|::127.0.0.1|"
	    "00:10:e0:8a:71:5e|80:00:04:04:fe:8c:41:7a:00:00:00:00:00:02:c9:"
	    "02:00:29:31:cd|/baz|.||../../a|/x") == 0);
	if (failures)
		fprintf(stderr, "got: %s\n", out);
	free(out);
	dsl_prog_free(pg);
}

/* Types the host gives (as DWARF will): a struct "msg" with a char
 * pointer and an int, and a typedef; the program uses them on the fake
 * process, where 0x1000 holds a string.  The fake memory at 0x1100 is
 * zeros: the msg's text pointer is patched in by a second page. */
static const unsigned char fake_msg[16] = {
	0x00, 0x10, 0, 0, 0, 0, 0, 0,	/* text = 0x1000 */
	42, 0, 0, 0, 0, 0, 0, 0,	/* len = 42 */
};

static int
msg_readmem(void *cookie, uint64_t addr, void *buf, size_t len)
{
	(void)cookie;
	if (addr >= 0x3000 && addr + len <= 0x3000 + sizeof(fake_msg)) {
		memcpy(buf, fake_msg + (addr - 0x3000), len);
		return 0;
	}
	return fake_readmem(cookie, addr, buf, len);
}

static void
test_host_types(void)
{
	char err[256], *out = NULL;
	size_t outlen = 0;
	FILE *fp = open_memstream(&out, &outlen);
	dsl_typetab_t *tt = dsl_type_tab_create();
	int32_t ch, pch, in, st;
	dsl_src_t src;
	dsl_copts_t co;
	dsl_prog_t *pg;
	dsl_host_t host;
	dsl_rt_t *rt;
	dsl_ctx_t cx;
	const char *text = "BEGIN { this->m = (msg_t *)arg0; "
	    "printf(\"%s %d %d\", stringof(this->m->text), this->m->len, "
	    "sizeof (struct msg)); }";

	CHECK(tt != NULL);
	ch = dsl_type_int(tt, "char", 1, true);
	in = dsl_type_int(tt, "int", 4, true);
	pch = dsl_type_ptr(tt, ch);
	st = dsl_type_struct(tt, "msg", false, 16);
	CHECK(ch > 0 && in > 0 && pch > 0 && st > 0);
	CHECK(dsl_type_member(tt, st, "text", pch, 0) == st);
	CHECK(dsl_type_member(tt, st, "len", in, 8) == st);
	CHECK(dsl_type_typedef(tt, "msg_t", st) > 0);
	CHECK(dsl_type_ptr(tt, 9999) == 0);	/* no such type */
	memset(&co, 0, sizeof(co));
	co.co_types = tt;
	src.ds_name = "t.d";
	src.ds_text = text;
	src.ds_len = strlen(text);
	src.ds_file = false;
	pg = dsl_compile(&src, 1, &co, err, sizeof(err));
	dsl_type_tab_free(tt);	/* the program has its own copy */
	CHECK(pg != NULL);
	if (pg == NULL) {
		fprintf(stderr, "%s\n", err);
		return;
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = fp;
	host.dh_quiet = true;
	host.dh_readmem = msg_readmem;
	rt = dsl_rt_create(pg, &host);
	CHECK(dsl_rt_add_probe(rt, "dtrace", "", "", "BEGIN") == 1);
	CHECK(dsl_rt_enable(rt, 1, 0) == 0);
	memset(&cx, 0, sizeof(cx));
	cx.cx_args[0] = 0x3000;
	CHECK(dsl_eval_fire(rt, 1, &cx) == DSL_FIRE_OK);
	dsl_rt_destroy(rt);
	fclose(fp);
	CHECK(strcmp(out, "hello from the tracee 42 16") == 0);
	if (strcmp(out, "hello from the tracee 42 16") != 0)
		fprintf(stderr, "got: %s\n", out);
	free(out);
	dsl_prog_free(pg);
}

/* A stack of three frames, named m`fN+0x10 (the root is f3). */
static int
fake_ustack(void *cookie, uint64_t *pcs, int max)
{
	int i;

	(void)cookie;
	for (i = 0; i < 3 && i < max; i++)
		pcs[i] = 0x1000 * (uint64_t)(i + 1) + 0x10;
	return i;
}

/* When set, frame 2 is a JIT's (dh_pcsym's 1), named by the runtime. */
static bool fake_jit;

static int
fake_pcsym(void *hcookie, int32_t pid, uint64_t pc, char *buf, size_t len)
{
	if (hcookie != (void *)fake_mem || pid != 42)
		return -1;
	if (fake_jit && pc >> 12 == 2) {
		snprintf(buf, len, "jit:hot /a.js:7");
		return 1;
	}
	snprintf(buf, len, "m`f%d+0x10", (int)(pc >> 12));
	return 0;
}

/* Run text's first clause on probe BEGIN twice with the stack hooks; the
 * output (after END, xopt given) returned, the flame graph in *svg when
 * svg is not NULL. */
static char *
run_stack(const char *text, const char *xopt, dsl_prog_t **pgp, char **svg)
{
	char err[256], *out = NULL;
	size_t outlen = 0;
	FILE *fp = open_memstream(&out, &outlen);
	dsl_src_t src = { "t.d", text, strlen(text) };
	const char *xo[1] = { xopt };
	dsl_copts_t co;
	dsl_host_t host;
	dsl_rt_t *rt;
	dsl_ctx_t cx;

	memset(&co, 0, sizeof(co));
	co.co_xopts = xo;
	co.co_nxopts = xopt != NULL;
	*pgp = dsl_compile(&src, 1, &co, err, sizeof(err));
	CHECK(*pgp != NULL);
	if (*pgp == NULL) {
		fclose(fp);
		free(out);
		return NULL;
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = fp;
	host.dh_quiet = true;
	host.dh_ustack = fake_ustack;
	host.dh_pcsym = fake_pcsym;
	host.dh_cookie = (void *)fake_mem;
	rt = dsl_rt_create(*pgp, &host);
	CHECK(dsl_rt_add_probe(rt, "dtrace", "", "", "BEGIN") == 1);
	CHECK(dsl_rt_enable(rt, 1, 0) == 0);
	memset(&cx, 0, sizeof(cx));
	cx.cx_pid = 42;
	CHECK(dsl_eval_fire(rt, 1, &cx) == DSL_FIRE_OK);
	CHECK(dsl_eval_fire(rt, 1, &cx) == DSL_FIRE_OK);
	dsl_rt_end(rt, NULL);
	if (svg != NULL) {
		size_t slen = 0;
		FILE *sf = open_memstream(svg, &slen);

		CHECK(dsl_flame_svg(rt, sf) == 0);
		fclose(sf);
	}
	dsl_rt_destroy(rt);
	fclose(fp);
	return out;
}

/* ustack() printed and folded from pcs the host walked and names. */
static void
test_stacks(void)
{
	dsl_prog_t *pg;
	char *out, *buf = NULL;

	out = run_stack("BEGIN { @[ustack()] = count(); trace(ucaller); } "
	    "END { }", NULL, &pg, NULL);
	CHECK(out != NULL && strcmp(out, "8208" "8208" "\n\n"
	    "              m`f1+0x10\n"
	    "              m`f2+0x10\n"
	    "              m`f3+0x10\n"
	    "                2\n") == 0);
	if (out != NULL && failures)
		fprintf(stderr, "got: [%s]\n", out);
	CHECK(dsl_prog_desc_stack(pg, 0));
	CHECK(!dsl_prog_desc_stack(pg, 1));
	free(out);
	dsl_prog_free(pg);

	/* -x stackindent: the frames' indent (dtrace's default 14) */
	out = run_stack("BEGIN { @[ustack(2)] = count(); }",
	    "stackindent=3", &pg, NULL);
	CHECK(out != NULL && strcmp(out, "\n\n   m`f1+0x10\n   m`f2+0x10\n"
	    "                2\n") == 0);
	if (out != NULL && failures)
		fprintf(stderr, "got: [%s]\n", out);
	free(out);
	dsl_prog_free(pg);

	out = run_stack("BEGIN { @[ustack(2)] = count(); }",
	    "stackfmt=folded", &pg, NULL);
	/* no blank line first: folded lines only (stackcollapse.pl) */
	CHECK(out != NULL && strcmp(out, "m`f2;m`f1 2\n") == 0);
	free(out);
	dsl_prog_free(pg);

	out = run_stack("BEGIN { @[ustack()] = count(); }", NULL, &pg, &buf);
	free(out);
	dsl_prog_free(pg);
	CHECK(buf != NULL);
	if (buf == NULL)
		return;
	CHECK(strstr(buf, "data-total=\"2\"") != NULL);
	CHECK(strstr(buf, "data-d=\"3\" data-name=\"m`f1\"><title>m`f1 "
	    "(2 samples, 100.00%)</title>") != NULL);
	free(buf);
}

/*
 * ustack(n, strsize): a JIT frame is named only within the string space,
 * as dt_print_ustack prints the ustack helper's strings: each frame takes
 * its string and a NUL (an empty one for a frame that is not a JIT's),
 * the last string cut to the room left; jstack() has -x jstackstrsize
 * (512).  ustack() and ustack(n, 0) have none: their JIT frames are named
 * in full from the perf map, as bpftrace's ustack() names them.
 */
static void
test_strsize(void)
{
	static const struct {
		const char *prog, *xopt, *want;
	} cases[] = {
		{ "BEGIN { @[ustack()] = count(); }", NULL,
		  "\n\n              m`f1+0x10\n              jit:hot /a.js:7\n"
		  "              m`f3+0x10\n                2\n" },
		{ "BEGIN { @[ustack(3, 0)] = count(); }", NULL,
		  "\n\n              m`f1+0x10\n              jit:hot /a.js:7\n"
		  "              m`f3+0x10\n                2\n" },
		{ "BEGIN { @[ustack()] = count(); }", "stackfmt=folded",
		  "m`f3;jit:hot /a.js:7;m`f1 2\n" },
		{ "BEGIN { @[ustack(3, 100)] = count(); }", NULL,
		  "\n\n              m`f1+0x10\n              jit:hot /a.js:7\n"
		  "              m`f3+0x10\n                2\n" },
		/* f1 takes 1 byte of 8: 7 left, 6 characters and a NUL */
		{ "BEGIN { @[ustack(3, 8)] = count(); }", NULL,
		  "\n\n              m`f1+0x10\n              jit:ho\n"
		  "              m`f3+0x10\n                2\n" },
		{ "BEGIN { @[ustack(3, 1)] = count(); }", NULL,
		  "\n\n              m`f1+0x10\n              0x2010\n"
		  "              m`f3+0x10\n                2\n" },
		{ "BEGIN { @[jstack()] = count(); }", NULL,
		  "\n\n              m`f1+0x10\n              jit:hot /a.js:7\n"
		  "              m`f3+0x10\n                2\n" },
		{ "BEGIN { @[jstack()] = count(); }", "jstackstrsize=1",
		  "\n\n              m`f1+0x10\n              0x2010\n"
		  "              m`f3+0x10\n                2\n" },
		/* folded root first, the string space taken leaf first */
		{ "BEGIN { @[ustack(3, 8)] = count(); }", "stackfmt=folded",
		  "m`f3;jit:ho;m`f1 2\n" },
	};
	dsl_prog_t *pg;
	char *out;
	size_t i;

	fake_jit = true;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		out = run_stack(cases[i].prog, cases[i].xopt, &pg, NULL);
		CHECK(out != NULL && strcmp(out, cases[i].want) == 0);
		if (out != NULL && strcmp(out, cases[i].want) != 0)
			fprintf(stderr, "%s: got [%s]\n", cases[i].prog, out);
		free(out);
		if (pg != NULL)
			dsl_prog_free(pg);
	}
	fake_jit = false;
}

static void
test_descs(void)
{
	char err[256];
	dsl_prog_t *pg = compile("pid$target:a.out:foo*:entry, "
	    "pid$target::bar:return { } entry, tick-1s, :::END { }",
	    4242, err, sizeof(err));
	const dsl_pdesc_t *d;

	CHECK(pg != NULL);
	if (pg == NULL)
		return;
	CHECK(dsl_prog_ndescs(pg) == 5);
	d = dsl_prog_desc(pg, 0);
	CHECK(strcmp(d->pd_prov, "pid4242") == 0);
	CHECK(strcmp(d->pd_mod, "a.out") == 0);
	CHECK(strcmp(d->pd_func, "foo*") == 0);
	CHECK(strcmp(d->pd_name, "entry") == 0);
	CHECK(strcmp(d->pd_text, "pid4242:a.out:foo*:entry") == 0);
	d = dsl_prog_desc(pg, 1);
	CHECK(strcmp(d->pd_mod, "") == 0 && strcmp(d->pd_func, "bar") == 0);
	/* one field is the name, as in dtrace */
	d = dsl_prog_desc(pg, 2);
	CHECK(strcmp(d->pd_prov, "") == 0 && strcmp(d->pd_name, "entry") == 0);
	CHECK(dsl_prog_desc_match(dsl_prog_desc(pg, 0), "pid4242", "a.out",
	    "foobar", "entry"));
	CHECK(!dsl_prog_desc_match(dsl_prog_desc(pg, 0), "pid4242", "a.out",
	    "xfoo", "entry"));
	CHECK(dsl_prog_desc_match(dsl_prog_desc(pg, 2), "pid1", "libc.so.6",
	    "read", "entry"));
	CHECK(dsl_prog_desc(pg, 5) == NULL);
	dsl_prog_free(pg);

	/* More than four fields: the middle ones are the function, as a
	 * C++ name writes it ("::" holds an empty field) */
	pg = compile("pid$target::*DBImpl::Put*:entry, a:b:c:d:e, "
	    "p:m:x::y::z:return { }", 7, err, sizeof(err));
	CHECK(pg != NULL);
	if (pg == NULL)
		return;
	d = dsl_prog_desc(pg, 0);
	CHECK(strcmp(d->pd_prov, "pid7") == 0 && strcmp(d->pd_mod, "") == 0);
	CHECK(strcmp(d->pd_func, "*DBImpl::Put*") == 0);
	CHECK(strcmp(d->pd_name, "entry") == 0);
	CHECK(strcmp(d->pd_text, "pid7::*DBImpl::Put*:entry") == 0);
	d = dsl_prog_desc(pg, 1);
	CHECK(strcmp(d->pd_mod, "b") == 0 && strcmp(d->pd_func, "c:d") == 0 &&
	    strcmp(d->pd_name, "e") == 0);
	d = dsl_prog_desc(pg, 2);
	CHECK(strcmp(d->pd_func, "x::y::z") == 0 &&
	    strcmp(d->pd_name, "return") == 0);
	dsl_prog_free(pg);

	CHECK(dsl_prog_glob("*", ""));
	CHECK(dsl_prog_glob("f?o", "foo"));
	CHECK(dsl_prog_glob("[a-c]x", "bx"));
	CHECK(!dsl_prog_glob("[!a-c]x", "bx"));
	CHECK(dsl_prog_glob("*::*Put*", "leveldb::DBImpl::Put"));
	CHECK(!dsl_prog_glob("abc", "abcd"));
}

/* The latency script of the seed: entry/return on two threads. */
static void
test_self(void)
{
	char err[256], *out = NULL;
	size_t outlen = 0;
	FILE *fp = open_memstream(&out, &outlen);
	dsl_prog_t *pg = compile(
	    "#pragma D option quiet\n"
	    "pid$target::Put:entry { self->ts = timestamp; n++; }\n"
	    "pid$target::Put:return /self->ts/ {\n"
	    "  @[probefunc] = quantize(timestamp - self->ts);\n"
	    "  self->ts = 0;\n"
	    "}\n"
	    "pid$target::Put:return { this->x++; @t = sum(this->x); }\n",
	    7, err, sizeof(err));
	dsl_host_t host;
	dsl_rt_t *rt;
	dsl_ctx_t cx;
	uint32_t entry, ret, id;
	size_t d;

	CHECK(pg != NULL);
	if (pg == NULL) {
		fprintf(stderr, "%s\n", err);
		return;
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = fp;
	rt = dsl_rt_create(pg, &host);
	CHECK(rt != NULL);
	CHECK(dsl_rt_add_probe(rt, "dtrace", "", "", "BEGIN") == 1);
	CHECK(dsl_rt_add_probe(rt, "dtrace", "", "", "END") == 2);
	CHECK(dsl_rt_add_probe(rt, "dtrace", "", "", "ERROR") == 3);
	entry = dsl_rt_add_probe(rt, "pid7", "a.out", "Put", "entry");
	ret = dsl_rt_add_probe(rt, "pid7", "a.out", "Put", "return");
	CHECK(entry == 4 && ret == 5);
	for (d = 0; d < dsl_prog_ndescs(pg); d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(pg, d);

		for (id = entry; id <= ret; id++) {
			static const char *names[] = { "entry", "return" };

			if (dsl_prog_desc_match(pd, "pid7", "a.out", "Put",
			    names[id - entry]))
				CHECK(dsl_rt_enable(rt, id, d) == 0);
		}
	}
	CHECK(dsl_rt_nenabled(rt) == 3);
	CHECK(dsl_rt_enable(rt, 99, 0) == -1);

	memset(&cx, 0, sizeof(cx));
	cx.cx_pid = 7;
	cx.cx_tid = 100;
	cx.cx_timestamp = 1000;
	CHECK(dsl_eval_fire(rt, entry, &cx) == DSL_FIRE_OK);
	cx.cx_tid = 101;
	cx.cx_timestamp = 2000;
	CHECK(dsl_eval_fire(rt, entry, &cx) == DSL_FIRE_OK);
	/* thread 100 returns after 600ns, thread 101 after 40ns */
	cx.cx_tid = 100;
	cx.cx_timestamp = 1600;
	CHECK(dsl_eval_fire(rt, ret, &cx) == DSL_FIRE_OK);
	cx.cx_tid = 101;
	cx.cx_timestamp = 2040;
	CHECK(dsl_eval_fire(rt, ret, &cx) == DSL_FIRE_OK);
	/* a return with no entry on its thread: the predicate is false */
	cx.cx_tid = 102;
	cx.cx_timestamp = 5000;
	CHECK(dsl_eval_fire(rt, ret, &cx) == DSL_FIRE_OK);
	/* an entry, then the thread goes: its self->ts goes with it */
	cx.cx_tid = 103;
	CHECK(dsl_eval_fire(rt, entry, &cx) == DSL_FIRE_OK);
	dsl_var_thread_gone(rt, 103);
	cx.cx_timestamp = 9000;
	CHECK(dsl_eval_fire(rt, ret, &cx) == DSL_FIRE_OK);
	CHECK(!dsl_rt_exited(rt));
	CHECK(dsl_rt_end(rt, NULL) == 0);
	fclose(fp);
	/* two samples: 32..63 and 512..1023; this->x is 1 in each firing */
	CHECK(strstr(out, "  Put") != NULL);
	CHECK(strstr(out, "              32 |@@@@@@@@@@@@@@@@@@@@") != NULL);
	CHECK(strstr(out, "             512 |@@@@@@@@@@@@@@@@@@@@") != NULL);
	CHECK(strstr(out, "                4\n") != NULL);
	if (failures)
		fprintf(stderr, "%s", out);
	free(out);
	dsl_rt_destroy(rt);
	dsl_prog_free(pg);
}

/*
 * A probe's enablings (its clauses, their enabled probe ids and the
 * descriptions enabling them, kept in one block): enabled out of program
 * order, with a description enabled twice, a firing runs the clauses in
 * program order, once per description (dtrace makes one ECB for each
 * description of a clause), each with the epid its enabling got, in the
 * order enabled.  And the probe's names as registered.
 */
static void
test_enablings(void)
{
	char err[256], *out = NULL;
	size_t outlen = 0;
	FILE *fp = open_memstream(&out, &outlen);
	dsl_prog_t *pg = compile(
	    "#pragma D option quiet\n"
	    "a:m:f:x { printf(\"1 %d\\n\", epid); }\n"
	    "a:m:f:x, a:m:*:x { printf(\"2 %d\\n\", epid); }\n"
	    "a:m:f:x { printf(\"3 %d\\n\", epid); }\n", 0, err, sizeof(err));
	const char *prov, *mod, *func, *name;
	dsl_host_t host;
	dsl_rt_t *rt;
	dsl_ctx_t cx;

	CHECK(pg != NULL);
	if (pg == NULL) {
		fprintf(stderr, "%s\n", err);
		return;
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = fp;
	rt = dsl_rt_create(pg, &host);
	CHECK(rt != NULL);
	CHECK(dsl_rt_add_probe(rt, "a", "m", "f", "x") == 1);
	CHECK(dsl_rt_probe_names(rt, 1, &prov, &mod, &func, &name) == 0);
	CHECK(strcmp(prov, "a") == 0 && strcmp(mod, "m") == 0 &&
	    strcmp(func, "f") == 0 && strcmp(name, "x") == 0);
	CHECK(dsl_rt_probe_names(rt, 0, &prov, &mod, &func, &name) < 0);
	CHECK(dsl_rt_probe_names(rt, 2, &prov, &mod, &func, &name) < 0);
	CHECK(dsl_rt_enable(rt, 1, 3) == 0);
	CHECK(dsl_rt_enable(rt, 1, 1) == 0);
	CHECK(dsl_rt_enable(rt, 1, 2) == 0);
	CHECK(dsl_rt_enable(rt, 1, 0) == 0);
	CHECK(dsl_rt_enable(rt, 1, 1) == 0);	/* once */
	CHECK(dsl_rt_nenabled(rt) == 4);
	memset(&cx, 0, sizeof(cx));
	cx.cx_tid = 100;
	CHECK(dsl_eval_fire(rt, 1, &cx) == DSL_FIRE_OK);
	fclose(fp);
	CHECK(out != NULL && strcmp(out, "1 4\n2 2\n2 3\n3 1\n") == 0);
	if (failures && out != NULL)
		fprintf(stderr, "%s", out);
	free(out);
	dsl_rt_destroy(rt);
	dsl_prog_free(pg);
}

/* self->a[k]: an element per thread, freed when its thread goes (as
 * DTrace's thread-local associative arrays). */
static void
test_selfarray(void)
{
	char err[256], *out = NULL;
	size_t outlen = 0;
	FILE *fp = open_memstream(&out, &outlen);
	dsl_prog_t *pg = compile(
	    "#pragma D option quiet\n"
	    "BEGIN { self->a[\"k\", 1] = tid; self->a[\"k\", 2]++; }\n"
	    "END { printf(\"%d:%d:%d\\n\", tid, self->a[\"k\", 1],\n"
	    "    self->a[\"k\", 2]); }\n", 0, err, sizeof(err));
	dsl_host_t host;
	dsl_rt_t *rt;
	dsl_ctx_t cx;

	CHECK(pg != NULL);
	if (pg == NULL) {
		fprintf(stderr, "%s\n", err);
		return;
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = fp;
	rt = dsl_rt_create(pg, &host);
	CHECK(rt != NULL);
	CHECK(dsl_rt_add_probe(rt, "dtrace", "", "", "BEGIN") == 1);
	CHECK(dsl_rt_add_probe(rt, "dtrace", "", "", "END") == 2);
	CHECK(dsl_rt_enable(rt, 1, 0) == 0);
	CHECK(dsl_rt_enable(rt, 2, 1) == 0);
	memset(&cx, 0, sizeof(cx));
	cx.cx_tid = 100;
	CHECK(dsl_eval_fire(rt, 1, &cx) == DSL_FIRE_OK);
	cx.cx_tid = 101;
	CHECK(dsl_eval_fire(rt, 1, &cx) == DSL_FIRE_OK);
	CHECK(dsl_eval_fire(rt, 1, &cx) == DSL_FIRE_OK);
	cx.cx_tid = 100;
	CHECK(dsl_eval_fire(rt, 2, &cx) == DSL_FIRE_OK);
	dsl_var_thread_gone(rt, 100);
	CHECK(dsl_eval_fire(rt, 2, &cx) == DSL_FIRE_OK);
	cx.cx_tid = 101;
	CHECK(dsl_eval_fire(rt, 2, &cx) == DSL_FIRE_OK);
	fclose(fp);
	CHECK(out != NULL && strcmp(out, "100:100:1\n100:0:0\n101:101:2\n") ==
	    0);
	if (failures)
		fprintf(stderr, "%s", out);
	free(out);
	dsl_rt_destroy(rt);
	dsl_prog_free(pg);
}

/* The lexer and parser on strings: what compiles, what fails and how. */
static void
test_syntax(void)
{
	static const char *good[] = {
		"BEGIN {}",
		"BEGIN",
		"BEGIN { x = 0x1F + 010 + 'a' + 10u + 5ll; }",
		"/* c */ BEGIN // line\n{ x = 1; /* in */ }",
		"#!/usr/bin/env pidtrace -s\nBEGIN { }",
		"#pragma D option quiet\nBEGIN { trace(1) }",
		"BEGIN /1/ { }",
		"BEGIN /x == 0 && (2 / 1)/ { x = 1; }",
		"BEGIN { x = 1 ? 2 : 3; y = x << 2 >> 1; "
		    "z = ~x ^ -x | !x & x; }",
		"BEGIN { x = (char)300; y = (unsigned long long)x; "
		    "z = sizeof (int) + sizeof (x); }",
		"BEGIN { a[1, \"a\"] = 1; a[2, \"b\"] += 2; a[3, \"c\"]++; }",
		"BEGIN { s = \"tab\\there\\n\\x41\\101\\\\\\\"\"; }",
		"BEGIN { if (1) { } else if (2) ; else { } }",
		"BEGIN, END, tick-1s { }",
		"dtrace:::BEGIN { @[probeprov, probemod, probefunc, probename,"
		    " execname] = count(); }",
		"BEGIN { x = 1; x *= 2; x /= 2; x %= 3; x &= 1; x |= 2; "
		    "x ^= 3; x <<= 1; x >>= 1; x -= 1; }",
		"BEGIN { x = 1; y = x ^^ 1; }",
		"BEGIN { x = 0x1fUL + 10ull + 0777 + 12u + 3l + 0XaBLL; }",
	};
	static const struct { const char *src, *err; } bad[] = {
		{ "BEGIN { x = ; }", "t.d:1:13: syntax error near \";\"" },
		{ "BEGIN { x = 1 }}", "t.d:1:16: syntax error near \"}\"" },
		{ "BEGIN { \"abc }", "t.d:1:9: newline encountered in "
		    "string literal" },
		{ "BEGIN { x = 09; }", "t.d:1:14: invalid digit in octal "
		    "constant" },
		/* dtrace's lexer ends a constant at its digits and suffix
		 * (dtrace-utils types/err.D_SYNTAX.badid: "int 0abc;" is a
		 * syntax error near "0") */
		{ "int 0abc;", "t.d:1:5: syntax error near \"0\"" },
		{ "BEGIN { x = 12ab; }", "t.d:1:15: syntax error near \"ab\"" },
		{ "BEGIN { x = 1lu; }", "t.d:1:15: syntax error near \"u\"" },
		{ "BEGIN { x = 1; /* }", "t.d:1:16: end of file in comment" },
		{ "BEGIN { x = y + 1; }", "t.d:1:13: failed to resolve y: "
		    "Unknown variable name" },
		{ "BEGIN { @a = count(); @a = sum(1); }", "t.d:1:28: @a: "
		    "aggregation redefined: sum( ) does not match the earlier "
		    "count( )" },
		{ "BEGIN { trace(strlen(1)); }", "t.d:1:22: strlen( ) argument "
		    "#1 is incompatible with prototype: \tprototype: string \t "
		    "argument: integer" },
		{ "BEGIN { printf(\"%d %d\\n\", 1); }", "t.d:1:16: printf( ) "
		    "prototype mismatch: conversion #2 (%d) is missing a "
		    "corresponding value argument" },
		{ "BEGIN { x = coun(); }", "t.d:1:13: unknown function "
		    "'coun'; did you mean 'count'?" },
		{ "BEGIN { x = 1 + \"s\"; }", "t.d:1:15: operator +: operands "
		    "have incompatible types: \"int\" + \"string\"" },
		{ "BEGIN { @ = lquantize(1, 0, 10, 0); }", "t.d:1:33: "
		    "lquantize( ) argument #3 must be a non-zero positive "
		    "integer constant" },
		{ "BEGIN { pid = 1; }", "t.d:1:9: operator = cannot modify "
		    "built-in variable pid" },
		{ "BEGIN { trace(@a); }", "t.d:1:15: trace( ) argument #1 is "
		    "incompatible with prototype: an aggregation" },
		{ "BEGIN { x = @a; }", "t.d:1:13: aggregations may only be "
		    "assigned an aggregating function or passed to printa( ), "
		    "clear( ), trunc( ), normalize( )" },
		{ "#include <x.h>\nBEGIN { }", "t.d:1:1: invalid control "
		    "directive: preprocessor directives need the C "
		    "preprocessor: give -C" },
	};
	char err[512];
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		dsl_prog_t *pg = compile(good[i], 0, err, sizeof(err));

		if (pg == NULL) {
			fprintf(stderr, "FAIL: does not compile: %s\n  %s\n",
			    good[i], err);
			failures++;
		}
		dsl_prog_free(pg);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		dsl_prog_t *pg = compile(bad[i].src, 0, err, sizeof(err));
		char *p;

		for (p = err; *p != '\0'; p++)
			if (*p == '\n')
				*p = ' ';
		if (pg != NULL || strcmp(err, bad[i].err) != 0) {
			fprintf(stderr, "FAIL: %s\n  want: %s\n  got:  %s\n",
			    bad[i].src, bad[i].err, pg ? "(compiled)" : err);
			failures++;
		}
		dsl_prog_free(pg);
	}
}

/*
 * Whether a probe's clauses need the thread stopped looks at its own
 * clauses only: a signed comparison keeps a flag of 1 in dn_c, and a
 * walk that took it for a child read node 1, here in the clause of
 * a:entry with its copyinstr(): b:entry's count() stopped the thread.
 */
static void
test_needs_stop(void)
{
	char err[256];
	dsl_prog_t *pg = compile(
	    "pid$target::a:entry { printf(\"%s\", copyinstr(arg0)); }\n"
	    "pid$target::b:entry /arg0 > 1/ { @ = count(); }\n"
	    "pid$target::c:entry /arg0 > 1 ? arg1 : *(int *)arg2/ "
	    "{ @ = count(); }\n", 7, err, sizeof(err));
	dsl_host_t host;
	dsl_rt_t *rt;
	const char *why = NULL;
	uint32_t a, b, c;
	size_t d;

	CHECKF(pg != NULL, "%s", err);
	if (pg == NULL)
		return;
	memset(&host, 0, sizeof(host));
	rt = dsl_rt_create(pg, &host);
	a = dsl_rt_add_probe(rt, "pid7", "a.out", "a", "entry");
	b = dsl_rt_add_probe(rt, "pid7", "a.out", "b", "entry");
	c = dsl_rt_add_probe(rt, "pid7", "a.out", "c", "entry");
	for (d = 0; d < dsl_prog_ndescs(pg); d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(pg, d);

		if (dsl_prog_desc_match(pd, "pid7", "a.out", "a", "entry"))
			CHECK(dsl_rt_enable(rt, a, d) == 0);
		if (dsl_prog_desc_match(pd, "pid7", "a.out", "b", "entry"))
			CHECK(dsl_rt_enable(rt, b, d) == 0);
		if (dsl_prog_desc_match(pd, "pid7", "a.out", "c", "entry"))
			CHECK(dsl_rt_enable(rt, c, d) == 0);
	}
	CHECK(dsl_rt_needs_stop(rt, a, &why));
	CHECK(why != NULL && strcmp(why, "copyinstr()") == 0);
	CHECKF(!dsl_rt_needs_stop(rt, b, &why), "b: %s", why);
	/* ?:'s third operand is a child, and read */
	CHECK(dsl_rt_needs_stop(rt, c, &why));
	CHECK(why != NULL && strcmp(why, "a pointer dereference") == 0);
	dsl_rt_destroy(rt);
	dsl_prog_free(pg);
}

int
main(void)
{
	test_needs_stop();
	test_descs();
	test_enablings();
	test_self();
	test_selfarray();
	test_netfuncs();
	test_hooks();
	test_stacks();
	test_strsize();
	test_host_types();
	test_syntax();
	if (failures)
		fprintf(stderr, "%d failure%s\n", failures,
		    failures == 1 ? "" : "s");
	return failures ? 1 : 0;
}
