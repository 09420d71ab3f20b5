package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/internal/check/workreport"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/judge/stats"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/workloads"
)

// schemaDoc is the page that documents every JSON report.
var schemaDoc = filepath.Join("..", "..", "docs", "report-json.md")

// docSchema is the JSON schema docs/report-json.md states: for each kind
// of report, every field's path ("scenarios[].numbers[].band.kind") and
// its type, read from the page's field tables. A table follows a heading
// that names its kind in backticks (`judged`); the heading "Every report"
// holds the fields every kind opens with, and a heading "The `NAME`
// object" an object that a row of type NAME (or "array of NAME") stands
// for. A field of a report inside another ("paired report") is typed,
// but need not be printed there: its own kind's reports print it.
type docSchema struct {
	fields map[string]map[string]string
	inner  map[string]map[string]bool
}

var (
	schemaHeading = regexp.MustCompile("^## (?:`([a-z]+)`$|(Every report)$|The `([a-z]+)` object$)")
	schemaRow     = regexp.MustCompile("^\\| `([a-z_\\[\\].]+)` \\| ([a-z ]+) \\|")
)

func readDocSchema(page string) (docSchema, error) {
	tables := map[string]map[string]string{}
	objects := map[string]bool{}
	kind := ""
	for i, line := range strings.Split(page, "\n") {
		if m := schemaHeading.FindStringSubmatch(line); m != nil {
			kind = m[1] + m[3] // "" for the fields every report has
			objects[kind] = m[3] != ""
			if tables[kind] != nil {
				return docSchema{}, fmt.Errorf("line %d: a second section for %q", i+1, kind)
			}
			tables[kind] = map[string]string{}
			continue
		}
		if strings.HasPrefix(line, "## ") {
			kind = "-" // a section with no fields
			continue
		}
		m := schemaRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if tables[kind] == nil {
			return docSchema{}, fmt.Errorf("line %d: a field outside a section of fields", i+1)
		}
		if _, ok := tables[kind][m[1]]; ok {
			return docSchema{}, fmt.Errorf("line %d: %s twice", i+1, m[1])
		}
		tables[kind][m[1]] = strings.TrimSpace(m[2])
	}
	s := docSchema{fields: map[string]map[string]string{}, inner: map[string]map[string]bool{}}
	for kind, fields := range tables {
		if kind == "" || objects[kind] {
			continue
		}
		all := map[string]string{}
		for _, src := range []map[string]string{tables[""], fields} {
			for path, typ := range src {
				of, array := strings.CutPrefix(typ, "array of ")
				switch {
				case objects[typ]:
					all[path] = "object"
					for sub, t := range tables[typ] {
						all[path+"."+sub] = t
					}
				case array && objects[of]:
					all[path] = "array of objects"
					for sub, t := range tables[of] {
						all[path+"[]."+sub] = t
					}
				default:
					all[path] = typ
				}
			}
		}
		s.fields[kind] = all
	}
	// A report inside another: "paired report" is every field of a
	// paired report, under its path.
	for kind, all := range s.fields {
		for path, typ := range all {
			if inner, ok := strings.CutSuffix(typ, " report"); ok {
				if _, ok := tables[inner]; !ok || objects[inner] || inner == "" {
					return docSchema{}, fmt.Errorf("%s: no kind %q to be a report of", path, inner)
				}
				all[path] = "object"
				if s.inner[kind] == nil {
					s.inner[kind] = map[string]bool{}
				}
				for sub, t := range s.fields[inner] {
					all[path+"."+sub] = t
					s.inner[kind][path+"."+sub] = true
				}
			}
		}
	}
	if len(s.fields) == 0 {
		return docSchema{}, fmt.Errorf("no kind of report documented")
	}
	return s, nil
}

// schemaExempt are the documented fields no report in the test prints,
// each with why.
var schemaExempt = map[string]string{
	"reference: reference.recovered": "printed only after a write was interrupted",
}

// schemaCheck holds what a check found: every field a report printed
// that its kind's table lacks or types otherwise, and which documented
// fields some report printed.
type schemaCheck struct {
	s        docSchema
	seen     map[string]map[string]bool
	problems []string
}

func newSchemaCheck(s docSchema) *schemaCheck {
	return &schemaCheck{s: s, seen: map[string]map[string]bool{}}
}

// report checks one report's JSON against its kind's table.
func (c *schemaCheck) report(what string, data []byte) {
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		c.problems = append(c.problems, fmt.Sprintf("%s: not a JSON object: %v", what, err))
		return
	}
	kind, _ := v["kind"].(string)
	fields, ok := c.s.fields[kind]
	if !ok {
		c.problems = append(c.problems, fmt.Sprintf("%s: kind %q is not documented", what, kind))
		return
	}
	if c.seen[kind] == nil {
		c.seen[kind] = map[string]bool{}
	}
	for k, x := range v {
		c.value(what, kind, fields, k, x)
	}
}

