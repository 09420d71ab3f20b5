package verify

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/geom"
	"github.com/perfbench/perfbench/ui/paint"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

func frame() Frame {
	return Frame{
		Display: []paint.Primitive{
			{Kind: paint.Rect, Rect: geom.Rect{W: 1280, H: 800}, Fill: style.RGB(0xfc, 0xfc, 0xfc)},
			{Kind: paint.GlyphRun, Rect: geom.Rect{X: 12, Y: 12, W: 180, H: 24}, Text: "perfbench gallery", Font: paint.FontKey{Size: 20, Bold: true}},
			{Kind: paint.Border, Rect: geom.Rect{X: 12, Y: 40, W: 220, H: 24}, Stroke: style.RGB(0xcc, 0xcc, 0xcc), StrokeWidth: 1},
		},
		Geometry: []window.NodeGeometry{
			{Kind: document.Box, Depth: 0, Rect: geom.Rect{W: 1280, H: 800}},
			{Kind: document.Text, Depth: 2, Rect: geom.Rect{X: 12, Y: 12, W: 180, H: 24}},
		},
	}
}

func steps(n int) []VerifyStep {
	out := make([]VerifyStep, n)
	for i := range out {
		out[i] = VerifyStep{Index: i, Name: "step", Live: frame(), Rebuilt: frame()}
	}
	return out
}

func TestVerifyJudge(t *testing.T) {
	assert.Equal(t, band.Pass, JudgeVerify(steps(ScriptLength)).Verdict)

	t.Run("one primitive off fails, naming it", func(t *testing.T) {
		s := steps(ScriptLength)
		s[7].Live.Display[1].Rect.X = 13 // the title drawn one pixel right
		r := JudgeVerify(s)
		assert.Equal(t, band.Fail, r.Verdict)
		require.Len(t, r.Checks, 1)
		assert.Equal(t, "step 7 (step)", r.Checks[0].Name)
		assert.Contains(t, r.Checks[0].Detail, "display list differs at 1: live {Kind:glyphs Rect:{X:13")
		assert.Contains(t, r.Checks[0].Detail, "rebuilt {Kind:glyphs Rect:{X:12")
	})
	t.Run("one primitive missing fails", func(t *testing.T) {
		s := steps(ScriptLength)
		s[3].Live.Display = s[3].Live.Display[:2]
		r := JudgeVerify(s)
		assert.Equal(t, band.Fail, r.Verdict)
		assert.Contains(t, r.Checks[0].Detail, "display list differs at 2: live — (2 in all), rebuilt {Kind:border")
	})
	t.Run("geometry off fails", func(t *testing.T) {
		s := steps(ScriptLength)
		s[41].Live.Geometry = slices.Clone(s[41].Live.Geometry)
		s[41].Live.Geometry[1].Rect.H = 25
		r := JudgeVerify(s)
		assert.Equal(t, band.Fail, r.Verdict)
		assert.Contains(t, r.Checks[0].Detail, "geometry differs at 1")
	})
	t.Run("fewer steps than the script is Broken", func(t *testing.T) {
		assert.Equal(t, band.Broken, JudgeVerify(steps(ScriptLength-1)).Verdict)
		assert.Equal(t, band.Broken, JudgeVerify(nil).Verdict)
	})
	t.Run("a rebuild that drew nothing is Broken", func(t *testing.T) {
		s := steps(ScriptLength)
		s[0].Live, s[0].Rebuilt = Frame{}, Frame{}
		assert.Equal(t, band.Broken, JudgeVerify(s).Verdict)
	})
}

func TestScriptIsFortyTwoMixedSteps(t *testing.T) {
	s := Script()
	require.Len(t, s, ScriptLength)
	kinds := map[string]int{}
	for _, st := range s {
		for _, k := range []string{"hover", "click", "wheel", "key", "type", "resize"} {
			if len(st.Name) >= len(k) && st.Name[:len(k)] == k {
				kinds[k]++
			}
		}
	}
	for _, k := range []string{"hover", "click", "wheel", "key", "type", "resize"} {
		assert.GreaterOrEqual(t, kinds[k], 3, "the script has %d %s steps", kinds[k], k)
	}
	assert.Equal(t, ScriptLength, kinds["hover"]+kinds["click"]+kinds["wheel"]+kinds["key"]+kinds["type"]+kinds["resize"])
}

// The gate on the engine, at the smallest gallery (every element kind is
// in its fixed part): equality is the same on every machine.
func TestVerifyPassesOnTheEngine(t *testing.T) {
	r := Verify(VerifyOptions{Size: gallery.S0})
	assert.Equal(t, band.Pass, r.Verdict, "%+v", r.Checks)
}

// Every step of the script changes what the window shows, so that each
// comparison is of a state the live window reached by a path of its own.
func TestEveryScriptStepDraws(t *testing.T) {
	var prev Frame
	n := 0
	MeasureVerify(VerifyOptions{Size: gallery.S0}, func(s VerifyStep) bool {
		_, differ := Compare(prev, s.Live)
		assert.True(t, differ, "step %d (%s) changed nothing on screen", s.Index, s.Name)
		prev = s.Live
		n++
		return true
	})
	assert.Equal(t, ScriptLength, n)
}
