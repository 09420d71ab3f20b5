package workloads

import (
	"fmt"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/workloads/internal/drive"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

var unvirtualisedProbe = &Workload{
	Name: "unvirtualised-probe",
	Help: "The wheel over the big table with every one of 20 000 rows mounted, against the same wheel over the " +
		"shipped 240 rows and over the virtualised list. A diagnostic: the only document that would make a change " +
		"to scrolling look important, so it is run on demand and never gated.",
	Gate:    false,
	Limits:  []Limit{probeTranslation, probePerRow, probeCliff},
	rounds:  10,
	measure: measureProbe,
	judge:   judgeProbe,
}

// probeRows is the number of table rows the probe mounts.
const probeRows = 20000

var (
	// What the probe can claim of the engine is the scroll claim: a frame
	// that rebuilt no boxes restyled, relaid out and re-indexed nothing,
	// however many rows it carried. The ideal is zero and one is the
	// failure.
	probeTranslation = Limit{Name: "restyles, relayouts and hit-index rebuilds in translation frames", Unit: "", Shape: Ceiling, Hi: 0,
		Why: "a translation restyles, relays out and re-indexes nothing, however many rows it carries"}
	// Reported, not judged: what each mounted row adds to a wheel frame,
	// and how far the all-mounted table falls from the virtualised list.
	probePerRow = Limit{Name: "wheel cost per mounted row", Unit: "ns", Shape: Report,
		Why: "an absolute time on a document no application ships: reported, judged by nothing"}
	probeCliff = Limit{Name: "table wheel at 20 000 rows / list wheel", Unit: "×", Shape: Report,
		Why: "what virtualisation buys, on a document no application ships: reported, judged by nothing"}
)

func measureProbe(rounds int) sample.Measurement {
	release := counter.Exclusive()
	defer release()
	small := drive.Open(gallery.S0, gallery.Options{})
	big := drive.Open(gallery.S0, gallery.Options{TableRows: probeRows})
	steps := []func(int){
		drive.Wheeler(small, small.G.TableScroll, 31),
		drive.Wheeler(big, big.G.TableScroll, 31),
		drive.Wheeler(big, big.G.List, 7),
	}
	m := sample.Measurement{Points: []sample.Point{
		{Series: "table", Label: fmt.Sprint(len(small.G.TableRows)), X: float64(len(small.G.TableRows))},
		{Series: "table", Label: fmt.Sprint(len(big.G.TableRows)), X: float64(len(big.G.TableRows))},
		{Series: "list", Label: fmt.Sprint(len(big.G.TableRows)), X: float64(len(big.G.TableRows))},
	}}
	for i, f := range steps {
		m.Points[i].Steps = cycleCounts(f)
	}
	const perRound = 20
	step := make([]int, len(steps))
	for r := range rounds {
		sample.Collect()
		for _, i := range sample.Rotation(r, len(steps)) {
			m.Points[i].Micros = append(m.Points[i].Micros, sample.Batch(perRound, func(int) { steps[i](step[i]); step[i]++ }))
		}
	}
	return m
}

func judgeProbe(m *sample.Measurement) []Criterion {
	tables, lists := m.Series("table"), m.Series("list")
	if len(tables) != 2 || len(lists) != 1 {
		why := fmt.Sprintf("need two table points and one list point, got %d and %d", len(tables), len(lists))
		return []Criterion{probeTranslation.Broken("%s", why), probePerRow.Broken("%s", why), probeCliff.Broken("%s", why)}
	}
	small, big, list := tables[0], tables[1], lists[0]
	var out []Criterion

	translations, work, detail := 0, uint64(0), ""
	for _, p := range []*sample.Point{small, big, list} {
		for i, s := range p.Steps {
			if s.FramesDrawn == 0 || s.BoxesRebuilt != 0 {
				continue
			}
			translations++
			if w := s.ElementsRestyled + s.NodesRelaidOut + s.HitIndexRebuilds; w != 0 {
				work += w
				if detail == "" {
					detail = fmt.Sprintf("first: %s %s step %d: %v", p.Series, p.Label, i, s)
				}
			}
		}
	}
	switch {
	case translations == 0:
		out = append(out, probeTranslation.Broken("no wheel frame was a translation"))
	default:
		if detail == "" {
			detail = fmt.Sprintf("%d translation frames; a frame at %s rows translates %d chunks", translations, big.Label, maxTranslated(big.Steps))
		}
		out = append(out, probeTranslation.Judge(float64(work), detail))
	}

	perRow := (big.Median() - small.Median()) / (big.X - small.X) * 1e3
	out = append(out, probePerRow.Judge(perRow, fmt.Sprintf("(%.4g µs at %s rows − %.4g µs at %s) / %g rows",
		big.Median(), big.Label, small.Median(), small.Label, big.X-small.X)))
	out = append(out, probeCliff.Judge(sample.Ratio(big.Median(), list.Median()),
		fmt.Sprintf("%.4g µs / %.4g µs a step", big.Median(), list.Median())))
	return out
}

func maxTranslated(steps []counter.Snapshot) uint64 {
	var n uint64
	for _, s := range steps {
		n = max(n, s.ChunksTranslated)
	}
	return n
}
