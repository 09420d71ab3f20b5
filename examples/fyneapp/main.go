// Command fyneapp is a Fyne program that measures itself with perfbench:
// it registers its own scenarios (hover over a list, scroll, typing into
// a field, resize, idle), each with its bands, and runs them with
// perfbench's runner, ratchet and docs writer, headless through Fyne's
// test driver and software painter (package subject/fyne).
//
// From the module root:
//
//	go run ./examples/fyneapp scenarios        # every scenario in its own process, judged
//	go run ./examples/fyneapp perf             # the same, then record baselines and rewrite the docs page
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
		Program:   "fyneapp",
		Baselines: "examples/fyneapp/baselines.yaml",
		Docs:      "examples/fyneapp/performance.md",
	}))
}
