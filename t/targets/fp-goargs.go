// SPDX-License-Identifier: GPL-2.0-or-later
// t/targets/fp-goargs.go: Go functions whose integer arguments and
// results travel in Go's registers (ABIInternal: rax, rbx, rcx, rdi,
// rsi, r8...), for t/fastpath/goargs.sh.  It prints each call's
// arguments and results itself, in the lines the test's D scripts print
// from arg0..arg5 at the entries and arg1, arg2 at the returns.
// Standard library only; built offline with `go build`.
//
//	fp-goargs N
//
// Prints "ready pid=N" and waits for a line on stdin (EOF too), then
// for i in [0, N): add(i % 10, 3 - 7 * i), printing "add A B" and
// "ret R"; pair(i, 2 * i + 1), printing "pair S D" (its two results);
// six(i, -i, i + 1, 1000 * i, i ^ 5, -3), printing "six A B C D E F";
// then "s A S" for each A of add (the sum of its B), "done", and waits
// for EOF (the handshake of fp-proto.h).
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

//go:noinline
func add(a, b int) int {
	return a + b
}

//go:noinline
func pair(a, b int) (int, int) {
	return a + b, a - b
}

//go:noinline
func six(a, b, c, d, e, f int) int {
	return a + b + c + d + e + f
}

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var sum [10]int
	t := 0

	fmt.Printf("ready pid=%d\n", os.Getpid())
	in.ReadString('\n')
	for i := 0; i < n; i++ {
		a, b := i%10, 3-7*i
		r := add(a, b)
		sum[a] += b
		fmt.Fprintf(out, "add %d %d\nret %d\n", a, b, r)
		s, d := pair(i, 2*i+1)
		fmt.Fprintf(out, "pair %d %d\n", s, d)
		t += six(i, -i, i+1, 1000*i, i^5, -3)
		fmt.Fprintf(out, "six %d %d %d %d %d %d\n", i, -i, i+1,
			1000*i, i^5, -3)
	}
	for a, s := range sum {
		fmt.Fprintf(out, "s %d %d\n", a, s)
	}
	fmt.Fprintf(out, "t %d\ndone\n", t)
	out.Flush()
	in.ReadString('\n')
}
