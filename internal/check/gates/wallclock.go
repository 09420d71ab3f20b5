package gates

import (
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// WallBudget is an absolute duration the design wrote for one interaction
// before it was measured. Unlike every other criterion in perfbench it is
// a time, so it means something only on a machine somebody has measured:
// see WallClock.
type WallBudget struct {
	Name string `json:"name"`
	// Micros is the most the median may be, in µs.
	Micros float64 `json:"budget_us"`
	// Why says where the number comes from.
	Why string `json:"why"`
}

// WallBudgets are the wall-clock budgets, all at s26, the ten-thousand-
// control gallery: the largest document the design targets.
var WallBudgets = []WallBudget{
	{Name: "one-control update at s26", Micros: 100,
		Why: "an input's own work stays under 2.5% of a 240 Hz refresh (4 167 µs), leaving the frame to the application"},
	{Name: "hover frame at s26", Micros: 1000,
		Why: "a pointer crossing is drawn in under a quarter of a 240 Hz refresh"},
	{Name: "resize frame at s26", Micros: 16_667,
		Why: "a live resize keeps up with a 60 Hz display: one frame per refresh"},
	{Name: "first frame at s26", Micros: 250_000,
		Why: "a ten-thousand-control document opens in a quarter of a second"},
}

// WallReading is what was measured of one budget: one sample per
// repetition, in µs, of the interaction's wall time and of its thread's
// CPU time.
//
// The budget is judged on the CPU time where the system has a thread
// clock: it is what the interaction itself cost, while wall time also
// counts whatever the scheduler gave the core to meanwhile, a fifth more
// than the resize frame's budget under the noise harness's load
// (docs/gates.md). The wall median is reported beside it.
type WallReading struct {
	WallBudget
	Micros []float64 `json:"samples_us"`
	// CPUMicros are the same samples on the thread's CPU clock
	// (clock.ThreadCPU), each including about one read of that clock
	// (under a µs); empty where there is no such clock.
	CPUMicros []float64 `json:"cpu_samples_us,omitempty"`
}

// WallOptions configure the wall-clock gate. DefaultWall is what
// `perfbench wall-clock` runs.
type WallOptions struct {
	// Reps is the number of samples per budget (the first frame takes a
	// fifth of them, as it is the costliest to repeat).
	Reps int
	// Build is the binary's build information; nil means this binary's
	// (runtime/debug.ReadBuildInfo).
	Build *debug.BuildInfo
	// Baselined says whether this machine has a recorded baseline; nil
	// means ask the ratchet's store (see MachineBaselined).
	Baselined *bool
}

// DefaultWall takes 50 samples of each frame and 10 first frames.
var DefaultWall = WallOptions{Reps: 50}

// MeasureWallClock measures every budget's interaction at s26, warm, and
// returns the samples, each on the wall clock and on the thread's CPU
// clock (the goroutine is locked to its thread meanwhile).
func MeasureWallClock(reps int) []WallReading {
	release := counter.Exclusive()
	defer release()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	out := make([]WallReading, len(WallBudgets))
	for i, b := range WallBudgets {
		out[i].WallBudget = b
	}
	d := phase.Open(&phase.Phase{Name: "wall-clock"}, gallery.S26, phase.Options{Gallery: &gallery.Options{}})
	measureUpdate(d, reps, &out[0])
	measureHover(d, reps, &out[1])
	measureResize(d, reps, &out[2])
	measureFirstFrame(d, reps, &out[3])
	return out
}

// timed runs do and returns its wall and CPU time in µs (CPU NaN where
// there is no thread clock).
func timed(do func()) (wall, cpu float64) {
	c0, ok := clock.ThreadCPU()
	start := time.Now()
	do()
	wall = micros(time.Since(start))
	c1, _ := clock.ThreadCPU()
	if !ok {
		return wall, math.NaN()
	}
	return wall, micros(c1 - c0)
}

// add keeps one timing in r: its wall time, and its CPU time where there
// is one.
func (r *WallReading) add(wall, cpu float64) {
	r.Micros = append(r.Micros, wall)
	if !math.IsNaN(cpu) {
		r.CPUMicros = append(r.CPUMicros, cpu)
	}
}

// measureUpdate times the one-control update: Space on the focused
// checkbox, then its frame.
func measureUpdate(d *phase.Driver, reps int, r *WallReading) {
	g, w := d.G, d.W
	box := w.Rect(g.Check)
	x, y := box.X+box.W/2, box.Y+box.H/2
	w.Click(x, y, window.Left)
	d.Refresh()
	update := func() { w.Key(window.Space); d.Refresh() }
	for range reps {
		update() // warm-up
	}
	for range reps {
		r.add(timed(update))
	}
}

// measureHover times the pointer crossing the visible table rows, down
// and back, counting only steps that drew a frame.
func measureHover(d *phase.Driver, reps int, r *WallReading) {
	g, w := d.G, d.W
	var rows []float32
	port := w.Rect(g.TableScroll)
	for _, row := range g.TableRows {
		rr := w.Rect(row)
		if rr.Y >= port.Y && rr.Y+rr.H <= port.Y+port.H {
			rows = append(rows, rr.Y+rr.H/2)
		}
	}
	rx := port.X + port.W/2
	for i := 0; i < 4*reps && len(r.Micros) < reps && len(rows) > 1; i++ {
		j := i % (2 * (len(rows) - 1)) // every step crosses into another row
		if j >= len(rows) {
			j = 2*(len(rows)-1) - j
		}
		frames := w.Frames()
		wall, cpu := timed(func() { w.PointerMove(rx, rows[j]); d.Refresh() })
		if i >= reps && w.Frames() > frames {
			r.add(wall, cpu)
		}
	}
}

// measureResize times 16 px resize steps in and out.
func measureResize(d *phase.Driver, reps int, r *WallReading) {
	w := d.W
	collect()
	for i := range 2 * reps {
		j := i % 20
		if j >= 10 {
			j = 20 - j
		}
		wall, cpu := timed(func() { w.Resize(window.DefaultWidth-16*float32(j+1), window.DefaultHeight); d.Refresh() })
		if i >= reps/5 {
			r.add(wall, cpu)
		}
		if len(r.Micros) == reps {
			break
		}
	}
}

// measureFirstFrame times the first frame of a window opened over a clone
// of the document.
func measureFirstFrame(d *phase.Driver, reps int, r *WallReading) {
	for range max(1, reps/5) {
		collect()
		fresh := window.New(d.G.Doc.Clone(), window.Options{Clock: &clock.Virtual{}})
		r.add(timed(func() { fresh.Frame() }))
	}
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

func collect() { runtime.GC() }

// JudgeWallClock judges each reading's median against its budget: the
// median of its thread-CPU samples where it has them, else of its wall
// samples (see WallReading), with the wall median reported beside. On a
// machine with a recorded baseline (binding) an interaction over budget
// fails the gate; elsewhere the report is advisory: every check still
// says pass or fail, and the gate's verdict is Unbaselined, which neither
// passes nor fails. A reading with no samples is Broken either way.
func JudgeWallClock(rs []WallReading, binding bool) Report {
	var checks []Check
	for _, r := range rs {
		name := fmt.Sprintf("%s ≤ %s µs", r.Name, band.Format(r.WallBudget.Micros))
		if len(r.Micros) == 0 {
			checks = append(checks, Broken(name, "missing: no samples"))
			continue
		}
		wall := median(r.Micros)
		if len(r.CPUMicros) == 0 {
			checks = append(checks, Claim(name, wall <= r.WallBudget.Micros, "median %s µs wall of %d, no thread clock (%s)", band.Format(wall), len(r.Micros), r.Why))
			continue
		}
		m := median(r.CPUMicros)
		checks = append(checks, Claim(name, m <= r.WallBudget.Micros, "median %s µs thread CPU of %d, %s µs wall (%s)", band.Format(m), len(r.CPUMicros), band.Format(wall), r.Why))
	}
	if len(rs) == 0 {
		checks = append(checks, Broken("wall-clock", "missing: nothing was measured"))
	}
	rep := Of("wall-clock", checks)
	if !binding && rep.Verdict != band.Broken {
		rep.Verdict = band.Unbaselined
		rep.Notes = append(rep.Notes, "advisory: this machine has no recorded baseline, so these absolute times are reported and gate nothing")
	}
	return rep
}

// MachineBaselined reports whether the ratchet's baselines file (relative
// to the working directory, the module root when run by xtask) holds
// baselines for this machine, and the machine's key.
func MachineBaselined() (bool, string, error) {
	m := baselines.DetectMachine().String()
	store, err := baselines.Load(baselines.DefaultFile)
	if err != nil {
		return false, m, err
	}
	for _, k := range store.Keys() {
		if k.Machine == m {
			return true, m, nil
		}
	}
	return false, m, nil
}

// WallClock runs the wall-clock gate. It refuses to time a binary built
// with the race detector, coverage or optimisation turned off (the report
// is Broken and nothing is measured): a duration measured there describes
// a program nobody runs.
func WallClock(o WallOptions) Report {
	start := time.Now()
	bi := o.Build
	if bi == nil {
		bi, _ = debug.ReadBuildInfo()
	}
	if err := ratchet.CheckBuild(bi); err != nil {
		return Of("wall-clock", []Check{Broken("optimised build", "%v", err)})
	}
	binding, key := false, baselines.DetectMachine().String()
	if o.Baselined != nil {
		binding = *o.Baselined
	} else {
		var err error
		if binding, key, err = MachineBaselined(); err != nil {
			return Of("wall-clock", []Check{Broken("baselines", "%v", err)})
		}
	}
	rep := JudgeWallClock(MeasureWallClock(max(1, o.Reps)), binding)
	if binding {
		rep.Notes = append(rep.Notes, "binding: "+key+" has a recorded baseline")
	} else {
		rep.Notes = append(rep.Notes, "machine: "+key)
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
