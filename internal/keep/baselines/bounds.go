package baselines

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/scenario"
)

// A count's recorded bound is one for the whole file, not one per machine:
// a count depends on the code alone, so every machine reads the same value
// and judges it against the same bound. The counts block lies beside the
// machines' blocks, keyed by scenario and number.

// CountKey names one recorded bound: a scenario and a count within it.
type CountKey struct{ Scenario, Number string }

// Bound is one count's recorded bound: the bound, its direction and unit,
// the processes' range it came from for a count that varies, and when,
// at which commit and why it was set.
type Bound struct {
	Unit  string
	Dir   band.Direction
	Bound float64
	// Varies says the count was declared varying: Lo and Hi are the
	// smallest and largest of the processes' values the bound was set
	// from (VaryingBound), so a later run can tell an improvement
	// from a lucky draw.
	Varies bool
	Lo, Hi float64
	Set    time.Time
	// Commit is the commit of the binary that measured it ("" when the
	// build named none), marked "-dirty" when recorded from a tree with
	// uncommitted changes.
	Commit string
	Why    string
}

// Bound returns the bound recorded under k.
func (s *Store) Bound(k CountKey) (Bound, bool) {
	b, ok := s.bounds[k]
	return b, ok
}

// PutBound records b under k, replacing what was there.
func (s *Store) PutBound(k CountKey, b Bound) {
	if s.bounds == nil {
		s.bounds = make(map[CountKey]Bound)
	}
	s.bounds[k] = b
}

// BoundKeys returns every recorded bound's key, sorted by scenario and
// number.
func (s *Store) BoundKeys() []CountKey {
	keys := make([]CountKey, 0, len(s.bounds))
	for k := range s.bounds {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b CountKey) int {
		if c := strings.Compare(a.Scenario, b.Scenario); c != 0 {
			return c
		}
		return strings.Compare(a.Number, b.Number)
	})
	return keys
}

// CountsLine returns the line of the file its counts block starts on, or
// 1 when it has none: where a bound perf is yet to record would go.
func (s *Store) CountsLine() int {
	if s.countsLine == 0 {
		return 1
	}
	return s.countsLine
}

// BoundLine returns the line of the file the bound under k was read from,
// or 0.
func (s *Store) BoundLine(k CountKey) int { return s.boundLines[k] }

// checkBounds refuses a recorded bound for a scenario that is not known
// (see CheckScenarios).
func (s *Store) checkBounds(file string, known []string) error {
	for _, k := range s.BoundKeys() {
		if !slices.Contains(known, k.Scenario) {
			return &writegroup.InputError{File: file, Line: s.boundLines[k], Msg: fmt.Sprintf("a recorded bound for unknown scenario %q (valid: %s); rename the block under counts to the scenario's new name or delete it, then run perfbench perf again",
				k.Scenario, strings.Join(known, ", "))}
		}
	}
	return nil
}

// CheckCounts refuses a recorded bound for a number that a measured
// scenario does not report as a count (a renamed number, or one that
// became a time), and one in another unit or direction than the scenario
// declares. A bound for a count whose bound is written in source is
// not refused: the source's wins, and the recorded one is not used.
// Scenarios that broke or reported nothing are not checked.
func (s *Store) CheckCounts(file string, measured []scenario.Result) error {
	counts := map[string]map[string]band.Spec{}
	for _, sc := range measured {
		if sc.Broken != "" || len(sc.Numbers) == 0 {
			continue
		}
		counts[sc.Name] = map[string]band.Spec{}
		for _, n := range sc.Numbers {
			if n.Band.Direction() != "" { // a count, its bound written or recorded
				counts[sc.Name][n.Name] = n.Spec
			}
		}
	}
	for _, k := range s.BoundKeys() {
		valid, ok := counts[k.Scenario]
		if !ok {
			continue
		}
		spec, ok := valid[k.Number]
		b := s.bounds[k]
		switch {
		case !ok:
			names := make([]string, 0, len(valid))
			for name := range valid {
				names = append(names, name)
			}
			slices.Sort(names)
			return &writegroup.InputError{File: file, Line: s.boundLines[k], Msg: fmt.Sprintf("a recorded bound for %s %q, which is not one of its counts (%s); rename it to the count's new name or delete it, then run perfbench perf again",
				k.Scenario, k.Number, strings.Join(names, ", "))}
		case !spec.Band.Recorded:
			// Written in source: that bound wins.
		case b.Unit != spec.Unit:
			return &writegroup.InputError{File: file, Line: s.boundLines[k], Msg: fmt.Sprintf("the recorded bound for %s %q is in %q, but the scenario counts it in %q; delete the bound to record it afresh",
				k.Scenario, k.Number, b.Unit, spec.Unit)}
		case b.Dir != spec.Band.Direction():
			return &writegroup.InputError{File: file, Line: s.boundLines[k], Msg: fmt.Sprintf("the recorded bound for %s %q is a %s, but the scenario declares a %s; delete the bound to record it afresh",
				k.Scenario, k.Number, b.Dir, spec.Band.Direction())}
		}
	}
	return nil
}

