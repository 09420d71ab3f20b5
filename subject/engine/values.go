package engine

import (
	"strings"
	"unicode"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/scenario"
)

// The Values below read what only perfbench's engine keeps: its
// process-wide counters (package counter) and its bounded caches. Each is
// missing (nil, so the number judges Broken) over a run that did not drive
// an engine Subject: another subject moves none of the engine's counters,
// and a ceiling read as zero would pass for ever.

// engineRun reports whether r drove perfbench's window.
func engineRun(r *scenario.Record) bool {
	_, ok := r.Subject.(*Subject)
	return ok
}

// Avoided is a count of work avoided over the whole run: skip counter c
// with a floor, so that the scenario fails when the skip stops firing
// (a ceiling on a skip passes for ever once it reads zero). floor is the
// value the current design measures; a skip that fires more is fine.
func Avoided(c counter.Counter, floor float64) scenario.Number {
	if c.Group().Kind != counter.Skip {
		panic("engine: Avoided(" + c.String() + "): not a Skip counter; a count of work done has a ceiling (Done)")
	}
	return counted(c, band.Floor(floor))
}

// Done is a count of work done over the whole run: counter c with a
// ceiling, the value the current design measures. Beside a skip's floor it
// is the work the skip guards, which rises when the skip is lost.
func Done(c counter.Counter, ceiling float64) scenario.Number {
	if c.Group().Kind == counter.Skip {
		panic("engine: Done(" + c.String() + "): a Skip counter counts work avoided; it has a floor (Avoided)")
	}
	return counted(c, band.Count(ceiling))
}

func counted(c counter.Counter, b band.Band) scenario.Number {
	name := kebab(c.String())
	return scenario.Number{Spec: band.Spec{Name: name, Unit: name + "/run", Band: b}, Value: Total(c), Reads: c.String()}
}

// kebab turns a counter's name into a number's: PrimitivesCulled →
// primitives-culled.
func kebab(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// PeakCache returns the most the cache that of picks held at the end of any
// frame of the run, after the frame trimmed it. No frame at all is a
// missing number.
func PeakCache(of func(Caches) int) func(*scenario.Record) []float64 {
	return func(r *scenario.Record) []float64 {
		sub, ok := r.Subject.(*Subject)
		if !ok || len(sub.probe.caches) == 0 {
			return nil
		}
		peak := 0
		for _, c := range sub.probe.caches {
			peak = max(peak, of(c))
		}
		return []float64{float64(peak)}
	}
}

// Get returns what counts (a step's or a run's) holds of counter c: zero
// for the counts of another subject, which keeps none of the engine's.
// The engine's counts are in declaration order (counter.Source), so c is
// found at its own index without a search.
func Get(counts scenario.Counts, c counter.Counter) uint64 {
	if i := int(c); i < len(counts.Names) && i < len(counts.Values) && counts.Names[i] == c.String() {
		return counts.Values[i]
	}
	v, _ := counts.Get(c.String())
	return v
}

// Counts returns a snapshot of the engine's counters as a record holds
// them (what a session reads through counter.Source): every counter,
// named, in declaration order.
func Counts(s counter.Snapshot) scenario.Counts {
	v := make([]uint64, counter.Count)
	for _, c := range counter.All() {
		v[c] = s.Get(c)
	}
	return scenario.Counts{Names: counter.Source{}.CountNames(), Values: v}
}

// keep reports whether keep selects s; a nil keep selects every step.
func keep(keep func(scenario.Step) bool, s scenario.Step) bool { return keep == nil || keep(s) }

// MaxPerStep returns the most c moved in any one step keep selects (nil:
// every step). A step is one input and the frame that answered it, so for
// steps that drew one frame each this is the per-frame maximum. No step
// selected is a missing number, not zero: a claim about no frames proves
// nothing.
func MaxPerStep(c counter.Counter, keepStep func(scenario.Step) bool) func(*scenario.Record) []float64 {
	return func(r *scenario.Record) []float64 {
		if !engineRun(r) {
			return nil
		}
		var m uint64
		n := 0
		for _, s := range r.Steps {
			if keep(keepStep, s) {
				m = max(m, Get(s.Counts, c))
				n++
			}
		}
		if n == 0 {
			return nil
		}
		return []float64{float64(m)}
	}
}

// Total returns how much c moved over the whole run.
func Total(c counter.Counter) func(*scenario.Record) []float64 {
	return func(r *scenario.Record) []float64 {
		if !engineRun(r) {
			return nil
		}
		return []float64{float64(Get(r.Total, c))}
	}
}

// TotalOf returns how much c moved over the steps keep selects.
func TotalOf(c counter.Counter, keepStep func(scenario.Step) bool) func(*scenario.Record) []float64 {
	return func(r *scenario.Record) []float64 {
		if !engineRun(r) {
			return nil
		}
		var t uint64
		for _, s := range r.Steps {
			if keep(keepStep, s) {
				t += Get(s.Counts, c)
			}
		}
		return []float64{float64(t)}
	}
}

// Work returns the sum of every counter over the whole run: any work at
// all, of any stage, moves it.
func Work(r *scenario.Record) []float64 {
	if !engineRun(r) {
		return nil
	}
	var sum uint64
	for _, v := range r.Total.Values {
		sum += v
	}
	return []float64{float64(sum)}
}
