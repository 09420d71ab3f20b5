package style

import (
	"fmt"
	"slices"
	"weak"
)

// State is the set of dynamic states an element is in.
type State uint8

const (
	Hover State = 1 << iota
	Focus
	Pressed
	Checked
	Disabled
)

// states lists the states in cascade order: later wins.
var states = [...]State{Hover, Focus, Pressed, Checked, Disabled}

func (s State) String() string {
	if s == 0 {
		return "none"
	}
	var out string
	for i, st := range states {
		if s&st != 0 {
			if out != "" {
				out += "|"
			}
			out += [...]string{"hover", "focus", "pressed", "checked", "disabled"}[i]
		}
	}
	return out
}

// Class is an interned class name: an index into a Sheet's classes.
type Class uint16

// Rule is one class's declared properties and its state variants. A
// *Rule stays its class's rule for the life of the sheet, however many
// rules are defined after it, and every change to it goes through a
// method, which the windows over the sheet see (Generation).
type Rule struct {
	base     Props
	variants [len(states)]Props
	sheet    *Sheet
	class    Class
}

// Base returns the rule's base properties.
func (r *Rule) Base() Props { return r.base }

// Set replaces the rule's base properties.
func (r *Rule) Set(p Props) *Rule {
	r.base = p
	if r.sheet != nil {
		r.sheet.changed(r.class)
	}
	return r
}

// On sets the properties that apply while the element is in state st
// (exactly one state); zero Props drop the variant.
func (r *Rule) On(st State, p Props) *Rule {
	i := slices.Index(states[:], st)
	if i < 0 {
		panic(fmt.Sprintf("style: On wants exactly one state, got %v", st))
	}
	r.variants[i] = p
	if r.sheet != nil {
		r.sheet.changed(r.class)
	}
	return r
}

// Variant returns the properties the rule applies in state st (exactly
// one state), zero when it declares none.
func (r *Rule) Variant(st State) Props {
	i := slices.Index(states[:], st)
	if i < 0 {
		panic(fmt.Sprintf("style: Variant wants exactly one state, got %v", st))
	}
	return r.variants[i]
}

// Sheet is a set of class rules. The zero value is an empty sheet.
type Sheet struct {
	names []string
	index map[string]Class
	// rules are pointers so that a *Rule handed out (Define, Rule) stays
	// the class's rule when later classes grow the table.
	rules []*Rule

	gen      uint64  // rule changes so far
	log      []Class // the class of each rule change, in order
	watchers []weak.Pointer[Watcher]
}

// A Watcher is told when a rule of a sheet it watches changes. The sheet
// holds it weakly: a watcher nobody else holds is dropped, so a window
// that is gone stops being told without having to say so.
type Watcher struct {
	Changed func()
}

// Watch tells w of every rule change from now on.
func (s *Sheet) Watch(w *Watcher) {
	s.watchers = slices.DeleteFunc(s.watchers, func(p weak.Pointer[Watcher]) bool { return p.Value() == nil })
	s.watchers = append(s.watchers, weak.Make(w))
}

// Generation counts the sheet's rule changes (Define, and Set or On on a
// rule): a reader that saw generation g asks ChangedSince(g) what changed.
func (s *Sheet) Generation() uint64 { return s.gen }

// ChangedSince appends the classes whose rules changed after generation g
// to dst, once each.
func (s *Sheet) ChangedSince(g uint64, dst []Class) []Class {
	for _, c := range s.log[min(g, uint64(len(s.log))):] {
		if !slices.Contains(dst, c) {
			dst = append(dst, c)
		}
	}
	return dst
}

func (s *Sheet) changed(c Class) {
	s.gen++
	s.log = append(s.log, c)
	for _, p := range s.watchers {
		if w := p.Value(); w != nil && w.Changed != nil {
			w.Changed()
		}
	}
}

// Intern returns the class for a name, adding it (with an empty rule) if
// it is new.
func (s *Sheet) Intern(name string) Class {
	if c, ok := s.index[name]; ok {
		return c
	}
	if s.index == nil {
		s.index = map[string]Class{}
	}
	c := Class(len(s.names))
	s.names = append(s.names, name)
	s.rules = append(s.rules, &Rule{sheet: s, class: c})
	s.index[name] = c
	return c
}

// Lookup returns the class for a name, if the sheet has it.
func (s *Sheet) Lookup(name string) (Class, bool) {
	c, ok := s.index[name]
	return c, ok
}

// Name returns a class's name.
func (s *Sheet) Name(c Class) string { return s.names[c] }

// Define sets a class's base properties and returns its rule, so state
// variants can be chained: sheet.Define("row", base).On(style.Hover, hover).
func (s *Sheet) Define(name string, base Props) *Rule {
	return s.rules[s.Intern(name)].Set(base)
}

// Rule returns a class's rule.
func (s *Sheet) Rule(c Class) *Rule { return s.rules[c] }

// Compute resolves an element's style: Initial, the parent's inherited
// properties, the kind defaults, then each class's base and state
// variants. It returns the number of rule blocks applied.
func (s *Sheet) Compute(dst *Computed, defaults *Props, classes []Class, st State, parent *Computed) (matched int) {
	*dst = Initial
	if parent != nil {
		dst.inherit(parent)
	}
	if defaults != nil {
		defaults.applyTo(dst)
	}
	for _, c := range classes {
		r := s.rules[c]
		if !r.base.IsZero() {
			r.base.applyTo(dst)
			matched++
		}
		if st == 0 {
			continue
		}
		for i, v := range states {
			if st&v != 0 && !r.variants[i].IsZero() {
				r.variants[i].applyTo(dst)
				matched++
			}
		}
	}
	return matched
}

// Has reports whether class c declares a variant for state st (exactly
// one state).
func (s *Sheet) Has(c Class, st State) bool {
	i := slices.Index(states[:], st)
	return i >= 0 && !s.rules[c].variants[i].IsZero()
}
