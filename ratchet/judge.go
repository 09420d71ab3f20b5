package ratchet

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/scenario"
)

// Stored is what a run judges against, as its files were read: the
// baselines, the history that records them (empty for a run that reads
// none) and the baselines file's name, which a number's Where cites.
// Judging reads it and changes nothing in it.
type Stored struct {
	File    string
	Store   *baselines.Store
	History *history.History
	// Recovered is what opening the files did first to finish an
	// interrupted write (outcome.Recording.Recovered).
	Recovered []string
}

// Load reads the baselines file file for a run that writes nothing
// (perfbench scenarios): no lock, no recovery, no docs. A baseline for a
// scenario not in known is refused as unknown; nil known leaves that to
// [Judge], which knows what was measured.
func Load(file string, known []string) (Stored, error) {
	store, err := baselines.Load(file)
	if err != nil {
		return Stored{}, err
	}
	if err := store.CheckScenarios(file, known); err != nil {
		return Stored{}, err
	}
	return Stored{File: file, Store: store, History: &history.History{}}, nil
}

// Scope is what a run's recorded numbers are keyed by: a time by the
// machine that measured it, a portable number (instructions) by the
// toolchain that counted it.
type Scope struct {
	// Machine is the machine the times were measured on.
	Machine baselines.Machine
	// Toolchain is the key instructions are recorded under (see
	// Options.Toolchain); "" where none were counted.
	Toolchain string
}

// keys is the scope as the baselines file keys it.
func (s Scope) keys() baselines.Scope {
	return baselines.Scope{Machine: s.Machine.String(), Toolchain: s.Toolchain}
}

// Rule is how a run judges what it measured: which scenarios it expects,
// what it records afresh, whether a time over its limit is advice, and
// what a failure's fix names.
type Rule struct {
	// Scenarios and Known are as in [Options].
	Scenarios, Known []string
	// Rebaseline and Why are as in [Options]: what the run records afresh,
	// judged against what it is about to be recorded as.
	Rebaseline []string
	Why        string
	// AdvisoryTimes judges every time against its band and reports it,
	// but a time over its limit does not fail the run (Options.AdvisoryTimes).
	AdvisoryTimes bool
	// Records says the run records what it judges (perf, not --check):
	// an unbaselined or rebaselined instructions number is then counted
	// again before it stands ([Recounting]).
	Records bool
	// Program is the command a failure's fix names ("" means "perfbench").
	Program string
}

// Judge judges what the runner measured against the stored baselines of
// scope, by rule: obligation 1 (see [Ratchet]), before any straddling
// breach is measured again. A scenario rule names that results lack is
// judged Broken. It refuses a number the baselines file has in another
// unit or for no number the binary has, a baseline the history records
// but the file lost, and a --rebaseline that names nothing measured. It
// keeps nothing: what a recording run records is what it measured
// ([Ratchet.Finish] takes the results).
func Judge(results []scenario.Result, stored Stored, scope Scope, rule Rule) (outcome.Outcome, error) {
	results = asDeclared(results)
	measured, order, err := index(results, rule.Scenarios)
	if err != nil {
		return outcome.Outcome{}, err
	}
	known := rule.Known
	if known == nil {
		known = rule.Scenarios
	}
	if known == nil {
		known = order
		if err := stored.Store.CheckScenarios(stored.File, known); err != nil {
			return outcome.Outcome{}, err
		}
	}
	if err := stored.Store.CheckNumbers(stored.File, results); err != nil {
		return outcome.Outcome{}, err
	}
	if err := stored.Store.CheckCounts(stored.File, results); err != nil {
		return outcome.Outcome{}, err
	}
	// After the numbers: a renamed number is told as one, not as a
	// baseline the history misses.
	if err := stored.History.CheckStore(stored.Store, stored.File, known); err != nil {
		return outcome.Outcome{}, err
	}
	if err := stored.History.CheckComplete(stored.Store, stored.File, known); err != nil {
		return outcome.Outcome{}, err
	}
	valid := rule.Scenarios
	if valid == nil {
		valid = order
	}
	sels, err := selectors(rule.Rebaseline, rule.Why, valid)
	if err != nil {
		return outcome.Outcome{}, err
	}
	have := map[string][]string{}
	for _, s := range results {
		for _, m := range s.Numbers {
			have[s.Name] = append(have[s.Name], m.Name)
		}
	}
	if err := checkSelected(sels, have); err != nil {
		return outcome.Outcome{}, err
	}
	o := outcome.Outcome{Against: outcome.Bands, Machine: scope.Machine.String(), CPU: scope.Machine.CPU,
		Recording: outcome.Recording{Recovered: stored.Recovered}}
	j := newJudge(stored, scope, rule, sels)
	for _, name := range order {
		o.Scenarios = append(o.Scenarios, j.scenario(name, measured[name]))
	}
	o.Verdict = worst(o)
	return o, nil
}

