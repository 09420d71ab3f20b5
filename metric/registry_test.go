package metric

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
	seen := map[string]bool{}
	for _, d := range Defs {
		assert.False(t, seen[d.ID], "%s defined twice", d.ID)
		seen[d.ID] = true
		assert.Regexp(t, `^[a-z0-9]+(\.[a-z0-9]+)+$`, d.ID)
		assert.GreaterOrEqual(t, d.Version, 1, d.ID)
		assert.NotEmpty(t, d.Unit, d.ID)
		assert.NotEmpty(t, d.Doc, d.ID)
		assert.NotContains(t, d.Doc, "\n", d.ID)
		assert.NotContains(t, d.Model.String(), "Model(", d.ID)
		got, ok := Lookup(d.ID)
		assert.True(t, ok)
		assert.Equal(t, d, got)
	}
	_, ok := Lookup("frame.fps")
	assert.False(t, ok)
}

// TestSummarizeEmitsTheSessionDefs checks the table against what is really
// emitted, both ways: every Session metric is reported, with the version
// and unit of its definition, and nothing is reported that is not defined.
func TestSummarizeEmitsTheSessionDefs(t *testing.T) {
	f, err := os.Open("testdata/basic.jsonl")
	require.NoError(t, err)
	defer f.Close()
	s, err := Summarize(f)
	require.NoError(t, err)

	emitted := map[string]bool{}
	for _, r := range s.Metrics {
		d, ok := Lookup(r.ID)
		require.True(t, ok, "%s is emitted but not defined", r.ID)
		assert.Equal(t, Session, d.Scope, r.ID)
		assert.Equal(t, d.Version, r.Version, r.ID)
		assert.Equal(t, d.Unit, r.Unit, r.ID)
		emitted[r.ID] = true
	}
	for _, d := range Defs {
		if d.Scope == Session {
			assert.True(t, emitted[d.ID], "%s is defined but not emitted", d.ID)
		}
	}
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
