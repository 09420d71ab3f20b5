package window

// What an overlay that samples the window (the FPS monitor, package hud)
// needs beyond Options: to attach and detach its probe while the window
// runs, and to change the document on its own announced clock without the
// change being taken for the application's.

// Probe returns the window's frame probe, or nil.
func (w *Window) Probe() FrameProbe { return w.opts.Probe }

// SetProbe replaces the window's frame probe (nil: none) and returns the
// one it replaced. A sampler attaches itself when it starts and puts the
// previous probe back when it stops, so a window nobody samples pays
// nothing; to keep an application's probe as well, chain the two.
func (w *Window) SetProbe(p FrameProbe) (prev FrameProbe) {
	prev, w.opts.Probe = w.opts.Probe, p
	return prev
}

// TickUpdate runs update as an overlay's announced clock tick. The changes
// update makes to the document are the tick's, not the application's:
// when update reports that it changed something, the frame that shows it
// is requested ByTick (a change made to the document directly would
// request it ByApp), so a sampler can leave that frame out unless somebody
// else asks for it too. It panics when called from input handling or a
// frame, whose changes are already accounted for.
func (w *Window) TickUpdate(update func() (changed bool)) {
	if w.busy {
		panic("window: TickUpdate during input handling or a frame")
	}
	if update == nil {
		panic("window: TickUpdate of a nil update")
	}
	w.busy = true
	changed := false
	defer func() {
		w.busy = false
		if changed {
			w.Tick()
		}
	}()
	changed = update()
}
