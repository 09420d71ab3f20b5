package registry

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDefsAreWellFormed(t *testing.T) {
	latest := map[string]int{}
	for _, d := range Defs {
		assert.Greater(t, d.Version, latest[d.ID], "%s v%d: versions of a metric ascend, each defined once", d.ID, d.Version)
		latest[d.ID] = d.Version
		assert.Regexp(t, `^[a-z0-9]+(\.[a-z0-9]+)+$`, d.ID)
		assert.GreaterOrEqual(t, d.Version, 1, d.ID)
		assert.LessOrEqual(t, d.Version, DefsVersion, d.ID)
		assert.NotEmpty(t, d.Unit, d.ID)
		assert.NotEmpty(t, d.Doc, d.ID)
		assert.NotContains(t, d.Doc, "\n", d.ID)
		assert.NotContains(t, d.Model.String(), "Model(", d.ID)
	}
	for _, d := range Defs {
		got, ok := Lookup(d.ID)
		assert.True(t, ok)
		assert.Equal(t, latest[d.ID], got.Version, "Lookup gives the latest version")
	}
	_, ok := Lookup("frame.fps")
	assert.False(t, ok)
}

func TestSelectTakesTheLatestVersionOfASet(t *testing.T) {
	v1 := Select(1, Session)
	v2 := Select(2, Session)
	find := func(ds []Def, id string) (Def, bool) {
		for _, d := range ds {
			if d.ID == id {
				return d, true
			}
		}
		return Def{}, false
	}
	d, ok := find(v1, "present.fps.avg")
	require.True(t, ok)
	assert.Equal(t, 1, d.Version)
	d, ok = find(v2, "present.fps.avg")
	require.True(t, ok)
	assert.Equal(t, 2, d.Version)
	_, ok = find(v1, "input.to.present.p50")
	assert.False(t, ok, "a metric defined later is not in an older set")
	d, ok = find(v2, "frame.cost.p50")
	require.True(t, ok)
	assert.Equal(t, 1, d.Version, "an unchanged definition keeps its version")
}

// TestDocListsDefs keeps the table in doc.go in step with Defs.
func TestDocListsDefs(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	row := regexp.MustCompile(`^//\t([a-z0-9.]+)\s+v(\d+)\s+(\S+)\s+(\S+)$`)
	var got []Def
	for _, line := range strings.Split(string(src), "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		v, _ := strconv.Atoi(m[2])
		got = append(got, Def{ID: m[1], Version: v, Unit: m[3], Doc: m[4]})
	}
	var want []Def
	for _, d := range Defs {
		want = append(want, Def{ID: d.ID, Version: d.Version, Unit: d.Unit, Doc: d.Model.String()})
	}
	assert.Equal(t, want, got, "doc.go's table (Doc holds the model here)")
}
