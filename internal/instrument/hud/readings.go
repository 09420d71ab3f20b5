package hud

import (
	"fmt"
	"math"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/instrument/metric"
)

// Grade is how a reading compares with the frame budget.
type Grade uint8

const (
	// Ungraded: the reading has no budget, or no number.
	Ungraded Grade = iota
	// Within the budget.
	Within
	// Over the budget (for DROP: some frame was). For HITCH: the warning
	// band, over 5 ms/s.
	Over
	// Critical: HITCH's critical band, 10 ms/s or more.
	Critical
)

func (g Grade) String() string {
	switch g {
	case Within:
		return "within"
	case Over:
		return "over"
	case Critical:
		return "critical"
	}
	return "ungraded"
}

// grade compares v with limit.
func grade(v metric.Value, limit float64) Grade {
	x, ok := v.Get()
	switch {
	case !ok:
		return Ungraded
	case x <= limit:
		return Within
	}
	return Over
}

// hitchGrade grades a hitch ratio by its band (metric.BandOf).
func hitchGrade(v metric.Value) Grade {
	x, ok := v.Get()
	if !ok {
		return Ungraded
	}
	switch metric.BandOf(x) {
	case metric.HitchGood:
		return Within
	case metric.HitchWarning:
		return Over
	}
	return Critical
}

// Reading is one published HUD number: the value, with the definition that
// produced it.
type Reading struct {
	ID      string
	Version int
	Name    string // the row's label
	Unit    string
	// Clock names the clock the reading's time comes from: "virtual" or
	// "real"; "" for a reading without time in it.
	Clock string
	// N is the number of samples the value was computed from (frames,
	// intervals, presents); 0 for a sampled gauge or rate.
	N     int
	Value metric.Value
	Grade Grade
}

// reading returns the reading of id, which must be in Defs.
func reading(id string, n int, v metric.Value, g Grade) Reading {
	d, ok := Lookup(id)
	if !ok {
		panic("hud: no definition for " + id)
	}
	return Reading{ID: id, Version: d.Version, Name: d.Name, Unit: d.Unit, N: n, Value: v, Grade: g}
}

// Text formats the value for the overlay: milliseconds for durations (µs
// below one),
// percent for shares, MiB for memory, and the quality's name ("warmup",
// "missing") for a value without a number.
func (r Reading) Text() string {
	v, ok := r.Value.Get()
	if !ok {
		return r.Value.Quality().String()
	}
	switch r.Unit {
	case "fps":
		return fmt.Sprintf("%.0f", v)
	case "ns":
		switch ms := v / 1e6; {
		case ms >= 10:
			return fmt.Sprintf("%.1f ms", ms)
		case ms >= 1:
			return fmt.Sprintf("%.2f ms", ms)
		}
		return fmt.Sprintf("%.1f µs", v/1e3)
	case "share":
		return fmt.Sprintf("%.1f %%", 100*v)
	case "ms/s":
		return fmt.Sprintf("%.1f ms/s", v)
	case "%":
		return fmt.Sprintf("%.1f %%", v)
	case "bytes":
		return fmt.Sprintf("%.1f MiB", v/(1<<20))
	}
	return fmt.Sprintf("%.2f", v)
}

// String is the row as the overlay shows it: the label, then the value,
// and "(virtual)" after a value read on a virtual clock, whose seconds are
// a scheduler's and not the wall's (not after a not-applicable one, which
// read no seconds at all).
func (r Reading) String() string {
	if r.Clock == string(latency.Virtual) && r.Value.Quality() != metric.NotApplicable {
		return fmt.Sprintf("%-8s %11s (virtual)", r.Name, r.Text())
	}
	return fmt.Sprintf("%-8s %11s", r.Name, r.Text())
}

// Headline says which question the headline answers.
type Headline uint8

const (
	// MaxFPS (the default): how fast full redraws could go — 1 / FRAME,
	// capped at the display's reported rate.
	MaxFPS Headline = iota
	// FPS: how fast the window is actually drawing.
	FPS
)

// Readings is everything the HUD shows at one instant.
type Readings struct {
	At clock.Instant[clock.Sched]
	// Refresh is the rate the display reported when asked; 0: none.
	Refresh float64
	// Budget is the frame budget the readings are graded against; Pinned
	// when FrameBudget set it rather than the display.
	Budget time.Duration
	Pinned bool

	Max, FPS                                         Reading
	Interval, Frame, P95, Drop, Hitch, Inv, CPU, Mem Reading
	GPU                                              Reading
	// Timing is the window's clock: virtual or real (Unknown where the
	// sampler was not told).
	Timing latency.Timing
	// Trace is the latest measured frame costs, oldest first, at most
	// TraceLen.
	Trace []time.Duration
	Stats Stats
}

// fields returns the readings in Defs order.
func (r *Readings) fields() []*Reading {
	return []*Reading{&r.Max, &r.FPS, &r.Interval, &r.Frame, &r.P95, &r.Drop, &r.Hitch, &r.Inv, &r.CPU, &r.Mem, &r.GPU}
}

// stampClocks names, on every reading, the clock it reads.
func (r *Readings) stampClocks() {
	loop := string(r.Timing)
	if loop == "" {
		loop = "unknown"
	}
	for i, p := range r.fields() {
		switch Defs[i].Clock {
		case LoopClock:
			p.Clock = loop
		case ProcessClock:
			p.Clock = string(latency.Real)
		}
	}
}

// All returns every reading, in Defs order: the two headline readings,
// then the rows.
func (r *Readings) All() []Reading {
	f := r.fields()
	out := make([]Reading, len(f))
	for i, p := range f {
		out[i] = *p
	}
	return out
}

// Rows returns the rows under the headline, in the order the overlay shows
// them: INTERVAL, FRAME, P95, DROP, HITCH, INV, CPU, MEM, GPU.
func (r *Readings) Rows() []Reading { return r.All()[2:] }

// Headline returns the reading the headline shows.
func (r *Readings) Headline(h Headline) Reading {
	if h == FPS {
		return r.FPS
	}
	return r.Max
}

// TraceLevels is the number of heights a bar of the frame-time trace has.
const TraceLevels = 8

// TraceLevel returns the height, 1 … TraceLevels, of the trace's bar for a
// frame of cost d against budget: a frame at the budget is half height, a
// frame of twice the budget or more is full height, so a bar over half
// height is a frame over budget at a glance.
func TraceLevel(d, budget time.Duration) int {
	if budget <= 0 {
		return TraceLevels
	}
	l := int(math.Ceil(float64(d) / float64(budget) * TraceLevels / 2))
	return max(1, min(l, TraceLevels))
}