// countsHead is the comment above the counts block.
const countsHead = `Recorded bounds of the scenarios' counts, the same on every machine (counts
depend on the code alone): a bound moves only the better way by itself, and
otherwise only with perfbench perf --rebaseline NAME --why "…".`

// counts reads the counts block: scenario → number → bound.
func (p *parser) counts(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	p.s.countsLine = n.Line
	return p.numbers(n, "counts", "counts", func(scenario string, number, record *yaml.Node) error {
		b, err := p.bound(number.Value, record)
		if err != nil {
			return err
		}
		k := CountKey{Scenario: scenario, Number: number.Value}
		p.s.PutBound(k, b)
		if p.s.boundLines == nil {
			p.s.boundLines = map[CountKey]int{}
		}
		p.s.boundLines[k] = number.Line
		return nil
	})
}

func (p *parser) bound(number string, n *yaml.Node) (Bound, error) {
	what := fmt.Sprintf("count %q", number)
	fields, err := p.Mapping(n, what)
	if err != nil {
		return Bound{}, err
	}
	var b Bound
	var haveBound, haveSet, haveDir bool
	var rangeNode *yaml.Node
	for _, kv := range fields {
		k, v := kv[0], kv[1]
		switch k.Value {
		case "unit":
			if b.Unit, err = p.str(v, "unit"); err != nil {
				return b, err
			}
		case "direction":
			s, err := p.str(v, "direction")
			if err != nil {
				return b, err
			}
			b.Dir = band.Direction(s)
			if err := band.CheckDirection(b.Dir); err != nil {
				return b, p.Errorf(v, "%s", err)
			}
			haveDir = true
		case "bound":
			if b.Bound, err = p.float(v, "bound"); err != nil {
				return b, err
			}
			haveBound = true
		case "range":
			if v.Kind != yaml.SequenceNode || len(v.Content) != 2 {
				return b, p.Errorf(v, "range must be [smallest, largest] of the processes' values")
			}
			if b.Lo, err = p.float(v.Content[0], "range's smallest"); err != nil {
				return b, err
			}
			if b.Hi, err = p.float(v.Content[1], "range's largest"); err != nil {
				return b, err
			}
			if b.Lo > b.Hi {
				return b, p.Errorf(v, "range [%s, %s] has its smallest above its largest", v.Content[0].Value, v.Content[1].Value)
			}
			b.Varies, rangeNode = true, v
		case "set":
			if b.Set, err = p.time(v, "set"); err != nil {
				return b, err
			}
			haveSet = true
		case "commit":
			if b.Commit, err = p.str(v, "commit"); err != nil {
				return b, err
			}
			if err := CheckCommit("commit", strings.TrimSuffix(b.Commit, "-dirty")); err != nil {
				return b, p.Errorf(v, "commit %q is not a commit name", b.Commit)
			}
		case "why":
			if b.Why, err = p.str(v, "why"); err != nil {
				return b, err
			}
		default:
			return b, p.Errorf(k, "unknown field %q in %s (want unit, direction, bound, range, set, commit, why)", k.Value, what)
		}
	}
	switch {
	case b.Unit == "":
		return b, p.Errorf(n, "%s has no unit", what)
	case !haveDir:
		return b, p.Errorf(n, "%s has no direction (ceiling, floor or exact)", what)
	case !haveBound:
		return b, p.Errorf(n, "%s has no bound", what)
	case !haveSet:
		return b, p.Errorf(n, "%s has no set time", what)
	case b.Varies && b.Dir == band.Exactly:
		return b, p.Errorf(rangeNode, "%s is exact and has a range; only a ceiling or a floor varies", what)
	case b.Varies && !Holds(b.Dir, b.Bound, b.Lo, b.Hi):
		return b, p.Errorf(rangeNode, "%s's range [%s, %s] lies outside its own %s %s; the run it was set from would fail it",
			what, band.Format(b.Lo), band.Format(b.Hi), b.Dir, band.Format(b.Bound))
	}
	return b, nil
}

// boundsNode is the file form of the counts block.
func (s *Store) boundsNode() *yaml.Node {
	str := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }
	num := func(f float64) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: formatFloat(f)} }
	mapping := func() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }
	add := func(m *yaml.Node, k string, v *yaml.Node) { m.Content = append(m.Content, str(k), v) }
	root := mapping()
	var scenario *yaml.Node
	last := ""
	for _, k := range s.BoundKeys() {
		if scenario == nil || k.Scenario != last {
			scenario = mapping()
			add(root, k.Scenario, scenario)
			last = k.Scenario
		}
		b := s.bounds[k]
		rec := mapping()
		add(rec, "unit", str(b.Unit))
		add(rec, "direction", str(string(b.Dir)))
		add(rec, "bound", num(b.Bound))
		if b.Varies {
			add(rec, "range", &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{num(b.Lo), num(b.Hi)}})
		}
		add(rec, "set", &yaml.Node{Kind: yaml.ScalarNode, Value: b.Set.UTC().Format(time.RFC3339)})
		if b.Commit != "" {
			add(rec, "commit", str(b.Commit))
		}
		add(rec, "why", str(b.Why))
		add(scenario, k.Number, rec)
	}
	return root
}
