package ratchet

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/internal/keep/writegroup/writegrouptest"
	"github.com/perfbench/perfbench/internal/publish/perfdocs"
	"github.com/perfbench/perfbench/scenario"
)

// faultRepo is a module root for the fault runs: baselines, history,
// docs and charts as a recording run lays them out.
type faultRepo string

func (r faultRepo) opts(now time.Time, d writegroup.Disk) Options {
	return Options{
		Baselines: filepath.Join(string(r), "perf", "baselines.yaml"),
		Docs:      filepath.Join(string(r), "docs", "performance.md"),
		Scenarios: []string{"hover-storm", "scroll"},
		Machine:   baselines.Machine{CPU: "Test CPU 3000", Cores: 2, OS: "linux", Arch: "amd64", Go: "go1.26.0"},
		Build:     &debug.BuildInfo{},
		Now:       func() time.Time { return now },
		disk:      d,
	}.withDefaults()
}

// files returns every file under the repo, by relative path, with its
// contents.
func (r faultRepo) files(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(string(r), func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			data, rerr := os.ReadFile(p)
			require.NoError(t, rerr)
			rel, _ := filepath.Rel(string(r), p)
			out[rel] = string(data)
		}
		return err
	}))
	return out
}

// phantoms counts the history's numbers whose newest point is not the
// baseline stored for them: a point for a baseline that was never
// recorded.
func (r faultRepo) phantoms(t *testing.T) int {
	t.Helper()
	o := r.opts(time.Time{}, nil)
	store, err := baselines.Load(o.Baselines)
	require.NoError(t, err)
	hist, err := history.Load(o.History)
	require.NoError(t, err)
	n := 0
	for _, k := range []baselines.Key{{Machine: o.Machine.String(), Scenario: "hover-storm", Number: "frame"}, {Machine: o.Machine.String(), Scenario: "scroll", Number: "frame"}} {
		ps := hist.Points(k)
		if len(ps) == 0 {
			continue
		}
		b, ok := store.Get(k)
		if last := ps[len(ps)-1]; !ok || !last.Set.Equal(b.Set) || last.Median != b.Median {
			n++
		}
	}
	return n
}

// faultScenarios are two scenarios' numbers: hover's and scroll's frame
// times with samples spread over [lo, hi], and a count.
func faultScenarios(hoverLo, hoverHi, scrollLo, scrollHi, restyles float64) []scenario.Result {
	spread := func(lo, hi float64) []float64 {
		s := make([]float64, 30)
		for i := range s {
			s[i] = lo + (hi-lo)*float64((i*7)%30)/29
		}
		return s
	}
	return []scenario.Result{
		{Name: "hover-storm", Numbers: []band.Measured{
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.40)}, Samples: spread(hoverLo, hoverHi)},
			{Spec: band.Spec{Name: "restyles", Unit: "restyles/crossing", Band: band.Count(1)}, Samples: []float64{restyles}},
		}},
		{Name: "scroll", Numbers: []band.Measured{
			{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(0.25)}, Samples: spread(scrollLo, scrollHi)},
		}},
	}
}

func measured(s []scenario.Result) Measure {
	return func(context.Context, []string) ([]scenario.Result, error) { return s, nil }
}

var (
	faultDay1 = time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC)
	faultDay2 = time.Date(2026, 9, 11, 9, 30, 0, 0, time.UTC)
	// first records both baselines; second lowers both and changes a
	// count, so its group has every member: baselines, docs, history and
	// both charts.
	first  = faultScenarios(90, 110, 18, 22, 1)
	second = faultScenarios(50, 60, 9, 11, 0)
)

// newFaultRepo returns a repo after the first run.
func newFaultRepo(t *testing.T) faultRepo {
	t.Helper()
	r := faultRepo(t.TempDir())
	for _, d := range []string{"perf", "docs"} {
		require.NoError(t, os.MkdirAll(filepath.Join(string(r), d), 0o755))
	}
	_, err := Run(context.Background(), r.opts(faultDay1, nil), measured(first))
	require.NoError(t, err)
	return r
}

