#!/usr/bin/env -S pidtrace -s
/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dtruss.d: each system call of the traced processes as
 * SYSCALL(args) = return errno, in DTraceToolkit's dtruss layout.
 *
 *   pidtrace -s dtruss.d -p PID PRINTID RELATIVE ELAPSED CPU COUNTS \
 *       STACK SYSCALL
 *
 * The first six are 0 or 1: print PID/TID, the thread's on-CPU time
 * (us), each call's elapsed time (us), its on-CPU time (us), a table of
 * the calls at the end, the user stack of each call; SYSCALL is a
 * system call's name, or "." for all.  Arguments print in hex, as
 * dtruss does, save the paths and buffers of the calls that take them,
 * read at the return: paths as strings, the bytes a read or write
 * moved (32 at most).  The return value prints as a decimal int (an
 * address in hex for mmap, mremap and brk), then 0 or Err# and the
 * errno.  The tables of calls by kind are Linux's x86-64 names of the
 * kinds dtruss lists.
 */
#pragma D option quiet

dtrace:::BEGIN
{
	if ($1)
		printf("%-9s  ", "PID/LWP");
	if ($2)
		printf("%8s ", "RELATIVE");
	if ($3)
		printf("%7s ", "ELAPSD");
	if ($4)
		printf("%6s ", "CPU");
	printf("SYSCALL(args) \t\t = return\n");
}

syscall:::entry
/$$7 == "." || probefunc == $$7/
{
	self->start = timestamp;
	self->vstart = vtimestamp;
	self->arg0 = arg0;
	self->arg1 = arg1;
	self->arg2 = arg2;
	self->arg3 = arg3;
	self->arg4 = arg4;
	self->arg5 = arg5;
}

syscall:::entry
/$5 && ($$7 == "." || probefunc == $$7)/
{
	@Counts[probefunc] = count();
}

/*
 * Every return of a call whose entry was seen: the optional columns,
 * then one of the clauses below prints the call (self->p says none has
 * yet), the last one for the calls no table names.
 */
syscall:::return
/self->start/
{
	this->elapsed = timestamp - self->start;
	this->cpu = vtimestamp - self->vstart;
	self->code = errno == 0 ? "" : "Err#";
	self->start = 0;
	self->vstart = 0;
	self->p = 1;
	self->s = $6;
	if ($1)
		printf("%6d/%d:  ", pid, tid);
	if ($2)
		printf("%8d ", vtimestamp / 1000);
	if ($3)
		printf("%7d ", this->elapsed / 1000);
	if ($4)
		printf("%6d ", this->cpu / 1000);
}

/* an address returned: in hex */
syscall::mmap:return
/self->p && errno == 0/
{
	printf("%s(0x%X, 0x%X, 0x%X, 0x%X, 0x%X, 0x%X)\t\t = 0x%X %s%d\n",
	    probefunc, self->arg0, self->arg1, self->arg2, self->arg3,
	    self->arg4, self->arg5, arg0, self->code, (int)errno);
	self->p = 0;
}

syscall::mremap:return
/self->p && errno == 0/
{
	printf("%s(0x%X, 0x%X, 0x%X)\t\t = 0x%X %s%d\n", probefunc,
	    self->arg0, self->arg1, self->arg2, arg0, self->code, (int)errno);
	self->p = 0;
}

syscall::brk:return
/self->p/
{
	printf("%s(0x%X)\t\t = 0x%X %s%d\n", probefunc, self->arg0, arg0,
	    self->code, (int)errno);
	self->p = 0;
}

/* 1 arg, arg0 a path */
syscall::chdir:return,
syscall::chroot:return,
syscall::rmdir:return,
syscall::unlink:return,
syscall::acct:return,
syscall::swapoff:return
/self->p/
{
	printf("%s(\"%S\")\t\t = %d %s%d\n", probefunc,
	    copyinstr(self->arg0), (int)arg0, self->code, (int)errno);
	self->p = 0;
}

/* 2 args, arg0 a path */
syscall::access:return,
syscall::chmod:return,
syscall::creat:return,
syscall::getcwd:return,
syscall::lstat:return,
syscall::mkdir:return,
syscall::stat:return,
syscall::statfs:return,
syscall::truncate:return,
syscall::umount2:return
/self->p/
{
	printf("%s(\"%S\", 0x%X)\t\t = %d %s%d\n", probefunc,
	    copyinstr(self->arg0), self->arg1, (int)arg0, self->code,
	    (int)errno);
	self->p = 0;
}

