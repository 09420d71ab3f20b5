//go:build !nocounters

package counter

import "sync/atomic"

// Enabled reports whether counters are compiled in (build without the
// nocounters tag).
const Enabled = true

var values [Count]atomic.Uint64

// Add adds n to a counter: one atomic add.
func Add(c Counter, n uint64) { values[c].Add(n) }

// Inc adds one to a counter.
func Inc(c Counter) { values[c].Add(1) }

// Load returns a counter's current value.
func Load(c Counter) uint64 { return values[c].Load() }

// Reset sets every counter to zero.
func Reset() {
	for i := range values {
		values[i].Store(0)
	}
}

// Take returns the current value of every counter.
func Take() Snapshot {
	var s Snapshot
	load(s.array())
	return s
}

// load reads every counter into dst.
func load(dst *[Count]uint64) {
	for i := range values {
		dst[i] = values[i].Load()
	}
}
