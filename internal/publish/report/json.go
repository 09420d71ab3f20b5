package report

import (
	"math"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/publish/tracker"
)

// Version is the version of the JSON every report prints (--json,
// --format json), documented in docs/report-json.md: a field that changes
// meaning or goes away raises it; a new field does not.
const Version = 1

// Header opens every JSON report: which version of the schema it follows,
// which of the three kinds of report it is ("judged": scenarios and perf
// against their bands; "paired": scenarios --base; "measured": scenario
// NAME), and the program and command that printed it.
type Header struct {
	Version int    `json:"version"`
	Kind    string `json:"kind"`
	Program string `json:"program"`
	Command string `json:"command"`
}

// ScenarioJSON is one scenario of a judged report: its verdict and every
// judged number.
type ScenarioJSON struct {
	Name        string        `json:"name"`
	Verdict     band.Verdict  `json:"verdict"`
	Broken      string        `json:"broken,omitempty"`
	Remeasured  bool          `json:"remeasured,omitempty"`
	Rebaselined bool          `json:"rebaselined,omitempty"`
	Numbers     []band.Judged `json:"numbers"`
}

// MoveJSON is a baseline that moved (perf only).
type MoveJSON struct {
	Scenario string `json:"scenario"`
	Number   string `json:"number"`
	Unit     string `json:"unit"`
	Kind     string `json:"kind"` // recorded, lowered, rebaselined or tightened
	// Direction is a count's, whose recorded bound moved; "" for a
	// baseline.
	Direction band.Direction `json:"direction,omitempty"`
	From      float64        `json:"from"`
	To        float64        `json:"to"`
	Why       string         `json:"why"`
}

// JudgedJSON is the --json form of scenarios and perf.
type JudgedJSON struct {
	Header
	Machine string `json:"machine"`
	// Testbed is the machine's Bencher testbed name (tracker.Testbed):
	// the machine key cut to the 50 bytes Bencher takes.
	Testbed   string         `json:"testbed"`
	Verdict   band.Verdict   `json:"verdict"`
	Scenarios []ScenarioJSON `json:"scenarios"`
	// The baselines that moved and the files written: perf only.
	Moves            []MoveJSON `json:"moves,omitempty"`
	BaselinesWritten bool       `json:"baselines_written,omitempty"`
	HistoryWritten   bool       `json:"history_written,omitempty"`
	DocsWritten      bool       `json:"docs_written,omitempty"`
	ChartsWritten    []string   `json:"charts_written,omitempty"`
	// DocsStale (perf --check) says the docs are out of date, which fails
	// the command though every band passed: the verdict alone reads pass.
	DocsStale bool `json:"docs_stale,omitempty"`
	// Where explains each instructions number that failed (where.go).
	Where []WhereJSON `json:"where,omitempty"`
}

func judgedJSON(o outcome.Outcome) JudgedJSON {
	out := JudgedJSON{Machine: o.Machine, Testbed: tracker.Testbed(o.Machine), Verdict: o.Verdict,
		BaselinesWritten: o.BaselinesWritten, HistoryWritten: o.HistoryWritten, DocsWritten: o.DocsWritten, ChartsWritten: o.ChartsWritten,
		DocsStale: o.DocsStale, Where: whereJSON(o)}
	for _, m := range o.Moves {
		out.Moves = append(out.Moves, MoveJSON{Scenario: m.Scenario, Number: m.Number, Unit: m.Unit,
			Kind: m.Kind, Direction: m.Direction, From: m.From, To: m.To, Why: m.Why})
	}
	for _, sc := range o.Scenarios {
		numbers := make([]band.Judged, len(sc.Numbers))
		for i, n := range sc.Numbers {
			numbers[i] = n.Judged
		}
		out.Scenarios = append(out.Scenarios, ScenarioJSON{Name: sc.Name, Verdict: sc.Verdict, Broken: sc.Broken,
			Remeasured: sc.Remeasured, Rebaselined: sc.Rebaselined, Numbers: numbers})
	}
	return out
}

// PairedNumberJSON is one number of a paired report: head, base and, for
// a time, the ratio with its interval; null where a build has none.
type PairedNumberJSON struct {
	Scenario string    `json:"scenario"`
	Name     string    `json:"name"`
	Unit     string    `json:"unit"`
	Kind     band.Kind `json:"kind"`
	Head     *float64  `json:"head"`
	Base     *float64  `json:"base"`
	Ratio    *float64  `json:"ratio,omitempty"`
	Lo       *float64  `json:"lo,omitempty"`
	Hi       *float64  `json:"hi,omitempty"`
	Level    float64   `json:"level,omitempty"`
	Pairs    int       `json:"pairs,omitempty"`
	// Slower and Faster are the shift test's p-values at 1+tolerance;
	// Detectable is the smallest ratio the run could have failed.
	Slower     *float64 `json:"p_slower,omitempty"`
	Faster     *float64 `json:"p_faster,omitempty"`
	Detectable *float64 `json:"detectable,omitempty"`
	// LayoutSpread is how far one build's layout moved the time
	// (stats.Between.Spread: 0.017 is ±1.7%), and LayoutShare the share of
	// its ratio's variance the builds' layouts carry, the rest being the
	// processes' own noise; both only when the pairs ran several builds a
	// side.
	LayoutSpread *float64     `json:"layout_spread,omitempty"`
	LayoutShare  *float64     `json:"layout_share,omitempty"`
	Verdict      band.Verdict `json:"verdict"`
	Move         outcome.Move `json:"move,omitempty"`
	Note         string       `json:"note,omitempty"`
}