// Straddling names the scenarios of o with a time over its limit whose
// interval straddles the limit: those the command measures once more, in
// fresh processes, for [Rejudge]. None when times are advice: a time
// judged as advice cannot fail, so measuring it again would change
// nothing judged.
func Straddling(o outcome.Outcome, rule Rule) []string {
	if rule.AdvisoryTimes {
		return nil
	}
	var names []string
	for _, sc := range o.Scenarios {
		if straddles(sc) {
			names = append(names, sc.Name)
		}
	}
	return names
}

// Recounting returns the scenarios of o whose instructions (the numbers
// Callgrind counts: band.Kind.Profiled) are counted once more before they
// stand. A scenario is
// counted first in one process, and a process now and then reads high
// (the runtime's monitor preempting a step Valgrind made long), never low;
// the least of its processes is judged. So it is counted again where one
// high read could decide something: over its band (a failure needs every
// process to read high), near it (above its baseline by more than half
// its tolerance: a move a reader would chase, made by the runtime), or
// unbaselined or rebaselined in a run that records it (a baseline set by
// a high read would hide that much added work).
func Recounting(o outcome.Outcome, rule Rule) []string {
	records := rule.Records
	var names []string

	for _, sc := range o.Scenarios {
		if slices.ContainsFunc(sc.Numbers, func(n outcome.Number) bool {
			if !n.Band.Kind.Profiled() {
				return false
			}
			switch n.BandVerdict {
			case band.Fail:
				return true
			case band.Unbaselined:
				return records
			case band.Pass:
				return near(n) || records && sc.Rebaselined
			}
			return false
		}) {
			names = append(names, sc.Name)
		}
	}
	return names
}

// near reports whether an exact number that passed lies above its baseline
// by more than half its tolerance.
func near(n outcome.Number) bool {
	b := n.Band
	return b.Baseline > 0 && n.Median > b.Baseline*(1+b.Tolerance/2)
}

// Rejudge returns o with each scenario [Straddling] or [Recounting]
// names judged again, as [Judge] judges, on its second measurement in
// again: that judgement stands, and the scenario is marked Remeasured.
func Rejudge(o outcome.Outcome, again []scenario.Result, stored Stored, scope Scope, rule Rule) outcome.Outcome {
	straddling := append(Straddling(o, rule), Recounting(o, rule)...)
	o.Scenarios = slices.Clone(o.Scenarios)
	valid := rule.Scenarios
	if valid == nil {
		for _, sc := range o.Scenarios {
			valid = append(valid, sc.Name)
		}
	}
	// Judge checked them against what was measured.
	sels, _ := selectors(rule.Rebaseline, rule.Why, valid)
	j := newJudge(stored, scope, rule, sels)
	for k := range again {
		s := &again[k]
		i := slices.IndexFunc(o.Scenarios, func(sc outcome.Scenario) bool { return sc.Name == s.Name })
		if i < 0 || !slices.Contains(straddling, s.Name) {
			continue
		}
		o.Scenarios[i] = j.scenario(s.Name, s)
		o.Scenarios[i].Remeasured = true
	}
	o.Verdict = worst(o)
	return o
}

