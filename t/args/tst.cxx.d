/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: args[] of C++ functions: `this` is args[0], a const
 * reference acts as a pointer, a base class's members are reachable
 * from the derived class, std::string members and arguments read
 * through stringof() and copyinstr() (libstdc++'s _M_dataplus._M_p
 * from DWARF), a template's argument (shop::Box<int>) and its return
 * value.  Values: t/targets/ta-cxx.cc.
 * @@trigger: ta-cxx 2
 * EXPECTED: the target's own source and DWARF (t/targets/ta-cxx.cc): each
 * value printed is what ta-cxx passes; libstdc++'s std::string layout
 * (_M_dataplus._M_p) for its characters.
 */
#pragma D option quiet

pid$target::*Cart*Add*:entry
{
	printf("add %d %s [%s] %d %s %.*s %d\n", args[1]->id,
	    stringof(args[1]->tag), stringof(args->item->name),
	    args->item->qty, stringof(args[2]), (int)args[3]->size_,
	    copyinstr((uintptr_t)args[3]->data_), args[0]->total);
}

pid$target::*Cart*Add*:return
{
	printf("total %d\n", args[1]);
}

pid$target::*unbox<int>*:entry
{
	printf("box %d %d\n", args[0]->v, args->b->n);
}
