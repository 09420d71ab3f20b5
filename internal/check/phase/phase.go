// Package phase drives one interaction over the gallery, frame by frame,
// for diagnosis: `perfbench phase click s13 24` prints what every frame
// cost and which counters it moved.
//
// A phase opens the gallery at a size in a window on a virtual clock with
// the null renderer, settles it (Quiet), then performs N steps. Each step
// is one input (or none, for idle) followed by one refresh of the clock,
// so each step draws at most one frame. A step's counters are the delta
// around the input and its frame; its cost is the frame's real duration.
//
// Every phase also states what the design claims of it (Check): idle
// draws nothing, a hover crossing restyles at most two elements and lays
// out none, a scroll frame that rebuilt no boxes restyled, relaid out and
// re-indexed nothing. Running every size (`all`) stops at the first size
// whose claim fails.
package phase

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// Phase is one scripted interaction.
type Phase struct {
	Name string
	// What the phase does, as a phrase.
	Help string
	// Animate opens the animated gallery (otherwise the idle variant).
	Animate bool
	// step performs step i (0-based) of the interaction.
	step func(d *Driver, i int)
	// check states the design's claim about the result; nil: none.
	check func(r *Result) error
}

// Step is one step of a phase.
type Step struct {
	Index int
	// Drew reports whether the step drew a frame.
	Drew     bool
	Cost     time.Duration
	Counters counter.Snapshot
	// Requests is how many requests the step's frame answered (1 for an
	// input's frame on a virtual clock; more where requests merged).
	Requests int
}

// Result is one run of a phase at one size.
type Result struct {
	Phase    string
	Size     string
	Controls int
	Steps    []Step
	// Total is the counter delta over all steps.
	Total counter.Snapshot
	// Real reports a run on the real clock (Options.Real).
	Real bool
	// Err says why a run on the real clock stopped before its last step:
	// its frame loop could not write the latency trace (a full disk, a
	// directory where the file should be). Nil otherwise; Steps hold the
	// steps done.
	Err error `json:"-"`
}

// Timing says, for a report's first line, which clock ran the frames: ""
// for the virtual clock, the usual case, and ", real clock" otherwise.
func (r *Result) Timing() string {
	if r.Real {
		return ", real clock"
	}
	return ""
}

// Frames returns the steps that drew a frame.
func (r *Result) Frames() []Step {
	var out []Step
	for _, s := range r.Steps {
		if s.Drew {
			out = append(out, s)
		}
	}
	return out
}

// Median and Max return the median and the largest frame cost, or 0 when
// no frame was drawn.
func (r *Result) Median() time.Duration {
	fs := r.Frames()
	if len(fs) == 0 {
		return 0
	}
	c := make([]time.Duration, len(fs))
	for i, f := range fs {
		c[i] = f.Cost
	}
	slices.Sort(c)
	if len(c)%2 == 1 {
		return c[len(c)/2]
	}
	return (c[len(c)/2-1] + c[len(c)/2]) / 2
}

// Max returns the largest frame cost.
func (r *Result) Max() time.Duration {
	var m time.Duration
	for _, f := range r.Frames() {
		m = max(m, f.Cost)
	}
	return m
}

// Check returns the phase's claim about r, or nil when it holds.
func (p *Phase) Check(r *Result) error {
	if p.check == nil {
		return nil
	}
	return p.check(r)
}

// Names lists the phases in order.
func Names() []string {
	out := make([]string, len(phases))
	for i, p := range phases {
		out[i] = p.Name
	}
	return out
}

// Lookup returns a phase by name, or a one-line error listing the valid
// names.
func Lookup(name string) (*Phase, error) {
	for i := range phases {
		if phases[i].Name == name {
			return &phases[i], nil
		}
	}
	return nil, fmt.Errorf("unknown phase %q (valid: %s)", name, strings.Join(Names(), " "))
}

// Driver is what a phase's steps drive: the gallery in its window.
type Driver struct {
	G *gallery.Gallery
	W *window.Window
	// Clock is the window's virtual clock; nil on a real run (Real), where
	// the window's loop runs on the real clock and no step moves time.
	Clock *clock.Virtual

	open *openStep // the step a real run's loop is in
}

// Options tune a run. The zero value is what `perfbench phase` uses.
type Options struct {
	// Gallery overrides the gallery options (default: DefaultOptions with
	// Animate taken from the phase).
	Gallery *gallery.Options
	// Window overrides window options other than the clock.
	Window window.Options
	// OnStep, if set, is called after every step (for a live HUD).
	OnStep func(d *Driver, s Step)
	// Real runs the window's frame loop on the real clock (window.Run)
	// and feeds it the steps' inputs at the display's refresh cadence, one
	// step per refresh, half a refresh after each; see RunReal.
	Real bool
}

// Open builds the gallery for p at size and settles its window.
func Open(p *Phase, size gallery.Size, opts Options) *Driver {
	clk := &clock.Virtual{}
	d := open(p, size, opts, clk)
	d.Clock = clk
	return d
}

// open builds the gallery for p at size in a window on clk and settles it.
func open(p *Phase, size gallery.Size, opts Options, clk clock.Clock) *Driver {
	gopts := gallery.DefaultOptions
	gopts.Animate = p.Animate
	if opts.Gallery != nil {
		gopts = *opts.Gallery
	}
	g := gallery.Build(size, gopts)
	wopts := opts.Window
	wopts.Clock = clk
	w := window.New(g.Doc, wopts)
	w.Quiet()
	return &Driver{G: g, W: w}
}

// Step performs step i (0-based) of the phase's interaction on d, without
// the refresh that draws its frame: for a caller that drives the phase
// itself (perfbench peers interleaves it with another subject).
func (p *Phase) Step(d *Driver, i int) { p.step(d, i) }

// Refresh advances the clock to the window's next refresh, where a frame
// requested by the step is drawn.
func (d *Driver) Refresh() { d.Clock.AdvanceTo(d.W.NextRefresh()) }

// Run performs n steps of phase p over the gallery at size. It holds the
// counters exclusively while it runs.
func Run(p *Phase, size gallery.Size, n int, opts Options) *Result {
	if opts.Real {
		return runReal(p, size, n, opts)
	}
	release := counter.Exclusive()
	defer release()
	d := Open(p, size, opts)
	r := &Result{Phase: p.Name, Size: size.String(), Controls: d.G.Controls(), Steps: make([]Step, 0, n)}
	start := counter.Take()
	for i := range n {
		before := counter.Take()
		frames := d.W.Frames()
		p.step(d, i)
		d.Refresh()
		s := Step{Index: i, Drew: d.W.Frames() > frames, Counters: before.Delta(counter.Take())}
		if s.Drew {
			s.Cost, s.Requests = d.W.LastFrame().Cost, d.W.LastFrame().Invalidations
		}
		r.Steps = append(r.Steps, s)
		if opts.OnStep != nil {
			opts.OnStep(d, s)
		}
	}
	r.Total = start.Delta(counter.Take())
	return r
}
