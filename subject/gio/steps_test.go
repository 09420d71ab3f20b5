package gio_test

import (
	"image"
	"testing"
	"time"

	"gioui.org/unit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
	"github.com/perfbench/perfbench/subject/gio"
)

// A window written as its size alone opens at that size, with the
// default metric and refresh, where a zero metric would lay everything
// out at no size and a zero refresh would never draw.
func TestOptionsTakeTheDefaultsOfTheirZeroFields(t *testing.T) {
	s := &gio.Subject{UI: newRows().layout, Options: gio.Options{Width: 800, Height: 700}}
	s.Open()
	assert.Equal(t, image.Pt(800, 700), s.Size())
	assert.Equal(t, gio.DefaultOptions.Metric, s.Options.Metric)
	assert.Equal(t, gio.DefaultOptions.Refresh, s.Options.Refresh)
	_, _, ok := s.Center("row 001")
	assert.True(t, ok, "the rows were laid out at a size")

	s = &gio.Subject{UI: newRows().layout, Options: gio.Options{Metric: unit.Metric{PxPerDp: 2, PxPerSp: 2}}}
	s.Open()
	assert.Equal(t, image.Pt(gio.DefaultOptions.Width, gio.DefaultOptions.Height), s.Size())
	assert.Equal(t, float32(2), s.Options.Metric.PxPerDp, "a field that is set stays set")
}

// run runs st over a fresh rows program in a session of its own, and
// returns the program, its subject and Run's error.
func run(t *testing.T, st gio.Steps) (*rows, *gio.Subject, error) {
	t.Helper()
	r := newRows()
	var sub *gio.Subject
	st.Open = func(s *scenario.Session) *gio.Subject {
		sub = gio.Attach(s, r.layout, gio.Options{})
		return sub
	}
	var s scenario.Session
	err := st.Run(&s)
	return r, sub, err
}

func TestStepsAimAtTheTargetNamed(t *testing.T) {
	r, sub, err := run(t, gio.Steps{Label: "click", N: 3, At: "row 002", Match: script.Match{Role: script.Button},
		Input: gio.Click})
	require.NoError(t, err)
	assert.Equal(t, 3, r.clicks)
	assert.Len(t, sub.Frames(), 3, "a frame a click")
}

func TestStepsTourARole(t *testing.T) {
	var at []string
	_, _, err := run(t, gio.Steps{Label: "tour", N: 5, Tour: script.Button,
		Input: func(sub *gio.Subject, t script.Target, i int) { at = append(at, t.Label) }})
	require.NoError(t, err)
	assert.Equal(t, []string{"row 000", "row 001", "row 002", "row 003", "row 004"}, at)
}

func TestStepsAimedAtNothingOnScreenAreBroken(t *testing.T) {
	_, _, err := run(t, gio.Steps{Label: "click", N: 1, At: "row 999", Input: gio.Click})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `no "row 999" on screen; on screen: "row 000" (button)`)

	_, _, err = run(t, gio.Steps{Label: "tour", N: 1, Tour: script.Switch, Input: gio.Click})
	assert.ErrorContains(t, err, "no switch on screen")
}

func TestStepsReturnWhetherTheInputLanded(t *testing.T) {
	var r *rows
	landed := func() error { return script.Want(r.clicks == 2, "%d clicks of 2", r.clicks) }
	st := gio.Steps{Label: "click", N: 2, At: "row 001", Input: gio.Click, Landed: landed}
	st.Open = func(s *scenario.Session) *gio.Subject { r = newRows(); return gio.Attach(s, r.layout, gio.Options{}) }
	require.NoError(t, st.Run(&scenario.Session{}))

	st.N = 3
	assert.EqualError(t, st.Run(&scenario.Session{}), "3 clicks of 2")
}

func TestStepsWaitAfterTheLastStep(t *testing.T) {
	r := newRows()
	st := gio.Steps{Label: "start", N: 1, At: "row 001", Wait: time.Second,
		Input: func(sub *gio.Subject, t script.Target, i int) { r.animate = true; gio.Click(sub, t, i) }}
	st.Open = func(s *scenario.Session) *gio.Subject { return gio.Attach(s, r.layout, gio.Options{}) }
	var s scenario.Session
	require.NoError(t, st.Run(&s))
	steps := s.Record().Steps
	require.Len(t, steps, 2)
	assert.Equal(t, "wait", steps[1].Label)
	assert.Equal(t, 60, steps[1].Frames(), "the animation the step started, a frame a refresh for a second")
}

func TestStepsWithoutNOrInputPanic(t *testing.T) {
	assert.Panics(t, func() { _, _, _ = run(t, gio.Steps{Label: "x", Input: gio.Click}) })
	assert.Panics(t, func() { _, _, _ = run(t, gio.Steps{Label: "x", N: 1}) })
}

func TestTypingClicksThenTypesAndDeletes(t *testing.T) {
	r, _, err := run(t, gio.Steps{Label: "type", N: 1 + 7, At: "type here", Input: gio.Typing("ab\b")})
	require.NoError(t, err)
	// a, b, ⌫, a, b, ⌫, a
	assert.Equal(t, "aaa", r.editor.Text())
	assert.Panics(t, func() { gio.Typing("") })
}

func TestWheelTurnsDownThenBack(t *testing.T) {
	r, _, err := run(t, gio.Steps{Label: "wheel", N: 2 * script.WheelRun, At: "row 005", Input: gio.Wheel(10)})
	require.NoError(t, err)
	assert.Zero(t, r.list.Position.First, "as far back up as down")

	r, _, err = run(t, gio.Steps{Label: "wheel", N: script.WheelRun, At: "row 005", Input: gio.Wheel(10)})
	require.NoError(t, err)
	assert.Equal(t, 20, r.list.Position.First, "400 px of wheel over 20 px rows")
}

func TestResizeSweepsOutAndBack(t *testing.T) {
	var widths []int
	_, sub, err := run(t, gio.Steps{Label: "resize", N: 6, Input: func(sub *gio.Subject, t script.Target, i int) {
		gio.Resize(3, -16)(sub, t, i)
		widths = append(widths, sub.Size().X)
	}})
	require.NoError(t, err)
	assert.Equal(t, []int{1264, 1248, 1232, 1248, 1264, 1248}, widths)
	assert.Equal(t, gio.DefaultOptions.Height, sub.Size().Y)
}

func TestHoverMovesThePointerWithinOneTarget(t *testing.T) {
	r, sub, err := run(t, gio.Steps{Label: "hover", N: 10, At: "row 003", Input: gio.Hover})
	require.NoError(t, err)
	assert.True(t, r.buttons[3].Hovered())
	assert.Len(t, sub.Frames(), 1, "entering the row draws; moves within it do not")
}

// An editor with neither hint nor text is labelled "": a Match picks it.
func TestStepsAimAtAnUnlabelledEditorByMatch(t *testing.T) {
	var r *rows
	st := gio.Steps{Label: "type", N: 3, Match: script.Match{Role: script.Editor}, Input: gio.Typing("xy")}
	st.Open = func(s *scenario.Session) *gio.Subject {
		r = newRows()
		r.hint = ""
		return gio.Attach(s, r.layout, gio.Options{})
	}
	require.NoError(t, st.Run(&scenario.Session{}))
	assert.Equal(t, "xy", r.editor.Text())
}
