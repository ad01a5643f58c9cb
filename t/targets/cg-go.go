// SPDX-License-Identifier: GPL-2.0-or-later
// t/targets/cg-go.go: Go's register ABI, for t/code/go.sh.  G goroutines
// each call main.add(i, g) and main.greet(word, g) N times; main.total
// takes a slice and returns two results.  Standard library only, built
// offline by the test, normally and with -ldflags='-s -w'.
//
//	cg-go G N
//
// Prints "ready pid=N", waits for a line on stdin (EOF too), then what
// it passed: main.add's calls and the sums of its two arguments, the
// calls of main.greet per word and the sum of its second argument, and
// main.total's two results.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"sync"
)

//go:noinline
func add(i, g int) int {
	return i + g
}

//go:noinline
func greet(s string, n int) int {
	return len(s) + n
}

//go:noinline
func total(xs []int, k int) (int, int) {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s * k, len(xs)
}

func main() {
	g, _ := strconv.Atoi(os.Args[1])
	n, _ := strconv.Atoi(os.Args[2])
	in := bufio.NewReader(os.Stdin)
	words := []string{"alpha", "beta", "gamma"}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var si, sg, sr int
	cnt := make([]int, len(words))

	fmt.Printf("ready pid=%d\n", os.Getpid())
	in.ReadString('\n')
	for k := 0; k < g; k++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			r := 0
			c := make([]int, len(words))
			for i := 0; i < n; i++ {
				r += add(i, id)
				r += greet(words[i%3], id)
				c[i%3]++
			}
			mu.Lock()
			si += n * (n - 1) / 2
			sg += id * n
			sr += r
			for w := range c {
				cnt[w] += c[w]
			}
			mu.Unlock()
		}(k)
	}
	wg.Wait()
	s, l := total([]int{1, 2, 3, 4}, 10)
	fmt.Printf("add calls=%d i=%d g=%d\n", g*n, si, sg)
	for w := range words {
		fmt.Printf("greet %s %d\n", words[w], cnt[w])
	}
	fmt.Printf("greet n=%d\n", sg)
	fmt.Printf("total %d %d r=%d\n", s, l, sr)
}
