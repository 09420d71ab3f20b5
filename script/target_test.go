package script_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/script"
)

// two editors share the hint "Hint", as in Gio's kitchen example, and a
// label reads the same as a button.
var window = []script.Target{
	{Label: "Hint", Role: script.Editor, X: 0, Y: 0, W: 100, H: 20},
	{Label: "OK", Role: script.Label, X: 0, Y: 20, W: 40, H: 20},
	{Label: "Hint", Role: script.Editor, X: 0, Y: 40, W: 100, H: 20},
	{Label: "OK", Role: script.Button, X: 0, Y: 60, W: 40, H: 20},
}

func TestMatchPick(t *testing.T) {
	for _, tc := range []struct {
		name  string
		label string
		m     script.Match
		y     float32 // of the target picked
		ok    bool
	}{
		{"the first by default", "Hint", script.Match{}, 0, true},
		{"the second", "Hint", script.Match{Nth: 1}, 40, true},
		{"no third", "Hint", script.Match{Nth: 2}, 0, false},
		{"by role", "OK", script.Match{Role: script.Button}, 60, true},
		{"the n-th of a role", "Hint", script.Match{Role: script.Editor, Nth: 1}, 40, true},
		{"no such role", "OK", script.Match{Role: script.CheckBox}, 0, false},
		{"no such label", "Cancel", script.Match{}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.m.Pick(window, tc.label)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.y, got.Y)
		})
	}
	assert.PanicsWithValue(t, "script: Match{Nth: -1}: Nth counts from 0", func() { script.Match{Nth: -1}.Pick(window, "OK") })
}

// Find answers what Pick does, and where Pick says only false, an error
// that names what was asked for and what is on screen instead.
func TestMatchFind(t *testing.T) {
	got, err := script.Match{Nth: 1}.Find(window, "Hint")
	assert.NoError(t, err)
	assert.Equal(t, float32(40), got.Y)
	_, err = script.Match{Role: script.CheckBox}.Find(window, "OK")
	assert.EqualError(t, err, `no check box "OK" on screen; on screen: "Hint" (editor), "OK" (label), `+
		`"Hint" (editor), "OK" (button)`)
	_, err = script.Match{Nth: 2}.Find(window, "Hint")
	assert.ErrorContains(t, err, `no "Hint" at Nth 2 on screen; on screen: "Hint" (editor)`)
	long := []script.Target{{Label: "1. I learned from my grandfather, Verus, to use good manners\nand more", Role: script.Editor}}
	_, err = script.Match{}.Find(long, "OK")
	assert.EqualError(t, err, `no "OK" on screen; on screen: "1. I learned from my grandfather, Verus,…" (editor)`, "a long label is cut")
	_, err = script.Match{}.Find(nil, "OK")
	assert.EqualError(t, err, `no "OK" on screen: nothing labelled is`)
}

func TestOne(t *testing.T) {
	assert.Equal(t, script.Match{}, script.One("gio: Find", nil))
	assert.Equal(t, script.Match{Nth: 2}, script.One("gio: Find", []script.Match{{Nth: 2}}))
	assert.PanicsWithValue(t, "gio: Find: 2 Matches; pass one, with both Role and Nth set if need be",
		func() { script.One("gio: Find", []script.Match{{}, {}}) })
}

// A scenario over a window it did not lay out picks the second of two
// editors with one hint, and tours every labelled thing on screen.
func ExampleMatch() {
	second, _ := script.Match{Nth: 1}.Pick(window, "Hint")
	fmt.Println(second.Center())
	for i := range 5 {
		t := script.Each(window, i)
		fmt.Print(t.Label, " (", t.Role, ") ")
	}
	fmt.Println()
	// Output:
	// 50 50
	// Hint (editor) OK (label) Hint (editor) OK (button) Hint (editor)
}
