/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a struct declared in the script reads the traced process's
 * memory: copyin() into typed scratch, a pointer into the tracee
 * dereferenced with ->, ., [] and *, copyinstr(addr, len), a char array
 * member read as a string, nested members, a negative int member.
 * sizeof a struct D declares has no padding after its last member, as
 * dtrace's CTF library lays it out (struct rec: 38, where C says 40).
 * @@trigger: dsl-struct 3
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "User Process
 * Tracing": copyin() and copyinstr() read the process's memory; structs
 * declared in the script describe it.
 */
#pragma D option quiet

struct slice {
	uintptr_t data;
	size_t size;
};

struct rec {
	char tag;
	int n;
	struct slice key;
	short hist[3];
	char name[8];
};

pid$target::put:entry
{
	this->k = (struct slice *)copyin(arg0, sizeof (struct slice));
	this->v = (struct slice *)arg1;
	printf("put %s (%d) value %s (%d) %c%c\n",
	    copyinstr(this->k->data, this->k->size), this->k->size,
	    copyinstr(this->v->data, this->v->size), (*this->v).size,
	    ((char *)this->k->data)[3], *(char *)this->v->data);
}

pid$target::record:entry
{
	this->r = (struct rec *)arg0;
	printf("rec %c %d %s %d %s %d\n", this->r->tag, this->r->n,
	    copyinstr(this->r->key.data, this->r->key.size),
	    this->r->hist[2], this->r->name, sizeof (*this->r));
}
