// SPDX-License-Identifier: GPL-2.0-or-later
// go-add G N: G goroutines call main.add N times in all, then the
// program prints the calls, their sum (so the calls cannot be elided)
// and the phase's wall time in milliseconds.  bench/go.sh builds and
// runs it.
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

//go:noinline
func add(a, b int) int {
	return a + b
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go-add GOROUTINES CALLS")
		os.Exit(2)
	}
	g, err1 := strconv.Atoi(os.Args[1])
	n, err2 := strconv.Atoi(os.Args[2])
	if err1 != nil || err2 != nil || g < 1 || n < g {
		fmt.Fprintln(os.Stderr, "go-add: bad GOROUTINES or CALLS")
		os.Exit(2)
	}
	sums := make([]int, g)
	var wg sync.WaitGroup
	t0 := time.Now()
	for i := 0; i < g; i++ {
		calls := n / g
		if i < n%g {
			calls++
		}
		wg.Add(1)
		go func(i, calls int) {
			defer wg.Done()
			s := 0
			for k := 0; k < calls; k++ {
				s = add(s, k)
			}
			sums[i] = s
		}(i, calls)
	}
	wg.Wait()
	ms := float64(time.Since(t0).Nanoseconds()) / 1e6
	total := 0
	for _, s := range sums {
		total += s
	}
	fmt.Printf("calls %d sum %d ms %.3f\n", n, total, ms)
}
