package hud

import "github.com/perfbench/perfbench/ui/window"

// Chain returns a probe that calls each of probes in order, leaving out
// nil ones: a window has one probe, and the HUD shares it with the
// application's. Chain of one probe is that probe; of none, nil.
func Chain(probes ...window.FrameProbe) window.FrameProbe {
	var c chain
	for _, p := range probes {
		if p != nil {
			c = append(c, p)
		}
	}
	switch len(c) {
	case 0:
		return nil
	case 1:
		return c[0]
	}
	return &c
}

type chain []window.FrameProbe

var _ window.FrameProbe = (*chain)(nil)

func (c *chain) FrameEnded(w *window.Window) {
	for _, p := range *c {
		p.FrameEnded(w)
	}
}
