package harness

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/google/pprof/profile"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/where"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/publish/flame"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// addProfilesFlag adds --profiles to fl: where the instructions profiles
// of the numbers a where-table explains are written.
func addProfilesFlag(fl *pflag.FlagSet, dir *string) {
	fl.StringVar(dir, "profiles", "", "write the profiles behind each where-table here, for go tool pprof (default: a new temporary directory)")
}

// explainedPaired reports whether number n of a paired run gets a
// where-table: an instructions number that failed, or moved past its
// tolerance from base.
func explainedPaired(n outcome.Number) bool {
	if n.Band.Kind != band.KindInstructions {
		return false
	}
	return n.Verdict.Failed() || n.Move == outcome.Worse || n.Move == outcome.Better
}

// explainedBands reports whether number n of a run against its band gets
// a where-table: an instructions number that failed.
func explainedBands(n outcome.Number) bool {
	return n.Band.Kind == band.KindInstructions && n.BandVerdict.Failed()
}

// stepsOf returns the step label and step count of instructions number
// name in a counted result: "instructions" is the one label's,
// "LABEL-instructions" that label's (scenario.Result.InstructionNumbers).
func stepsOf(res scenario.Result, name string) (label string, steps int, ok bool) {
	ins := res.Instructions
	if name == "instructions" && len(ins) == 1 {
		return ins[0].Label, ins[0].Steps, true
	}
	l, cut := strings.CutSuffix(name, "-instructions")
	if !cut {
		return "", 0, false
	}
	k := slices.IndexFunc(ins, func(in scenario.Instructions) bool { return in.Label == l })
	if k < 0 {
		return "", 0, false
	}
	return l, ins[k].Steps, true
}

// whereSide is one side of a where-table's diff: a scenario's profile
// and the file it is in, or an error that says why it has none (nil, nil
// where the side simply has none).
type whereSide func(scenario string) (*profile.Profile, string, error)

// explain adds to o a where-table for each number that how picks (it
// returns the samples and steps of the number, ok false for a number not
// explained) and both sides have a profile of.
func explain(o *outcome.Outcome, how func(outcome.Number) (where.Options, bool), head, base whereSide) error {
	for _, sc := range o.Scenarios {
		for _, n := range sc.Numbers {
			opts, ok := how(n)
			if !ok {
				continue
			}
			hp, hpath, err := head(sc.Name)
			if err != nil {
				return err
			}
			if hp == nil {
				continue
			}
			bp, bpath, err := base(sc.Name)
			if err != nil {
				return err
			}
			if bp == nil {
				continue
			}
			w := where.Diff(bp, hp, opts)
			w.Scenario, w.Number, w.Unit = sc.Name, n.Name, n.Unit
			w.HeadProfile, w.BaseProfile = hpath, bpath
			if w.FlameGraph, err = flameGraph(bp, hp, opts, w); err != nil {
				return err
			}
			o.Where = append(o.Where, w)
		}
	}
	return nil
}

// flameRoots are the frames a step's work is called from (package
// scenario runs each step's work, and a planted slowdown, through them):
// a flame graph is drawn from them up. Callgrind loses a Go stack's outer
// frames where the runtime copies the stack, at another depth in
// another build, so drawn from the process's start the same work of two
// builds would fall under different roots.
var flameRoots = []string{
	"github.com/perfbench/perfbench/scenario.(*counting).step",
	"github.com/perfbench/perfbench/scenario.(*counting).extra",
}

