package harness

import (
	"context"
	"reflect"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every field the scenario commands read of Options reaches them: the
// copy Root hands them sets each of frontend.Options' fields and each of
// its Renderers', so a field added there and not copied fails here.
func TestOptionsReachTheCommands(t *testing.T) {
	o := Options{
		Scenarios: func() []string { return nil }, Baselines: "b.yaml", Docs: "p.md",
		Build: func() *debug.BuildInfo { return nil }, TryBuild: func(context.Context, string) error { return nil },
		BasePackage: "./cmd/p", ModFile: "go.perf.mod", CountTogether: true,
		Renderers: &Renderers{Plain: "null", Default: func() string { return "null" }, Help: "(null)",
			Open: func(string) (string, error) { return "", nil }, Check: func(string) error { return nil },
			Names: func() []string { return nil }},
	}
	f := o.frontend()
	for _, v := range []reflect.Value{reflect.ValueOf(f), reflect.ValueOf(*f.Renderers)} {
		for i := range v.NumField() {
			assert.False(t, v.Field(i).IsZero(), "%s.%s is not copied", v.Type(), v.Type().Field(i).Name)
		}
	}
	assert.Nil(t, Options{}.frontend().Renderers, "no renderers, no flag")
}
