package phase

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/publish/chart"
)

// Plot charts one run's frame costs.
func Plot(path string, perSize bool, r *Result) error {
	if perSize {
		ext := filepath.Ext(path)
		path = strings.TrimSuffix(path, ext) + "-" + r.Size + ext
	}
	var frames []chart.Frame
	for _, st := range r.Frames() {
		frames = append(frames, chart.Frame{Index: st.Index, Cost: st.Cost})
	}
	if len(frames) == 0 {
		return nil // idle: nothing was drawn, so there is nothing to plot
	}
	title := fmt.Sprintf("%s at %s: %d frames, median %.1f µs", r.Phase, r.Size, len(frames), micros(r.Median()))
	if err := chart.FrameTimes(path, title, frames, time.Second/60); err != nil {
		return harness.UsageError{Err: err}
	}
	return nil
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

// Write writes one run: a heading, a summary within 120 columns (the
// frame costs, then one row per counter the phase moved: its total, its
// mean per frame, its largest single step and how many steps moved it),
// the per-step rows when frames is set, and the claim.
func Write(w io.Writer, r *Result, claim error, frames bool) {
	fmt.Fprintf(w, "phase %s at %s (%d elements), %d steps%s: %d frames, median %.1f µs, max %.1f µs\n",
		r.Phase, r.Size, r.Controls, len(r.Steps), r.Timing(), len(r.Frames()), micros(r.Median()), micros(r.Max()))
	type row struct {
		name                  string
		total, perFrame, most string
		moved                 int
	}
	var rows []row
	width := len("counter")
	for _, c := range counter.All() {
		total := r.Total.Get(c)
		if total == 0 {
			continue
		}
		var most uint64
		moved := 0
		for _, st := range r.Steps {
			if v := st.Counters.Get(c); v > 0 {
				most = max(most, v)
				moved++
			}
		}
		perFrame := "—"
		if n := len(r.Frames()); n > 0 {
			perFrame = band.Format(float64(total) / float64(n))
		}
		rows = append(rows, row{c.String(), strconv.FormatUint(total, 10), perFrame, strconv.FormatUint(most, 10), moved})
		width = max(width, len(c.String()))
	}
	if len(rows) > 0 {
		fmt.Fprintf(w, "  %-*s  %10s  %9s  %8s  %5s\n", width, "counter", "total", "per frame", "max step", "steps")
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s  %10s  %9s  %8s  %5d\n", width, r.name, r.total, r.perFrame, r.most, r.moved)
	}
	if frames {
		for _, st := range r.Steps {
			if st.Drew {
				fmt.Fprintf(w, "  %4d  %9.1f µs  %v\n", st.Index, micros(st.Cost), st.Counters)
			} else {
				fmt.Fprintf(w, "  %4d  no frame     %v\n", st.Index, st.Counters)
			}
		}
	}
	if claim != nil {
		fmt.Fprintf(w, "  FAIL %v\n", claim)
	} else {
		fmt.Fprintf(w, "  PASS\n")
	}
}

// StepJSON is one step of a run as --json prints it.
type StepJSON struct {
	Index    int               `json:"index"`
	Drew     bool              `json:"drew"`
	CostUs   float64           `json:"cost_us"`
	Counters map[string]uint64 `json:"counters"`
}

// RunJSON is one run of a phase at one size as --json prints it.
type RunJSON struct {
	Phase    string            `json:"phase"`
	Size     string            `json:"size"`
	Controls int               `json:"controls"`
	Clock    string            `json:"clock"` // what ran the frames: "virtual" or "real" (--real)
	Frames   int               `json:"frames"`
	MedianUs float64           `json:"median_us"`
	MaxUs    float64           `json:"max_us"`
	Claim    string            `json:"claim"`
	Steps    []StepJSON        `json:"steps"`
	Total    map[string]uint64 `json:"total"`
}

// JSON is the runs rs of p as --json prints them.
func JSON(p *Phase, rs []*Result) []RunJSON {
	out := make([]RunJSON, 0, len(rs))
	for _, r := range rs {
		clk := "virtual"
		if r.Real {
			clk = "real"
		}
		j := RunJSON{Phase: r.Phase, Size: r.Size, Controls: r.Controls, Clock: clk, Frames: len(r.Frames()),
			MedianUs: micros(r.Median()), MaxUs: micros(r.Max()), Claim: "pass", Total: r.Total.Map()}
		if err := p.Check(r); err != nil {
			j.Claim = err.Error()
		}
		for _, st := range r.Steps {
			j.Steps = append(j.Steps, StepJSON{Index: st.Index, Drew: st.Drew, CostUs: micros(st.Cost), Counters: st.Counters.Map()})
		}
		out = append(out, j)
	}
	return out
}
