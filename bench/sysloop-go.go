// SPDX-License-Identifier: GPL-2.0-or-later
// bench/sysloop-go.go: bench/syscall.sh's Go target, bench/sysloop in Go.
// bench/syscall.sh builds it with `go build`, offline.
//
//	sysloop-go N [sud]
//
// Makes N getppid(2) calls with syscall.RawSyscall on one goroutine
// locked to its thread and prints the nanoseconds one took, timed around
// the loop by the program itself (so start-up and attach do not count).
// RawSyscall, as syscall.Getppid itself does: its `syscall` instruction
// is Go's own, with no libc, and it skips entersyscall/exitsyscall, so
// the row measures the call and what tracing adds to it, not the
// scheduler's bookkeeping (nor a P handed off by sysmon when a traced
// call runs long).
//
// With sud, syscall user dispatch is on in the loop's thread with every
// user address allowed: no call is dispatched, each pays the kernel's
// dispatch check alone, the floor under pidtrace's syscall trampolines.
package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"time"
)

func main() {
	n := 100000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 0 {
			fmt.Fprintln(os.Stderr, "usage: sysloop-go N [sud]")
			os.Exit(2)
		}
		n = v
	}
	runtime.LockOSThread()
	if len(os.Args) > 2 && os.Args[2] == "sud" {
		// PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON, every
		// user address allowed, no selector: this thread only.
		_, _, e := syscall.RawSyscall6(syscall.SYS_PRCTL, 59, 1,
			0x1000, 0x7ffffffff000, 0, 0)
		if e != 0 {
			fmt.Fprintln(os.Stderr,
				"sysloop-go: syscall user dispatch:", e)
			os.Exit(1)
		}
	}
	t0 := time.Now()
	for i := 0; i < n; i++ {
		syscall.RawSyscall(syscall.SYS_GETPPID, 0, 0, 0)
	}
	ns := float64(time.Since(t0).Nanoseconds())
	if n > 0 {
		ns /= float64(n)
	}
	fmt.Printf("%.1f ns/call\n", ns)
}
