// SPDX-License-Identifier: GPL-2.0-or-later
// t/targets/ij-cgo.go: a Go program built with cgo, for
// t/inject/go-cgo.sh: goroutines call main.work, which spins, allocates
// (the collector runs, goroutine stacks live in its heap) and calls C
// (malloc and free through cgo), until stdin closes.  Go preempts the
// spinning goroutines with SIGURG, handled on each thread's signal stack.
// A cgo binary is not position-independent here: its code sits at
// 0x400000, and a tracer's pages placed in the gap below it have
// addresses like the small integers the heap is full of.
//
// Prints "ready pid=N" once the goroutines run, then, at EOF on stdin,
// "done" and the calls in C it counted, once the goroutines stopped.
package main

/*
#include <stdlib.h>

static long ncalls;

__attribute__((noinline)) int
cwork(int x)
{
	void *p = malloc(64 + x % 100);

	free(p);
	__atomic_add_fetch(&ncalls, 1, __ATOMIC_RELAXED);
	return x * 3;
}

static long
calls(void)
{
	return __atomic_load_n(&ncalls, __ATOMIC_RELAXED);
}
*/
import "C"

import (
	"bufio"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
)

var nWork uint64

//go:noinline
func work(x int) int {
	atomic.AddUint64(&nWork, 1)
	h := x
	for i := 0; i < 2000; i++ {
		h = h*31 + i
	}
	b := make([]byte, 128+x%256)
	b[0] = byte(h)
	return h + int(C.cwork(C.int(x))) + int(b[0])
}

func main() {
	var stop int32
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; atomic.LoadInt32(&stop) == 0; i++ {
				work(i + g)
			}
		}(g)
	}
	for atomic.LoadUint64(&nWork) < 100 {
	}
	fmt.Printf("ready pid=%d\n", os.Getpid())
	r := bufio.NewReader(os.Stdin)
	for {
		if _, err := r.ReadString('\n'); err != nil {
			break
		}
	}
	atomic.StoreInt32(&stop, 1)
	wg.Wait()
	fmt.Println("done")
	if uint64(C.calls()) != atomic.LoadUint64(&nWork) {
		fmt.Printf("calls in C %d, in Go %d\n", C.calls(), nWork)
	}
}
