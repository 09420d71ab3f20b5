package frontend

import (
	"context"
	"runtime/debug"
)

// Options are what the scenario commands read of harness.Options: the
// program's scenarios, its files, its renderers and how its builds are
// made; harness.Options says what each means.
type Options struct {
	Scenarios       func() []string
	Baselines, Docs string
	Renderers       *Renderers
	Build           func() *debug.BuildInfo
	TryBuild        func(ctx context.Context, commit string) error
	BasePackage     string
	ModFile         string
	CountTogether   bool
}

// Renderers are harness.Renderers: the renderers a program's scenarios
// can draw with.
type Renderers struct {
	Plain   string
	Default func() string
	Help    string
	Open    func(name string) (key string, err error)
	Check   func(name string) error
	Names   func() []string
}