// Every operation of a recording run's write (each create, write, chmod,
// sync, close, rename, removal, directory sync and mkdir of the group:
// baselines, docs, history, two charts and the manifest) fails in turn
// with ENOSPC, with EIO and by the process being killed there. After
// each, the files are whole: the next run's recovery leaves exactly the
// old files or exactly the new ones, with no pending file, and the next
// run then leaves exactly what an unfaulted run leaves. A failure that
// returns is an input error (exit 2) of one line naming a file.
func TestEveryWriteFaultLeavesTheFilesWhole(t *testing.T) {
	slow.Test(t, "every write of a recording run failed in turn, three ways")
	old := newFaultRepo(t).files(t)
	clean := newFaultRepo(t)
	count := &writegrouptest.Disk{At: -1}
	_, err := Run(context.Background(), clean.opts(faultDay2, count), measured(second))
	require.NoError(t, err)
	want := clean.files(t)
	require.NotEqual(t, old, want)
	for _, f := range []string{"perf/baselines.yaml", "perf/history.yaml", "docs/performance.md", "docs/perf/charts/hover-storm.svg", "docs/perf/charts/scroll.svg"} {
		require.NotEqual(t, old[f], want[f], "%s is a member of the second run's group", f)
	}
	points := count.Ops
	t.Logf("%d points of failure in a run that writes 5 files: %s", len(points), strings.Join(points, ", "))

	var damaged, phantom, leftovers, cases int
	kinds := map[string]bool{}
	for at, point := range points {
		kinds[strings.Fields(point)[0]] = true
		for _, f := range []writegrouptest.Fault{writegrouptest.ENOSPC, writegrouptest.EIO, writegrouptest.Kill} {
			cases++
			name := fmt.Sprintf("%s at %d %s", f, at, point)
			r := newFaultRepo(t)
			_, err := Run(context.Background(), r.opts(faultDay2, &writegrouptest.Disk{At: at, Fault: f}), measured(second))
			if f != writegrouptest.Kill && err != nil {
				var ie *writegroup.InputError
				if assert.ErrorAs(t, err, &ie, name) {
					assert.NotEmpty(t, ie.File, name)
					assert.NotContains(t, err.Error(), "\n", name)
				}
			}
			// What the next run's recovery makes of it: whole or absent.
			o := r.opts(faultDay2, nil)
			_, err = writegroup.Recover(writegroup.OS{}, o.Baselines, []string{o.Docs, o.History}, o.Charts, perfdocs.ChartExt)
			require.NoError(t, err, name)
			got := r.files(t)
			if !maps.Equal(got, old) && !maps.Equal(got, want) {
				damaged++
				t.Errorf("%s: after recovery the files are neither the old nor the new ones: %v", name, diffNames(got, old, want))
			}
			phantom += r.phantoms(t)
			// The next run itself.
			_, err = Run(context.Background(), r.opts(faultDay2, nil), measured(second))
			require.NoError(t, err, name)
			got = r.files(t)
			for p := range got {
				if _, ok := want[p]; !ok {
					leftovers++
					t.Errorf("%s: %s left after the next run", name, p)
				}
			}
			if !maps.Equal(got, want) {
				damaged++
				t.Errorf("%s: after the next run the files are not an unfaulted run's: %v", name, diffNames(got, want))
			}
			phantom += r.phantoms(t)
		}
	}
	t.Logf("%d cases (%d points × ENOSPC, EIO, kill): %d damaged, %d phantom history points, %d leftovers", cases, len(points), damaged, phantom, leftovers)
	for _, k := range []string{"create", "write", "sync", "rename", "remove", "syncdir", "mkdir"} {
		assert.True(t, kinds[k], "the run has a %s to fail", k)
	}
}

// diffNames names the files in got that differ from every one of wants.
func diffNames(got map[string]string, wants ...map[string]string) []string {
	var out []string
	names := slices.Sorted(maps.Keys(got))
	for _, w := range wants {
		for p := range w {
			if !slices.Contains(names, p) {
				names = append(names, p)
			}
		}
	}
	for _, p := range names {
		for _, w := range wants {
			if got[p] != w[p] {
				out = append(out, p)
				break
			}
		}
	}
	return out
}
