package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/renderer"
	_ "github.com/perfbench/perfbench/renderer/null"   // registers "null"
	_ "github.com/perfbench/perfbench/renderer/raster" // registers "cpu"
	"github.com/perfbench/perfbench/ui/window"
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
// binary was built without, is a usage error.
func openRenderer(name string) (renderer.Renderer, func(), error) {
	r, err := renderer.New(name)
	if err != nil {
		return nil, nil, usageError{err}
	}
	release := func() {}
	if c, ok := r.(renderer.Closer); ok {
		release = func() { c.Close() }
	}
	return r, release, nil
}

// windowWith returns window options that draw with r.
func windowWith(r renderer.Renderer) window.Options { return window.Options{Renderer: r} }
