package phase

import (
	"errors"
	"fmt"
	"time"

	"github.com/perfbench/perfbench/script"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/window"
)

var phases = []Phase{
	{Name: "idle", Help: "nothing animating, nothing touched: the clock advances a second per step", step: idle, check: checkIdle},
	{Name: "hover", Help: "the pointer crosses table rows, one row per step, down and back", step: hover, check: checkHover},
	{Name: "click", Help: "clicks cycle over the checkbox, the radios, the slider and the header buttons", step: click, check: checkClick},
	{Name: "scroll", Help: "the wheel scrolls the virtualised list down and back, a third of a row per step", step: scroll, check: checkTranslation},
	{Name: "glide", Help: "the wheel carries the rigid scroll's content past its port, 24 px per step", step: glide, check: checkTranslation},
	{Name: "keys", Help: "Tab to the search field, then type, with a backspace every fifth key", step: keys, check: checkDrew},
	{Name: "resize", Help: "the window narrows and widens in 16 px steps", step: resize, check: checkRewrap},
	{Name: "scroll-resize", Help: "wheel over the table and resize, alternately", step: scrollResize, check: checkDrew},
}

func center(r geom.Rect) (float32, float32) { return r.X + r.W/2, r.Y + r.H/2 }

func idle(d *Driver, i int) {
	if d.Clock != nil { // a real run's steps are a refresh apart already
		d.Clock.Advance(time.Second)
	}
}

// visibleRows returns how many table rows lie inside the table's port.
func visibleRows(d *Driver) int {
	port := d.W.Rect(d.G.TableScroll)
	n := 0
	for _, r := range d.G.TableRows {
		rr := d.W.Rect(r)
		if rr.Y >= port.Y && rr.Y+rr.H <= port.Y+port.H {
			n++
		}
	}
	return max(n, 1)
}

func hover(d *Driver, i int) {
	x, y := center(d.W.Rect(d.G.TableRows[script.Bounce(i, visibleRows(d))]))
	d.W.PointerMove(x, y)
}

func click(d *Driver, i int) {
	targets := append(append(d.G.Radios[:len(d.G.Radios):len(d.G.Radios)], d.G.Check, d.G.Slider), d.G.Buttons...)
	t := targets[i%len(targets)]
	r := d.W.Rect(t)
	x, y := center(r)
	if t == d.G.Slider {
		x = r.X + r.W*float32(i%7+1)/8
	}
	d.W.Click(x, y, window.Left)
}

func scroll(d *Driver, i int) {
	x, y := center(d.W.Rect(d.G.List))
	d.W.Wheel(x, y, script.Wheel(i, 7))
}

func glide(d *Driver, i int) {
	x, y := center(d.W.Rect(d.G.Rigid))
	d.W.Wheel(x, y, script.Wheel(i, 24))
}

func keys(d *Driver, i int) {
	if i == 0 {
		for d.W.Focus() != d.G.Field {
			d.W.Key(window.Tab)
		}
		return
	}
	if i%5 == 0 {
		d.W.Key(window.Backspace)
		return
	}
	d.W.Type(string(rune('a' + i%26)))
}

func resizeWidth(i int) float32 {
	j := i % 20
	if j >= 10 {
		j = 20 - j
	}
	return window.DefaultWidth - 16*float32(j+1)
}

func resize(d *Driver, i int) { d.W.Resize(resizeWidth(i), window.DefaultHeight) }

func scrollResize(d *Driver, i int) {
	if i%2 == 0 {
		x, y := center(d.W.Rect(d.G.TableScroll))
		d.W.Wheel(x, y, script.Wheel(i, 20))
		return
	}
	resize(d, i/2)
}

func checkIdle(r *Result) error {
	if f := len(r.Frames()); f != 0 {
		return fmt.Errorf("idle drew %d frames; an idle window draws none", f)
	}
	if r.Total.ElementsRestyled+r.Total.NodesRelaidOut+r.Total.PrimitivesEmitted != 0 {
		return fmt.Errorf("idle did work: %v", r.Total)
	}
	return nil
}

func checkHover(r *Result) error {
	var errs []error
	for _, s := range r.Steps {
		// Two per crossing the step's frame answered: one on a virtual
		// clock; on a real one a late input can join the frame of the
		// one before.
		limit := 2 * uint64(max(1, s.Requests))
		if s.Counters.ElementsRestyled > limit || s.Counters.NodesRelaidOut != 0 {
			errs = append(errs, fmt.Errorf("hover step %d restyled %d and relaid out %d (claim: ≤ %d and 0)", s.Index, s.Counters.ElementsRestyled, s.Counters.NodesRelaidOut, limit))
		}
	}
	if len(r.Steps) > 0 && r.Total.ElementsRestyled == 0 {
		errs = append(errs, errors.New("hover restyled nothing: the pointer never reached a row"))
	}
	return errors.Join(errs...)
}

func checkDrew(r *Result) error {
	if len(r.Steps) > 0 && len(r.Frames()) == 0 {
		return fmt.Errorf("%s drew no frames", r.Phase)
	}
	return nil
}

func checkClick(r *Result) error {
	if err := checkDrew(r); err != nil {
		return err
	}
	for _, s := range r.Steps {
		if s.Counters.NodesRelaidOut != 0 {
			return fmt.Errorf("click step %d relaid out %d nodes; no clicked control changes layout", s.Index, s.Counters.NodesRelaidOut)
		}
	}
	return nil
}

// checkTranslation: a frame that rebuilt no boxes is a translation, and a
// translation restyles, relays out and re-indexes nothing. The
// classification (BoxesRebuilt) and the claim never share a counter.
func checkTranslation(r *Result) error {
	translations := 0
	for _, s := range r.Frames() {
		c := s.Counters
		if c.BoxesRebuilt != 0 {
			continue
		}
		translations++
		if c.ElementsRestyled != 0 || c.NodesRelaidOut != 0 || c.HitIndexRebuilds != 0 {
			return fmt.Errorf("%s step %d translated but restyled %d, relaid out %d, rebuilt the hit index %d times", r.Phase, s.Index, c.ElementsRestyled, c.NodesRelaidOut, c.HitIndexRebuilds)
		}
		if c.ChunksTranslated == 0 {
			return fmt.Errorf("%s step %d rebuilt nothing and translated nothing", r.Phase, s.Index)
		}
	}
	if len(r.Steps) > 0 && translations == 0 {
		return fmt.Errorf("%s had no translation frames", r.Phase)
	}
	return nil
}

func checkRewrap(r *Result) error {
	if err := checkDrew(r); err != nil {
		return err
	}
	if len(r.Steps) > 0 && r.Total.LinesWrapped == 0 {
		return errors.New("resize rewrapped no text")
	}
	return nil
}
