// Package peers runs one interaction over perfbench's gallery on
// perfbench's engine and on peers of the gallery written with other
// toolkits, interleaved in blocks of steps in one process (`perfbench
// peers`).
//
// A peer is a [Peer]: it opens its gallery at a size and drives a phase's
// steps on it, reporting each frame it drew. This package knows no
// toolkit: package subject/gio/peer provides the Gio peer and
// subject/fyne/peer the Fyne one, and the CLI hands them in.
package peers

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/gallery"
)

// Phases are the interactions a peer run can drive, by the names of
// perfbench's phases.
var Phases = []string{"hover", "scroll", "idle"}

// Peer is the gallery written with another toolkit.
type Peer interface {
	// Name names the peer in reports ("gio", "fyne").
	Name() string
	// Open builds the peer's gallery at size, opens it headless on a
	// virtual clock and settles it.
	Open(size gallery.Size) (Driver, error)
	// Includes says what the peer's frame includes, for the caveats.
	Includes() string
}

// Driver drives one opened peer.
type Driver interface {
	// Step performs step i of phase (one input and the refresh after it;
	// for idle, a second of virtual time), aimed at the peer's own
	// widgets the way perfbench's phase aims at its elements, and
	// returns the last frame it drew.
	Step(phase string, i int) Frame
}

// Window is a toolkit's headless window on a virtual clock, as a peer's
// driver steps it: package subject/gio's Subject and subject/fyne's, whose
// frames are of type F.
type Window[F any] interface {
	// Refresh advances to the next refresh, drawing a frame if one is due.
	Refresh() bool
	// Wait advances the clock by d, drawing every frame that falls due.
	Wait(d time.Duration) int
	// Frames are every frame drawn since the window opened, in order.
	Frames() []F
}

// WindowDriver is the Driver of a peer in a Window. What a phase's step
// is stays the same on every toolkit (idle: a second of virtual time;
// hover and scroll: the step's input, then one refresh); only the input,
// aimed at the peer's own widgets, and the reading of its frames differ.
type WindowDriver[F any] struct {
	Window Window[F]
	// Toolkit names the peer's toolkit ("Gio", "Fyne") in the panic for a
	// phase it has no input for.
	Toolkit string
	// Hover and Scroll perform the input of step i of those phases.
	Hover, Scroll func(i int)
	// Frame reads the toolkit's frame; Step sets Drew.
	Frame func(F) Frame
}

var _ Driver = WindowDriver[struct{}]{}

// Step performs step i of phase and returns the frame it drew, if any.
func (d WindowDriver[F]) Step(phase string, i int) Frame {
	n := len(d.Window.Frames())
	switch phase {
	case "idle":
		d.Window.Wait(time.Second)
	case "hover":
		d.Hover(i)
		d.Window.Refresh()
	case "scroll":
		d.Scroll(i)
		d.Window.Refresh()
	default:
		// Named for the peer packages, whose drivers these are.
		panic("peer: no " + d.Toolkit + " driver for phase " + phase)
	}
	frames := d.Window.Frames()
	if len(frames) == n {
		return Frame{}
	}
	f := d.Frame(frames[len(frames)-1])
	f.Drew = true
	return f
}

// Frame is what a step drew.
type Frame struct {
	// Drew says a frame was drawn; the rest is zero when not.
	Drew bool
	// Cost is the frame's wall time, the clock every side is timed on.
	Cost time.Duration
	// Layout and Paint are the parts of the frame a peer times apart
	// (zero where it does not), on the clock Includes names.
	Layout, Paint time.Duration
}

// Options choose what a peer run measures.
type Options struct {
	Sizes  []gallery.Size
	Phases []string
	// Steps is the number of steps of each phase at each size.
	Steps int
	// Peers run beside perfbench's engine, in this order.
	Peers []Peer
	// Progress, if set, gets one line per phase and size as it finishes.
	Progress io.Writer
	// Block is how many steps one subject runs in a row before the next
	// takes its turn; zero means DefaultBlock. It must be more than
	// Warmup.
	Block int
}

// DefaultBlock is how many steps a subject runs in a row: 20. The first
// step after another subject's turn runs on caches that subject's frames
// evicted, and costs perfbench's hover step ten times its warm cost
// (docs/diagnosis.md), so steps taken in turn one at a time would compare
// the caches. A block of 20 leaves 16 warm steps after the Warmup, and
// the default 120 steps make six blocks a subject, whose first steps give
// the cold figure.
const DefaultBlock = 20

// Warmup is how many steps at the head of each block the warm figures
// leave out: four, since from the fifth step of a block on perfbench's
// hover and scroll steps cost what the block's last does
// (docs/diagnosis.md).
const Warmup = 4

