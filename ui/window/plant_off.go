//go:build !perfbench_engine_plant

package window

import "github.com/perfbench/perfbench/ui/document"

// An ordinary build plants nothing in the engine: each hook is empty,
// and the compiler leaves nothing of it. See plant_on.go.
const plantNoEvict = false

func plantedAlloc()                           {}
func (w *Window) planted()                    {}
func (w *Window) plantedHover(*document.Node) {}
