//go:build !perfbench_plant

package paint

// An ordinary build plants nothing in the painter. See plant_on.go.
const (
	plantNoCull       = false
	plantReemitScroll = false
)
