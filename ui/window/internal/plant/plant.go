// Package plant reads the regression a build with the perfbench_engine_plant tag
// plants in the engine (window.PlantEnv) and holds the planted work
// itself. Only the window's tagged hooks import it, so an ordinary build
// links none of it and reads no environment.
package plant

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Env is window.PlantEnv: what the window's tagged build reads.
const Env = "PERFBENCH_ENGINE_PLANT"

// The plants this process's Env asks for, read once as it starts.
var (
	Work        int
	HoverAlloc  bool
	NoEvict     bool
	RelayoutAll bool
	RestyleRows bool
)

func init() {
	v := os.Getenv(Env)
	name, arg, _ := strings.Cut(v, ":")
	switch name {
	case "":
	case "work":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			panic(fmt.Sprintf("window: %s=%q: want work:N with N ≥ 1", Env, v))
		}
		Work = n
	case "hover-alloc":
		HoverAlloc = true
	case "no-evict":
		NoEvict = true
	case "relayout-all":
		RelayoutAll = true
	case "restyle-rows":
		RestyleRows = true
	case "no-cull", "reemit-scroll":
		// package paint's
	default:
		panic(fmt.Sprintf("window: %s=%q: no such plant", Env, v))
	}
}

var sink uint64

// Spin spins Work iterations: work in drawFrame that does nothing useful.
//
//go:noinline
func Spin() {
	x := sink
	for range Work {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink = x
}

var object *[24]byte

// Alloc allocates a heap object at a hit test, under hover-alloc; the
// test is inlined where it is called, so that a build that plants
// something else pays a branch.
func Alloc() {
	if HoverAlloc {
		alloc()
	}
}

//go:noinline
func alloc() { object = new([24]byte) }
