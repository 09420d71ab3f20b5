// This program must not compile: it subtracts instants of two clock
// domains. TestCrossDomainDifferenceDoesNotCompile builds it.
package main

import "github.com/perfbench/perfbench/internal/instrument/clock"

func main() {
	var v clock.Virtual
	_ = v.Now().Sub(clock.MonoNow())
}
