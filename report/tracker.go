package report

import (
	"fmt"
	"io"
	"math"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/tracker"
)

// trackerBenchmarks is a judged run as the tracking services' formats take
// it: one benchmark per scenario that ran, each number a measure — a time
// with its 95% interval where it is finite, a count with its value and
// its band's direction. Broken scenarios and missing numbers are left out:
// the exit status says they broke, and a service must not record a zero.
func trackerBenchmarks(o ratchet.Outcome) []tracker.Benchmark {
	var bs []tracker.Benchmark
	for _, sc := range o.Scenarios {
		if sc.Broken != "" {
			continue
		}
		b := tracker.Benchmark{Name: sc.Name}
		for _, n := range sc.Numbers {
			if n.BandVerdict == band.Broken || math.IsNaN(n.Median) {
				continue
			}
			m := tracker.Measure{Kind: trackerKind(n.Band.Kind), Name: n.Name, Unit: n.Unit, Value: n.Median, Better: tracker.Lower}
			switch {
			case n.Band.Kind.Estimated():
				if !math.IsInf(n.Lo, 0) && !math.IsInf(n.Hi, 0) && n.Lo <= n.Median && n.Median <= n.Hi {
					m.Lower, m.Upper, m.HasInterval = n.Lo, n.Hi, true
				}
			case n.Band.Kind.Bounded():
				switch n.Band.Direction() {
				case band.AtLeast:
					m.Better = tracker.Higher
				case band.Exactly:
					m.Better = tracker.Neither
				}
			}
			b.Measures = append(b.Measures, m)
		}
		bs = append(bs, b)
	}
	return bs
}

// trackerKind is the tracker's kind of a band's number.
func trackerKind(k band.Kind) tracker.Kind {
	switch {
	case k.Estimated():
		return tracker.Time
	case k.Bounded():
		return tracker.Count
	case k == band.KindInstructions:
		return tracker.Instructions
	}
	panic(fmt.Sprintf("report: no tracker kind for band kind %q", k))
}

// writeTracker writes o as BMF or one GAB format's set; a GAB file with
// no entries (a run with no floors, or without --instructions) is named
// on errw, since the action then compares nothing.
func writeTracker(w, errw io.Writer, f Format, o ratchet.Outcome) error {
	bs := trackerBenchmarks(o)
	set, ok := gabSet(f)
	if !ok {
		return tracker.WriteBMF(w, bs)
	}
	n, err := tracker.WriteGAB(w, bs, set)
	if err == nil && n == 0 {
		fmt.Fprintf(errw, "--format %s: this run has no %s, so the list is empty\n", f, map[tracker.GABSet]string{
			tracker.GABTimes: "times", tracker.GABCounts: "counts of work done", tracker.GABFloors: "floor counts (work avoided)",
			tracker.GABInstructions: "instructions (--instructions measures them)"}[set])
	}
	return err
}
