package peer

import (
	"fmt"

	"github.com/perfbench/perfbench/internal/check/peers"
	"github.com/perfbench/perfbench/script"
	"github.com/perfbench/perfbench/subject/gio"
	"github.com/perfbench/perfbench/ui/gallery"
)

// Peer is the Gio peer of the gallery in one form, for package peers.
type Peer struct{ Form Form }

var _ peers.Peer = Peer{}

// Name is "gio".
func (Peer) Name() string { return "gio" }

// Includes says what a Gio frame includes.
func (p Peer) Includes() string {
	return "Gio's frame: ops.Reset, the program's layout (" + p.Form.String() + " form) and Router.Frame; Router.Queue (routing) is not in it, and nothing is rasterised: Gio's GPU stage is not run. Gio is immediate: every frame lays out and records everything in view (all content, in the everything form)."
}

// Open builds the peer at size and opens it headless.
func (p Peer) Open(size gallery.Size) (peers.Driver, error) {
	gp := Build(size, gallery.Options{}, p.Form)
	sub := &gio.Subject{UI: gp.Layout}
	sub.Open()
	return newDriver(sub)
}

// newDriver aims each phase's input at the peer's ports, found by their
// semantic descriptions, the way perfbench's phase aims at its own.
func newDriver(s *gio.Subject) (peers.Driver, error) {
	d := peers.WindowDriver[gio.Frame]{Window: s, Toolkit: "Gio", Frame: frame}
	port, ok := s.Find(TablePort)
	if !ok {
		return nil, fmt.Errorf("the Gio peer drew no table port")
	}
	// Inside the 1 px border: the heading row, then body rows.
	top := port.Min.Y + 1 + gallery.TableRowHeight + 2
	n := (port.Max.Y - 1 - top) / gallery.TableRowHeight
	x := float32(port.Min.X+port.Max.X) / 2
	d.Hover = func(i int) {
		y := top + script.Bounce(i, n)*gallery.TableRowHeight + gallery.TableRowHeight/2
		s.PointerMove(x, float32(y))
	}
	port, ok = s.Find(ListPort)
	if !ok {
		return nil, fmt.Errorf("the Gio peer drew no list port")
	}
	lx, ly := float32(port.Min.X+port.Max.X)/2, float32(port.Min.Y+port.Max.Y)/2
	d.Scroll = func(i int) { s.WheelInPlace(lx, ly, script.Wheel(i, 7)) }
	return d, nil
}

// frame is a Gio frame as a peer's: its wall time.
func frame(f gio.Frame) peers.Frame { return peers.Frame{Cost: f.Cost} }
