package report

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/publish/tracker"
)

// trackerBenchmarks is a judged run as the tracking services' formats take
// it: one benchmark per scenario that ran, each number a measure — a time
// with its 95% interval where it is finite, a count with its value and
// its band's direction. Broken scenarios and missing numbers are left out:
// the exit status says they broke, and a service must not record a zero.
func trackerBenchmarks(o outcome.Outcome) []tracker.Benchmark {
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
			m := tracker.Measure{Kind: trackerKind(n.Band.Kind), Name: n.Name, Unit: n.Unit, Value: benchfmtRound(n.Median), Better: tracker.Lower}
			if lo, hi, ok := n.Interval(); ok && !math.IsInf(lo, 0) && !math.IsInf(hi, 0) && lo <= n.Median && n.Median <= hi {
				// Rounded as the benchmark format's values are, which
				// keeps the order: a median of two samples is 1.5695,
				// not 1.5695000000000001.
				m.Lower, m.Upper, m.HasInterval = benchfmtRound(lo), benchfmtRound(hi), true
			}
			switch n.Band.Direction() {
			case band.AtLeast:
				m.Better = tracker.Higher
			case band.Exactly:
				m.Better = tracker.Neither
			}
			b.Measures = append(b.Measures, m)
		}
		bs = append(bs, b)
	}
	return bs
}

// trackerKind is the tracker's kind of a band's number: the tracker
// names its kinds as band does, and refuses a measure of no kind it
// knows.
func trackerKind(k band.Kind) tracker.Kind { return tracker.Kind(k) }

// writeTracker writes o as BMF or one GAB format's set. A GAB set the
// run has none of (no floors, or no Valgrind to count instructions) is
// an error naming what would fill it: the action fails on an empty file.
func writeTracker(w io.Writer, f Format, o outcome.Outcome) error {
	bs := trackerBenchmarks(o)
	set, ok := gabSet(f)
	if !ok {
		return tracker.WriteBMF(w, bs)
	}
	err := tracker.WriteGAB(w, bs, set)
	var empty *tracker.EmptyError
	if errors.As(err, &empty) {
		why := map[tracker.GABSet]string{
			tracker.GABTimes: "no scenario that ran has a time", tracker.GABCounts: "no scenario that ran counts work done",
			tracker.GABFloors:       "no scenario that ran has a floor count (work avoided)",
			tracker.GABInstructions: "no scenario that ran counted its instructions, which needs Valgrind (--instructions require)"}[set]
		return fmt.Errorf("%s: %s, and github-action-benchmark fails on an empty file; nothing written", f, why)
	}
	return err
}
