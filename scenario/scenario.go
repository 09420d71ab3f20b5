package scenario

import (
	"fmt"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/perfbench/perfbench/band"
)

// Scenario is one interaction driven over one subject, headless, on a
// virtual clock, and the numbers it reports.
type Scenario struct {
	// Name names the scenario on the command line and in reports: lower
	// case letters, digits and dashes ("hover-storm").
	Name string
	// Help says what the scenario does, as a phrase.
	Help string
	// Run attaches the subject (s.Attach, or a subject package's Open or
	// Attach, which call it) and drives the interaction. An
	// error says the interaction did not happen as designed (the pointer
	// hit nothing, no field took the keystroke): every number of the run
	// is then Broken, because a number measured over an interaction that
	// did not happen would pass every band and prove nothing.
	Run func(s *Session) error
	// Numbers are what the scenario reports, in report order. Each carries
	// its band (and budget, where the design wrote one) in source. Names
	// and units are unique within a scenario.
	Numbers []Number
	// Batch is how many consecutive steps with the same label share one
	// thread-CPU sample; 0 or 1 times every step alone. A frame shorter
	// than a few reads of the thread clock (a read costs about 0.6 µs)
	// is timed in batches, so the reads are a small part of each sample.
	Batch int
	// InstructionsTolerance, when set, is how far above its baseline the
	// scenario's instructions a step may lie before they fail, for a
	// program whose own randomness moves them more than the default
	// allows; zero is the subject's own ([InstructionsTolerant]) or else
	// band.InstructionsTolerance.
	InstructionsTolerance float64
}

// Result is what one run of a scenario measured: what a scenario's process
// prints as JSON and the runner reads back.
type Result struct {
	// Name is the scenario's name.
	Name string `json:"name"`
	// Steps is how many steps the run took (the benchmark-format
	// iteration count).
	Steps int `json:"steps"`
	// Numbers are the scenario's numbers with their samples, in
	// declaration order.
	Numbers []band.Measured `json:"numbers"`
	// Broken, when not empty, says why nothing the run measured can be
	// trusted: the interaction did not happen as designed, or the
	// scenario's process crashed, hung, was killed or printed what could
	// not be read (with the tail of its stderr).
	Broken string `json:"broken,omitempty"`
	// Clock names how the times were taken ([Clock]); a paired run
	// compares times only between builds that took them the same way.
	Clock string `json:"clock,omitempty"`
	// Processes is how many child processes the result pools (the
	// runner's repeats); each time number's Runs has one entry per
	// process.
	Processes int `json:"processes,omitempty"`
	// Varying names the counts declared Number.Varies: Pool reports the
	// median of the processes' values for them rather than requiring
	// them equal.
	Varying []string `json:"varying,omitempty"`
	// Instructions are the instructions the recorded steps retired, one
	// entry per step label in order of first use: set by a runner that
	// counts them (runner.Runner.Instructions), where the child ran under
	// Callgrind. Nil where nobody counted.
	Instructions []Instructions `json:"instructions,omitempty"`
	// NotCounted, when not empty, says why a run asked to count
	// instructions has none ("valgrind not found (apt-get install
	// valgrind)"); the run's other numbers stand.
	NotCounted string `json:"not_counted,omitempty"`
	// InstructionsTolerance is Scenario.InstructionsTolerance, for the
	// parent that judges the counts.
	InstructionsTolerance float64 `json:"instructions_tolerance,omitempty"`
	// Frames is what each frame the run drew did, in order, from a
	// subject that keeps a trace ([FrameTracer]): what a runner compares
	// between processes whose counts differ. One process's alone; a
	// pooled result has none.
	Frames []FrameTrace `json:"frames,omitempty"`
}

// FrameTrace is what one frame did: the step that drew it and the lines of
// its subject's trace.
type FrameTrace struct {
	// Step is the number of the step that drew the frame, from 1, and
	// Label its label; 0 and "" for a frame drawn outside every step.
	Step  int      `json:"step,omitempty"`
	Label string   `json:"label,omitempty"`
	Lines []string `json:"lines,omitempty"`
}

// Clock names the way this build takes times: thread CPU time per step or
// batch of steps for the numbers declared with [CPUFrameTime], garbage
// collection off inside samples.
const Clock = "thread-cpu/v2"

