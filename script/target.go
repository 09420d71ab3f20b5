package script

import (
	"fmt"
	"strings"
)

// Role is what a labelled thing on screen is, as far as input goes: what
// a scenario aims at. Each subject maps its toolkit's kinds onto these
// (see its package doc); the zero Role, Any, matches every one.
type Role uint8

const (
	// Any matches every role.
	Any Role = iota
	// Button is something that takes a click: a button, a clickable
	// row, a link.
	Button
	// CheckBox is a box that toggles.
	CheckBox
	// Editor is a field that takes typed text, found by its hint while
	// empty.
	Editor
	// RadioButton is one choice of several.
	RadioButton
	// Switch is a toggle drawn as a switch.
	Switch
	// Label is text that takes no input of its own.
	Label
)

var roleNames = [...]string{"any", "button", "check box", "editor", "radio button", "switch", "label"}

func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", uint8(r))
}

// Target is one labelled thing on screen: its label, its role, and the
// part of it that is in view (in the subject's window units, pixels for
// both subjects), which is where a pointer aimed at it lands.
type Target struct {
	Label string
	Role  Role
	// X and Y are the top left corner of the part in view, W and H its
	// size.
	X, Y, W, H float32
}

// Center returns the middle of the part in view.
func (t Target) Center() (x, y float32) { return t.X + t.W/2, t.Y + t.H/2 }

// Match picks one of the targets that share a label. The zero Match picks
// the first, of any role.
type Match struct {
	// Role, when not Any, keeps only the targets of that role.
	Role Role
	// Nth picks the Nth of the targets kept, in tree order, counting from
	// 0: Nth 1 is the second. A negative Nth panics.
	Nth int
}

// Pick returns the target m picks among those of ts labelled label, and
// whether there is one.
func (m Match) Pick(ts []Target, label string) (Target, bool) {
	if m.Nth < 0 {
		panic(fmt.Sprintf("script: Match{Nth: %d}: Nth counts from 0", m.Nth))
	}
	n := m.Nth
	for _, t := range ts {
		if t.Label != label || (m.Role != Any && t.Role != m.Role) {
			continue
		}
		if n == 0 {
			return t, true
		}
		n--
	}
	return Target{}, false
}

// Find returns the target m picks among those of ts labelled label, or an
// error a scenario's Run returns as it is, so the run is Broken rather than
// aimed at nothing. The error names what was asked for and every label on
// screen, since a label read off the program's source is often not the one
// its toolkit reports (a hint, an icon button's description).
func (m Match) Find(ts []Target, label string) (Target, error) {
	if t, ok := m.Pick(ts, label); ok {
		return t, nil
	}
	what := fmt.Sprintf("%q", label)
	if m.Role != Any {
		what = m.Role.String() + " " + what
	}
	if m.Nth > 0 {
		what = fmt.Sprintf("%s at Nth %d", what, m.Nth)
	}
	return Target{}, notOnScreen(what, ts)
}

// notOnScreen is the error for what was asked of ts and is not among
// them, naming every label on screen with its role.
func notOnScreen(what string, ts []Target) error {
	var on []string
	for _, t := range ts {
		on = append(on, fmt.Sprintf("%q (%s)", short(t.Label), t.Role))
	}
	if len(on) == 0 {
		return fmt.Errorf("no %s on screen: nothing labelled is", what)
	}
	return fmt.Errorf("no %s on screen; on screen: %s", what, strings.Join(on, ", "))
}

// One returns the one Match of a subject's variadic argument: the zero
// Match when there is none. More than one panics, naming the caller's
// method.
func One(method string, ms []Match) Match {
	switch len(ms) {
	case 0:
		return Match{}
	case 1:
		return ms[0]
	}
	panic(fmt.Sprintf("%s: %d Matches; pass one, with both Role and Nth set if need be", method, len(ms)))
}

// shortLabel is how many runes of a label an error shows: an editor's
// label is its text, which may be pages long.
const shortLabel = 40

// short returns a label's first line, cut to shortLabel runes, with an
// ellipsis where anything was left out.
func short(label string) string {
	line, _, cut := strings.Cut(label, "\n")
	if r := []rune(line); len(r) > shortLabel {
		line, cut = string(r[:shortLabel]), true
	}
	if cut {
		line += "…"
	}
	return line
}
