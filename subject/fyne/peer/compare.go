package peer

import (
	"errors"
	"time"

	"fyne.io/fyne/v2"

	"github.com/perfbench/perfbench/internal/check/peers"
	"github.com/perfbench/perfbench/script"
	subject "github.com/perfbench/perfbench/subject/fyne"
	"github.com/perfbench/perfbench/ui/gallery"
)

// Peer is the Fyne peer of the gallery, for package peers.
type Peer struct{}

var _ peers.Peer = Peer{}

// Name is "fyne".
func (Peer) Name() string { return "fyne" }

// Includes says what a Fyne frame includes.
func (Peer) Includes() string {
	return "Fyne's frame: the minimum-size pass over the object tree (a parent whose child's minimum size changed is laid out again) and a paint of the whole 1280×800 window by Fyne's software painter, which rasterises every visible object into a new image each frame; its layout and paint columns are the two parts on the drawing thread's CPU clock. Fyne is retained, but its software painter has no damage tracking and rasterises every text it walks, clipped or not; the peer's page and scroll ports are widget.Lists, so a frame walks only what is in view."
}

// Options are the peer's window: perfbench's own 1280×800 on a 60 Hz
// display.
var Options = subject.Options{Width: 1280, Height: 800, Refresh: time.Second / 60}

// Open builds the peer at size and opens it headless.
func (Peer) Open(size gallery.Size) (peers.Driver, error) {
	g := Build(size, gallery.Options{})
	s := &subject.Subject{Content: g.Content, Options: Options}
	s.Open()
	return newDriver(s, g)
}

// newDriver aims each phase's input at the peer's table rows and list,
// found by position in the window, the way perfbench's phase aims at its
// own.
func newDriver(s *subject.Subject, g *Gallery) (peers.Driver, error) {
	d := peers.WindowDriver[subject.Frame]{Window: s, Toolkit: "Fyne", Frame: frame}
	port, ok := s.Position(g.Table)
	if !ok {
		return nil, errors.New("the Fyne peer shows no table port")
	}
	bottom := port.Y + g.Table.Size().Height
	var rows []fyne.Position // the middles of the body rows wholly in view
	for _, r := range g.TableRows {
		at, ok := s.Position(r)
		if !ok || at.Y+r.Size().Height > bottom {
			break
		}
		rows = append(rows, at.AddXY(r.Size().Width/2, r.Size().Height/2))
	}
	if len(rows) < 2 {
		return nil, errors.New("the Fyne peer's table shows fewer than two rows")
	}
	d.Hover = func(i int) { s.MouseMove(rows[script.Bounce(i, len(rows))]) }
	list, ok := s.Position(g.List)
	if !ok {
		return nil, errors.New("the Fyne peer shows no list port")
	}
	mid := list.AddXY(g.List.Size().Width/2, g.List.Size().Height/2)
	// Fyne's scroll delta is the content's movement: negative scrolls
	// down, where perfbench's wheel delta is positive.
	d.Scroll = func(i int) { s.Scroll(mid, 0, -script.Wheel(i, 7)) }
	return d, nil
}

// frame is a Fyne frame as a peer's: its wall time, and its layout and
// paint parts.
func frame(f subject.Frame) peers.Frame {
	return peers.Frame{Cost: f.Wall, Layout: f.Layout, Paint: f.Paint}
}
