package main

import (
	"fmt"
	"os"
	"slices"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/renderer"
	_ "github.com/perfbench/perfbench/renderer/null"   // registers "null"
	_ "github.com/perfbench/perfbench/renderer/raster" // registers "cpu"
)

// rendererFlag adds --renderer to cmd with the default the environment
// asks for: gpu when PERFBENCH_GPU=1, else def.
func rendererFlag(cmd *cobra.Command, name *string, def, help string) {
	if os.Getenv("PERFBENCH_GPU") == "1" {
		def = "gpu"
	}
	cmd.Flags().StringVar(name, "renderer", def, help+" (null, cpu or gpu; PERFBENCH_GPU=1 makes gpu the default)")
}

// openRenderer makes the named renderer; an unknown name, or one this
// binary was built without, is a usage error. A renderer that cannot start
// here (no EGL) is an ordinary error.
func openRenderer(name string) (renderer.Renderer, func(), error) {
	r, err := renderer.New(name)
	if err != nil {
		if !slices.Contains(renderer.Names(), name) {
			return nil, nil, harness.UsageError{Err: err}
		}
		return nil, nil, err
	}
	release := func() {}
	if c, ok := r.(renderer.Closer); ok {
		release = func() { c.Close() }
	}
	return r, release, nil
}

// checkRendererName is a usage error for a renderer name that is unknown
// or not in this build; it makes no renderer.
func checkRendererName(name string) error {
	if slices.Contains(renderer.Names(), name) {
		return nil
	}
	_, err := renderer.New(name)
	return harness.UsageError{Err: err}
}

// checkGPUEnv refuses PERFBENCH_GPU=1 in a binary built without the gpu
// renderer, and any value but 0 or 1.
func checkGPUEnv() error {
	switch v := os.Getenv("PERFBENCH_GPU"); v {
	case "", "0":
		return nil
	case "1":
		if !slices.Contains(renderer.Names(), "gpu") {
			return harness.UsageError{Err: fmt.Errorf("PERFBENCH_GPU=1: %w", renderer.ErrNotBuilt{Name: "gpu"})}
		}
		return nil
	default:
		return harness.Usagef("PERFBENCH_GPU=%q: want 1 (draw with the gpu renderer) or 0", v)
	}
}
