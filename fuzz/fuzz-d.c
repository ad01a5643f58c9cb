/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz-d: the whole D front end (lexer, parser, checker) on arbitrary
 * bytes.  Every input must compile or fail with one message: no crash,
 * no leak, no undefined behaviour.  When it compiles, a runtime is made
 * and BEGIN and END fired, so the checker's output is run too.
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/dsl.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *args[] = { "fuzz", "1", "two", NULL };
	char *text = malloc(size + 1);
	char err[512];
	dsl_src_t src;
	dsl_copts_t co;
	dsl_prog_t *pg;

	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	src.ds_name = "fuzz.d";
	src.ds_text = text;
	src.ds_len = strlen(text);
	/* both forms: an input that starts with a newline is a -s file's */
	src.ds_file = size > 0 && data[0] == '\n';
	memset(&co, 0, sizeof(co));
	co.co_args[0] = args[0];
	co.co_args[1] = args[1];
	co.co_args[2] = args[2];
	co.co_nargs = 3;
	co.co_target = 1234;
	pg = dsl_compile(&src, 1, &co, err, sizeof(err));
	/* system(), raise(), freopen() are not run on arbitrary input */
	if (pg != NULL && !dsl_prog_destructive(pg, NULL)) {
		FILE *out = fopen("/dev/null", "w");
		dsl_host_t host;
		dsl_rt_t *rt;
		dsl_ctx_t cx;
		size_t d;

		memset(&host, 0, sizeof(host));
		host.dh_out = out;
		host.dh_err = out;
		rt = dsl_rt_create(pg, &host);
		if (rt != NULL) {
			dsl_rt_add_probe(rt, "dtrace", "", "", "BEGIN");
			dsl_rt_add_probe(rt, "dtrace", "", "", "END");
			dsl_rt_add_probe(rt, "dtrace", "", "", "ERROR");
			for (d = 0; d < dsl_prog_ndescs(pg); d++) {
				static const char *n[] = { "BEGIN", "END",
				    "ERROR" };
				uint32_t i;

				for (i = 0; i < 3; i++)
					if (dsl_prog_desc_match(
					    dsl_prog_desc(pg, d), "dtrace",
					    "", "", n[i]))
						dsl_rt_enable(rt, i + 1, d);
			}
			memset(&cx, 0, sizeof(cx));
			cx.cx_tid = 1;
			cx.cx_timestamp = 1;
			dsl_eval_fire(rt, 1, &cx);
			dsl_rt_end(rt, &cx);
			dsl_rt_destroy(rt);
		}
		if (out != NULL)
			fclose(out);
	}
	dsl_prog_free(pg);
	free(text);
	return 0;
}
