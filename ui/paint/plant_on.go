//go:build perfbench_engine_plant

package paint

import (
	"os"

	"github.com/perfbench/perfbench/ui/document"
)

// The plants of package window's PlantEnv that live in the painter (see
// window.PlantEnv): no-cull submits every primitive of a chunk, in view
// or not; reemit-scroll re-emits a scrolled space's content instead of
// moving it.
var (
	plantNoCull       = os.Getenv("PERFBENCH_ENGINE_PLANT") == "no-cull"
	plantReemitScroll = os.Getenv("PERFBENCH_ENGINE_PLANT") == "reemit-scroll"
)

// reemit forgets the fragments of n's subtree and updates it, so that
// every element of a scrolled space emits its primitives again: what a
// painter that re-emits a space on scroll, instead of moving it, does.
func (p *Painter) reemit(n *document.Node) {
	document.Walk(n, func(m *document.Node) bool {
		if m != n {
			p.frags[m.ID()] = Fragment{}
		}
		return true
	})
	p.UpdateSubtree(n)
}