func (o Options) block() int {
	if o.Block != 0 {
		return o.Block
	}
	return DefaultBlock
}

// DefaultOptions measure hover, scroll and idle at s1, s13 and s26, 120
// steps each (three full sweeps of hover's 14 rows down and back, and
// scroll's 80-step period and a half), in blocks of DefaultBlock. Peers
// is left to the caller.
var DefaultOptions = Options{
	Sizes:  []gallery.Size{gallery.S1, gallery.S13, gallery.S26},
	Phases: Phases,
	Steps:  120,
	Block:  DefaultBlock,
}

// Side is what one subject measured over one phase at one size.
type Side struct {
	// Subject is "perfbench" or the peer's name.
	Subject string `json:"subject"`
	// Frames is the number of steps that drew a frame.
	Frames int `json:"frames"`
	// Median and P95 are the frame costs' median and 95th percentile
	// (nearest rank), in µs of wall time, and CPU the median thread-CPU
	// time of a step that drew (its input and its frame), in µs, all of
	// the warm steps: those of a block after its Warmup. ColdCPU is the
	// median of each block's first step, right after another subject's
	// block. Allocs is the median heap allocations of every step that
	// drew, warm or cold. Each is absent (zero) when there was nothing to
	// time: no frame, or, for the warm figures, no step past the Warmup.
	Median  float64 `json:"median_us,omitempty"`
	P95     float64 `json:"p95_us,omitempty"`
	CPU     float64 `json:"cpu_us,omitempty"`
	ColdCPU float64 `json:"cold_cpu_us,omitempty"`
	Allocs  float64 `json:"allocs_per_frame,omitempty"`
	// Layout and Paint are the medians of the frame's parts a peer times
	// apart, in µs; absent where it does not.
	Layout float64 `json:"layout_us,omitempty"`
	Paint  float64 `json:"paint_us,omitempty"`
	// Ratio is this side's CPU over perfbench's: how many times longer
	// its warm step took on the drawing thread, the clock that other
	// processes on the machine do not move; ColdRatio is the same of
	// ColdCPU. Absent for perfbench's own side, and when either side has
	// no figure.
	Ratio     float64 `json:"ratio,omitempty"`
	ColdRatio float64 `json:"cold_ratio,omitempty"`
}

// Row is one phase at one size on every subject, perfbench's engine first.
type Row struct {
	Phase string `json:"phase"`
	Size  string `json:"size"`
	Sides []Side `json:"sides"`
}

// Caveats say how the run took turns and what each frame includes, so a
// reader can judge how fair a ratio is. `perfbench peers` prints them
// under its table.
func Caveats(opts Options) []string {
	out := []string{
		"Every subject runs in one process, one goroutine locked to its thread, on the same inputs, in turn, so machine load falls on all alike. The frame columns are wall time; cpu is the step's (input and frame) thread-CPU time, and the ratio is of cpu, which load on the machine does not inflate.",
		fmt.Sprintf("The subjects take turns in blocks of %d steps (the order rotates every block), so that each runs warm: the first step after another subject's block runs on the caches that subject's frames evicted, and costs a multiple of a warm step (the cold figures say how much in this run). Every figure but allocs/frame and the cold ones is of the warm steps, those after a block's first %d; cold is each block's first step.", opts.block(), Warmup),
		"perfbench's frame: restyle, layout, paint diff and emission into the display list, with the null renderer; input routing and hit testing happen before the frame and are not in it. perfbench is retained: a frame redoes only what changed.",
	}
	for _, p := range opts.Peers {
		out = append(out, p.Includes())
	}
	return append(out,
		"Allocations count the whole step (input and frame) on every side. Go's GC runs when any side's garbage fills the heap, so it can land in any side's frame.",
		"Every subject lays out the same document (sections, strings and controls), but with its own widgets and metrics, so their geometry differs a little.",
	)
}

// Run measures every phase at every size on perfbench's engine and every
// peer, interleaved. It holds perfbench's counters exclusively while it
// runs.
func Run(opts Options) ([]Row, error) {
	for _, name := range opts.Phases {
		if !slices.Contains(Phases, name) {
			return nil, fmt.Errorf("unknown peer phase %q (valid: %s)", name, strings.Join(Phases, " "))
		}
	}
	// Every figure but the cold ones is of steps past a block's Warmup,
	// so a run of no more steps than that would have none to show.
	if opts.Steps <= Warmup {
		return nil, fmt.Errorf("a peer run needs more steps than its %d warm-up steps, got %d", Warmup, opts.Steps)
	}
	if b := opts.block(); b <= Warmup {
		return nil, fmt.Errorf("a peer run's block must be more than its %d warm-up steps, got %d", Warmup, b)
	}
	release := counter.Exclusive()
	defer release()
	// One thread for the run, so that each step's thread-CPU time is
	// read on the thread that did it.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var rows []Row
	for _, name := range opts.Phases {
		for _, size := range opts.Sizes {
			start := time.Now()
			r, err := runOne(name, size, opts)
			if err != nil {
				return nil, err
			}
			rows = append(rows, r)
			if opts.Progress != nil {
				fmt.Fprintf(opts.Progress, "peers %s %s: %.1fs\n", name, size, time.Since(start).Seconds())
			}
		}
	}
	return rows, nil
}