func (c *schemaCheck) value(what, kind string, fields map[string]string, path string, v any) {
	typ, ok := fields[path]
	if !ok {
		c.problems = append(c.problems, fmt.Sprintf("%s: %s is in %s's JSON but not in its table", what, path, kind))
		return
	}
	c.seen[kind][path] = true
	c.typed(what, path, typ, v)
	switch x := v.(type) {
	case map[string]any:
		if strings.HasPrefix(typ, "object of ") {
			return // a map: its keys are data, typed by typed
		}
		for k, e := range x {
			c.value(what, kind, fields, path+"."+k, e)
		}
	case []any:
		for _, e := range x {
			if m, ok := e.(map[string]any); ok {
				for k, f := range m {
					c.value(what, kind, fields, path+"[]."+k, f)
				}
			}
		}
	}
}

// typed checks v has the documented type: string, number, integer,
// boolean, object, "array of T", "object of T" (a map) or "T or null".
func (c *schemaCheck) typed(what, path, typ string, v any) {
	if !typeIs(typ, v) {
		c.problems = append(c.problems, fmt.Sprintf("%s: %s is %s, not %s: %v", what, path, jsonType(v), typ, v))
	}
}

func typeIs(typ string, v any) bool {
	if t, ok := strings.CutSuffix(typ, " or null"); ok {
		return v == nil || typeIs(t, v)
	}
	elems := func(of string, each func(func(any) bool) bool) bool {
		of = strings.TrimSuffix(of, "s") // "numbers" is number
		return each(func(e any) bool { return typeIs(of, e) })
	}
	switch x := v.(type) {
	case string:
		return typ == "string"
	case bool:
		return typ == "boolean"
	case float64:
		return typ == "number" || typ == "integer" && x == math.Trunc(x)
	case map[string]any:
		if of, ok := strings.CutPrefix(typ, "object of "); ok {
			return elems(of, func(f func(any) bool) bool {
				for _, e := range x {
					if !f(e) {
						return false
					}
				}
				return true
			})
		}
		return typ == "object"
	case []any:
		of, ok := strings.CutPrefix(typ, "array of ")
		return ok && elems(of, func(f func(any) bool) bool {
			for _, e := range x {
				if !f(e) {
					return false
				}
			}
			return true
		})
	}
	return false
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case map[string]any:
		return "object"
	}
	return "array"
}

// unseen lists the documented fields no checked report printed.
func (c *schemaCheck) unseen() []string {
	var out []string
	for kind, fields := range c.s.fields {
		for path := range fields {
			if _, ok := schemaExempt[kind+": "+path]; !ok && !c.s.inner[kind][path] && !c.seen[kind][path] {
				out = append(out, kind+": "+path)
			}
		}
	}
	sort.Strings(out)
	return out
}