// Options configure one measurement of a scenario: what the runner's
// child was asked for on its command line. The zero Options measure the
// scenario as it declares itself.
type Options struct {
	// Renderer names the renderer the subject draws with, for a subject
	// that has a choice (see Session.Renderer); "" is its default.
	Renderer string
}

// Measure runs the scenario in this process with the zero Options: see
// [Scenario.MeasureWith].
func (sc *Scenario) Measure() Result { return sc.MeasureWith(Options{}) }

// MeasureWith runs the scenario in this process and reads every number off
// the record. What the subject holds for the run (Session.Hold: the
// engine's process-wide counters) it releases last, once the numbers are
// read and the heap settled. The runner's child calls it in a fresh process,
// which is the only place every count is exact: a program's package-level
// state (a cache filled by the first run, a pool, a map grown once) makes
// a second measurement in the same process start from another state than
// the first, so tests that call it directly compare only what such state
// cannot move.
//
// The scenario runs on one OS thread (runtime.LockOSThread), so its
// thread-CPU samples are all of the thread that drew the frames, with the
// garbage collector off: the session collects between samples instead
// (see gcEvery), so no collection's cost lands in a frame.
func (sc *Scenario) MeasureWith(opts Options) Result {
	s := Session{opts: opts, batch: sc.Batch, plant: planted(sc.Name), measured: true}
	defer s.release()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	// Leave the heap as a fresh process has it, sync.Pools empty (one
	// collection only moves their contents to a victim cache), so that a
	// second measure in this process allocates as the first did. A
	// process counted under Callgrind measures once and exits; there the
	// two collections, uninstrumented but translated anew after the last
	// step, cost a counted process of hover-storm or scroll 0.05 to
	// 0.13 s of its 1.2 s of CPU, and change no count.
	defer func() {
		if !s.count.Counted() {
			runtime.GC()
			runtime.GC()
		}
	}()
	err := sc.Run(&s)
	res := Result{Name: sc.Name, Clock: Clock}
	for _, n := range sc.Numbers {
		if n.Varies && n.ReadUnder(opts.Renderer) {
			res.Varying = append(res.Varying, n.Name)
		}
	}
	if err == nil && s.sub == nil {
		err = fmt.Errorf("it never opened a window or attached a subject")
	}
	if err != nil {
		res.Broken = err.Error()
	}
	r := s.Record()
	res.Steps = len(r.Steps)
	res.Instructions = r.Instructions
	res.InstructionsTolerance = sc.InstructionsTolerance
	if t, ok := s.sub.(InstructionsTolerant); ok && res.InstructionsTolerance == 0 {
		res.InstructionsTolerance = t.InstructionsTolerance()
	}
	if t, ok := s.sub.(FrameTracer); ok {
		res.Frames = frameTraces(t.FrameTrace(), r.Steps)
	}
	for _, n := range sc.Numbers {
		if !n.ReadUnder(opts.Renderer) {
			continue
		}
		m := band.Measured{Spec: n.Spec}
		if s.sub != nil {
			m.Samples = n.Value(r)
			if n.Wall != nil {
				m.Wall = n.Wall(r)
			}
		}
		res.Numbers = append(res.Numbers, m)
		if res.Broken == "" && m.Samples == nil && n.NoFrames != "" && drewNothing(r) {
			res.Broken = fmt.Sprintf("it drew no frame, so %q has no samples: %s", n.Name, n.NoFrames)
		}
	}
	return res
}

// frameTraces gives each frame's lines the step that drew it.
func frameTraces(lines [][]string, steps []Step) []FrameTrace {
	out := make([]FrameTrace, len(lines))
	for i, l := range lines {
		out[i].Lines = l
	}
	for k, st := range steps {
		for f := st.first; f < st.first+st.Frames() && f < len(out); f++ {
			out[f].Step, out[f].Label = k+1, st.Label
		}
	}
	return out
}

// drewNothing reports whether no step of r drew a frame.
func drewNothing(r *Record) bool {
	for _, st := range r.Steps {
		if st.Frames() > 0 {
			return false
		}
	}
	return true
}