// step is one step's measurement on one side.
type step struct {
	Frame
	cpu    time.Duration
	allocs uint64
	// pos is the step's place in its block: 0 right after another
	// subject's block.
	pos int
}

// runOne drives one phase at one size on every subject.
func runOne(name string, size gallery.Size, opts Options) (Row, error) {
	ph, err := phase.Lookup(name)
	if err != nil {
		return Row{}, err
	}
	eng := phase.Open(ph, size, phase.Options{Gallery: &gallery.Options{}})
	sides := []func(i int) Frame{func(i int) Frame {
		frames := eng.W.Frames()
		ph.Step(eng, i)
		eng.Refresh()
		if eng.W.Frames() == frames {
			return Frame{}
		}
		return Frame{Drew: true, Cost: eng.W.LastFrame().Cost}
	}}
	names := []string{"perfbench"}
	for _, p := range opts.Peers {
		d, err := p.Open(size)
		if err != nil {
			return Row{}, fmt.Errorf("%s %s at %s: %w", p.Name(), name, size, err)
		}
		sides = append(sides, func(i int) Frame { return d.Step(name, i) })
		names = append(names, p.Name())
	}
	// Subject j runs steps [b·block, (b+1)·block) in its turn of block
	// b, every subject the same steps, and the order rotates every block.
	block := opts.block()
	steps := make([][]step, len(sides))
	for b := 0; b*block < opts.Steps; b++ {
		for k := range sides {
			j := (b + k) % len(sides)
			for i := b * block; i < min((b+1)*block, opts.Steps); i++ {
				st := measure(func() Frame { return sides[j](i) })
				st.pos = i - b*block
				steps[j] = append(steps[j], st)
			}
		}
	}
	r := Row{Phase: name, Size: size.String()}
	for j, name := range names {
		r.Sides = append(r.Sides, side(name, steps[j]))
	}
	ours := r.Sides[0]
	for j := 1; j < len(r.Sides); j++ {
		if sd := &r.Sides[j]; ours.CPU > 0 && sd.CPU > 0 {
			sd.Ratio = sd.CPU / ours.CPU
		}
		if sd := &r.Sides[j]; ours.ColdCPU > 0 && sd.ColdCPU > 0 {
			sd.ColdRatio = sd.ColdCPU / ours.ColdCPU
		}
	}
	return r, nil
}

// measure runs one step, timing it on the thread-CPU clock (the monotonic
// clock where the system has none) and counting its allocations.
func measure(do func() Frame) step {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c0 := cpuNow()
	f := do()
	c1 := cpuNow()
	runtime.ReadMemStats(&after)
	return step{Frame: f, cpu: c1 - c0, allocs: after.Mallocs - before.Mallocs}
}

func cpuNow() time.Duration {
	if t, ok := clock.ThreadCPU(); ok {
		return t
	}
	return time.Duration(clock.MonoNow().Nanos())
}

// side summarises one subject's steps.
func side(subject string, steps []step) Side {
	var costs, cpus, cold, allocs, layouts, paints []float64
	sd := Side{Subject: subject}
	for _, s := range steps {
		if !s.Drew {
			continue
		}
		sd.Frames++
		allocs = append(allocs, float64(s.allocs))
		switch {
		case s.pos == 0:
			cold = append(cold, µs(s.cpu))
		case s.pos >= Warmup:
			costs, cpus = append(costs, µs(s.Cost)), append(cpus, µs(s.cpu))
			layouts, paints = append(layouts, µs(s.Layout)), append(paints, µs(s.Paint))
		}
	}
	if len(allocs) > 0 {
		sd.Allocs = median(allocs)
	}
	if len(cold) > 0 {
		sd.ColdCPU = median(cold)
	}
	if len(costs) == 0 {
		return sd
	}
	slices.Sort(costs)
	sd.Median = median(costs)
	sd.P95 = costs[int(math.Ceil(0.95*float64(len(costs))))-1]
	sd.CPU, sd.Layout, sd.Paint = median(cpus), median(layouts), median(paints)
	return sd
}

func µs(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

// median returns the median of v, which it sorts.
func median(v []float64) float64 {
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}