func newJudge(stored Stored, scope Scope, rule Rule, sels []selector) judge {
	program := rule.Program
	if program == "" {
		program = "perfbench"
	}
	return judge{store: stored.Store, scope: scope.keys(), sels: sels, advisoryTimes: rule.AdvisoryTimes,
		file: stored.File, program: program}
}

// worst is the worst verdict of the outcome's scenarios.
func worst(o outcome.Outcome) band.Verdict {
	verdicts := make([]band.Verdict, len(o.Scenarios))
	for i, sc := range o.Scenarios {
		verdicts[i] = sc.Verdict
	}
	return band.Worst(verdicts...)
}

// asDeclared returns results with each scenario Broken that reported a
// number in another unit than this binary's declaration of it: the child
// is at fault, and a unit the baselines file does not hold would
// otherwise be refused as the user's file's error. A scenario this
// process has not registered, and a number it does not declare (the
// instructions the runner counts), are as they were.
func asDeclared(results []scenario.Result) []scenario.Result {
	out := slices.Clone(results)
	for i, res := range out {
		sc, err := scenario.Lookup(res.Name)
		if err != nil || res.Broken != "" {
			continue
		}
		for _, m := range res.Numbers {
			k := slices.IndexFunc(sc.Numbers, func(n scenario.Number) bool { return n.Name == m.Name })
			if k >= 0 && sc.Numbers[k].Unit != m.Unit && !slices.ContainsFunc(sc.Numbers, func(n scenario.Number) bool { return n.Name == m.Name && n.Unit == m.Unit }) {
				out[i] = scenario.Result{Name: res.Name, Broken: fmt.Sprintf("reported %s in %s, which its declaration measures in %q", m.Name, quoteShort(m.Unit), sc.Numbers[k].Unit)}
				break
			}
		}
	}
	return out
}

// quoteShort quotes the start of s, short enough for a one-line reason.
func quoteShort(s string) string {
	const n = 40
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "") + "…"
	}
	return fmt.Sprintf("%q", s)
}

// index maps measured scenarios by name and returns the report order:
// the declared names first, then anything else measured, in its order.
func index(results []scenario.Result, declared []string) (map[string]*scenario.Result, []string, error) {
	byName := make(map[string]*scenario.Result, len(results))
	order := slices.Clone(declared)
	for i := range results {
		s := &results[i]
		if _, dup := byName[s.Name]; dup {
			return nil, nil, fmt.Errorf("ratchet: measure returned scenario %q twice", s.Name)
		}
		byName[s.Name] = s
		if !slices.Contains(declared, s.Name) {
			order = append(order, s.Name)
		}
	}
	return byName, order, nil
}

// judge judges scenarios against one machine's (and toolchain's)
// baselines.
type judge struct {
	store         *baselines.Store
	scope         baselines.Scope
	sels          []selector
	advisoryTimes bool
	// file is the baselines file and program the command, for a
	// number's Where and Fix.
	file, program string
}

