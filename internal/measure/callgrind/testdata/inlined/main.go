// Command inlined is a program whose work is in functions Go inlines
// (fnv into layout, mix into fnv), counted under Callgrind as a step
// "frame", for package callgrind's test of inlined frames. fnv is
// generic, so that its name in DWARF holds the shape it was compiled
// for, which the runtime prints as "[...]".
package main

import (
	"fmt"

	"github.com/perfbench/perfbench/internal/measure/valgrind"
)

func mix(h uint64, b byte) uint64 {
	h ^= uint64(b)
	return h * 1099511628211
}

func fnv[S ~string](s S) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = mix(h, s[i])
	}
	return h
}

//go:noinline
func layout(s string) uint64 {
	var t uint64
	for range 2000 {
		t += fnv(s)
	}
	return t
}

func main() {
	valgrind.StartInstrumentation()
	valgrind.ToggleCollect()
	t := layout("a label of some length")
	valgrind.ToggleCollect()
	valgrind.DumpStatsAt("frame")
	fmt.Println(t)
}
