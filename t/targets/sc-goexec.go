// SPDX-License-Identifier: GPL-2.0-or-later
// t/targets/sc-goexec.go: Go's exec, for t/syscall/goexec.sh.  One
// goroutine locked to its thread makes K rounds of N getppid calls and
// one run of /bin/true from the directory "/".  Go runs a command with a
// vfork child (clone with CLONE_VFORK|CLONE_VM, syscall/exec_linux.go)
// that borrows its parent's thread, stack and M, and calls chdir in it
// before the exec; the parent never calls chdir.  Standard library only;
// built offline with `go build`.
//
//	sc-goexec K N
//
// Prints "tid T getppid C" (T its thread's id, from gettid; C its
// calls) and "runs R" (the runs of /bin/true that succeeded).
package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: sc-goexec K N")
		os.Exit(2)
	}
	k, _ := strconv.Atoi(os.Args[1])
	n, _ := strconv.Atoi(os.Args[2])
	done := make(chan string)
	go func() {
		runtime.LockOSThread()
		calls, runs := 0, 0
		for i := 0; i < k; i++ {
			for j := 0; j < n; j++ {
				syscall.Getppid()
				calls++
			}
			c := exec.Command("/bin/true")
			c.Dir = "/"
			if c.Run() == nil {
				runs++
			}
		}
		done <- fmt.Sprintf("tid %d getppid %d\nruns %d",
			syscall.Gettid(), calls, runs)
	}()
	fmt.Println(<-done)
}
