//go:build nocounters

package counter

// Enabled reports whether counters are compiled in (build without the
// nocounters tag).
const Enabled = false

// Add does nothing: counters are compiled out.
func Add(Counter, uint64) {}

// Inc does nothing: counters are compiled out.
func Inc(Counter) {}

// Load returns zero: counters are compiled out.
func Load(Counter) uint64 { return 0 }

// Reset does nothing: counters are compiled out.
func Reset() {}

// Take returns a zero snapshot: counters are compiled out.
func Take() Snapshot { return Snapshot{} }

// load zeroes dst: counters are compiled out.
func load(dst *[Count]uint64) { *dst = [Count]uint64{} }
