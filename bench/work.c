/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/work.c: the target of bench/overhead.  Calls one small function N
 * times in a loop, times the loop alone, prints "us/call X".
 *
 *   work nop|lea|push N
 *
 * work() starts with a nop: the kernel (uprobes) and every tracer emulate
 * it without touching memory.  work_lea() starts with lea x(%rip),%rax:
 * emulated by pidtrace, not by the kernel's uprobes (single-stepped out of
 * line there).  work_push() starts with push %rbp; mov %rsp,%rbp, the
 * prologue the kernel emulates and uftrace's dynamic patching relocates:
 * every tracer's best case.  floor_ret is a lone ret that bench/floor uses
 * as its out-of-line copy of work's ret.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

long work(long);
long work_lea(long);
long work_push(long);

__asm__(
"	.text\n"
"	.globl work\n"
"	.type work, @function\n"
"work:\n"
"	nop\n"
"	lea 1(%rdi), %rax\n"
"	ret\n"
"	.size work, .-work\n"
"	.globl work_lea\n"
"	.type work_lea, @function\n"
"work_lea:\n"
"	lea counter(%rip), %rax\n"
"	addq %rdi, (%rax)\n"
"	mov (%rax), %rax\n"
"	ret\n"
"	.size work_lea, .-work_lea\n"
"	.globl work_push\n"
"	.type work_push, @function\n"
"work_push:\n"
"	push %rbp\n"
"	mov %rsp, %rbp\n"
"	lea 1(%rdi), %rax\n"
"	pop %rbp\n"
"	ret\n"
"	.size work_push, .-work_push\n"
"	.globl floor_ret\n"
"	.type floor_ret, @function\n"
"floor_ret:\n"
"	ret\n"
"	.size floor_ret, .-floor_ret\n"
"	.data\n"
"counter: .quad 0\n"
"	.text\n");

int
main(int argc, char **argv)
{
	long (*volatile fn)(long);
	struct timespec t0, t1;
	long i, n, sum = 0;
	double us;

	if (argc != 3 || (strcmp(argv[1], "nop") && strcmp(argv[1], "lea") &&
			  strcmp(argv[1], "push"))) {
		fprintf(stderr, "usage: work nop|lea|push N\n");
		return 2;
	}
	fn = strcmp(argv[1], "nop") == 0 ? work :
	    strcmp(argv[1], "lea") == 0 ? work_lea : work_push;
	n = atol(argv[2]);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++)
		sum += fn(i);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	us = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) /
	    1e3 / (n > 0 ? n : 1);
	printf("us/call %.4f (sum %ld)\n", us, sum);
	return 0;
}
