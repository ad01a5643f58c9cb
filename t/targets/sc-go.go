// SPDX-License-Identifier: GPL-2.0-or-later
// t/targets/sc-go.go: Go's raw system calls, for t/syscall/gosys.sh.  Go
// makes its calls with `syscall` instructions of its own (no libc), and
// its threads keep no thread id where glibc's TCB does.  G goroutines,
// each locked to its OS thread (runtime.LockOSThread: no other goroutine
// runs there), call syscall.Getppid N times each and count their calls;
// the runtime itself never calls getppid.
// Standard library only; built offline with `go build`.
//
//	sc-go G N [FILE [STOP]]
//
// With FILE: prints "ready", then waits until FILE exists (a getpid and
// a 1 ms sleep a round) before the calls.  With STOP: each goroutine
// goes on calling after its N calls until STOP exists (looked at every
// 4096 calls), so that a test acts while every one is in its loop.
// Prints "calling" once every goroutine made half its N calls, then
// "tid T getppid C" for each goroutine (T its thread's id, from gettid;
// C its calls), then "getppid C" for all of them.
package main

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: sc-go G N [FILE [STOP]]")
		os.Exit(2)
	}
	g, _ := strconv.Atoi(os.Args[1])
	n, _ := strconv.Atoi(os.Args[2])
	if len(os.Args) > 3 {
		fmt.Println("ready")
		for {
			if _, err := os.Stat(os.Args[3]); err == nil {
				break
			}
			syscall.Getpid()
			time.Sleep(time.Millisecond)
		}
	}
	stop := ""
	if len(os.Args) > 4 {
		stop = os.Args[4]
	}
	tids := make([]int, g)
	calls := make([]int, g)
	var wg, started sync.WaitGroup
	for i := 0; i < g; i++ {
		wg.Add(1)
		started.Add(1)
		go func(i int) {
			defer wg.Done()
			runtime.LockOSThread()
			tids[i] = syscall.Gettid()
			for j := 0; j < n; j++ {
				syscall.Getppid()
				calls[i]++
				if j == n/2 {
					started.Done()
				}
			}
			for stop != "" {
				for k := 0; k < 4096; k++ {
					syscall.Getppid()
					calls[i]++
				}
				if _, err := os.Stat(stop); err == nil {
					break
				}
			}
		}(i)
	}
	started.Wait()
	fmt.Println("calling")
	wg.Wait()
	lines := make([]string, 0, g)
	total := 0
	for i := 0; i < g; i++ {
		lines = append(lines, fmt.Sprintf("tid %d getppid %d", tids[i],
			calls[i]))
		total += calls[i]
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
	fmt.Printf("getppid %d\n", total)
}
