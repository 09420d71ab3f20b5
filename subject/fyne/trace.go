package fyne

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/fyne/internal/tree"
)

// event is one thing a frame did to one object, as its trace line says
// it: what, how often (refreshes), the object, its text (see textOf) and
// its position in the window, or out of view.
type event struct {
	what   string
	times  int
	obj    fyne.CanvasObject
	text   string
	at     fyne.Position
	inView bool
}

// eventsAtOpen is how many events a frame records before its slice grows:
// more than a page of the demo's shows at once.
const eventsAtOpen = 4096

// place gives each of the last pass's events its object's position once
// the pass laid everything out: the pass records an object before its
// parent lays it out (children first, as Fyne's does), so where it stood
// then is not where the frame draws it.
func (m *minSizes) place(c fyne.Canvas) {
	if len(m.events) == 0 {
		return
	}
	if m.where == nil {
		m.where = map[fyne.CanvasObject]fyne.Position{}
	}
	for _, e := range m.events {
		m.where[e.obj] = e.at
	}
	for _, root := range tree.Roots(c) {
		tree.Walk(root, fyne.Position{}, tree.Everywhere, func(o fyne.CanvasObject, at fyne.Position, _ tree.Rect) bool {
			if _, ok := m.where[o]; ok {
				m.where[o] = at
			}
			return false
		})
	}
	for i := range m.events {
		m.events[i].at = m.where[m.events[i].obj]
	}
	clear(m.where)
}

func (m *minSizes) record(what string, times int, o fyne.CanvasObject, at fyne.Position, inView bool) {
	text, _, _ := tree.TextOf(o)
	m.events = append(m.events, event{what: what, times: times, obj: o, text: text, at: at, inView: inView})
}

var _ scenario.FrameTracer = (*Subject)(nil)

// FrameTrace returns what each frame since Open did, in order: a first
// line with the frame's virtual time and counts, then a line per object
// the frame laid out, refreshed (answering the program's Refresh) or saw
// appear, naming its type, its text (see textOf) and its position in the
// window, sorted. A refreshed object out of view has no position. The
// runner quotes the lines of the first frame that differs between two
// processes whose counts differ.
func (s *Subject) FrameTrace() [][]string {
	out := make([][]string, len(s.frames))
	start, left := 0, traceLines
	for i, f := range s.frames {
		lines := []string{fmt.Sprintf("drawn at %v: %d refreshes of %d objects, %d ticks, %d laid out, %d appeared, %d visible",
			f.At, f.Refreshes, f.Refreshed, f.Ticks, f.Layouts, f.Appeared, f.Visible)}
		events := s.trace[start:s.traceEnds[i]]
		start = s.traceEnds[i]
		if len(events) > left {
			lines[0] += fmt.Sprintf("; its objects left out, past the trace's first %d", traceLines)
			events = nil
		}
		left -= len(events)
		for _, e := range events {
			lines = append(lines, e.String())
		}
		slices.Sort(lines[1:])
		out[i] = lines
	}
	return out
}

// traceLines bounds the object lines of a trace: a child's result must
// stay far below what the runner reads of it (runner.MaxOutput, 16 MiB),
// and a line takes about 60 bytes. A tour of fyne_demo's pages, 93
// frames, takes 4 300 (a 250 KB result); a frame past the bound keeps its
// first line, with its counts.
const traceLines = 100_000

func (e event) String() string {
	var b strings.Builder
	b.WriteString(e.what)
	if e.times > 1 {
		fmt.Fprintf(&b, " %d×", e.times)
	}
	fmt.Fprintf(&b, " %T", e.obj)
	if e.text != "" {
		fmt.Fprintf(&b, " %q", e.text)
	}
	if e.inView {
		fmt.Fprintf(&b, " at %g,%g", e.at.X, e.at.Y)
	} else {
		b.WriteString(" out of view")
	}
	return b.String()
}
