package verify

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/perfbench/perfbench/internal/check/gates"
	"github.com/perfbench/perfbench/internal/check/monkey"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/window"
)

// RandomVerify configures the random verify gate: Seeds runs, seeds Seed,
// Seed+1, …, each Steps random steps over a document. DefaultRandomVerify
// is one seed over a generated document; CIRandomVerify is what CI runs.
type RandomVerify struct {
	monkey.Options
	Seeds int
	Steps int
	// Renderer, when set, makes the renderer each window draws with (the
	// live one and every rebuild's); when it draws pictures they are
	// compared too, and resizes stay under PictureViewport.
	Renderer func() (renderer.Renderer, error)
}

// PictureViewport is the largest viewport side a run that compares
// pictures resizes to: a picture of a 100 000 px side is gigabytes.
const PictureViewport = 2000

// DefaultRandomVerify is one run of 200 steps over the document of seed 1.
var DefaultRandomVerify = RandomVerify{Options: withSeed(monkey.DefaultOptions, 1), Seeds: 1, Steps: 200}

// CISeeds and CISteps are the runs CI makes over each document: enough to
// see every action thousands of times, within about half a minute each.
const (
	CISeeds = 50
	CISteps = 200
)

func withSeed(o monkey.Options, seed uint64) monkey.Options { o.Seed = seed; return o }

// SeedRun is one seed's run: how far it got, and where it diverged.
type SeedRun struct {
	Doc  string `json:"doc"`
	Seed uint64 `json:"seed"`
	// Steps is the number of steps judged equal; Actions the number of
	// actions they performed; Points the routing points hit-tested on
	// both windows and Replays the input-only steps replayed on the
	// previous step's rebuild (Checker).
	Steps   int `json:"steps"`
	Actions int `json:"actions"`
	Points  int `json:"routing_points"`
	Replays int `json:"replays"`
	// Misuses is how many of the actions gave input no platform sends or
	// made calls the engine must refuse or clamp (monkey.Hostile,
	// monkey.Misuse).
	Misuses int `json:"misuses"`
	// Dispatched is how many of the steps judged had a handler change the
	// document while their input was dispatched (monkey.Driver.Dispatched).
	Dispatched int `json:"dispatch_mutations"`
	// Diverged is set when a step's frame differed from its rebuild or
	// the step panicked: Step is that step, History every action up to
	// and including it ("step: action").
	Diverged bool        `json:"diverged"`
	Step     int         `json:"step,omitempty"`
	History  []string    `json:"history,omitempty"`
	Diff     *Difference `json:"diff,omitempty"`
	Panic    string      `json:"panic,omitempty"`
}

func (r *SeedRun) String() string {
	if !r.Diverged {
		return fmt.Sprintf("%s seed %d: %d steps (%d changed the document during dispatch), %d actions (%d misuses), %d routing points, %d replays; live equals rebuild after each", r.Doc, r.Seed, r.Steps, r.Dispatched, r.Actions, r.Misuses, r.Points, r.Replays)
	}
	what := "panicked: " + r.Panic
	if r.Diff != nil {
		what = r.Diff.String()
	}
	last := r.History[max(0, len(r.History)-10):]
	return fmt.Sprintf("%s seed %d, step %d: %s; the last %d of %d actions: %s", r.Doc, r.Seed, r.Step, what, len(last), len(r.History), strings.Join(last, "; "))
}

// RunSeed drives the document of o through steps random steps and
// judges each with a Checker — the live window against a rebuild, in
// pictures when rend draws them, routing and replayed input — stopping at
// the first divergence or panic. It takes no counter lock: it reads no
// counters, so seeds can run side by side.
func RunSeed(o monkey.Options, steps int, rend func() (renderer.Renderer, error)) (run SeedRun, err error) {
	run = SeedRun{Doc: o.Doc, Seed: o.Seed}
	live, closeLive, err := openRenderer(rend)
	if err != nil {
		return run, err
	}
	defer closeLive()
	drv, err := monkey.Open(o, window.Options{Renderer: live})
	if err != nil {
		return run, err
	}
	if _, pictures := live.(renderer.Picture); pictures {
		drv.MaxViewport = PictureViewport
	}
	chk := &Checker{Drv: drv, Renderer: rend}
	defer chk.Close()
	defer func() { run.Points, run.Replays, run.Misuses = chk.Points, chk.Replays, drv.Misuses }()
	for i := range steps {
		var diff Difference
		differ := false
		var cerr error
		run.Panic = catch(func() {
			for _, a := range drv.Step() {
				run.History = append(run.History, fmt.Sprintf("%d: %s", i, a))
				run.Actions++
			}
			diff, differ, cerr = chk.Check()
		})
		if cerr != nil {
			return run, cerr
		}
		if run.Panic != "" || differ {
			run.Diverged, run.Step = true, i
			if differ {
				run.Diff = &diff
			}
			return run, nil
		}
		run.Steps++
		if drv.Dispatched() {
			run.Dispatched++
		}
	}
	run.History = nil // nothing to replay
	return run, nil
}

