package peer

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/phase"
	"github.com/perfbench/perfbench/subject/gio"
)

// Phases are the interactions a peer run can drive on both subjects, by
// the names of perfbench's phases.
var Phases = []string{"hover", "scroll", "idle"}

// Options choose what a peer run measures.
type Options struct {
	Sizes  []gallery.Size
	Phases []string
	// Steps is the number of steps of each phase at each size, each one
	// input (or, for idle, a second of virtual time) and one refresh.
	Steps int
	// Form is the Gio peer's form.
	Form Form
	// Progress, if set, gets one line per phase and size as it finishes.
	Progress io.Writer
}

// DefaultOptions measure hover, scroll and idle at s1, s13 and s26 over the
// idiomatic peer, 120 steps each (three full sweeps of hover's 14 rows
// down and back, and scroll's 80-step period and a half).
var DefaultOptions = Options{
	Sizes:  []gallery.Size{gallery.S1, gallery.S13, gallery.S26},
	Phases: Phases,
	Steps:  120,
	Form:   Idiomatic,
}

// Side is what one subject measured over one phase at one size.
type Side struct {
	// Subject is "perfbench" or "gio".
	Subject string `json:"subject"`
	// Frames is the number of steps that drew a frame.
	Frames int `json:"frames"`
	// Median and P95 are the frame costs' median and 95th percentile
	// (nearest rank), in µs. Allocs is the median heap allocations of a
	// step that drew (its input and its frame). All three are absent
	// (zero) when Frames is zero: there was nothing to time.
	Median float64 `json:"median_us,omitempty"`
	P95    float64 `json:"p95_us,omitempty"`
	Allocs float64 `json:"allocs_per_frame,omitempty"`
}

// Row is one phase at one size on both subjects.
type Row struct {
	Phase  string `json:"phase"`
	Size   string `json:"size"`
	Engine Side   `json:"perfbench"`
	Gio    Side   `json:"gio"`
	// Ratio is Gio's median over perfbench's: how many times longer the
	// Gio program's frame took. Absent (zero) when either drew no frame.
	Ratio float64 `json:"ratio,omitempty"`
}

// Caveats say what each frame includes, so a reader can judge how fair a
// ratio is. `perfbench peers` prints them under its table.
func Caveats(form Form) []string {
	return []string{
		"Both subjects run in one process, one goroutine, on the same inputs, step by step alternately (the order flips every step), so machine load falls on both alike.",
		"perfbench's frame: restyle, layout, paint diff and emission into the display list, with the null renderer; input routing and hit testing happen before the frame and are not in it.",
		"Gio's frame: ops.Reset, the program's layout (" + form.String() + " form) and Router.Frame; Router.Queue (routing) is not in it. Nothing is rasterised by either: Gio's GPU stage is not run.",
		"perfbench is retained: a frame redoes only what changed. Gio is immediate: every frame lays out and records everything in view (all content, in the everything form).",
		"Allocations count the whole step (input and frame) on both sides. Go's GC runs when either side's garbage fills the heap, so it can land in either side's frame.",
		"Both lay out the same document (sections, strings and controls), but with their own widgets and metrics, so their geometry differs a little.",
	}
}

// Run measures every phase at every size on both subjects, interleaved.
// It holds perfbench's counters exclusively while it runs.
func Run(opts Options) ([]Row, error) {
	for _, name := range opts.Phases {
		if !slices.Contains(Phases, name) {
			return nil, fmt.Errorf("unknown peer phase %q (valid: %s)", name, strings.Join(Phases, " "))
		}
	}
	if opts.Steps < 1 {
		return nil, fmt.Errorf("a peer run needs at least one step, got %d", opts.Steps)
	}
	release := counter.Exclusive()
	defer release()
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
	drew   bool
	cost   time.Duration
	allocs uint64
}

