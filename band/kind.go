package band

// What each kind of number is, asked of its band's Kind rather than by
// naming the kind: a caller that needs an interval asks Estimated, one that
// keeps a reference per machine asks Recorded. The kind is chosen once, by
// the band a scenario declares, as benchmath's Assumption is chosen once
// per unit; a new kind of number is added here, with its answers, and
// every report, judge and store follows.
//
//	kind          Estimated  Recorded  Portable  Exact  Bounded  pooled over processes
//	time          yes        yes       no        no     no       every sample, runs apart
//	count         no         no        —         yes    yes      equal, or the median if it varies
//	instructions  no         yes       yes       yes    no       the least
type kindTraits struct {
	estimated, recorded, portable, exact, bounded bool
	// least pools the processes' values by their least: an exact count
	// of the CPU's work that a program's own randomness (a timer, a
	// goroutine's schedule) can only add to.
	least bool
}

var kinds = map[Kind]kindTraits{
	KindTime:         {estimated: true, recorded: true},
	KindCount:        {exact: true, bounded: true},
	KindInstructions: {recorded: true, portable: true, exact: true, least: true},
}

// Known reports whether k is a kind of number at all: the zero Kind of a
// Band that was never declared is not.
func (k Kind) Known() bool {
	_, ok := kinds[k]
	return ok
}

// Estimated reports whether a number of this kind is an estimate from
// many samples with a confidence interval, which moves with the machine
// and its load (a time): reports print its interval, and two builds'
// are compared by a ratio's interval, never exactly.
func (k Kind) Estimated() bool { return kinds[k].estimated }

// Recorded reports whether the band's reference is recorded by the
// ratchet in the baselines file rather than written in the scenario's
// source (a time's baseline, and its limit of baseline × (1+tolerance)):
// the ratchet records, lowers and rebaselines it, and the docs and charts
// show its history.
func (k Kind) Recorded() bool { return kinds[k].recorded }

// Portable reports whether a recorded reference holds on every machine of
// one toolchain (instructions: keyed by what decides them, the
// architecture and the Go and Valgrind versions), not on one machine
// alone (a time's baseline, keyed by the machine).
func (k Kind) Portable() bool { return kinds[k].portable }

// Exact reports whether a number of this kind is the same on every run
// and machine (a count): one value, compared exactly (benchstat's
// assume=exact), and a difference between processes is a bug.
func (k Kind) Exact() bool { return kinds[k].exact }

// Bounded reports whether the band is a bound in a direction (≤ work
// done, ≥ work avoided, = a fixed number), written in the scenario's
// source or recorded by the ratchet ([Record]): a count's.
func (k Kind) Bounded() bool { return kinds[k].bounded }
