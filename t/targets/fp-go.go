// SPDX-License-Identifier: GPL-2.0-or-later
// t/targets/fp-go.go: a Go program for t/fastpath/go.sh: many
// goroutines calling main.work and main.leaf, which count their own calls,
// while the heap churns (GC) and tight loops invite async preemption
// (SIGURG: about 50 a run untraced, more traced), and main.deep recurses
// with a large frame, so goroutine stacks grow (morestack) again and
// again (the collector shrinks them).  Standard library only; built
// offline with `go build`.
//
//	fp-go G N	G goroutines, N calls of main.work each
//
// Prints "ready pid=N" and waits for a line on stdin (EOF too), then the
// calls it counted and a checksum, "done", and waits for EOF (the
// handshake of fp-proto.h).
package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

var nWork, nLeaf, nDeep, sum, dsum uint64
var sink [][]byte
var sinkMu sync.Mutex

//go:noinline
func leaf(x uint64) uint64 {
	atomic.AddUint64(&nLeaf, 1)
	return x*2654435761 + 1
}

// deep recurses d levels with a 512-byte frame each: 100 levels take more
// than a new goroutine's stack, so its prologue calls morestack, which
// copies the stack and jumps back to deep's first instruction.
//
//go:noinline
func deep(d int, x uint64) uint64 {
	atomic.AddUint64(&nDeep, 1)
	var pad [64]uint64
	pad[d%64] = x
	if d == 0 {
		return pad[0]
	}
	return deep(d-1, x+1) + pad[(d+1)%64] + 1
}

// work's prologue compares the stack pointer with the goroutine's guard
// and, when the stack is short or the scheduler asks for preemption (it
// sets the guard), calls morestack, which then jumps back to work's first
// instruction: the entry probe fires again for the same call.
//
// work spins long enough to be preempted asynchronously inside it, and
// allocates so the collector runs while goroutines are in it.
//
//go:noinline
func work(x uint64) uint64 {
	atomic.AddUint64(&nWork, 1)
	h := x
	for i := 0; i < 20000; i++ {
		h = h*6364136223846793005 + 1442695040888963407
	}
	b := make([]byte, 256+int(x%512))
	b[0] = byte(h)
	if x%64 == 0 {
		sinkMu.Lock()
		sink = append(sink, b)
		if len(sink) > 256 {
			sink = sink[:0]
		}
		sinkMu.Unlock()
	}
	return h ^ leaf(x)
}

func main() {
	g, _ := strconv.Atoi(os.Args[1])
	n, _ := strconv.ParseUint(os.Args[2], 10, 64)
	in := bufio.NewReader(os.Stdin)

	fmt.Printf("ready pid=%d\n", os.Getpid())
	in.ReadString('\n')
	var wg sync.WaitGroup
	for i := 0; i < g; i++ {
		wg.Add(1)
		go func(id uint64) {
			defer wg.Done()
			var s uint64
			for j := uint64(0); j < n; j++ {
				s += work(id*n + j)
				if j%100 == 0 {
					atomic.AddUint64(&dsum, deep(100, j))
					runtime.Gosched()
				}
			}
			atomic.AddUint64(&sum, s)
		}(uint64(i))
	}
	// A goroutine that forces collections while the others work.
	stop := make(chan bool)
	gcs := make(chan int)
	go func() {
		k := 0
		for {
			select {
			case <-stop:
				gcs <- k
				return
			default:
				runtime.GC()
				k++
			}
		}
	}()
	wg.Wait()
	stop <- true
	if <-gcs == 0 {
		fmt.Println("no collection ran")
	}
	fmt.Printf("work calls=%d leaf calls=%d sum=%d\n", nWork, nLeaf, sum)
	fmt.Printf("deep calls=%d sum=%d\n", nDeep, dsum)
	fmt.Println("done")
	for {
		if _, err := in.ReadString('\n'); err != nil {
			break
		}
	}
}
