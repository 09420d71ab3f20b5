// Package report writes what a scenario command measured and judged: a
// [Report] holds one outcome (package outcome) — a judged run (scenarios
// and perf against their bands), a paired run (scenarios --base,
// reference) or one scenario's measured numbers — and renders as a terminal table
// (package terminal), Markdown for a pull request (package markdown),
// versioned JSON ([Version]) or, for judged runs, the Go benchmark format
// and the trackers' — one value, several writers, as benchstat's benchtab
// does, so perfbench and every program built on package harness print the
// same shapes.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/publish/markdown"
	"github.com/perfbench/perfbench/internal/publish/terminal"
	"github.com/perfbench/perfbench/internal/publish/tracker"
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

// Report is one command's outcome and how to present it.
type Report struct {
	// Program names the program in headings and JSON ("perfbench").
	Program string
	// Command is the command that measured ("scenarios" or "perf").
	Command string

	// Outcome is what the command judged: a judged run (scenarios and
	// perf, against Bands), a paired run (against a Base) or one
	// scenario's numbers (against Nothing).
	Outcome outcome.Outcome
	// Earlier are the judged runs before Outcome, one per further
	// --count, which only the benchmark format prints.
	Earlier []outcome.Outcome
	// Package is the benchmark format's pkg.
	Package string
	// Base and Head name a paired run's base build and head builds (""
	// is this binary alone).
	Base, Head string

	// Terminal lays a judged run's table out for where it is printed: its
	// width, --wide, colour on a terminal. The zero Terminal is 100
	// columns, compact, no colour.
	Terminal terminal.Terminal
}

// Failed reports whether the outcome fails the command: a band that
// failed, a scenario that broke, a paired number that failed, in any run.
func (r *Report) Failed() bool {
	return r.Outcome.Failed() || slices.ContainsFunc(r.Earlier, outcome.Outcome.Failed)
}

// Write writes the report to w in format f; errw gets what the benchmark
// format names beside its lines (broken scenarios, failed numbers). A
// format the report has no form in panics: the caller checks flags first
// ([Report.Supports]).
func (r *Report) Write(w, errw io.Writer, f Format) error {
	if !r.Supports(f) {
		panic(fmt.Sprintf("report: a %s report has no %s form", r.kind(), f))
	}
	if r.Outcome.Revision != nil {
		return r.writeReference(w, errw, f)
	}
	o := r.Outcome
	switch f {
	case JSON:
		return r.writeJSON(w)
	case Benchfmt:
		return r.writeBenchfmt(w, errw)
	case BMF, GABTimes, GABCounts, GABFloors, GABInstructions:
		return writeTracker(w, f, o)
	case Markdown:
		if err := r.writeMarkdown(w); err != nil {
			return err
		}
		return markdown.WriteWhere(w, o)
	}
	if err := r.writeTable(w); err != nil {
		return err
	}
	return terminal.WriteWhere(w, o, r.Terminal.Width)
}

func (r *Report) writeMarkdown(w io.Writer) error {
	o := r.Outcome
	if o.Against == outcome.Base {
		return markdown.WritePaired(w, r.Program, r.Command, r.Head, r.Base, o)
	}
	return markdown.WriteJudged(w, r.Program, r.Command, o)
}

func (r *Report) writeTable(w io.Writer) error {
	o := r.Outcome
	switch {
	case o.Against == outcome.Base:
		return terminal.WritePairedTable(w, r.Head, r.Base, o, r.Terminal.Width)
	case o.Against == outcome.Nothing:
		return writeScenarioResult(w, o)
	case r.Command == "perf":
		t := r.Terminal
		t.DocsStale = o.DocsStale
		return terminal.WritePerf(w, o, t)
	}
	return terminal.WriteTerminal(w, o, r.Terminal)
}

// Supports reports whether the report has a form in format f: every
// report a table and JSON; a judged or paired run Markdown; a judged run
// the benchmark format.
func (r *Report) Supports(f Format) bool {
	if r.Outcome.Revision != nil {
		return f == Table || f == Markdown || f == JSON
	}
	switch f {
	case Table, JSON:
		return true
	case Markdown:
		return r.Outcome.Against != outcome.Nothing
	case Benchfmt, BMF, GABTimes, GABCounts, GABFloors, GABInstructions:
		return r.Outcome.Against == outcome.Bands
	}
	return false
}

// kind is the JSON header's name for what the outcome was judged
// against.
func (r *Report) kind() string {
	if r.Outcome.Revision != nil {
		return "reference"
	}
	switch r.Outcome.Against {
	case outcome.Base:
		return "paired"
	case outcome.Nothing:
		return "measured"
	}
	return "judged"
}

func (r *Report) writeJSON(w io.Writer) error {
	h := Header{Version: Version, Kind: r.kind(), Program: r.Program, Command: r.Command}
	var v any
	switch r.Outcome.Against {
	case outcome.Base:
		f := pairedJSON(r.Base, r.Outcome)
		f.Header = h
		v = f
	case outcome.Nothing:
		f := measuredJSON(r.Outcome)
		f.Header = h
		v = f
	default:
		f := judgedJSON(r.Outcome)
		f.Header = h
		v = f
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
