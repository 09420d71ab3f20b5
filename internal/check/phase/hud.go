package phase

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/hud"
)

// HUDPrinter is `perfbench phase … --hud`: the FPS monitor's readings of
// the driven window, one line to out (the command's stderr) every
// hud.TickPeriod of the phase's virtual time.
//
// It samples the window without mounting the overlay. A mounted HUD would
// change the work the phase measures: its elements would join the
// gallery's document, its ticks would draw frames of their own (an idle
// phase, whose claim is that it draws none, would draw two a second), and
// its probe and timer would move ProbeCalls and TimersFired in every
// step's counters. Fed from the phase's step callback instead — a phase
// step draws at most one frame, so the last frame of a step that drew is
// every frame — the sampler reads the same frames and adds nothing to
// them: no element, no frame, no timer, no probe.
func HUDPrinter(out io.Writer) func(*Driver, Step) {
	var v *hudView
	return func(d *Driver, st Step) {
		if v == nil || v.d != d { // a new run: `phase … all` opens one per size
			v = &hudView{out: out, d: d}
			v.start()
		} else if st.Drew {
			v.s.Frame(d.W.LastFrame(), d.W.Display())
		}
		v.print()
	}
}

// hudView is the sampler of one phase run and the instant of its next
// line.
type hudView struct {
	out  io.Writer
	d    *Driver
	s    hud.Sampler
	res  hud.Process
	gpu  gpuUse
	next clock.Instant[clock.Sched]
	real clock.Instant[clock.Mono] // when the view started, in real time
}

// start starts the sampler at the first step's callback: the frames the
// phase drew before (settling the gallery, the first step) are, as for a
// HUD, those before mounting.
func (v *hudView) start() {
	now := v.d.W.Clock().Now()
	src := v.d.W.Source()
	v.s.Timing, v.s.Presents = src.Timing, src.Presents
	v.s.Start(v.d.W.Display(), now)
	v.real = clock.MonoNow()
	v.next = now.Add(hud.TickPeriod)
}

// print prints a line when the phase's clock has passed the next one's
// instant, with the readings and a resource sample taken now.
func (v *hudView) print() {
	now := v.d.W.Clock().Now()
	if now.Before(v.next) {
		return
	}
	for !v.next.After(now) {
		v.next = v.next.Add(hud.TickPeriod)
	}
	sample := v.res.Sample()
	v.gpu.sample(v.out, v.d.W.Renderer(), &sample)
	v.s.Sample(sample)
	r := v.s.Read(now)
	fmt.Fprintln(v.out, hudLine(v.d.G.Size.String(), r, clock.MonoNow().Sub(v.real)))
}

// hudLine prints the readings as one line: the size, the time on the
// window's clock (and, on a virtual one, the real time the run has taken:
// the two are not the same seconds), the headline, the rows, each with the
// clock it reads, and the frame-time trace.
func hudLine(size string, r hud.Readings, real time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "hud %s t=%.3fs %s", size, time.Duration(r.At.Nanos()).Seconds(), r.FPS.Clock)
	if r.FPS.Clock != "real" {
		fmt.Fprintf(&b, " (%.3fs real)", real.Seconds())
	}
	for _, row := range append([]hud.Reading{r.Max, r.FPS}, r.Rows()...) {
		fmt.Fprintf(&b, "  %s %s", row.Name, row.Text())
		if row.Clock != "" {
			fmt.Fprintf(&b, " [%s]", row.Clock)
		}
	}
	if len(r.Trace) > 0 {
		b.WriteString("  ")
		for _, c := range r.Trace {
			b.WriteRune(sparks[hud.TraceLevel(c, r.Budget)-1])
		}
	}
	return b.String()
}

// sparks draws the trace's levels, 1 … hud.TraceLevels.
var sparks = [hud.TraceLevels]rune{'▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'}

// gpuBusy is a renderer that can say how long it has kept the GPU busy
// (the gpu renderer, from GL timer queries).
type gpuBusy interface {
	GPUBusy() (time.Duration, bool, string)
}

// gpuUse turns a renderer's GPU busy time into the HUD's GPU row: the
// share of real time between two samples that the GPU spent on the
// renderer's frames, in percent. With a renderer that draws on no GPU
// (null, cpu) the row stays missing, as it always was; with a GPU renderer
// whose driver has no timer queries it stays missing too, and why is
// printed once.
type gpuUse struct {
	busy   time.Duration
	at     clock.Instant[clock.Mono]
	primed bool
	told   bool
}

func (g *gpuUse) sample(out io.Writer, r any, s *hud.Resources) {
	src, ok := r.(gpuBusy)
	if !ok {
		return
	}
	busy, ok, why := src.GPUBusy()
	if !ok {
		if !g.told {
			fmt.Fprintf(out, "hud: GPU row missing: %s\n", why)
			g.told = true
		}
		return
	}
	if g.primed && s.At.After(g.at) {
		s.GPU = 100 * float64(busy-g.busy) / float64(s.At.Sub(g.at))
		s.GPUOK = true
	}
	g.busy, g.at, g.primed = busy, s.At, true
}
