package report

import (
	"fmt"
	"io"
	"math"
	"strings"

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
			m := tracker.Measure{Name: n.Name, Unit: n.Unit, Value: n.Median, Better: tracker.Lower}
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

// writeTracker writes o as BMF or GAB; GAB names on errw the floors its
// smaller-is-better format cannot carry.
func writeTracker(w, errw io.Writer, f Format, o ratchet.Outcome) error {
	bs := trackerBenchmarks(o)
	if f == BMF {
		return tracker.WriteBMF(w, bs)
	}
	omitted, err := tracker.WriteGAB(w, bs)
	if len(omitted) > 0 {
		fmt.Fprintf(errw, "--format gab is smaller-is-better, so %d floor count(s) are left out (%s); --format bmf carries them\n", len(omitted), joinShort(omitted, 4))
	}
	return err
}

// joinShort lists at most n names, then how many more.
func joinShort(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:n], ", ") + fmt.Sprintf(" and %d more", len(names)-n)
}