// PairedJSON is the JSON form of a paired run (scenarios --base).
type PairedJSON struct {
	Header
	Base       string             `json:"base"`
	Tolerance  float64            `json:"tolerance"`
	Alpha      float64            `json:"alpha"`
	Times      int                `json:"times"`
	Looks      int                `json:"looks"`
	FailUnsure bool               `json:"fail_unsure,omitempty"`
	Builds     int                `json:"builds"`
	Seed       uint64             `json:"seed"`
	Verdict    band.Verdict       `json:"verdict"`
	Broken     []string           `json:"broken,omitempty"`
	Numbers    []PairedNumberJSON `json:"numbers"`
	// Where explains each instructions number that failed or moved
	// (where.go).
	Where []WhereJSON `json:"where,omitempty"`
}

func pairedJSON(base string, o outcome.Outcome) PairedJSON {
	finite := func(v float64) *float64 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil
		}
		return &v
	}
	out := PairedJSON{Base: base, Tolerance: o.Tolerance, Alpha: o.Alpha, Times: o.Times, Looks: o.Looks, FailUnsure: o.FailUnsure,
		Builds: o.Builds, Seed: o.Seed, Verdict: o.Verdict, Broken: o.Broken(), Numbers: []PairedNumberJSON{}, Where: whereJSON(o)}
	for _, n := range o.Numbers() {
		r := n.Ratio
		j := PairedNumberJSON{Scenario: n.Scenario, Name: n.Name, Unit: n.Unit, Kind: n.Band.Kind,
			Head: finite(n.Value()), Base: finite(n.Base), Ratio: finite(r.Value), Lo: finite(r.Lo), Hi: finite(r.Hi),
			Level: r.Level, Pairs: r.Pairs, Slower: finite(r.Slower), Faster: finite(r.Faster), Detectable: finite(r.Detectable),
			Verdict: n.Verdict, Move: n.Move, Note: n.Note}
		if _, _, ok := n.Interval(); ok && o.Builds > 1 && r.Pairs > 0 {
			j.LayoutSpread, j.LayoutShare = finite(r.Between.Spread), finite(1-1/r.Between.Inflation())
		}
		out.Numbers = append(out.Numbers, j)
	}
	return out
}

// WhereJSON is a where-table in the JSON report ("where"): the functions
// whose own instructions moved most for one number, docs/report-json.md.
type WhereJSON struct {
	Scenario string `json:"scenario"`
	Number   string `json:"number"`
	Unit     string `json:"unit"`
	// Base and Change are read from the profiles, a step.
	Base   float64        `json:"base"`
	Change float64        `json:"change"`
	Rows   []WhereRowJSON `json:"rows"`
	// HeadProfile and BaseProfile are the pprof files written.
	HeadProfile string `json:"head_profile,omitempty"`
	BaseProfile string `json:"base_profile,omitempty"`
	// Tag picks the number's samples in them (pprof -tagfocus).
	Tag string `json:"tag,omitempty"`
	// FlameGraph is the differential flame graph (an SVG page).
	FlameGraph string `json:"flame_graph,omitempty"`
	// Of says what a row's function names where it is not a function:
	// "allocation site", or "element" (an element a count's work was
	// for, with why it was queued).
	Of string `json:"of,omitempty"`
}

// WhereRowJSON is one function's move, a step.
type WhereRowJSON struct {
	Function string  `json:"function"`
	Self     float64 `json:"self"`
	Cum      float64 `json:"cum"`
	Share    float64 `json:"share"`
	// Elements are a few of the elements a row of elements covers,
	// ElementCount how many in all.
	Elements     []string `json:"elements,omitempty"`
	ElementCount int      `json:"element_count,omitempty"`
}

func whereJSON(o outcome.Outcome) []WhereJSON {
	var out []WhereJSON
	for _, w := range o.Where {
		j := WhereJSON{Scenario: w.Scenario, Number: w.Number, Unit: w.Unit, Base: w.Base, Change: w.Change,
			Rows: []WhereRowJSON{}, HeadProfile: w.HeadProfile, BaseProfile: w.BaseProfile, Tag: w.Tag, FlameGraph: w.FlameGraph, Of: w.Of}
		for _, r := range w.Rows {
			j.Rows = append(j.Rows, WhereRowJSON{Function: r.Function, Self: r.Self, Cum: r.Cum, Share: r.Share, Elements: r.Labels, ElementCount: r.LabelCount})
		}
		out = append(out, j)
	}
	return out
}