// catch runs f and returns the panic it raised, with its stack, or "".
func catch(f func()) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			msg = fmt.Sprintf("%v\n%s", p, debug.Stack())
		}
	}()
	f()
	return ""
}

// MeasureRandom runs every seed of o, as many at once as there are
// processors, and returns the runs in seed order.
func MeasureRandom(o RandomVerify) ([]SeedRun, error) {
	if o.Seeds < 1 || o.Steps < 1 {
		return nil, fmt.Errorf("verify: %d seeds of %d steps: both must be at least 1", o.Seeds, o.Steps)
	}
	release := counter.Exclusive() // keep other tests' counter readings clean
	defer release()
	runs := make([]SeedRun, o.Seeds)
	errs := make([]error, o.Seeds)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(o.Seeds, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range next {
				runs[i], errs[i] = RunSeed(withSeed(o.Options, o.Seed+uint64(i)), o.Steps, o.Renderer)
			}
		})
	}
	for i := range o.Seeds {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return runs, nil
}

// JudgeRandom judges the runs of o: any divergence or panic fails the
// gate, one check per diverging seed; runs that stopped short without
// one, or fewer runs than seeds, are Broken.
func JudgeRandom(o RandomVerify, runs []SeedRun) gates.Report {
	var failed []gates.Check
	steps, actions, misuses, points, replays, panics, diverged, dispatched := 0, 0, 0, 0, 0, 0, 0, 0
	for _, r := range runs {
		steps += r.Steps
		dispatched += r.Dispatched
		actions += r.Actions
		misuses += r.Misuses
		points += r.Points
		replays += r.Replays
		switch {
		case r.Panic != "":
			panics++
		case r.Diverged:
			diverged++
		}
		name := fmt.Sprintf("%s seed %d", r.Doc, r.Seed)
		switch {
		case r.Diverged:
			failed = append(failed, gates.Claim(name, false, "%s (replay: perfbench verify --doc %s --seed %d --steps %d)", r.String(), r.Doc, r.Seed, r.Step+1))
		case r.Steps < o.Steps:
			failed = append(failed, gates.Broken(name, "only %d of %d steps ran", r.Steps, o.Steps))
		case r.Points == 0:
			failed = append(failed, gates.Broken(name, "no routing point was checked: the runs judged pictures, not input"))
		}
	}
	name := fmt.Sprintf("live window equals a rebuild, and routes input as it does, after each of %d steps, %d seeds from %d, %s document", o.Steps, o.Seeds, o.Seed, o.Doc)
	if len(runs) < o.Seeds {
		failed = append(failed, gates.Broken(name, "only %d of %d seeds ran", len(runs), o.Seeds))
	}
	if len(failed) > 0 {
		failed = append(failed, gates.Claim(name, false, "%d diverged, %d panicked; %d steps, %s; %d actions (%d misuses), %d routing points and %d replays checked", diverged, panics, steps, duringDispatch(dispatched, steps), actions, misuses, points, replays))
		return gates.Of("verify", failed)
	}
	return gates.Of("verify", []gates.Check{gates.Claim(name, true, "0 divergences, 0 panics; %d steps, %s; %d actions (%d misuses), %d routing points and %d replays checked", steps, duringDispatch(dispatched, steps), actions, misuses, points, replays)})
}

// duringDispatch says how many of the steps had a handler change the
// document while their input was dispatched: "12 (6.0%) with a handler
// changing the document during dispatch".
func duringDispatch(n, steps int) string {
	share := 0.0
	if steps > 0 {
		share = 100 * float64(n) / float64(steps)
	}
	return fmt.Sprintf("%d (%.1f%%) with a handler changing the document during dispatch", n, share)
}

// VerifyRandom runs the random verify gate.
func VerifyRandom(o RandomVerify) gates.Report {
	start := time.Now()
	runs, err := MeasureRandom(o)
	if err != nil {
		return gates.Of("verify", []gates.Check{gates.Broken("verify", "%v", err)})
	}
	r := JudgeRandom(o, runs)
	r.Seconds = time.Since(start).Seconds()
	return r
}
