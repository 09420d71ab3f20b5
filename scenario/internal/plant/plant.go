package plant

import (
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock/thread"
)

// Plant is a slowdown planted in thread-CPU samples, in one of two
// forms. Work, when set, runs before the sample's closing read of the
// clock, given how many steps the sample timed: a fixed amount of work
// per step, with no clock read of its own. Scale, when set, runs after
// that read, given the sample's CPU time; it spins for a multiple of
// it, and returns what its own extra read of the clock cost, which the
// sample does not keep.
type Plant struct {
	Work  func(steps int)
	Scale func(cpu time.Duration) (read time.Duration)
}

// readCost returns what one read of the thread clock adds to a sample: the
// least difference between two reads back to back, of many. The session
// reads the clock once more after the spin, and takes this off the
// sample, so the slowdown is FACTOR and not FACTOR plus a read.
func readCost() time.Duration {
	best := time.Duration(1 << 62)
	for range 1000 {
		a, _ := thread.CPU()
		b, _ := thread.CPU()
		best = min(best, b-a)
	}
	return best
}

// spinRate measures how many spin iterations this thread runs per
// nanosecond of its CPU time, so a planted spin costs CPU time in
// proportion to the step without reading any clock. It takes the fastest
// of eight rounds of about half a millisecond, as the scenarios take a
// process's fastest sample: on a loaded machine one round of 2 ms can land
// in a slow moment, read the rate low, and make every spin of the process
// fall short. (Under the noise harness's load with the old single round,
// paired runs read a plant of 1.10 anywhere from 1.077 to 1.138; how much
// of that was the calibration is not measured.)
func spinRate() float64 {
	const n = 1 << 18
	best := 0.0
	for range 8 {
		start, ok := thread.CPU()
		if !ok {
			t := time.Now()
			spin(n)
			best = max(best, n/float64(time.Since(t)))
			continue
		}
		spin(n)
		end, _ := thread.CPU()
		if d := end - start; d > 0 {
			best = max(best, n/float64(d))
		}
	}
	if best == 0 {
		panic("scenario: the planted spin's rate could not be measured")
	}
	return best
}

var sink uint64

// allocSink keeps each planted object reachable past its allocation, so
// the compiler cannot keep it on the stack.
var allocSink *[16]byte

//go:noinline
func allocate(n int) {
	for range n {
		allocSink = new([16]byte)
	}
}

//go:noinline
func spin(n int) {
	x := sink
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink = x
}

// New returns the slowdown spec asks for, or nil for a factor of 1.
func New(spec Spec) *Plant {
	if spec.Spins > 0 {
		return &Plant{Work: func(steps int) { spin(spec.Spins * steps) }}
	}
	if spec.Allocs > 0 {
		return &Plant{Work: func(steps int) { allocate(spec.Allocs * steps) }}
	}
	factor, ref := spec.Factor, spec.Ref
	if factor == 1 {
		return nil
	}
	perNs := spinRate()
	if ref > 0 {
		perStep := (factor - 1) * ref * 1e3 * perNs
		return &Plant{Work: func(steps int) { spin(int(perStep * float64(steps))) }}
	}
	read := readCost()
	return &Plant{Scale: func(cpu time.Duration) time.Duration {
		spin(int(float64(cpu) * (factor - 1) * perNs))
		return read
	}}
}