func (j judge) scenario(name string, s *scenario.Result) outcome.Scenario {
	out := outcome.Scenario{Name: name}
	switch {
	case s == nil:
		out.Broken = "not measured: the runner returned nothing for it"
	case s.Broken != "":
		out.Broken = s.Broken
	}
	var verdicts []band.Verdict
	if s != nil {
		out.Steps, out.Varying, out.NotCounted = s.Steps, s.Varying, s.NotCounted
		for _, m := range s.Numbers {
			rebaselined := j.rebaselined(name, m)
			if m.Band.Keeping() == band.AsBound {
				m = j.withRecordedBound(name, m, slices.Contains(s.Varying, m.Name), rebaselined)
			}
			if m.Band.Keeping().Baseline() {
				m.Band.Baseline = 0
				if rebaselined && len(m.Samples) > 0 {
					// Judged against what it is about to be recorded as.
					m.Band.Baseline = band.Judge(m).Median
				} else if b, ok := j.store.Get(j.scope.Key(name, m.Spec)); ok {
					m.Band.Baseline = b.Median
				}
			}
			n := band.Judge(m)
			if out.Broken != "" {
				n.BandVerdict, n.Reason, n.Straddles = band.Broken, "scenario broken: "+out.Broken, false
				if n.Budget != nil {
					n.BudgetVerdict = band.Broken
				}
			}
			num := outcome.ByBand(name, n)[0]
			num.Rebaselined = rebaselined && m.Band.Keeping() != band.InSource
			num.Where, num.Fix = j.where(name, m)
			out.Rebaselined = out.Rebaselined || num.Rebaselined
			out.Numbers = append(out.Numbers, num)
			if j.advisoryTimes && m.Band.Kind.Estimated() && n.BandVerdict == band.Fail {
				// Reported as it is, judged as advice (Options.AdvisoryTimes).
				out.Advisory = append(out.Advisory, m.Name)
				continue
			}
			verdicts = append(verdicts, n.BandVerdict)
		}
	}
	out.Verdict = band.Worst(verdicts...)
	if out.Broken != "" || len(out.Numbers) == 0 {
		out.Verdict = band.Broken
		if out.Broken == "" {
			out.Broken = "reported no numbers"
		}
	}
	return out
}

// where returns where m's reference lives and the command that moves
// it: a recorded bound's or baseline's line in the baselines file and
// --rebaseline NAME/NUMBER, or the line of the scenario's source that
// wrote its bound (looked up in this process's registry: a child's
// report carries no source line).
func (j judge) where(scenarioName string, m band.Measured) (string, string) {
	fix := fmt.Sprintf("%s perf --rebaseline %s/%s --why \"…\"", j.program, scenarioName, m.Name)
	switch m.Band.Keeping() {
	case band.AsBound:
		if line := j.store.BoundLine(baselines.CountKey{Scenario: scenarioName, Number: m.Name}); line > 0 {
			return fmt.Sprintf("%s:%d", relative(j.file), line), fix
		}
		return "", fix
	case band.PerMachine, band.PerToolchain:
		if line := j.store.Line(j.scope.Key(scenarioName, m.Spec)); line > 0 {
			return fmt.Sprintf("%s:%d", relative(j.file), line), fix
		}
		return "", fix
	case band.InSource:
		sc, err := scenario.Lookup(scenarioName)
		if err != nil {
			return "", ""
		}
		for _, n := range sc.Numbers {
			if n.Name == m.Name && n.Band.Declared() != "" {
				return relative(n.Band.Declared()), ""
			}
		}
	}
	return "", ""
}

// relative returns an absolute path relative to the module root (the
// nearest directory with a go.mod at or above the working directory)
// where it lies under it, as a reader there types it; otherwise as it
// is.
func relative(path string) string {
	dir, err := os.Getwd()
	if err != nil || !filepath.IsAbs(path) {
		return path
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return path
		}
		dir = parent
	}
	if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return path
}

// rebaselined reports whether this run records m afresh by --rebaseline
// (see rebaseline.go): named, and, unless named by its own name, a
// baseline compared value to value (instructions) only when it drifted
// beyond its tolerance (band.Band.Drift).
func (j judge) rebaselined(scenario string, m band.Measured) bool {
	named, explicit := rebaselines(j.sels, scenario, m.Spec)
	if !named || explicit || len(m.Samples) == 0 {
		return named
	}
	b, _ := j.store.Get(j.scope.Key(scenario, m.Spec))
	within, _, exact := m.Band.Drift(band.Judge(m).Median, b.Median)
	return !exact || !within
}

func straddles(sc outcome.Scenario) bool {
	return slices.ContainsFunc(sc.Numbers, func(n outcome.Number) bool { return n.Straddles })
}
