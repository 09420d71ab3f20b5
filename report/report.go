// Package report is the one model of what a scenario command measured and
// judged, and its writers: a [Report] holds a judged run (scenarios and
// perf against their bands), a paired run (scenarios --base) or one
// scenario's measured numbers, and renders as a terminal table, Markdown
// for a pull request, versioned JSON ([Version]) or, for judged runs, the
// Go benchmark format — one value, several writers, as benchstat's
// benchtab does, so perfbench and every program built on package harness
// print the same shapes.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/outcome"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/tracker"
)

// Format is how a report is written.
type Format string

// The formats.
const (
	Table    Format = "table"
	Markdown Format = "markdown"
	JSON     Format = "json"
	Benchfmt Format = "benchfmt"
	// BMF is the Bencher Metric Format, and the GAB formats
	// github-action-benchmark's custom JSON, one kind of number each
	// (package tracker), for judged runs.
	BMF             Format = "bmf"
	GABTimes        Format = "gab-times"
	GABCounts       Format = "gab-counts"
	GABFloors       Format = "gab-floors"
	GABInstructions Format = "gab-instructions"
)

// GABFormats are the github-action-benchmark formats, one per
// tracker.GABSet, in the order a workflow lists their steps.
var GABFormats = []Format{GABTimes, GABCounts, GABFloors, GABInstructions}

// gabSet is the set of numbers a GAB format writes, false for another
// format.
func gabSet(f Format) (tracker.GABSet, bool) {
	set, ok := strings.CutPrefix(string(f), "gab-")
	return tracker.GABSet(set), ok && slices.Contains(GABFormats, f)
}

// Report is one command's outcome. Set exactly one of Runs, Paired and
// Measured.
type Report struct {
	// Program names the program in headings and JSON ("perfbench").
	Program string
	// Command is the command that measured ("scenarios" or "perf").
	Command string

	// Runs are the judged runs of scenarios or perf, one per --count.
	Runs []outcome.Outcome
	// Package is the benchmark format's pkg.
	Package string

	// Paired is a paired run, against the base build Base names, of the
	// head builds Head names ("" is this binary alone).
	Paired     *outcome.Outcome
	Base, Head string

	// Measured is one scenario's numbers, with no verdict.
	Measured *scenario.Result

	// Terminal lays a judged run's table out for where it is printed: its
	// width, --wide, colour on a terminal. The zero Terminal is 100
	// columns, compact, no colour.
	Terminal Terminal
}

// Failed reports whether the outcome fails the command: a band that
// failed, a scenario that broke, a paired number that failed.
func (r *Report) Failed() bool {
	switch {
	case r.Paired != nil:
		return r.Paired.Failed()
	case r.Measured != nil:
		// A number that reads missing is Broken in every judged run, so
		// the command that only measures exits as they would.
		return r.Measured.Broken != "" || slices.ContainsFunc(r.Measured.Numbers, func(m band.Measured) bool { return len(m.Samples) == 0 })
	}
	for _, o := range r.Runs {
		if o.Failed() {
			return true
		}
	}
	return false
}

// Write writes the report to w in format f; errw gets what the benchmark
// format names beside its lines (broken scenarios, failed numbers). A
// format the report has no form in panics: the caller checks flags first
// ([Report.Supports]).
func (r *Report) Write(w, errw io.Writer, f Format) error {
	if !r.Supports(f) {
		panic(fmt.Sprintf("report: a %s report has no %s form", r.kind(), f))
	}
	switch f {
	case JSON:
		return r.writeJSON(w)
	case Benchfmt:
		return r.writeBenchfmt(w, errw)
	case BMF, GABTimes, GABCounts, GABFloors, GABInstructions:
		return writeTracker(w, f, r.last())
	case Markdown:
		switch {
		case r.Paired != nil:
			return writeMarkdownPaired(w, r.Program, r.Command, r.Base, *r.Paired)
		default:
			return writeMarkdownOutcome(w, r.Program, r.Command, r.last())
		}
	}
	switch {
	case r.Paired != nil:
		return writePairedTable(w, r.Head, r.Base, *r.Paired, r.Terminal.Width)
	case r.Measured != nil:
		return writeScenarioResult(w, *r.Measured)
	case r.Command == "perf":
		t := r.Terminal
		t.DocsStale = r.last().DocsStale
		return WritePerf(w, r.last(), t)
	}
	return WriteTerminal(w, r.last(), r.Terminal)
}

// Supports reports whether the report has a form in format f: every
// report a table and JSON; a judged or paired run Markdown; a judged run
// the benchmark format.
func (r *Report) Supports(f Format) bool {
	switch f {
	case Table, JSON:
		return true
	case Markdown:
		return r.Measured == nil
	case Benchfmt, BMF, GABTimes, GABCounts, GABFloors, GABInstructions:
		return r.Paired == nil && r.Measured == nil
	}
	return false
}

func (r *Report) kind() string {
	switch {
	case r.Paired != nil:
		return "paired"
	case r.Measured != nil:
		return "measured"
	}
	return "judged"
}

func (r *Report) last() outcome.Outcome {
	if len(r.Runs) == 0 {
		panic("report: a judged report with no run")
	}
	return r.Runs[len(r.Runs)-1]
}

func (r *Report) writeJSON(w io.Writer) error {
	h := Header{Version: Version, Kind: r.kind(), Program: r.Program, Command: r.Command}
	var v any
	switch {
	case r.Paired != nil:
		f := pairedJSON(r.Base, *r.Paired)
		f.Header = h
		v = f
	case r.Measured != nil:
		f := scenarioResultJSON(*r.Measured)
		f.Header = h
		v = f
	default:
		f := judgedJSON(r.last())
		f.Header = h
		v = f
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
