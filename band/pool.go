package band

import (
	"fmt"
	"slices"
)

// Pool combines one number's measurements from several processes of its
// scenario, in the order the processes ran, into one, as its kind asks:
//
//   - an estimated number (a time) keeps every process's samples, apart in
//     Runs for the estimator when there are several processes, and their
//     wall clock;
//   - an exact number (a count) must read the same in every process — it
//     depends on nothing but the code, so a difference is a bug, and the
//     error says where — unless varies (Number.Varies), when it is the
//     processes' median, the lower middle one of an even number: a process
//     whose runtime allocated a little more than the others' does not
//     decide it, and a change that makes the code allocate more moves
//     every process; each process's value is kept in PerProcess, the
//     range a recorded bound is set from;
//   - instructions are the least of the processes' values: the work of
//     the code itself, which a program's own randomness (a timer, a
//     schedule) only adds to.
//
// The measurements must be of one number (the caller matches them by
// name); ms must not be empty.
func Pool(ms []Measured, varies bool) (Measured, error) {
	first := ms[0]
	out := Measured{Spec: first.Spec}
	for k, got := range ms {
		switch {
		case first.Band.Kind.Estimated():
			out.Samples = append(out.Samples, got.Samples...)
			out.Wall = append(out.Wall, got.Wall...)
			if len(ms) > 1 {
				out.Runs = append(out.Runs, got.Samples)
			}
		case varies, kinds[first.Band.Kind].least:
			out.Samples = append(out.Samples, got.Samples...)
		case !slices.Equal(got.Samples, first.Samples):
			return Measured{}, fmt.Errorf("count %s differs between processes (%v in process 1, %v in process %d): counts must depend on the code alone",
				first.Name, first.Samples, got.Samples, k+1)
		}
	}
	switch {
	case first.Band.Kind.Estimated():
	case kinds[first.Band.Kind].least:
		if len(out.Samples) > 0 {
			out.Samples = []float64{slices.Min(out.Samples)}
		}
	case varies:
		if len(ms) > 1 {
			out.PerProcess = slices.Clone(out.Samples)
		}
		if len(out.Samples) > 0 {
			slices.Sort(out.Samples)
			out.Samples = []float64{out.Samples[(len(out.Samples)-1)/2]}
		}
	default:
		out.Samples = first.Samples
	}
	return out, nil
}
