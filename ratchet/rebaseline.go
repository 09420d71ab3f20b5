package ratchet

import (
	"fmt"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

// A rebaseline (Options.Rebaseline) moves exactly what it names, each
// name one of:
//
//	NAME          the scenario's counts and instruction counts that changed
//	NAME/NUMBER   that number alone, whatever its kind, changed or not
//	NAME/KIND     the scenario's numbers of that kind (time, count, instructions)
//	KIND          every scenario's numbers of that kind
//
// A scenario's name alone never moves its times: a time moves with the
// machine's load as well as with the code, and a reason given for what
// the code now does (a count that rose) says nothing of this run's load.
// A time is moved up only under a reason given for it, by its number or
// its kind. For the same reason a scenario or a kind moves an instruction
// count only when it moved beyond its tolerance, and a count only when it
// changed: what did not change is not what the reason explains.
type selector struct {
	scenario, number string
	kind             band.Kind
}

// kindNames are the kinds a rebaseline can name, in the order a message
// lists them.
var kindNames = []band.Kind{band.KindTime, band.KindCount, band.KindInstructions}

// parseSelector reads one --rebaseline name against the valid scenario
// names (nil: not known yet, checked later).
func parseSelector(arg string, valid []string) (selector, error) {
	name, rest, hasNumber := strings.Cut(arg, "/")
	if !hasNumber && !slices.Contains(valid, name) && slices.Contains(kindNames, band.Kind(name)) {
		return selector{kind: band.Kind(name)}, nil
	}
	if name == "" || (hasNumber && rest == "") {
		return selector{}, &writegroup.InputError{Msg: fmt.Sprintf("--rebaseline %q: name a scenario (NAME), one of its numbers (NAME/NUMBER) or a kind (%s)", arg, kindList())}
	}
	if valid != nil && !slices.Contains(valid, name) {
		return selector{}, &writegroup.InputError{Msg: fmt.Sprintf("--rebaseline %q: unknown scenario; valid: %s, or a kind: %s", name, strings.Join(valid, ", "), kindList())}
	}
	s := selector{scenario: name, number: rest}
	if slices.Contains(kindNames, band.Kind(rest)) {
		// NAME/KIND, and where the scenario has a number of that name
		// (every scenario's count of instructions is "instructions"),
		// that number by its own name too, as NAME/NUMBER moves it.
		s.kind = band.Kind(rest)
	}
	return s, nil
}

func kindList() string {
	names := make([]string, len(kindNames))
	for i, k := range kindNames {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

// explicit reports whether s names this number by its own name.
func (s selector) explicit(scenario string, n band.Spec) bool {
	return s.scenario == scenario && s.number == n.Name
}

// names reports whether s selects this number at all: by its name, its
// kind, or (a count or instruction count) its scenario.
func (s selector) names(scenario string, n band.Spec) bool {
	switch {
	case s.scenario != "" && s.scenario != scenario:
		return false
	case s.kind != "":
		return n.Band.Kind == s.kind || s.number == n.Name
	case s.number != "":
		return s.number == n.Name
	}
	return !n.Band.Kind.Estimated()
}

// rebaselines says how a run's rebaseline treats one number: not at all,
// or named, and whether by its own name (then it moves even by less than
// its tolerance).
func rebaselines(sels []selector, scenario string, n band.Spec) (named, explicit bool) {
	for _, s := range sels {
		if s.explicit(scenario, n) {
			return true, true
		}
		named = named || s.names(scenario, n)
	}
	return named, false
}

// checkNumbers refuses a NAME/NUMBER whose scenario measured no such
// number: told before anything moves, with the numbers it has.
func checkSelected(sels []selector, numbers map[string][]string) error {
	for _, s := range sels {
		if s.number == "" || s.kind != "" {
			continue
		}
		have, ok := numbers[s.scenario]
		if !ok || slices.Contains(have, s.number) {
			continue
		}
		return &writegroup.InputError{Msg: fmt.Sprintf("--rebaseline %s/%s: %s has no number %q; its numbers: %s", s.scenario, s.number, s.scenario, s.number, strings.Join(have, ", "))}
	}
	return nil
}
