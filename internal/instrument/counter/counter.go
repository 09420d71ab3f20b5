// Package counter is the engine's table of work counters: process-wide
// atomics that count what each stage of a frame really did (elements
// restyled, nodes laid out, primitives emitted, glyphs rasterised, …) and
// what it avoided (layouts held, chunks translated, …).
//
// Counts are properties of the design, not of the machine: the same
// interaction gives the same counts on every run and every machine, which is
// why perfbench gates them with a ceiling and no tolerance.
//
// The table is declared once, in table.go; the enum, the metadata and the
// Snapshot struct are generated from it (go generate), and tests prove they
// agree.
//
// # Cost
//
// With counters compiled in (the default) Add is one atomic add. Building
// with -tags nocounters turns Add into an empty inlined body and Snapshot
// into a zero value.
//
// # Reading
//
//	release := counter.Exclusive() // counters are process-wide
//	defer release()
//	before := counter.Take()
//	// … drive one interaction …
//	moved := before.Delta(counter.Take())
//	fmt.Println(moved) // only the non-zero fields
//
// Nothing resets the counters per frame on its own.
package counter

import (
	"fmt"
	"strings"
	"sync"
)

// Counter names one counter of the table.
type Counter int

type info struct {
	name  string
	group Group
	help  string
}

// String returns the counter's name, which is also its Snapshot field name.
func (c Counter) String() string {
	if c < 0 || int(c) >= Count {
		return fmt.Sprintf("Counter(%d)", int(c))
	}
	return table[c].name
}

// Group returns the counter's group.
func (c Counter) Group() Group { return table[c].group }

// Help returns what the counter counts, as a phrase.
func (c Counter) Help() string { return table[c].help }

// All returns every counter in declaration order.
func All() []Counter {
	out := make([]Counter, Count)
	for i := range out {
		out[i] = Counter(i)
	}
	return out
}

// Lookup finds a counter by name.
func Lookup(name string) (Counter, bool) {
	for i := range table {
		if table[i].name == name {
			return Counter(i), true
		}
	}
	return 0, false
}

// Skips returns the Skip counters, in declaration order.
func Skips() []Counter {
	var out []Counter
	for _, c := range All() {
		if c.Group().Kind == Skip {
			out = append(out, c)
		}
	}
	return out
}

var exclusive sync.Mutex

// Exclusive serialises readers of the process-wide counters: a test that
// measures deltas holds it so that no other test's work lands in its
// numbers. Call the returned function to release it.
func Exclusive() (release func()) {
	exclusive.Lock()
	return exclusive.Unlock
}

// Get returns one counter's value from the snapshot.
func (s *Snapshot) Get(c Counter) uint64 { return s.array()[c] }

// Set sets one counter's value in the snapshot (for building expectations).
func (s *Snapshot) Set(c Counter, v uint64) { s.array()[c] = v }

// Delta returns later minus s, counter by counter. A counter that went down
// (a Reset between the two) reads as zero rather than wrapping.
func (s Snapshot) Delta(later Snapshot) Snapshot {
	var d Snapshot
	a, b, out := s.array(), later.array(), d.array()
	for i := range out {
		if b[i] > a[i] {
			out[i] = b[i] - a[i]
		}
	}
	return d
}

// Add returns s plus o, counter by counter.
func (s Snapshot) Add(o Snapshot) Snapshot {
	var d Snapshot
	a, b, out := s.array(), o.array(), d.array()
	for i := range out {
		out[i] = a[i] + b[i]
	}
	return d
}

// IsZero reports whether every counter is zero.
func (s Snapshot) IsZero() bool { return s == Snapshot{} }

// Map returns the non-zero counters by name.
func (s Snapshot) Map() map[string]uint64 {
	m := map[string]uint64{}
	for i, v := range s.array() {
		if v != 0 {
			m[table[i].name] = v
		}
	}
	return m
}

// String lists only the non-zero counters, in declaration order, as
// "Name=value" separated by spaces; a zero snapshot prints "{}".
func (s Snapshot) String() string {
	var b strings.Builder
	for i, v := range s.array() {
		if v == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s=%d", table[i].name, v)
	}
	if b.Len() == 0 {
		return "{}"
	}
	return b.String()
}
