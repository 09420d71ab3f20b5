// Package where says which functions made a number move: it diffs two
// profiles in pprof's format, base's and head's (package callgrind's
// instructions per call stack), into the rows of a where-table, the
// functions whose own count moved most, with their cumulative move and
// their share of the number's change. It reads what `go tool pprof -top
// -diff_base BASE HEAD` reads, and its rows agree with pprof's flat and
// cum columns over the same samples.
package where

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/google/pprof/profile"

	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// MaxRows is how many rows a Where keeps: more than any writer shows,
// so a reader of the JSON can see how far down the change goes.
const MaxRows = 10

// Options say which samples of the two profiles are the number's.
type Options struct {
	// Key and Value pick the samples that carry Value under the sample
	// label Key (package callgrind tags each with its step label); Key ""
	// takes every sample.
	Key, Value string
	// Steps divides every count, so a row reads a step as the number
	// does; zero means one.
	Steps float64
	// Sites gives a sample's own count to its innermost frame outside
	// package runtime, not to its innermost frame: in an allocations
	// profile the site that allocated, not runtime.growslice or
	// runtime.makeslice.
	Sites bool
	// Of says what a row names, for a writer's heading: "" for a
	// function, "allocation site", or "element" (a count's work by the
	// element it was for).
	Of string
	// Index picks the sample value read: 0 the first (instructions, an
	// allocations profile's objects), 1 an allocations profile's bytes.
	Index int
	// Label, when set, names a sample label whose values a row lists
	// (Row.Labels): the element IDs of a work-sites profile's row.
	Label string
}

// maxLabels is how many of a row's label values it keeps.
const maxLabels = 3

// Diff returns what moved from base to head: the functions whose self
// count moved most, MaxRows at most, in order of the size of their move
// (ties by name). The Where's Scenario, Number, Unit and profile paths
// are the caller's to fill.
func Diff(base, head *profile.Profile, o Options) outcome.Where {
	steps := o.Steps
	if steps <= 0 {
		steps = 1
	}
	bs, bc, bt := totals(base, o)
	hs, hc, ht := totals(head, o)
	labels := rowLabels(head, o)
	w := outcome.Where{Base: float64(bt) / steps, Change: float64(ht-bt) / steps, Of: o.Of}
	if o.Key != "" {
		w.Tag = o.Key + "=" + o.Value
	}
	names := map[string]bool{}
	for n := range hs {
		names[n] = true
	}
	for n := range bs {
		names[n] = true
	}
	for n := range names {
		self := float64(hs[n]-bs[n]) / steps
		if self == 0 {
			continue
		}
		row := outcome.WhereRow{Function: n, Self: self, Cum: float64(hc[n]-bc[n]) / steps}
		if l := labels[n]; len(l) > 0 {
			row.Labels = slices.Sorted(maps.Keys(l))
			row.LabelCount = len(row.Labels)
			slices.SortStableFunc(row.Labels, func(a, b string) int { return cmp.Compare(len(a), len(b)) })
			row.Labels = row.Labels[:min(maxLabels, len(row.Labels))]
		}
		if w.Change != 0 {
			row.Share = self / w.Change
		}
		w.Rows = append(w.Rows, row)
	}
	slices.SortFunc(w.Rows, func(a, b outcome.WhereRow) int {
		if c := cmp.Compare(math.Abs(b.Self), math.Abs(a.Self)); c != 0 {
			return c
		}
		return cmp.Compare(a.Function, b.Function)
	})
	if len(w.Rows) > MaxRows {
		w.Rows = w.Rows[:MaxRows]
	}
	return w
}

// rowLabels returns, for each function of p's samples o picks, the
// values of label o.Label they carry; nil where o names none.
func rowLabels(p *profile.Profile, o Options) map[string]map[string]bool {
	if o.Label == "" || p == nil {
		return nil
	}
	out := map[string]map[string]bool{}
	for _, s := range p.Sample {
		if o.Key != "" && !slices.Contains(s.Label[o.Key], o.Value) || len(s.Location) == 0 || len(s.Location[0].Line) == 0 {
			continue
		}
		name := s.Location[0].Line[0].Function.Name
		if out[name] == nil {
			out[name] = map[string]bool{}
		}
		for _, v := range s.Label[o.Label] {
			out[name][v] = true
		}
	}
	return out
}

// totals returns each function's self and cumulative count over the
// samples o picks, and their total: self is a sample's value on its
// innermost function, cum on every function its stack holds, once
// however often (recursion), as pprof counts them.
func totals(p *profile.Profile, o Options) (self, cum map[string]int64, total int64) {
	self, cum = map[string]int64{}, map[string]int64{}
	if p == nil {
		return self, cum, 0
	}
	for _, s := range p.Sample {
		if o.Key != "" && !slices.Contains(s.Label[o.Key], o.Value) {
			continue
		}
		v := s.Value[o.Index]
		total += v
		seen := map[string]bool{}
		owned := false
		for _, loc := range s.Location {
			// A location holds its inlined calls innermost first; the
			// first line of the first location is the sample's own
			// function.
			for _, line := range loc.Line {
				if line.Function == nil {
					continue
				}
				name := line.Function.Name
				if !owned && (!o.Sites || !strings.HasPrefix(name, "runtime.")) {
					self[name] += v
					owned = true
				}
				if !seen[name] {
					seen[name] = true
					cum[name] += v
				}
			}
		}
	}
	return self, cum, total
}
