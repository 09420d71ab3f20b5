// Command gioapp is a Gio program that measures itself with perfbench: it
// registers its own scenarios (hover over a list, scroll, typing into a
// field, resize, idle), each with its bands, and runs them with
// perfbench's runner, ratchet and docs writer.
//
// From the module root:
//
//	go run ./examples/gioapp scenarios        # every scenario in its own process, judged
//	go run ./examples/gioapp perf             # the same, then record baselines and rewrite the docs page
//
// Its baselines and docs page live beside it (baselines.yaml,
// performance.md).
package main

import (
	"os"

	"github.com/perfbench/perfbench/harness"
)

func main() {
	os.Exit(harness.Main(os.Args[1:], os.Stdout, os.Stderr, harness.Options{
		Program:   "gioapp",
		Baselines: "examples/gioapp/baselines.yaml",
		Docs:      "examples/gioapp/performance.md",
	}))
}
