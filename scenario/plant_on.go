//go:build perfbench_plant

package scenario

import (
	"os"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock/thread"
)

// PlantEnv names the environment variable a build with the
// perfbench_plant tag reads, in one of two forms; either way counts and
// the window's wall-clock frame costs are unchanged, a time-only slowdown
// of the numbers timed on the thread clock, which the noise harness uses
// to check that the time gates catch a slowdown of known size. An
// ordinary build has no such hook at all.
//
// "SCENARIO:FACTOR@REF" (hover-storm:1.03@1.19) plants work: every step
// of that scenario spins for (FACTOR−1)·REF µs of this thread's CPU at
// the spin's fastest rate, measured once as the process starts, before
// the sample's clock is read. REF is the step's own cost, read from an
// unplanted run (the time's estimate in µs per step); the plant reads no
// clock inside a sample, so the slowdown is the work alone, and its
// effective ratio, 1 + (FACTOR−1)·REF/(the step's cost in that run), is
// what a harness measures and reports beside FACTOR.
//
// "SCENARIO:+N" (hover-storm:+20) plants N iterations of the same spin
// a step, with no calibration: the same work in every process and on
// every machine, which moves a step's instructions (package runner's
// Runner.Instructions) by 7 an iteration, what the spin's loop retires
// on amd64, and its time by whatever that costs here.
//
// "SCENARIO:allocs+N" (hover-storm:allocs+2) plants N heap objects of
// 16 bytes a step (allocate): the steps' allocations a frame rise by N
// over the frames a step draws, and their instructions by what the
// allocator retires, which a where-table of allocation sites names.
//
// "SCENARIO:FACTOR" (hover-storm:2) scales each sample: as a sample
// closes the session spins for (FACTOR−1) times the CPU time the sample
// took, then reads the clock again and takes one read's least cost off,
// so a read's cost above its least still lands in the sample: at a few
// percent, use the work form.
const PlantEnv = "PERFBENCH_PLANT"

// CheckPlantEnv returns why [PlantEnv] holds no plant, or nil: what
// every child of this build would panic on, for the parent to refuse once
// before it starts any.
func CheckPlantEnv() error { return CheckPlant(PlantEnv, os.Getenv(PlantEnv)) }

// planted returns the slowdown PERFBENCH_PLANT asks for the named
// scenario, or nil. A malformed value panics: a harness that thinks it
// planted a slowdown must not measure an unplanted build.
func planted(name string) *plant {
	v := os.Getenv(PlantEnv)
	if v == "" {
		return nil
	}
	spec, err := parsePlant(v)
	if err != nil {
		panic("scenario: " + CheckPlant(PlantEnv, v).Error())
	}
	if spec.target != name {
		return nil
	}
	if spec.spins > 0 {
		return &plant{work: func(steps int) { spin(spec.spins * steps) }}
	}
	if spec.allocs > 0 {
		return &plant{work: func(steps int) { allocate(spec.allocs * steps) }}
	}
	factor, ref := spec.factor, spec.ref
	if factor == 1 {
		return nil
	}
	perNs := spinRate()
	if ref > 0 {
		perStep := (factor - 1) * ref * 1e3 * perNs
		return &plant{work: func(steps int) { spin(int(perStep * float64(steps))) }}
	}
	read := readCost()
	return &plant{scale: func(cpu time.Duration) time.Duration {
		spin(int(float64(cpu) * (factor - 1) * perNs))
		return read
	}}
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
