package ratchet_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/perfbench/perfbench/internal/publish/terminal"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with testdata/golden/name. On a mismatch it writes
// name.got beside it for a diff; -update rewrites the golden file.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./ratchet -run TestGolden -update to create it")
	if !bytes.Equal(want, got) {
		require.NoError(t, os.WriteFile(path+".got", got, 0o644))
		t.Errorf("%s differs from its golden file; compare with: diff %s %s.got (or -update if the change is right)", name, path, path)
	}
}

// TestGolden pins the two file formats and the report: a first run on a
// machine with no baselines, then a run whose hover frames got
// significantly faster and whose restyle count dropped.
func TestGolden(t *testing.T) {
	r := newRepo(t)
	runs := []struct {
		name          string
		hover, scroll []float64
		restyles      float64
	}{
		{"first", spread(8, 90, 110), spread(8, 18, 22), 1},
		{"second", spread(8, 60, 70), spread(8, 18.5, 22.5), 0},
	}
	for i, run := range runs {
		now := day1
		if i > 0 {
			now = day2
		}
		o := r.run(t, r.opts(machineA, now), measuring(numbers(run.hover, run.scroll, run.restyles)))
		var out bytes.Buffer
		require.NoError(t, terminal.WritePerf(&out, o, terminal.Terminal{DocsStale: o.DocsStale}))
		golden(t, run.name+".report", out.Bytes())
		golden(t, run.name+".baselines.yaml", []byte(r.read(t, r.baselines())))
		golden(t, run.name+".performance.md", []byte(r.read(t, r.docs())))
		golden(t, run.name+".history.yaml", []byte(r.read(t, filepath.Join(filepath.Dir(r.baselines()), "history.yaml"))))
	}
}
