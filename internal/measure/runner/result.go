package runner

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/childout"
	"github.com/perfbench/perfbench/scenario"
)

// ended is how a child's process ended and what it printed.
type ended struct {
	stdout   *bounded
	stderr   *childout.Tail
	waitErr  error  // what Wait returned
	timedOut string // why the watch killed it, if it did
}

// result reads the result of cmd, the process of scenario name, once it
// has ended and its output is read: a process that did not end cleanly
// or printed what does not parse is Broken, or, counted, its
// instructions not measured; counted, its profiles in the directory
// profiles are read into it.
func (r *Runner) result(name string, cmd *exec.Cmd, profiles string, e ended) (scenario.Result, error) {
	stdout, stderr, waitErr, timedOut := e.stdout, e.stderr, e.waitErr, e.timedOut
	var why string
	switch {
	case waitErr != nil && unknownTo(stderr, name):
		return scenario.NotInBuild(name), nil
	case stdout.over:
		return broken(name, fmt.Sprintf("printed more than %d MiB on stdout, where a result takes a few KB; killed", MaxOutput>>20), stderr), nil
	case timedOut != "":
		why = timedOut + ", killed"
	case waitErr != nil:
		why = childout.ExitReason(waitErr, stderr)
	}
	if why != "" && r.Instructions {
		// A count that cannot finish (Valgrind's slowness past the
		// timeout, a crash under Valgrind that the timed processes did
		// not have) says nothing of the program: its instructions are
		// not measured, and its times and counts stand.
		return notCounted(name, why, stderr), nil
	}
	if why != "" {
		return broken(name, why, stderr), nil
	}
	res, err := childout.Parse(stdout.buf.Bytes(), name)
	if err != nil {
		return broken(name, err.Error(), stderr), nil
	}
	if r.Instructions && res.Broken == "" {
		if err := counted(&res, profiles); err != nil {
			return broken(name, err.Error(), stderr), nil
		}
		if err := r.keepProfile(name, profiles, callgrind.Program(cmd)); err != nil {
			return broken(name, err.Error(), stderr), nil
		}
	}
	return res, nil
}

// counted fills a counted child's result from the profiles Callgrind wrote
// into dir: each label's Count is the sum of the dumps named after it (a
// label used in several stretches of the run is dumped once a stretch).
// The time numbers go, since they were taken under Valgrind. What the
// child printed gives the labels and their steps alone: a count it
// printed is not Callgrind's, so it is dropped, and each label's count a
// step must pass band.CheckTime, the check the baselines file reads it
// back with, as a time from a child does (checkNumbers).
func counted(res *scenario.Result, dir string) error {
	res.Numbers = slices.DeleteFunc(res.Numbers, func(m band.Measured) bool { return m.Band.Kind.Slowed() })
	if res.Instructions == nil {
		return errors.New("ran under Valgrind but counted no instructions: the child did not see Valgrind, or recorded no step")
	}
	for i, in := range res.Instructions {
		if in.Steps <= 0 {
			return fmt.Errorf("reported the steps labelled %q as %d steps, not a number above zero", in.Label, in.Steps)
		}
		if slices.ContainsFunc(res.Instructions[:i], func(e scenario.Instructions) bool { return e.Label == in.Label }) {
			return fmt.Errorf("reported the steps labelled %q twice", in.Label)
		}
		res.Instructions[i].Count, res.Instructions[i].Runs = 0, nil
	}
	profiles, err := callgrind.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading Callgrind's profiles: %w", err)
	}
	for _, p := range profiles {
		n, ok := p.Instructions()
		if !ok {
			return fmt.Errorf("callgrind profile %d counted no instructions (events %v)", p.Part, p.Events)
		}
		label, asked := p.Request()
		if !asked {
			if n != 0 {
				return fmt.Errorf("callgrind counted %d instructions outside every step (%s)", n, p.Trigger)
			}
			continue
		}
		j := slices.IndexFunc(res.Instructions, func(in scenario.Instructions) bool { return in.Label == label })
		if j < 0 {
			return fmt.Errorf("callgrind dumped instructions for label %q, which no step has", label)
		}
		res.Instructions[j].Count += n
	}
	if !slices.ContainsFunc(res.Instructions, func(in scenario.Instructions) bool { return in.Count > 0 }) {
		return errors.New(uninstrumented + ": the program never switched instrumentation on")
	}
	for _, in := range res.Instructions {
		if in.Count == 0 {
			return fmt.Errorf("callgrind counted no instructions for the steps labelled %q", in.Label)
		}
		if err := band.CheckTime(in.PerStep(), []float64{in.PerStep()}); err != nil {
			return fmt.Errorf("callgrind counted %s instructions a step for the steps labelled %q (%d over %d steps), %s",
				strconv.FormatFloat(in.PerStep(), 'g', -1, 64), in.Label, in.Count, in.Steps, strings.TrimPrefix(err.Why, "is "))
		}
	}
	return nil
}

// unknownTo says whether a child's stderr is its refusal of a scenario
// it does not have: scenario.UnknownError, which every revision's child
// prints, so that a base built from before the scenario was added says so.
func unknownTo(stderr *childout.Tail, name string) bool {
	return bytes.Contains(stderr.Bytes(), []byte(fmt.Sprintf("unknown scenario %q", name)))
}

// broken returns a Broken result whose reason quotes the tail of stderr.
func broken(name, why string, stderr *childout.Tail) scenario.Result {
	if t := stderr.String(); t != "" {
		why += "; stderr: " + t
	}
	return scenario.Result{Name: name, Broken: why}
}

// notCounted returns the result of a counted process that did not finish:
// its instructions not measured, saying why.
func notCounted(name, why string, stderr *childout.Tail) scenario.Result {
	res := broken(name, why, stderr)
	return scenario.Result{Name: name, NotCounted: "not measured: " + res.Broken}
}