// fullReports are one report of each kind with every field set that a run
// can leave out (a move, stale docs, a broken scenario, a straddling time,
// a remeasured workload, …), written by the real writers, so that every
// optional field is checked against the page too.
func fullReports(t *testing.T) map[string][]byte {
	t.Helper()
	time := band.Judged{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Band{Kind: band.KindTime, Baseline: 1, Tolerance: 0.5, Spread: 0.1},
		Budget: &band.Budget{Max: 16667, Why: "one refresh at 60 Hz"}},
		N: 100, Processes: 5, Wall: 1.2, Median: 1.1, Lo: 1, Hi: math.Inf(1), Confidence: 0.95, Limit: 1.5,
		BandVerdict: band.Pass, BudgetVerdict: band.Pass, Straddles: true, Reason: "why", Warnings: []string{"a warning"}}
	ceiling := band.Judged{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(2)}, N: 1, Median: 2, Limit: 2,
		BandVerdict: band.Pass, BudgetVerdict: band.None}
	floor, exact := ceiling, ceiling
	floor.Band, exact.Band = band.Floor(1), band.Exact(2)
	recorded := ceiling
	recorded.Band = band.Record(band.AtMost).WithBound(2)
	unrecorded := ceiling
	unrecorded.Band, unrecorded.BandVerdict, unrecorded.Limit = band.Record(band.AtLeast), band.Unbaselined, 0
	machine := baselines.DetectMachine()
	o := outcome.Outcome{Machine: machine.String(), CPU: machine.CPU, Verdict: band.Broken,
		Scenarios: []outcome.Scenario{
			{Name: "a", Verdict: band.Pass, Remeasured: true, Rebaselined: true, Numbers: outcome.ByBand("a", time, ceiling, floor, exact, recorded, unrecorded)},
			{Name: "b", Verdict: band.Broken, Broken: "exited with status 2"},
		},
		Recording: outcome.Recording{Moves: []outcome.BaselineMove{{Scenario: "a", Number: "frame", Unit: "µs/frame", Kind: history.Rebaselined.String(), From: 1, To: 1.1, Why: "a reason"},
			{Scenario: "a", Number: "restyles", Unit: "restyles/frame", Kind: history.Tightened.String(), Direction: band.AtMost, From: 3, To: 2, Why: "tightened from 3 restyles/frame"}},
			BaselinesWritten: true, HistoryWritten: true, DocsWritten: true, ChartsWritten: []string{"docs/perf/charts/a.svg"}, DocsStale: true}}
	// Every field of an explained number: its rows, both profiles, the
	// step's tag and the flame graph.
	explained := outcome.Where{Scenario: "a", Number: "instructions", Unit: "instructions/step", Base: 8366, Change: 65,
		Rows:        []outcome.WhereRow{{Function: "window.(*Window).place", Self: 60, Cum: 62, Share: 0.92}},
		HeadProfile: "a.head.pb.gz", BaseProfile: "a.base.pb.gz", FlameGraph: "a.instructions.diff.svg", Tag: "step=cross"}
	// A count explained by the elements that did its work.
	elements := outcome.Where{Scenario: "a", Number: "restyles", Unit: "restyles/frame", Base: 2, Change: 239, Of: "element",
		Rows: []outcome.WhereRow{{Function: "box.row-odd.table-row (class)", Self: 60, Cum: 60, Share: 0.25, Labels: []string{"#43", "#55"}, LabelCount: 120}}}
	o.Where = []outcome.Where{explained, elements}
	pairedFrame := pairedNumber("a", "frame", "µs/frame", band.Band{Kind: band.KindTime}, 1.1, 1)
	pairedFrame.Ratio = outcome.Ratio{Value: 1.1, Lo: 1.05, Hi: 1.15, Level: 0.99, Pairs: 60, Slower: 0.001, Faster: 0.9, Detectable: 1.04,
		Between: stats.Between{Spread: 0.015, Var: 0.0001, Within: 0.0001, DF: 12}}
	pairedFrame.Verdict, pairedFrame.Move, pairedFrame.Note = band.Fail, outcome.Worse, "1.1× slower"
	pairedNew := pairedNumber("a", "restyles", "restyles/frame", band.Band{Kind: band.KindCount, Dir: band.AtMost}, 2, math.NaN())
	pairedNew.Verdict, pairedNew.Move, pairedNew.Note = band.None, outcome.New, "new in head"
	p := pairedOutcome(band.Fail, outcome.Pairing{Tolerance: 0.03, Alpha: paired.Alpha, Times: 1, Looks: 4, FailUnsure: true, Builds: 4, Seed: 7},
		pairedFrame, pairedNew)
	p.Scenarios = append(p.Scenarios, outcome.Scenario{Name: "b", Verdict: band.Broken, Broken: "head: exited with status 2"})
	p.Where = []outcome.Where{explained, elements}
	m := scenario.Result{Name: "a", Steps: 10, Broken: "why", Numbers: []band.Measured{
		{Spec: band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Band{Kind: band.KindTime, Baseline: 1, Tolerance: 0.5, Spread: 0.1}}, Samples: []float64{1, 2, 3}},
		{Spec: band.Spec{Name: "restyles", Unit: "restyles/frame", Band: band.Count(2)}},
		{Spec: band.Spec{Name: "skips", Unit: "skips/run", Band: band.Floor(2)}, Samples: []float64{2}},
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Exact(2)}, Samples: []float64{2}},
		{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Record(band.AtMost)}, Samples: []float64{2}},
	}}
	out := map[string][]byte{}
	for kind, r := range map[string]*report.Report{
		"judged":   {Program: "perfbench", Command: "perf", Outcome: o},
		"paired":   {Program: "perfbench", Command: "scenarios", Outcome: p, Base: "main (0123456789ab)"},
		"measured": {Program: "perfbench", Command: "scenario", Outcome: outcome.Measured(m)},
	} {
		var b strings.Builder
		require.NoError(t, r.Write(&b, &strings.Builder{}, report.JSON))
		out["every field of a "+kind+" report"] = []byte(b.String())
	}
	crit := workloads.Criterion{Limit: workloads.Limit{Name: "time s26/s1", Unit: "×", Shape: workloads.Band, Lo: 0.5, Hi: 1.1, Time: true, Why: "flat"},
		Value: 1.01, Verdict: band.Pass, Detail: "s26 0.49 µs / s1 0.48 µs"}
	missing := crit
	missing.Value, missing.Verdict = math.NaN(), band.Broken
	w := workreport.Report("workloads", []workloads.Result{{Workload: "static-slope", Gate: true, Verdict: band.Pass, Remeasured: true, Seconds: 2.1,
		Points:   []workloads.Summary{{Series: "update", Label: "s1", X: 2140, N: 100, MedianUs: 0.48, Counts: map[string]uint64{"restyles": 2}}},
		Criteria: []workloads.Criterion{crit, missing}, First: []workloads.Criterion{crit}}})
	b, err := json.Marshal(w)
	require.NoError(t, err)
	out["every field of a workloads report"] = b
	return out
}

