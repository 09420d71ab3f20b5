//go:build perfbench_plant

package scenario

import (
	"os"

	"github.com/perfbench/perfbench/scenario/internal/plant"
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
func planted(name string) *plant.Plant {
	v := os.Getenv(PlantEnv)
	if v == "" {
		return nil
	}
	spec, err := plant.Parse(v)
	if err != nil {
		panic("scenario: " + CheckPlant(PlantEnv, v).Error())
	}
	if spec.Target != name {
		return nil
	}
	return plant.New(spec)
}
