package script_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/script"
)

func TestBounce(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		want []int
	}{
		{"one", 1, []int{0, 0, 0, 0}},
		{"two", 2, []int{0, 1, 0, 1, 0}},
		{"four", 4, []int{0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int
			for i := range tc.want {
				got = append(got, script.Bounce(i, tc.n))
			}
			assert.Equal(t, tc.want, got)
		})
	}
	assert.PanicsWithValue(t, "script: Bounce(0, 0): the step must be ≥ 0 and the walk at least one long", func() { script.Bounce(0, 0) })
	assert.Panics(t, func() { script.Bounce(-1, 3) })
}

func TestBounceNeverStandsStill(t *testing.T) {
	for n := 2; n < 12; n++ {
		for i := 1; i < 5*n; i++ {
			assert.NotEqual(t, script.Bounce(i-1, n), script.Bounce(i, n), "n %d step %d", n, i)
		}
	}
}

func TestWheelReturnsWhereItBegan(t *testing.T) {
	sum := float32(0)
	for i := range 2 * script.WheelRun {
		sum += script.Wheel(i, 7)
	}
	assert.Zero(t, sum)
	assert.Equal(t, float32(7), script.Wheel(script.WheelRun-1, 7))
	assert.Equal(t, float32(-7), script.Wheel(script.WheelRun, 7))
	assert.Equal(t, float32(7), script.Wheel(2*script.WheelRun, 7))
	assert.Panics(t, func() { script.Wheel(-1, 7) })
}

func TestEach(t *testing.T) {
	ts := []script.Target{{Label: "a"}, {Label: "b"}, {Label: "c"}}
	var got string
	for i := range 6 {
		got += script.Each(ts, i).Label
	}
	assert.Equal(t, "abcbab", got)
	assert.PanicsWithValue(t, "script: Each over no targets", func() { script.Each(nil, 0) })
}

func TestOnly(t *testing.T) {
	ts := []script.Target{{Label: "a", Role: script.Button}, {Label: "b", Role: script.Label}, {Label: "c", Role: script.Button}}
	assert.Equal(t, []script.Target{ts[0], ts[2]}, script.Only(ts, script.Button))
	assert.Equal(t, ts, script.Only(ts, script.Any))
	assert.Empty(t, script.Only(ts, script.Editor))
}

// A tour over no target of its role is an error a Run returns, naming
// what is on screen, where Each over it would panic.
func TestTour(t *testing.T) {
	ts := []script.Target{{Label: "a", Role: script.Button}, {Label: "b", Role: script.Label}, {Label: "c", Role: script.Button}}
	got, err := script.Tour(ts, script.Button)
	require.NoError(t, err)
	assert.Equal(t, []script.Target{ts[0], ts[2]}, got)
	_, err = script.Tour(ts, script.Editor)
	assert.EqualError(t, err, `no editor on screen; on screen: "a" (button), "b" (label), "c" (button)`)
	_, err = script.Tour(nil, script.Any)
	assert.EqualError(t, err, "no target on screen: nothing labelled is")
}

// A resize sweep narrows by 16 px a step and widens back, never standing
// still.
func TestSweep(t *testing.T) {
	var got []float32
	for i := range 8 {
		got = append(got, script.Sweep(i, 4, 1264, -16))
	}
	assert.Equal(t, []float32{1264, 1248, 1232, 1216, 1232, 1248, 1264, 1248}, got)
}

// Named keeps the targets asked for, in the order asked, and names what
// is missing with what is on screen.
func TestNamed(t *testing.T) {
	ts := []script.Target{{Label: "a", Role: script.Button}, {Label: "b", Role: script.Label}, {Label: "c", Role: script.Button}}
	got, err := script.Named(ts, "c", "a")
	require.NoError(t, err)
	assert.Equal(t, []script.Target{ts[2], ts[0]}, got)
	_, err = script.Named(ts, "a", "z")
	assert.EqualError(t, err, `no "z" on screen; on screen: "a" (button), "b" (label), "c" (button)`)
	assert.Panics(t, func() { script.Named(ts) })
}
