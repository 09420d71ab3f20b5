package hud

import (
	"fmt"
	"strconv"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// TickPeriod is the HUD's own clock: it refreshes the rows and takes the
// resource sample this often.
const TickPeriod = 500 * time.Millisecond

// HiddenTicks is how many ticks the HUD stays hidden before it stops its
// clock and its probe.
const HiddenTicks = 2

// MaxCostFPS is the most frames per second the HUD may cost a window that
// draws nothing else: at most one frame per tick.
const MaxCostFPS = float64(time.Second / TickPeriod)

// Options configure a HUD. The zero value places it at the parent's
// top-left corner and samples this process with Process.
type Options struct {
	// Left and Top place the HUD in its parent's padding box.
	Left, Top style.Length
	// Budget pins the frame budget (see FrameBudget); 0: the display's.
	Budget time.Duration
	// Resources samples CPU, MEM and GPU; nil: Process.
	Resources ResourceProbe
	// Headline is the question the headline answers first.
	Headline Headline
	// CPUSpan is the sampler's CPUSpan (0: DefaultCPUSpan).
	CPUSpan time.Duration
}

// DefaultOptions place the HUD 8 px in from its parent's top-left corner.
var DefaultOptions = Options{Left: style.PxLen(8), Top: style.PxLen(8)}

// HUD is an FPS monitor mounted in a window's document.
type HUD struct {
	w    *window.Window
	res  ResourceProbe
	s    Sampler
	last Readings

	panel, big, label, body *document.Node
	rows                    [9]*document.Node
	bars                    [TraceLen]*document.Node

	rowGrade [9]Grade
	barLevel [TraceLen]int
	barOver  [TraceLen]bool

	shown, collapsed bool
	headline         Headline

	timer       *clock.Timer
	running     bool // the clock and the probe are on
	hiddenTicks int
	probe       *probe
	prev        window.FrameProbe // the window's probe before ours
	attached    window.FrameProbe // what we set: probe, or a chain ending in it
	ticks       uint64
	probes      uint64
}

// probe is the HUD's window.FrameProbe.
type probe struct{ h *HUD }

var _ window.FrameProbe = (*probe)(nil)

func (p *probe) FrameEnded(w *window.Window) {
	h := p.h
	if !h.running || w != h.w {
		return
	}
	h.probes++
	h.s.Frame(w.LastFrame(), w.Display())
}

// Mount adds a HUD to parent, an element of w's document that becomes its
// containing block (the HUD positions itself absolutely in it), and
// starts it shown. Mounting is the caller's change to the document: the
// window draws it in a frame asked for by the application, which is the
// first of the frames the HUD does not measure.
func Mount(w *window.Window, parent *document.Node, opts Options) *HUD {
	d := w.Document()
	if parent == nil || d.Node(parent.ID()) != parent {
		panic("hud: Mount: parent is not an element of the window's document")
	}
	h := &HUD{w: w, res: opts.Resources, headline: opts.Headline, shown: true}
	if h.res == nil {
		h.res = &Process{}
	}
	src := w.Source()
	h.s = Sampler{Budget: opts.Budget, CPUSpan: opts.CPUSpan, Timing: src.Timing, Presents: src.Presents}
	h.probe = &probe{h}
	for i := range h.barLevel {
		h.barLevel[i] = -1
	}

	pos := defineClasses(d.Sheet, opts.Left, opts.Top)
	h.panel = d.Add(parent, document.Box, "hud", pos)
	head := d.Add(h.panel, document.Box, "hud-head")
	h.big = d.Add(head, document.Text, "hud-big")
	h.label = d.Add(head, document.Text, "hud-label")
	h.body = d.Add(h.panel, document.Box, "hud-body")
	for i := range h.rows {
		h.rows[i] = d.Add(h.body, document.Text, "hud-row")
	}
	trace := d.Add(h.body, document.Box, "hud-trace")
	for i := range h.bars {
		h.bars[i] = d.Add(trace, document.Box, "hud-bar")
	}
	w.Handle(h.panel, h.click)

	h.start()
	h.render()
	return h
}

// start starts the sampler, the probe and the clock.
func (h *HUD) start() {
	clk := h.w.Clock()
	now := clk.Now()
	h.s.Start(h.w.Display(), now)
	h.last = h.s.Read(now)
	h.hiddenTicks = 0
	if h.running {
		return
	}
	h.running = true
	h.prev = h.w.Probe()
	h.attached = Chain(h.prev, h.probe)
	h.w.SetProbe(h.attached)
	if h.timer == nil {
		h.timer = clk.At(now.Add(TickPeriod), h.tick)
	} else {
		clk.Rearm(h.timer, now.Add(TickPeriod))
	}
}

// stop stops the clock and the probe: a hidden HUD costs nothing.
func (h *HUD) stop() {
	h.running = false
	h.timer.Stop()
	if h.w.Probe() == h.attached {
		h.w.SetProbe(h.prev)
	}
	// Otherwise somebody set a probe over ours since; ours stays in their
	// chain but does nothing while the HUD is not running.
	h.prev, h.attached = nil, nil
}

// tick is the HUD's clock: every TickPeriod it samples the resources,
// reads the sampler and shows the readings, announcing the change as the
// window's Tick so that the frame answering it is left out.
func (h *HUD) tick() {
	h.ticks++
	clk := h.w.Clock()
	now := clk.Now()
	if !h.shown {
		h.hiddenTicks++
		if h.hiddenTicks >= HiddenTicks {
			h.stop()
			return
		}
	} else {
		h.s.Sample(h.res.Sample())
		h.s.SetForeground(h.w.Foreground())
		h.last = h.s.Read(now)
		h.w.TickUpdate(h.render)
	}
	next := h.timer.When().Add(TickPeriod)
	if !next.After(now) {
		next = now.Add(TickPeriod)
	}
	clk.Rearm(h.timer, next)
}

// Show shows the HUD. A HUD shown again after it was hidden starts from an
// empty sampler: the frames the window drew meanwhile were nobody's to
// report. Showing is the caller's change; the frame that draws it is not
// measured (it is among the first after the sampler starts).
func (h *HUD) Show() {
	if h.shown {
		return
	}
	h.shown = true
	h.w.Document().RemoveClass(h.panel, "hud-hidden")
	h.start()
	h.render()
}

// Hide hides the HUD. For HiddenTicks ticks its clock keeps running, so
// that a quick Show does not restart anything; then the clock and the
// probe stop.
func (h *HUD) Hide() {
	if !h.shown {
		return
	}
	h.shown = false
	h.hiddenTicks = 0
	h.w.Document().AddClass(h.panel, "hud-hidden")
}

// Shown reports whether the HUD is shown.
func (h *HUD) Shown() bool { return h.shown }

// Running reports whether the HUD's clock and probe are on.
func (h *HUD) Running() bool { return h.running }

// Ticks returns how many times the HUD's clock has ticked.
func (h *HUD) Ticks() uint64 { return h.ticks }

// Probes returns how many frames the HUD's probe has sampled.
func (h *HUD) Probes() uint64 { return h.probes }

// Asked returns how many times the HUD has asked a display for its rate
// since it last started.
func (h *HUD) Asked() int { return h.s.Asked() }

// Element returns the HUD's element, the absolutely positioned panel.
func (h *HUD) Element() *document.Node { return h.panel }

// Readings returns the readings now.
func (h *HUD) Readings() Readings {
	h.s.SetForeground(h.w.Foreground())
	return h.s.Read(h.w.Clock().Now())
}

// FrameBudget pins the frame budget FRAME, P95 and DROP are graded
// against, so the display no longer replaces it; 0 gives it back to the
// display.
func (h *HUD) FrameBudget(d time.Duration) { h.s.Budget = d }

// Collapsed reports whether the HUD is collapsed to its tag.
func (h *HUD) Collapsed() bool { return h.collapsed }

// SetCollapsed collapses the HUD to a tag (the headline alone) or
// expands it. A click on the HUD does this.
func (h *HUD) SetCollapsed(c bool) {
	if c == h.collapsed {
		return
	}
	h.collapsed = c
	d := h.w.Document()
	if c {
		d.AddClass(h.panel, "hud-tag")
		d.AddClass(h.body, "hud-hidden")
	} else {
		d.RemoveClass(h.panel, "hud-tag")
		d.RemoveClass(h.body, "hud-hidden")
	}
	h.render()
}

// Headline returns the question the headline answers.
func (h *HUD) Headline() Headline { return h.headline }

// SetHeadline switches the headline between MAX FPS and FPS. A
// right-click on the HUD toggles it.
func (h *HUD) SetHeadline(hl Headline) {
	h.headline = hl
	h.render()
}

// click: a left click collapses or expands, a right click toggles the
// headline.
func (h *HUD) click(b window.Button) bool {
	switch b {
	case window.Left:
		h.SetCollapsed(!h.collapsed)
	case window.Right:
		h.SetHeadline(1 - h.headline)
	}
	return true
}

// render shows h.last and reports whether it changed the document. A
// collapsed HUD updates its headline only; a hidden one nothing.
func (h *HUD) render() bool {
	if !h.shown {
		return false
	}
	d := h.w.Document()
	changed := false
	setText := func(n *document.Node, s string) {
		if n.Text() != s {
			d.SetText(n, s)
			changed = true
		}
	}
	swap := func(n *document.Node, from, to string) {
		if from == to {
			return
		}
		if from != "" {
			d.RemoveClass(n, from)
		}
		if to != "" {
			d.AddClass(n, to)
		}
		changed = true
	}
	hl := h.last.Headline(h.headline)
	setText(h.big, hl.Text())
	setText(h.label, hl.Name)
	if h.collapsed {
		return changed
	}
	for i, r := range h.last.Rows() {
		setText(h.rows[i], r.String())
		swap(h.rows[i], gradeClass[h.rowGrade[i]], gradeClass[r.Grade])
		h.rowGrade[i] = r.Grade
	}
	// The trace's newest frame is the rightmost bar.
	tr := h.last.Trace
	for i, n := range h.bars {
		level, over := 0, false
		if j := len(tr) - TraceLen + i; j >= 0 {
			level, over = TraceLevel(tr[j], h.last.Budget), tr[j] > h.last.Budget
		}
		if level != h.barLevel[i] {
			from := ""
			if h.barLevel[i] >= 0 {
				from = barClass(h.barLevel[i])
			}
			swap(n, from, barClass(level))
			h.barLevel[i] = level
		}
		if over != h.barOver[i] {
			if over {
				swap(n, "", "hud-bar-over")
			} else {
				swap(n, "hud-bar-over", "")
			}
			h.barOver[i] = over
		}
	}
	return changed
}

var gradeClass = [...]string{Ungraded: "", Within: "hud-within", Over: "hud-over", Critical: "hud-critical"}

func barClass(level int) string { return "hud-bar-" + strconv.Itoa(level) }

// Geometry of the overlay, px.
const (
	panelWidth = 200
	panelPad   = 6
	barWidth   = 4
	barStep    = 3 // height per trace level
)

var (
	hudInk   = style.RGB(0xe8, 0xea, 0xed)
	hudPanel = style.Color(0x101418e0)
	hudGood  = style.RGB(0x7c, 0xd9, 0x8b)
	hudAmber = style.RGB(0xf2, 0xb1, 0x3c)
	hudRed   = style.RGB(0xf2, 0x5c, 0x54)
	hudMuted = style.RGB(0x9a, 0xa0, 0xa6)
	hudBar   = style.RGB(0x6f, 0xa8, 0xdc)
)

// defineClasses defines the HUD's classes in the document's sheet (the
// same each time, so two HUDs in one document share them) and returns the
// class that places this one.
func defineClasses(s *style.Sheet, left, top style.Length) string {
	p := style.Props{}
	px := style.PxLen
	s.Define("hud", p.Width(px(panelWidth)).Padding(geom.All(panelPad)).Gap(2).
		Background(hudPanel).Color(hudInk).Radius(4).FontSize(11).Mono(true).Wrap(false))
	s.Define("hud-tag", p.Width(style.Length{}).AlignItems(style.Start))
	s.Define("hud-head", p.Direction(style.Row).AlignItems(style.End).Gap(6))
	s.Define("hud-big", p.FontSize(20).Bold(true))
	s.Define("hud-label", p.Color(hudMuted))
	s.Define("hud-body", p.Gap(2))
	s.Define("hud-row", p.Width(px(panelWidth-2*panelPad)))
	s.Define("hud-within", p.Color(hudGood))
	s.Define("hud-over", p.Color(hudAmber))
	s.Define("hud-critical", p.Color(hudRed))
	s.Define("hud-trace", p.Direction(style.Row).AlignItems(style.End).Gap(1).Height(px(TraceLevels*barStep)))
	s.Define("hud-bar", p.Width(px(barWidth)).Shrink(0).Background(hudBar))
	s.Define("hud-bar-over", p.Background(hudAmber))
	for l := range TraceLevels + 1 {
		s.Define(barClass(l), p.Height(px(float32(l*barStep))))
	}
	s.Define("hud-hidden", p.Hidden(true))
	pos := fmt.Sprintf("hud-at-%s-%s", lengthName(left), lengthName(top))
	s.Define(pos, p.Absolute(left, top))
	return pos
}

func lengthName(l style.Length) string {
	v := strconv.FormatFloat(float64(l.V), 'f', -1, 32)
	switch l.Unit {
	case style.Px:
		return v + "px"
	case style.Percent:
		return v + "pct"
	}
	return "auto"
}
