package hud_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/hud"
	"github.com/perfbench/perfbench/internal/instrument/registry"
)

func TestDefsAreWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range hud.Defs {
		assert.False(t, seen[d.ID], "%s defined twice", d.ID)
		seen[d.ID] = true
		assert.Regexp(t, `^hud(\.[a-z0-9]+)+$`, d.ID)
		assert.NotEmpty(t, d.Name, d.ID)
		assert.GreaterOrEqual(t, d.Version, 1, d.ID)
		assert.NotEmpty(t, d.Unit, d.ID)
		assert.NotContains(t, d.Model.String(), "Model(", d.ID)
		assert.Equal(t, registry.Live, d.Scope, d.ID)
		assert.NotEmpty(t, d.Doc, d.ID)
		_, clash := registry.Lookup(d.ID)
		assert.False(t, clash, "%s is also one of metric's", d.ID)
	}
}

// TestReadingsEmitTheDefs checks the table against what is really emitted,
// both ways and in order.
func TestReadingsEmitTheDefs(t *testing.T) {
	var s hud.Sampler
	r := s.Read(clock.At[clock.Sched](0))
	all := r.All()
	require.Len(t, all, len(hud.Defs))
	for i, x := range all {
		d := hud.Defs[i]
		assert.Equal(t, d.ID, x.ID)
		assert.Equal(t, d.Name, x.Name)
		assert.Equal(t, d.Unit, x.Unit)
		assert.Equal(t, d.Version, x.Version, d.ID)
	}
}

// TestDocListsDefs keeps the table in doc.go in step with Defs.
func TestDocListsDefs(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	row := regexp.MustCompile(`^//\t(hud\.[a-z0-9.]+)\s+v(\d+)\s+(\S+)\s+(\S+)\s+(\S+)$`)
	type row4 struct {
		ID      string
		Version int
		Unit    string
		Model   string
		Clock   string
	}
	var got, want []row4
	for _, line := range strings.Split(string(src), "\n") {
		if m := row.FindStringSubmatch(line); m != nil {
			v, _ := strconv.Atoi(m[2])
			got = append(got, row4{m[1], v, m[3], m[4], m[5]})
		}
	}
	for _, d := range hud.Defs {
		clk := map[hud.Clock]string{hud.NoClock: "-", hud.LoopClock: "loop", hud.ProcessClock: "process"}[d.Clock]
		want = append(want, row4{d.ID, d.Version, d.Unit, d.Model.String(), clk})
	}
	assert.Equal(t, want, got)
}