// runOne drives one phase at one size on both subjects.
func runOne(name string, size gallery.Size, opts Options) (Row, error) {
	ph, err := phase.Lookup(name)
	if err != nil {
		return Row{}, err
	}
	eng := phase.Open(ph, size, phase.Options{Gallery: &gallery.Options{}})
	gp := Build(size, gallery.Options{}, opts.Form)
	sub := &gio.Subject{UI: gp.Layout}
	sub.Open()
	drive, err := gioDriver(name, sub)
	if err != nil {
		return Row{}, fmt.Errorf("%s at %s: %w", name, size, err)
	}
	var es, gs []step
	for i := range opts.Steps {
		engine := func() {
			es = append(es, measure(func() time.Duration {
				frames := eng.W.Frames()
				ph.Step(eng, i)
				eng.Refresh()
				if eng.W.Frames() == frames {
					return -1
				}
				return eng.W.LastFrame().Cost
			}))
		}
		peer := func() {
			gs = append(gs, measure(func() time.Duration {
				n := len(sub.Frames())
				drive(i)
				if len(sub.Frames()) == n {
					return -1
				}
				return sub.Frames()[len(sub.Frames())-1].Cost
			}))
		}
		if i%2 == 0 {
			engine()
			peer()
		} else {
			peer()
			engine()
		}
	}
	r := Row{Phase: name, Size: size.String(), Engine: side("perfbench", es), Gio: side("gio", gs)}
	if r.Engine.Frames > 0 && r.Gio.Frames > 0 {
		r.Ratio = r.Gio.Median / r.Engine.Median
	}
	return r, nil
}

// measure runs one step and counts its allocations; do returns the frame's
// cost, or a negative duration when no frame was drawn.
func measure(do func() time.Duration) step {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cost := do()
	runtime.ReadMemStats(&after)
	return step{drew: cost >= 0, cost: cost, allocs: after.Mallocs - before.Mallocs}
}

// gioDriver returns the Gio side of a phase: step i's input and the
// refresh that follows, aimed at the peer's ports the way perfbench's
// phase aims at its own.
func gioDriver(name string, s *gio.Subject) (func(i int), error) {
	switch name {
	case "idle":
		return func(int) { s.Wait(time.Second) }, nil
	case "hover":
		port, ok := s.Find(TablePort)
		if !ok {
			return nil, fmt.Errorf("the Gio peer drew no table port")
		}
		// Inside the 1 px border: the heading row, then body rows.
		top := port.Min.Y + 1 + gallery.TableRowHeight + 2
		n := (port.Max.Y - 1 - top) / gallery.TableRowHeight
		x := float32(port.Min.X+port.Max.X) / 2
		return func(i int) {
			y := top + phase.Bounce(i, n)*gallery.TableRowHeight + gallery.TableRowHeight/2
			s.PointerMove(x, float32(y))
			s.Refresh()
		}, nil
	case "scroll":
		port, ok := s.Find(ListPort)
		if !ok {
			return nil, fmt.Errorf("the Gio peer drew no list port")
		}
		x, y := float32(port.Min.X+port.Max.X)/2, float32(port.Min.Y+port.Max.Y)/2
		return func(i int) {
			s.Wheel(x, y, phase.WheelSteps(i, 7))
			s.Refresh()
		}, nil
	}
	return nil, fmt.Errorf("no Gio driver for phase %q", name)
}

// side summarises one subject's steps.
func side(subject string, steps []step) Side {
	var costs []float64
	var allocs []float64
	for _, s := range steps {
		if s.drew {
			costs = append(costs, float64(s.cost)/float64(time.Microsecond))
			allocs = append(allocs, float64(s.allocs))
		}
	}
	sd := Side{Subject: subject, Frames: len(costs)}
	if len(costs) == 0 {
		return sd
	}
	slices.Sort(costs)
	slices.Sort(allocs)
	sd.Median = median(costs)
	sd.P95 = costs[int(math.Ceil(0.95*float64(len(costs))))-1]
	sd.Allocs = median(allocs)
	return sd
}

func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}
