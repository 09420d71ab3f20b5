//go:build !perfbench_engine_plant

package paint

import "github.com/perfbench/perfbench/ui/document"

// An ordinary build plants nothing in the painter. See plant_on.go.
const (
	plantNoCull       = false
	plantReemitScroll = false
)

func (p *Painter) reemit(*document.Node) {}
