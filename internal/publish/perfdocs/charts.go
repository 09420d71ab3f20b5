package perfdocs

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/internal/publish/chart"
)

// chartable reports whether a scenario gets a chart: one that ran and
// reported numbers. A broken scenario's chart is left as it was.
func chartable(sc Scenario) bool { return sc.Broken == "" && len(sc.Numbers) > 0 }

// chartFile is a scenario's chart's file name in the charts directory.
func chartFile(scenario string) string { return scenario + ChartExt }

// ChartExt ends every chart's file name.
const ChartExt = ".svg"

// chartLink is the Markdown that embeds a scenario's chart in the docs;
// dir is the charts directory relative to the docs file's, with slashes.
func chartLink(dir, scenario string) string {
	return "![" + scenario + ": baseline history and counts](" + path.Join(dir, chartFile(scenario)) + ")\n\n"
}

// chartTitle names a chart's scenario and machine. A machine key that
// names a renderer (and its GL renderer string) puts it on a line of its
// own, or the title would outrun the chart.
func chartTitle(scenario, machine string) string {
	return scenario + " on " + strings.Replace(machine, ", renderer ", "\nrenderer ", 1)
}

// Charts draws one chart per chartable scenario, in format, keyed by scenario
// name: each time number's baselines on machine over time (from the
// history, and the stored baseline where the history does not have it
// yet) with its band's limit, and each count of this run against its
// bound. Like the docs section it depends on recorded baselines and exact
// counts only, never on a run's noise, so unchanged data gives unchanged
// bytes.
func Charts(scenarios []Scenario, store *baselines.Store, hist *history.History, scope baselines.Scope, format string) (map[string][]byte, error) {
	machine := scope.Machine
	out := map[string][]byte{}
	for _, sc := range scenarios {
		if !chartable(sc) {
			continue
		}
		var times []chart.TimeHistory
		var counts []chart.Count
		for _, n := range sc.Numbers {
			switch {
			case n.Band.Keeping().Baseline():
				k := scope.Key(sc.Name, n.Spec)
				points := hist.Points(k)
				if b, ok := store.Get(k); ok && (len(points) == 0 || !points[len(points)-1].Set.Equal(b.Set)) {
					points = append(points, history.PointOf(b))
				}
				b, _ := store.Get(k)
				th := chart.TimeHistory{Name: n.Name, Unit: n.Unit, Tolerance: n.Band.Tolerance}
				for _, p := range points {
					why := p.Why
					if why == "" && p.Kind == history.Rebaselined && p.Set.Equal(b.Set) {
						why = b.Why // a history written before it kept the why
					}
					th.Baselines = append(th.Baselines, chart.Baseline{Set: p.Set, Median: p.Median, Lo: p.Lo, Hi: p.Hi,
						Kind: chart.Kind(p.Kind.String()), Commit: p.Commit, Why: why})
				}
				times = append(times, th)
			default: // a count, its bound in source or recorded; no band is Broken
				if n.BandVerdict == band.Broken || (!n.Band.Recorded && slices.Contains(sc.Varying, n.Name)) {
					// A varying count under a written bound has only
					// this run's value, which moves without a change
					// and would redraw the chart (the docs say
					// "varies").
					continue
				}
				c := chart.Count{Name: n.Name, Unit: n.Unit, Value: n.Median,
					Symbol: n.Band.Direction().Symbol(), Bound: n.Band.Ceiling}
				if n.Band.Recorded {
					rec, ok := store.Bound(baselines.CountKey{Scenario: sc.Name, Number: n.Name})
					if !ok {
						continue // nothing to chart it against yet
					}
					c.Bound = rec.Bound
					for _, p := range hist.BoundPoints(baselines.CountKey{Scenario: sc.Name, Number: n.Name}) {
						if p.Kind == history.Rebaselined {
							c.Rebaselines = append(c.Rebaselines, chart.Baseline{Set: p.Set, Median: p.Median, Lo: p.Lo, Hi: p.Hi,
								Kind: chart.Rebaselined, Commit: p.Commit, Why: p.Why})
						}
					}
					if rec.Varies {
						// Its processes' worst, as recorded: a median
						// of processes that differ would redraw the
						// chart on every run.
						c.Value = rec.Hi
						if rec.Dir == band.AtLeast {
							c.Value = rec.Lo
						}
					}
				}
				counts = append(counts, c)
			}
		}
		var b bytes.Buffer
		if err := chart.Scenario(&b, format, chartTitle(sc.Name, machine), times, counts); err != nil {
			return nil, err
		}
		out[sc.Name] = b.Bytes()
	}
	return out, nil
}

// ChangedCharts returns a group member for each chart whose bytes differ
// from its file's, in scenario order. A chart's path that holds something
// other than a regular file is an [*writegroup.InputError].
func ChangedCharts(dir string, order []Scenario, charts map[string][]byte) ([]writegroup.Member, error) {
	var ws []writegroup.Member
	for _, sc := range order {
		data, ok := charts[sc.Name]
		if !ok {
			continue
		}
		p := filepath.Join(dir, chartFile(sc.Name))
		old, err := writegroup.Read(p, "a chart", "remove it, so that perfbench perf draws it afresh")
		switch {
		case err == nil && bytes.Equal(old, data):
			continue
		case err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			// (A charts directory that is a file is told when it is made.)
			return nil, err
		}
		ws = append(ws, writegroup.Member{Path: p, Data: data})
	}
	return ws, nil
}