// docs/report-json.md states every field of every JSON report and its
// type, and nothing more: each report the commands print — scenarios,
// perf, perf --check, scenario NAME, a paired run, workload NAME — and one
// of each kind with every optional field set is checked against the
// page's tables, and every field the page lists must be printed by one of
// them. A field added to the code and not to the page, or left on the page
// after the code dropped it, fails here.
func TestTheJSONIsWhatTheDocsSay(t *testing.T) {
	slow.Test(t, "runs scenarios, perf and reference for real and types every field")
	page, err := os.ReadFile(schemaDoc)
	require.NoError(t, err)
	s, err := readDocSchema(string(page))
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"judged", "paired", "measured", "reference", "workloads"}, keys(s.fields))

	reports := fullReports(t)
	dir := t.TempDir()
	baselines, docs := filepath.Join(dir, "b.yaml"), filepath.Join(dir, "perf.md")
	require.NoError(t, os.WriteFile(docs, []byte("# perf\n\n<!-- perfbench:begin -->\n<!-- perfbench:end -->\n"), 0o644))
	self, err := os.Executable()
	require.NoError(t, err)
	for _, args := range [][]string{
		{"scenarios", "test-fixed", "test-fail", "--json", "--baselines", baselines},
		{"perf", "--json", "--baselines", baselines, "--docs", docs, "--allow-dirty"},
		{"perf", "--check", "--json", "--baselines", baselines, "--docs", docs},
		{"scenario", "test-fixed", "--json"},
		{"scenarios", "test-fixed", "--base-binary", self, "--pairs", "4", "--budget", "0", "--json"},
	} {
		code, stdout, stderr := perfbench(t, args...)
		require.NotEqual(t, harness.ExitUsage, code, "%v: %s", args, stderr)
		reports[strings.Join(args[:min(2, len(args))], " ")] = []byte(stdout)
	}
	// The revision ratchet moving its reference (head faster), then
	// keeping the one it moved to (an A/A), whose ratios it now holds.
	_, _, flags := referenceFiles(t)
	t.Setenv(harness.BasePlantEnv, "test-scaled:1.1")
	code, stdout, stderr := perfbench(t, append(flags, "--json")...)
	require.Equal(t, harness.ExitPass, code, stderr)
	reports["reference, moved"] = []byte(stdout)
	t.Setenv(harness.BasePlantEnv, "")
	code, stdout, stderr = perfbench(t, append(flags, "--json", "--head-commit", strings.Repeat("c", 40))...)
	require.Equal(t, harness.ExitPass, code, stderr)
	reports["reference, kept"] = []byte(stdout)
	if !testing.Short() {
		_, stdout, _ := perfbench(t, "workload", "glide-split", "--rounds", "1", "--json")
		reports["workload glide-split"] = []byte(stdout)
	}
	c := newSchemaCheck(s)
	names := keys(reports)
	slices.Sort(names)
	for _, what := range names {
		c.report(what, reports[what])
	}
	assert.Empty(t, c.problems, "docs/report-json.md and the JSON differ")
	assert.Empty(t, c.unseen(), "docs/report-json.md lists fields no report printed")
}

// The check fails a page that lacks a field, one that keeps a field the
// JSON no longer has, and one that types a field otherwise.
func TestTheJSONSchemaCheckCanFail(t *testing.T) {
	page, err := os.ReadFile(schemaDoc)
	require.NoError(t, err)
	full := fullReports(t)
	for _, tt := range []struct {
		name, old, new, want string
	}{
		{"a field the page lacks", "| `testbed` |", "| `testbedx` |", "testbed is in judged's JSON but not in its table"},
		{"a field the JSON lacks", "| `testbed` |", "| `tesbed` | string | x |\n| `testbed` |", "judged: tesbed"},
		{"a field typed otherwise", "| `steps` | integer |", "| `steps` | string |", "steps is number, not string"},
		{"a field listed twice", "| `machine` | string |", "| `machine` | string | x |\n| `machine` | string |", "machine twice"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			require.Contains(t, string(page), tt.old)
			s, err := readDocSchema(strings.Replace(string(page), tt.old, tt.new, 1))
			if err != nil {
				assert.Contains(t, err.Error(), tt.want)
				return
			}
			c := newSchemaCheck(s)
			for what, data := range full {
				c.report(what, data)
			}
			assert.Contains(t, strings.Join(append(c.problems, c.unseen()...), "\n"), tt.want)
		})
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
