package main

import (
	"os"
	"runtime/debug"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/scenario"
)

// scenarioNames returns the scenarios `perfbench scenarios` and `perfbench
// perf` run when none is named: every registered one (package suite's).
// Tests swap it for scenarios of their own.
var scenarioNames = scenario.Names

// perfBuild returns the build information the ratchet checks before it
// records: this binary's. Tests swap it, since a test binary is not the
// optimised build the ratchet insists on.
var perfBuild = func() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
}

// frontEnd is perfbench's front end for its scenarios: package harness's
// commands, the ones a user's program gets, over package suite's
// scenarios, with perfbench's renderers.
func frontEnd() harness.Options {
	return harness.Options{
		Program:     "perfbench",
		Scenarios:   func() []string { return scenarioNames() },
		Build:       func() *debug.BuildInfo { return perfBuild() },
		BasePackage: "./cmd/perfbench",
		Progress:    scenarioBar,
		Renderers: &harness.Renderers{
			Plain: "null",
			Default: func() string {
				if os.Getenv("PERFBENCH_GPU") == "1" {
					return "gpu"
				}
				return "null"
			},
			Help:  " (null, cpu or gpu; PERFBENCH_GPU=1 makes gpu the default)",
			Open:  scenarioRenderer,
			Check: checkRendererName,
		},
	}
}

// scenarioRenderer proves the named renderer starts here and returns what
// the machine key says of it: the name and the graphics device, so that
// GPU baselines never mix with null-renderer ones.
func scenarioRenderer(name string) (string, error) {
	rend, release, err := openRenderer(name)
	if err != nil {
		return "", err
	}
	defer release()
	key := name
	if d, ok := rend.(interface{ Device() string }); ok {
		key += ": " + d.Device()
	}
	return key, nil
}
