//go:build perfbench_plant

package paint

import "os"

// The plants of package window's PlantEnv that live in the painter (see
// window.PlantEnv): no-cull submits every primitive of a chunk, in view
// or not; reemit-scroll re-emits a scrolled space's content instead of
// moving it.
var (
	plantNoCull       = os.Getenv("PERFBENCH_ENGINE_PLANT") == "no-cull"
	plantReemitScroll = os.Getenv("PERFBENCH_ENGINE_PLANT") == "reemit-scroll"
)