/* *at() calls: 3 args, arg1 a path when there is one */
syscall::faccessat:return,
syscall::faccessat2:return,
syscall::fchmodat:return,
syscall::fchownat:return,
syscall::newfstatat:return,
syscall::statx:return,
syscall::linkat:return,
syscall::mkdirat:return,
syscall::mknodat:return,
syscall::openat:return,
syscall::openat2:return,
syscall::readlinkat:return,
syscall::renameat:return,
syscall::renameat2:return,
syscall::unlinkat:return,
syscall::utimensat:return
/self->p && self->arg1 != 0/
{
	printf("%s(0x%X, \"%S\", 0x%X)\t\t = %d %s%d\n", probefunc,
	    (uint32_t)self->arg0, copyinstr(self->arg1), self->arg2,
	    (int)arg0, self->code, (int)errno);
	self->p = 0;
}

/* 3 args, arg0 a path */
syscall::open:return,
syscall::chown:return,
syscall::lchown:return,
syscall::link:return,
syscall::mknod:return,
syscall::mount:return,
syscall::readlink:return,
syscall::rename:return,
syscall::symlink:return,
syscall::symlinkat:return
/self->p/
{
	printf("%s(\"%S\", 0x%X, 0x%X)\t\t = %d %s%d\n", probefunc,
	    copyinstr(self->arg0), self->arg1, self->arg2, (int)arg0,
	    self->code, (int)errno);
	self->p = 0;
}

/* 3 args, arg1 the bytes moved (32 at most) */
syscall::read:return,
syscall::pread64:return,
syscall::write:return,
syscall::pwrite64:return
/self->p && arg0 > 0/
{
	this->size = arg0 > 32 ? 32 : arg0;
	printf("%s(0x%X, \"%S\", 0x%X)\t\t = %d %s%d\n", probefunc,
	    self->arg0, stringof(copyin(self->arg1, this->size)), self->arg2,
	    (int)arg0, self->code, (int)errno);
	self->p = 0;
}

/* no args */
syscall::getpid:return,
syscall::getppid:return,
syscall::gettid:return,
syscall::getuid:return,
syscall::geteuid:return,
syscall::getgid:return,
syscall::getegid:return,
syscall::getpgrp:return,
syscall::setsid:return,
syscall::sched_yield:return,
syscall::sync:return,
syscall::pause:return,
syscall::fork:return,
syscall::vfork:return,
syscall::munlockall:return,
syscall::inotify_init:return
/self->p/
{
	printf("%s()\t\t = %d %s%d\n", probefunc, (int)arg0, self->code,
	    (int)errno);
	self->p = 0;
}

/* 1 arg */
syscall::close:return,
syscall::dup:return,
syscall::fchdir:return,
syscall::fsync:return,
syscall::fdatasync:return,
syscall::umask:return,
syscall::uname:return,
syscall::alarm:return,
syscall::time:return,
syscall::times:return,
syscall::pipe:return,
syscall::sysinfo:return,
syscall::setuid:return,
syscall::setgid:return,
syscall::getpgid:return,
syscall::getsid:return,
syscall::set_tid_address:return,
syscall::epoll_create:return,
syscall::epoll_create1:return
/self->p/
{
	printf("%s(0x%X)\t\t = %d %s%d\n", probefunc, self->arg0, (int)arg0,
	    self->code, (int)errno);
	self->p = 0;
}

/* 2 args */
syscall::munmap:return,
syscall::dup2:return,
syscall::fstat:return,
syscall::fstatfs:return,
syscall::ftruncate:return,
syscall::kill:return,
syscall::tkill:return,
syscall::listen:return,
syscall::shutdown:return,
syscall::flock:return,
syscall::getrlimit:return,
syscall::setrlimit:return,
syscall::getrusage:return,
syscall::gettimeofday:return,
syscall::clock_gettime:return,
syscall::clock_getres:return,
syscall::nanosleep:return,
syscall::pipe2:return,
syscall::arch_prctl:return,
syscall::mlock:return,
syscall::munlock:return,
syscall::setpgid:return,
syscall::rt_sigpending:return
/self->p/
{
	printf("%s(0x%X, 0x%X)\t\t = %d %s%d\n", probefunc, self->arg0,
	    self->arg1, (int)arg0, self->code, (int)errno);
	self->p = 0;
}

/* 3 args: every other call */
syscall:::return
/self->p/
{
	printf("%s(0x%X, 0x%X, 0x%X)\t\t = %d %s%d\n", probefunc, self->arg0,
	    self->arg1, self->arg2, (int)arg0, self->code, (int)errno);
	self->p = 0;
}

syscall:::return
/self->s/
{
	ustack();
	trace("\n");
}

syscall:::return
{
	self->s = 0;
	self->arg0 = 0;
	self->arg1 = 0;
	self->arg2 = 0;
	self->arg3 = 0;
	self->arg4 = 0;
	self->arg5 = 0;
}

dtrace:::END
/$5/
{
	printf("\n%-32s %16s\n", "CALL", "COUNT");
	printa("%-32s %@16d\n", @Counts);
}
