// Package counter is the fixture's fake counter table: Laid is work done,
// Held, Cached and Culled are skips.
package counter

type Counter int

const (
	Laid Counter = iota
	Held
	Cached
	Culled
)