var validName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// check panics with what is wrong with a scenario's declaration.
func (sc *Scenario) check() {
	if !validName.MatchString(sc.Name) {
		panic(fmt.Sprintf("scenario: name %q is not lower-case words joined by dashes", sc.Name))
	}
	if sc.Run == nil {
		panic("scenario: " + sc.Name + " has no Run")
	}
	for i, n := range sc.Numbers {
		switch {
		case n.Name == "" || n.Unit == "" || strings.ContainsAny(n.Name+n.Unit, " \t\n"):
			panic(fmt.Sprintf("scenario: %s: number %q with unit %q: a number needs a name and a unit, neither with blanks", sc.Name, n.Name, n.Unit))
		case slices.ContainsFunc(sc.Numbers[:i], func(o Number) bool { return o.Name == n.Name && readBoth(o, n) }):
			panic(fmt.Sprintf("scenario: %s declares number %q twice", sc.Name, n.Name))
		case slices.ContainsFunc(sc.Numbers[:i], func(o Number) bool { return o.Unit == n.Unit && readBoth(o, n) }):
			panic(fmt.Sprintf("scenario: %s declares unit %q twice; units are unique within a scenario so each is a column of the benchmark format", sc.Name, n.Unit))
		case !n.Band.Judges():
			panic(fmt.Sprintf("scenario: %s: number %q has no band", sc.Name, n.Name))
		case n.Varies && n.Band.Recorded && n.Band.Direction() == band.Exactly:
			panic(fmt.Sprintf("scenario: %s: number %q is exact and varies; a count that varies has a ceiling or a floor", sc.Name, n.Name))
		case n.Value == nil:
			panic(fmt.Sprintf("scenario: %s: number %q has no Value", sc.Name, n.Name))
		case sc.Batch < 0:
			panic(fmt.Sprintf("scenario: %s: Batch %d is negative", sc.Name, sc.Batch))
		}
	}
}

// readBoth reports whether some run reads both numbers: a name or unit
// may repeat only between numbers no renderer reads together.
func readBoth(a, b Number) bool {
	if a.Renderers == nil || b.Renderers == nil {
		return true
	}
	return slices.ContainsFunc(a.Renderers, func(r string) bool { return slices.Contains(b.Renderers, r) })
}

// The registry: a program registers its scenarios with Register from an
// init function, so that the runner's child process, which is the same
// binary, has them too. This package registers none; perfbench's own
// are in package suite, which only perfbench's command imports.
var (
	mu       sync.Mutex
	registry []*Scenario
)

// Register adds scenarios, in order: a program registers all of its own
// in one call from an init function. A scenario with an empty or
// malformed name, no Run, a number without a band or Value, or a name
// already registered is a programming error and panics.
func Register(scs ...Scenario) {
	for _, sc := range scs {
		register(sc)
	}
}

func register(sc Scenario) {
	sc.check()
	mu.Lock()
	defer mu.Unlock()
	if slices.ContainsFunc(registry, func(r *Scenario) bool { return r.Name == sc.Name }) {
		panic("scenario: " + sc.Name + " registered twice")
	}
	registry = append(registry, &sc)
}

// All returns every registered scenario in registration order.
func All() []*Scenario {
	mu.Lock()
	defer mu.Unlock()
	return slices.Clone(registry)
}

// Names returns the names of every registered scenario, in order.
func Names() []string {
	all := All()
	out := make([]string, len(all))
	for i, sc := range all {
		out[i] = sc.Name
	}
	return out
}

// UnknownError is a scenario name that is not registered. It prints as one
// line listing the valid names.
type UnknownError struct {
	Name  string
	Valid []string
}

func (e *UnknownError) Error() string {
	return fmt.Sprintf("unknown scenario %q (valid: %s)", e.Name, strings.Join(e.Valid, " "))
}

// NotInBuild is the Result of a scenario a build does not have, read from
// its child's UnknownError: a base revision from before the scenario was
// added, or the reference revision.
func NotInBuild(name string) Result {
	return Result{Name: name, Broken: notInBuild(name)}
}

// IsNotInBuild says whether r is a scenario its build does not have
// (NotInBuild): a paired run judges head's numbers alone, as new in head,
// where a plain run, which asks a build only for its own scenarios, has
// no such case.
func (r Result) IsNotInBuild() bool {
	return r.Broken != "" && strings.HasSuffix(r.Broken, notInBuild(r.Name))
}

func notInBuild(name string) string {
	return fmt.Sprintf("the build has no scenario %q: a revision from before it was added", name)
}

// Lookup returns the scenario registered under name, or an *UnknownError.
func Lookup(name string) (*Scenario, error) {
	for _, sc := range All() {
		if sc.Name == name {
			return sc, nil
		}
	}
	return nil, &UnknownError{Name: name, Valid: Names()}
}