// flameGraph writes the differential flame graph of w's number beside
// its head profile, SCENARIO.NUMBER.diff.svg, and returns its path.
func flameGraph(base, head *profile.Profile, opts where.Options, w outcome.Where) (string, error) {
	path := filepath.Join(filepath.Dir(w.HeadProfile), fmt.Sprintf("%s.%s.diff.svg", w.Scenario, w.Number))
	f, err := os.Create(path)
	if err != nil {
		return "", fmt.Errorf("where: %w", err)
	}
	title := fmt.Sprintf("%s %s: base %s, head %s", w.Scenario, w.Number, filepath.Base(w.BaseProfile), filepath.Base(w.HeadProfile))
	if err := flame.Write(f, base, head, flame.Options{Key: opts.Key, Value: opts.Value, Title: title, Roots: flameRoots}); err != nil {
		f.Close()
		return "", fmt.Errorf("where: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("where: %w", err)
	}
	return path, nil
}

// byLabel returns how an instructions number that pick picks is read from
// its scenario's profiles: its step label's samples, over its steps, which
// counted (head's counted results) say.
func byLabel(counted []scenario.Result, pick func(outcome.Number) bool) func(outcome.Number) (where.Options, bool) {
	return func(n outcome.Number) (where.Options, bool) {
		k := slices.IndexFunc(counted, func(r scenario.Result) bool { return r.Name == n.Scenario })
		if k < 0 || !pick(n) {
			return where.Options{}, false
		}
		label, steps, ok := stepsOf(counted[k], n.Name)
		return where.Options{Key: callgrind.StepLabel, Value: label, Steps: float64(steps)}, ok
	}
}

// written returns a side whose profiles, from ps, are written into *dir
// as SCENARIO.SIDE.pb.gz (SCENARIO.allocs.SIDE.pb.gz for side allocs.SIDE) when first asked for; *dir "" becomes a new
// temporary directory then, so nothing is written where nothing is
// explained.
func written(ps *runner.Profiles, dir *string, side string) whereSide {
	paths := map[string]string{}
	return func(name string) (*profile.Profile, string, error) {
		p := ps.Get(name)
		if p == nil {
			return nil, "", nil
		}
		if path, ok := paths[name]; ok {
			return p, path, nil
		}
		if *dir == "" {
			d, err := os.MkdirTemp("", "perfbench-where-")
			if err != nil {
				return nil, "", fmt.Errorf("where: %w", err)
			}
			*dir = d
		}
		path, err := ps.Write(*dir, name, side)
		if err != nil {
			return nil, "", fmt.Errorf("where: writing %s's %s profile: %w", name, side, err)
		}
		paths[name] = path
		return p, path, nil
	}
}

// kept returns the side of a run against its baselines: the profile each
// scenario's instructions baselines were recorded with, in dir
// (ratchet.ProfilePath), when it was counted by the same toolchain as
// this run (the profile's comment names it); none otherwise.
func kept(dir, toolchain string) whereSide {
	return func(name string) (*profile.Profile, string, error) {
		path := ratchet.ProfilePath(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, "", nil
		}
		p, err := profile.ParseData(data)
		if err != nil || !slices.Contains(p.Comments, toolchain) {
			return nil, "", nil
		}
		return p, path, nil
	}
}

// MaxKeptProfile bounds a profile kept beside the baselines: a scenario
// of perfbench's suite takes 5 to 40 KB. Above it the smallest stacks
// are merged into one sample, "(other)", until it fits, so that the
// profile's total stays the count's.
const MaxKeptProfile = 256 << 10

// keptProfile returns p as it is kept beside the baselines: gzipped,
// with toolchain as its comment, and at most MaxKeptProfile bytes.
func keptProfile(p *profile.Profile, toolchain string) []byte {
	if p == nil {
		return nil
	}
	p = p.Copy()
	p.Comments = []string{toolchain}
	for floor := int64(1); ; floor *= 4 {
		var b bytes.Buffer
		if err := p.Write(&b); err != nil {
			panic("harness: a profile that does not encode: " + err.Error())
		}
		if b.Len() <= MaxKeptProfile || len(p.Sample) <= 1 {
			return b.Bytes()
		}
		p = merged(p, floor)
	}
}

// merged returns p with every sample of less than floor merged into one
// "(other)" sample per step label.
func merged(p *profile.Profile, floor int64) *profile.Profile {
	other := &profile.Function{ID: uint64(len(p.Function) + 1), Name: "(other)"}
	loc := &profile.Location{ID: uint64(len(p.Location) + 1), Line: []profile.Line{{Function: other}}}
	rest := map[string]*profile.Sample{}
	var keep []*profile.Sample
	for _, s := range p.Sample {
		if s.Value[0] >= floor {
			keep = append(keep, s)
			continue
		}
		label := strings.Join(s.Label[callgrind.StepLabel], ",")
		r, ok := rest[label]
		if !ok {
			r = &profile.Sample{Location: []*profile.Location{loc}, Value: []int64{0}, Label: s.Label}
			rest[label] = r
			keep = append(keep, r)
		}
		r.Value[0] += s.Value[0]
	}
	p.Sample = keep
	p.Function = append(p.Function, other)
	p.Location = append(p.Location, loc)
	return p.Compact()
}

// profileFor returns what the ratchet keeps of scenario's profile as its
// instructions baselines move (ratchet.Options.Profiles).
func (c *counting) profileFor(scenario string) []byte {
	return keptProfile(c.r.Profiles.Get(scenario), c.toolchain)
}

// withStacks counts names once more, one process each, keeping stacks
// (runner.Runner.Stacks), with r's build and options, and returns their
// profiles: what a where-table is read from, paid for only where a number
// is explained. Where r keeps stacks already, its own profiles are
// returned.
func withStacks(ctx context.Context, r *runner.Runner, names []string) (*runner.Profiles, error) {
	if r.Stacks || len(names) == 0 {
		return r.Profiles, nil
	}
	s := *r
	s.Stacks, s.Profiles, s.Repeats = true, &runner.Profiles{}, 1
	results, err := s.Run(ctx, names)
	if err != nil {
		return nil, err
	}
	for _, res := range results {
		if res.Broken != "" {
			return nil, fmt.Errorf("where: counting %s again with its stacks: %s", res.Name, res.Broken)
		}
	}
	return s.Profiles, nil
}

// explainedScenarios are the scenarios of o with a number pick picks.
func explainedScenarios(o outcome.Outcome, pick func(outcome.Number) bool) []string {
	var names []string
	for _, n := range o.Numbers() {
		if pick(n) && !slices.Contains(names, n.Scenario) {
			names = append(names, n.Scenario)
		}
	}
	return names
}

// keepStacks makes every counted process keep its stacks: perf's, whose
// profiles are kept with the baselines they record.
func (c *counting) keepStacks() {
	if c != nil {
		c.r.Stacks = true
	}
}

// explainBands adds to o, a run judged against its baselines, a
// where-table for each instructions number that failed: this run's
// profile, counted once more with its stacks, against the one kept with
// the baseline, under baselines' directory.
func (c *counting) explainBands(ctx context.Context, o *outcome.Outcome, baselines string) error {
	if c == nil {
		return nil
	}
	keptDir := filepath.Join(filepath.Dir(baselines), ratchet.ProfilesDir)
	var names []string
	for _, name := range explainedScenarios(*o, explainedBands) {
		if p, _, _ := kept(keptDir, c.toolchain)(name); p != nil {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	head, err := withStacks(ctx, c.r, names)
	if err != nil {
		return err
	}
	var counted []scenario.Result
	for _, res := range c.counted {
		counted = append(counted, res)
	}
	dir := c.profiles
	return explain(o, byLabel(counted, explainedBands), written(head, &dir, "head"), kept(keptDir, c.toolchain))
}

// explainPaired adds to o, a paired run, a where-table for each
// instructions number that failed or moved: head's profile against
// base's, each counted once more with its stacks, both written.
func (c *counting) explainPaired(ctx context.Context, o *outcome.Outcome, counted []scenario.Result, head, base *runner.Runner) error {
	names := explainedScenarios(*o, explainedPaired)
	if len(names) == 0 {
		return nil
	}
	// Both sides at once: counts do not move with the machine's load.
	var (
		bp   *runner.Profiles
		berr error
		wg   sync.WaitGroup
	)
	wg.Go(func() { bp, berr = withStacks(ctx, base, names) })
	hp, err := withStacks(ctx, head, names)
	wg.Wait()
	if err = cmp.Or(err, berr); err != nil {
		return err
	}
	dir := c.profiles
	return explain(o, byLabel(counted, explainedPaired), written(hp, &dir, "head"), written(bp, &dir, "base"))
}

// explainedAllocs reports whether number n of a paired run is an
// allocations number that failed or moved, which a where-table of
// allocation sites explains.
func explainedAllocs(n outcome.Number) bool {
	return n.Unit == "allocs/frame" && (n.Verdict.Failed() || n.Move == outcome.Worse || n.Move == outcome.Better)
}

// explainAllocsPaired adds to o, a paired run, a where-table of
// allocation sites for each allocations number that failed or moved: one
// more process a side for each such scenario, recording every allocation
// of its steps (runner.Runner.AllocSites), so that no timed or counted
// process pays for it, and none runs where nothing moved.
func explainAllocsPaired(ctx context.Context, o *outcome.Outcome, head, base *runner.Runner, dir *string) error {
	var names []string
	for _, n := range o.Numbers() {
		if explainedAllocs(n) && !slices.Contains(names, n.Scenario) {
			names = append(names, n.Scenario)
		}
	}
	if len(names) == 0 {
		return nil
	}
	sides := make([]*runner.Runner, 2)
	perFrame := map[string]float64{}
	for i, r := range []*runner.Runner{head, base} {
		s := *r
		s.AllocSites, s.Repeats, s.Progress, s.Jobs, s.Instructions = &runner.Profiles{}, 1, nil, 0, false
		results, err := s.Run(ctx, names)
		if err != nil {
			return err
		}
		for _, res := range results {
			if res.Broken != "" {
				return fmt.Errorf("where: recording %s's allocation sites: %s", res.Name, res.Broken)
			}
			if i == 0 {
				for _, m := range res.Numbers {
					if m.Unit == "allocs/frame" && len(m.Samples) > 0 {
						perFrame[res.Name] = m.Samples[0]
					}
				}
			}
		}
		sides[i] = &s
	}
	how := func(n outcome.Number) (where.Options, bool) {
		if !explainedAllocs(n) {
			return where.Options{}, false
		}
		// The rows read a frame, as the number does: the sites process's
		// objects over its own objects a frame are its frames.
		frames := 1.0
		if p := sides[0].AllocSites.Get(n.Scenario); p != nil && perFrame[n.Scenario] > 0 {
			var total int64
			for _, s := range p.Sample {
				total += s.Value[0]
			}
			frames = max(float64(total)/perFrame[n.Scenario], 1)
		}
		return where.Options{Steps: frames, Sites: true}, true
	}
	return explain(o, how, written(sides[0].AllocSites, dir, "allocs.head"), written(sides[1].AllocSites, dir, "allocs.base"))
}
