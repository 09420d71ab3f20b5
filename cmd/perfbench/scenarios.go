package main

import (
	"context"
	"os"
	"runtime/debug"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/renderer"
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

// perfTryBuild is harness.Options.TryBuild: nil, perf builds the
// reference it is about to record here; tests that swap perfBuild for a
// commit of no repository swap it too.
var perfTryBuild func(ctx context.Context, commit string) error

// frontEnd is perfbench's front end for its scenarios: package harness's
// commands, the ones a user's program gets, over package suite's
// scenarios, with perfbench's renderers.
func frontEnd() harness.Options {
	return harness.Options{
		Program:     "perfbench",
		Scenarios:   func() []string { return scenarioNames() },
		Build:       func() *debug.BuildInfo { return perfBuild() },
		TryBuild:    perfTryBuild,
		BasePackage: "./cmd/perfbench",
		// The engine's scenarios leave nothing in its packages that moves
		// the next one's count: counted in one process, each reads what
		// it reads in a process of its own, within 0.03%.
		CountTogether: true,
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
			Names: renderer.Names,
		},
	}
}

// scenarioRenderer returns what the machine key says of the named
// renderer: the name and the graphics device, so that GPU baselines never
// mix with null-renderer ones. The registry says it (renderer.Describe),
// asking the device alone where there is one: this process makes no
// renderer, the runner's children do.
func scenarioRenderer(name string) (string, error) {
	if err := checkRendererName(name); err != nil {
		return "", err
	}
	caps, err := renderer.Describe(name)
	if err != nil {
		return "", err
	}
	key := name
	if caps.Device != "" {
		key += ": " + caps.Device
	}
	return key, nil
}
