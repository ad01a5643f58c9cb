// SPDX-License-Identifier: GPL-2.0-or-later
// t/targets/fp-gokey.go: Go's threads as the fast path keys them, for
// t/fastpath/gokey.sh.  G goroutines, each locked to its OS thread
// (runtime.LockOSThread: no other goroutine runs there, and it never
// moves), call main.add N times and end, which ends their threads; then
// G more, not locked, call main.add N times too, moved between threads
// as the scheduler likes.
// Standard library only; built offline with `go build`.
//
//	fp-gokey G N
//
// Prints "ready pid=N" and waits for a line on stdin (EOF too), then
// "tid T calls C" for each locked goroutine (T its thread's id, from
// gettid; C its calls of main.add),
// "add calls=C" for all of them, "done", and waits for EOF (the
// handshake of fp-proto.h).
package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"syscall"
)

//go:noinline
func add(i, g int) int {
	return i + g
}

type line struct {
	tid, calls int
}

func main() {
	g, _ := strconv.Atoi(os.Args[1])
	n, _ := strconv.Atoi(os.Args[2])
	in := bufio.NewReader(os.Stdin)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var lines []line
	r := 0

	fmt.Printf("ready pid=%d\n", os.Getpid())
	in.ReadString('\n')
	for k := 0; k < 2*g; k++ {
		if k == g {
			// The locked threads end before the others start: no
			// thread runs main.add for both kinds.
			wg.Wait()
		}
		wg.Add(1)
		go func(id int, locked bool) {
			defer wg.Done()
			if locked {
				runtime.LockOSThread()
			}
			x := 0
			for i := 0; i < n; i++ {
				x += add(i, id)
			}
			mu.Lock()
			r += x
			if locked {
				lines = append(lines, line{syscall.Gettid(), n})
			}
			mu.Unlock()
			// Still locked: the thread ends with the goroutine, after
			// its line is taken.
		}(k, k < g)
	}
	wg.Wait()
	sort.Slice(lines, func(a, b int) bool { return lines[a].tid < lines[b].tid })
	for _, l := range lines {
		fmt.Printf("tid %d calls %d\n", l.tid, l.calls)
	}
	fmt.Printf("add calls=%d r=%d\n", 2*g*n, r)
	fmt.Println("done")
	in.ReadString('\n')
}
