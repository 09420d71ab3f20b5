package counting

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/google/pprof/profile"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/where"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/measure/sites"
	"github.com/perfbench/perfbench/internal/publish/flame"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/scenario"
)

// addProfilesFlag adds --profiles to fl: where the instructions profiles
// of the numbers a where-table explains are written.
func AddProfilesFlag(fl *pflag.FlagSet, dir *string) {
	fl.StringVar(dir, "profiles", "", "write the profiles behind each where-table here, for go tool pprof (default: a new temporary directory)")
}

// explainedPaired reports whether number n of a paired run gets a
// where-table: an instructions number that failed, or moved past its
// tolerance from base.
func explainedPaired(n outcome.Number) bool {
	return n.Band.Kind.Profiled() && (n.Verdict.Failed() || n.Move == outcome.Worse || n.Move == outcome.Better)
}

// explainedBands reports whether number n of a run against its band gets
// a where-table: an instructions number that failed.
func explainedBands(n outcome.Number) bool {
	return n.Band.Kind.Profiled() && n.BandVerdict.Failed()
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
		var alike *profile.Profile // head merged as base was, once a scenario
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
			if alike == nil {
				alike = mergedAlike(bp, hp)
			}
			hp = alike
			w := where.Diff(bp, hp, opts)
			w.Scenario, w.Number, w.Unit = sc.Name, n.Name, n.Unit
			w.HeadProfile, w.BaseProfile = hpath, bpath
			if opts.Of != "element" {
				// Elements have no call stacks to draw.
				if w.FlameGraph, err = flameGraph(bp, hp, opts, w); err != nil {
					return err
				}
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
	if err := flame.Write(f, base, head, flame.Options{Key: opts.Key, Value: opts.Value, Index: opts.Index, Title: title, Roots: flameRoots}); err != nil {
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
// this run and written the same way (its comments name both:
// callgrind.Format); none otherwise.
func kept(dir, toolchain string) whereSide {
	return func(name string) (*profile.Profile, string, error) {
		path := ratchet.ProfilePath(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, "", nil
		}
		p, err := profile.ParseData(data)
		if err != nil || !slices.Contains(p.Comments, toolchain) || !current(p) {
			return nil, "", nil
		}
		return p, path, nil
	}
}

// ProfileCurrent reports whether data, a profile kept beside the
// baselines, is written the way this perfbench writes them, so that a
// where-table can diff against it (ratchet.Options.ProfileCurrent).
func ProfileCurrent(data []byte) bool {
	p, err := profile.ParseData(data)
	return err == nil && current(p)
}

// current reports whether p is written the way Pprof writes profiles now.
func current(p *profile.Profile) bool { return slices.Contains(p.Comments, callgrind.Format) }

// MaxKeptProfile bounds a profile kept beside the baselines: a scenario
// of perfbench's suite takes 5 to 40 KB. Above it the smallest stacks
// are merged into one sample, "(other)", until it fits, so that the
// profile's total stays the count's.
const MaxKeptProfile = 256 << 10

// keptProfile returns p as it is kept beside the baselines: gzipped,
// with toolchain among its comments, and at most MaxKeptProfile bytes.
func keptProfile(p *profile.Profile, toolchain string) []byte {
	if p == nil {
		return nil
	}
	p = p.Copy()
	p.Comments = append([]string{toolchain}, p.Comments...)
	for floor := int64(1); ; floor *= 4 {
		var b bytes.Buffer
		if err := p.Write(&b); err != nil {
			panic("harness: a profile that does not encode: " + err.Error())
		}
		if b.Len() <= MaxKeptProfile || len(p.Sample) <= 1 {
			return b.Bytes()
		}
		p = merged(p, floor)
		p.Comments = append(slices.DeleteFunc(p.Comments, func(c string) bool { return strings.HasPrefix(c, mergedBelow) }),
			mergedBelow+strconv.FormatInt(floor, 10))
	}
}

// mergedBelow leads the comment of a kept profile whose stacks of fewer
// instructions than the number after it are merged into "(other)".
const mergedBelow = "stacks merged below "

// merged returns p with every sample of less than floor merged into one
// "(other)" sample per step label.
func merged(p *profile.Profile, floor int64) *profile.Profile {
	other := &profile.Function{ID: uint64(len(p.Function) + 1), Name: otherName}
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

// mergedAlike returns head with its small stacks merged as base's were
// when base was kept (keptProfile), below the floor base's comment says
// (mergedBelow): a diff of a merged base against a whole head would show
// base's "(other)" as a function whose work went elsewhere, a tenth of a
// Fyne scenario's change where its kept profile reached MaxKeptProfile.
// A base that says no floor is whole, and head stays as it is.
func mergedAlike(base, head *profile.Profile) *profile.Profile {
	for _, c := range base.Comments {
		if f, ok := strings.CutPrefix(c, mergedBelow); ok {
			if floor, err := strconv.ParseInt(f, 10, 64); err == nil {
				return merged(head.Copy(), floor)
			}
		}
	}
	return head
}

// otherName is the function a kept profile's merged stacks are in.
const otherName = "(other)"

// profileFor returns what the ratchet keeps of scenario's profile as its
// instructions baselines move (ratchet.Options.Profiles).
func (c *Counting) ProfileFor(scenario string) []byte {
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
func (c *Counting) KeepStacks() {
	if c != nil {
		c.r.Stacks = true
	}
}

// explainBands adds to o, a run judged against its baselines, a
// where-table for each instructions number that failed: this run's
// profile, counted once more with its stacks, against the one kept with
// the baseline, under baselines' directory.
func (c *Counting) ExplainBands(ctx context.Context, o *outcome.Outcome, baselines string) error {
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
	dir := c.Profiles
	return explain(o, byLabel(counted, explainedBands), written(head, &dir, "head"), kept(keptDir, c.toolchain))
}

// explainPaired adds to o, a paired run, a where-table for each
// instructions number that failed or moved: head's profile against
// base's, each counted once more with its stacks, both written.
func (c *Counting) ExplainPaired(ctx context.Context, o *outcome.Outcome, counted []scenario.Result, head, base *runner.Runner) error {
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
	dir := c.Profiles
	return explain(o, byLabel(counted, explainedPaired), written(hp, &dir, "head"), written(bp, &dir, "base"))
}

// explainedAllocs reports whether number n of a paired run is an
// allocations number that failed or moved, which a where-table of
// allocation sites explains.
func explainedAllocs(n outcome.Number) bool {
	return isAllocs(n) && (n.Verdict.Failed() || n.Move == outcome.Worse || n.Move == outcome.Better)
}

// isAllocs reports whether n counts the steps' heap objects or bytes a
// frame, which an allocation-sites profile's first or second value
// explains.
func isAllocs(n outcome.Number) bool { return n.Unit == "allocs/frame" || n.Name == "alloc-bytes" }

// workCounts are the count numbers whose work has a subject of its own,
// by the names perfbench's suite gives them, and the engine's counter
// each reads (the count a window.Work names): a where-table of elements
// explains them.
var workCounts = map[string]string{
	"restyles":              "ElementsRestyled",
	"relayouts":             "NodesRelaidOut",
	"primitives-emitted":    "PrimitivesEmitted",
	"draw-order-insertions": "DrawOrderInsertions",
}

// explainedWork reports whether number n of a paired run is a count of
// workCounts that failed or moved.
func explainedWork(n outcome.Number) bool {
	_, ok := workCounts[n.Name]
	return ok && (n.Verdict.Failed() || n.Move == outcome.Worse || n.Move == outcome.Better)
}

// explainedWorkBands reports whether number n of a run against its bands
// is a count of workCounts that failed.
func explainedWorkBands(n outcome.Number) bool {
	_, ok := workCounts[n.Name]
	return ok && n.BandVerdict.Failed()
}

// sitesRun runs names once more with r's build, one process each,
// recording the steps' allocation sites (runner.Runner.AllocSites), or
// with work the elements their subject's work was for (WorkSites): no
// timed or counted process pays for either. It returns the runner, whose
// AllocSites or WorkSites hold the profiles, and each scenario's result.
func sitesRun(ctx context.Context, r *runner.Runner, names []string, work bool) (*runner.Runner, map[string]scenario.Result, error) {
	s := *r
	s.AllocSites, s.WorkSites, s.Repeats, s.Progress, s.Jobs, s.Instructions = &runner.Profiles{}, nil, 1, nil, 0, false
	what := "allocation sites"
	if work {
		s.AllocSites, s.WorkSites, what = nil, &runner.Profiles{}, "work by element"
	}
	byName := map[string]scenario.Result{}
	if len(names) == 0 {
		return &s, byName, nil
	}
	results, err := s.Run(ctx, names)
	if err != nil {
		return nil, nil, err
	}
	for _, res := range results {
		if res.Broken != "" {
			return nil, nil, fmt.Errorf("where: recording %s's %s: %s", res.Name, what, res.Broken)
		}
		byName[res.Name] = res
	}
	return &s, byName, nil
}

// byWork returns how a count of workCounts that pick picks is read from
// a work-sites profile: its count's samples, a step for a number read a
// frame (each step of such a scenario draws one), the run's otherwise.
func byWork(results map[string]scenario.Result, pick func(outcome.Number) bool) func(outcome.Number) (where.Options, bool) {
	return func(n outcome.Number) (where.Options, bool) {
		c, ok := workCounts[n.Name]
		if !ok || !pick(n) {
			return where.Options{}, false
		}
		steps := 1.0
		if strings.HasSuffix(n.Unit, "/frame") && results[n.Scenario].Steps > 0 {
			steps = float64(results[n.Scenario].Steps)
		}
		return where.Options{Key: sites.WorkCountLabel, Value: c, Steps: steps, Of: "element", Label: sites.WorkElementLabel}, true
	}
}

// explainAllocsPaired adds to o, a paired run, a where-table of
// allocation sites for each allocations number that failed or moved, and
// one of elements for each count of workCounts that did: one more
// process a side for each such scenario (sitesRun), so that no timed or
// counted process pays for it, and none runs where nothing moved.
func ExplainAllocsPaired(ctx context.Context, o *outcome.Outcome, head, base *runner.Runner, dir *string) error {
	allocs := explainedScenarios(*o, explainedAllocs)
	work := explainedScenarios(*o, explainedWork)
	if len(allocs) == 0 && len(work) == 0 {
		return nil
	}
	var sides, works [2]*runner.Runner
	var headResults, workResults map[string]scenario.Result
	for i, r := range []*runner.Runner{head, base} {
		s, results, err := sitesRun(ctx, r, allocs, false)
		if err != nil {
			return err
		}
		ws, wresults, err := sitesRun(ctx, r, work, true)
		if err != nil {
			return err
		}
		if i == 0 {
			headResults, workResults = results, wresults
		}
		sides[i], works[i] = s, ws
	}
	how := allocsHow(sides[0], headResults, explainedAllocs)
	if err := explain(o, how, written(sides[0].AllocSites, dir, "allocs.head"), written(sides[1].AllocSites, dir, "allocs.base")); err != nil {
		return err
	}
	return explain(o, byWork(workResults, explainedWork), written(works[0].WorkSites, dir, "work.head"), written(works[1].WorkSites, dir, "work.base"))
}

// explainedAllocsBands reports whether number n of a run against its
// bands is an allocations number that failed.
func explainedAllocsBands(n outcome.Number) bool {
	return isAllocs(n) && n.BandVerdict.Failed()
}

// allocsHow returns how an allocations number that pick picks is read
// from the allocation-sites profiles of s, whose results say each
// scenario's allocations a frame: a frame, as the number reads.
func allocsHow(s *runner.Runner, results map[string]scenario.Result, pick func(outcome.Number) bool) func(outcome.Number) (where.Options, bool) {
	perFrame, drawn := map[string]float64{}, map[string]float64{}
	for name, res := range results {
		for _, m := range res.Numbers {
			switch {
			case m.Unit == "allocs/frame" && len(m.Samples) > 0:
				perFrame[name] = m.Samples[0]
			case m.Unit == "frames/run" && len(m.Samples) > 0:
				drawn[name] = m.Samples[0]
			}
		}
	}
	return func(n outcome.Number) (where.Options, bool) {
		if !pick(n) {
			return where.Options{}, false
		}
		// The sites process's frames, which its steps drew: its frames
		// number where the scenario has one. Else its objects over its
		// objects a frame, which is its frames only where that number
		// is a mean: a subject whose allocations a frame are a median
		// (Gio's) reads far fewer frames from skewed frames.
		frames := 1.0
		if drawn[n.Scenario] > 0 {
			frames = drawn[n.Scenario]
		} else if p := s.AllocSites.Get(n.Scenario); p != nil && perFrame[n.Scenario] > 0 {
			var total int64
			for _, smp := range p.Sample {
				total += smp.Value[0]
			}
			frames = max(float64(total)/perFrame[n.Scenario], 1)
		}
		index := 0
		if n.Unit != "allocs/frame" {
			index = 1 // alloc_space
		}
		return where.Options{Steps: frames, Sites: true, Of: "allocation site", Index: index}, true
	}
}

// explainBandsSites adds to o, a run judged against its bands, a
// where-table for each allocations number that failed (its allocation
// sites) and each count of workCounts that failed (the elements its work
// was for, with why each was queued): one more process for each such
// scenario and kind (sitesRun) with r's build, none where nothing
// failed. An allocations or a count bound is a ceiling written in code,
// with no profile recorded beside it: the rows are head's whole number,
// largest first, which for a bound of about nothing are what broke it.
func ExplainBandsSites(ctx context.Context, o *outcome.Outcome, r *runner.Runner, dir string) error {
	none := func(string) (*profile.Profile, string, error) { return &profile.Profile{}, "", nil }
	if names := explainedScenarios(*o, explainedAllocsBands); len(names) > 0 {
		s, results, err := sitesRun(ctx, r, names, false)
		if err != nil {
			return err
		}
		if err := explain(o, allocsHow(s, results, explainedAllocsBands), written(s.AllocSites, &dir, "allocs.head"), none); err != nil {
			return err
		}
	}
	names := explainedScenarios(*o, explainedWorkBands)
	if len(names) == 0 {
		return nil
	}
	s, results, err := sitesRun(ctx, r, names, true)
	if err != nil {
		return err
	}
	return explain(o, byWork(results, explainedWorkBands), written(s.WorkSites, &dir, "work.head"), none)
}
