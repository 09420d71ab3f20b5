package window_test

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/clock"
	"github.com/perfbench/perfbench/counter"
	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/latency"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/window"
)

// vocabulary reads the stage table of docs/perf/endtoend.md: each stage
// and who emits it.
func vocabulary(t *testing.T) (stages, by []string) {
	doc, err := os.ReadFile("../../docs/perf/endtoend.md")
	require.NoError(t, err)
	table := string(doc)
	begin, end := strings.Index(table, "<!-- stages:begin -->"), strings.Index(table, "<!-- stages:end -->")
	require.True(t, begin >= 0 && end > begin, "endtoend.md lost its stage markers")
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z.]+)` \\| ([^|]+) \\|").FindAllStringSubmatch(table[begin:end], -1) {
		stages = append(stages, m[1])
		by = append(by, strings.TrimSpace(m[2]))
	}
	require.NotEmpty(t, stages)
	return stages, by
}

// The vocabulary documented in docs/perf/endtoend.md is exactly what one
// input and its frame produce on a real frame loop with the null renderer,
// in the order they first appear — less the stages only another renderer
// emits — and the renderer stages it lists are the renderer package's.
func TestEndToEndVocabularyMatchesTheFrame(t *testing.T) {
	documented, by := vocabulary(t)
	var want, rendererStages []string
	for i, s := range documented {
		if strings.HasPrefix(by[i], "renderer") {
			rendererStages = append(rendererStages, s)
		}
		if strings.HasPrefix(by[i], "renderer (") { // only the renderers named
			continue
		}
		want = append(want, s)
	}
	assert.Equal(t, []string{renderer.TablesMark, renderer.VectorsMark, renderer.PlanMark, renderer.EncoderMark,
		renderer.BuffersMark, renderer.RecordMark}, rendererStages)

	defer counter.Exclusive()()
	g := gallery.Build(gallery.S1, gallery.Options{})
	w := window.New(g.Doc, window.Options{Clock: &clock.Real{}})
	w.Quiet()
	require.False(t, w.FramePending())
	x, y := center(w.Rect(g.TableRows[2]))
	frames := w.Frames()

	latency.Retain(256)
	defer latency.Retain(0)
	inputs := make(chan window.Input, 1)
	inputs <- func(w *window.Window) { w.PointerMove(x, y) }
	close(inputs)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, w.Run(ctx, inputs))
	require.Equal(t, frames+1, w.Frames(), "one frame drawn")

	var got, first []string
	for _, r := range latency.Recent() {
		got = append(got, r.Stage)
		if !slices.Contains(first, r.Stage) {
			first = append(first, r.Stage)
		}
	}
	assert.Equal(t, want, first, "stages in the order they first appear; all marks: %v", got)
	assert.Equal(t, 1, count(got, "f.begin"), "one frame: %v", got)
	assert.Equal(t, 1, count(got, "evt.in"))
}

func count(xs []string, s string) int {
	n := 0
	for _, x := range xs {
		if x == s {
			n++
		}
	}
	return n
}

// On a virtual clock (the scenarios, the phases) there is no loop: the
// frame's own stages appear and nothing of waiting.
func TestVirtualFrameHasNoLoopMarks(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S1, gallery.Options{}, window.Options{})
	latency.Retain(64)
	defer latency.Retain(0)
	x, y := center(w.Rect(g.TableRows[2]))
	step(w, clk, func() { w.PointerMove(x, y) })
	var got []string
	notes := map[string]string{}
	for _, r := range latency.Recent() {
		got = append(got, r.Stage)
		notes[r.Stage] = r.Note
	}
	assert.Equal(t, []string{"evt.in", "f.begin", "b.why", "f.restyle", "f.boxes", "f.layout", "f.fragments",
		"p.emit", "p.draw", "r.record", "pres.out", "f.end"}, got)
	assert.Equal(t, "input=pointer", notes["b.why"])
	assert.Regexp(t, `^allocs=\d+ bytes=\d+$`, notes["f.end"])
}

// b.why names every reason a frame was asked for.
func TestFrameWhyNote(t *testing.T) {
	defer counter.Exclusive()()
	g, w, clk := open(t, gallery.S1, gallery.Options{Animate: true}, window.Options{})
	latency.Retain(64)
	defer latency.Retain(0)
	x, y := center(w.Rect(g.TableRows[2]))
	w.Invalidate()
	w.Tick()
	w.Wheel(x, y, 7)
	w.PointerMove(x, y)
	clk.AdvanceTo(w.NextRefresh())
	var why string
	for _, r := range latency.Recent() {
		if r.Stage == "b.why" {
			why = r.Note
		}
	}
	assert.Equal(t, "input=pointer+wheel app animation tick merged=5", why)
}

// The header a window declares says what schedules its frames.
func TestWindowDeclaresItsSource(t *testing.T) {
	g := gallery.Build(gallery.S0, gallery.Options{})
	v := window.New(g.Doc, window.Options{Display: window.Display{RefreshHz: 75}})
	assert.Equal(t, latency.Source{Timing: latency.Virtual, Renderer: "null", RefreshHz: 75}, v.Source())
	g = gallery.Build(gallery.S0, gallery.Options{})
	r := window.New(g.Doc, window.Options{Clock: &clock.Real{}})
	assert.Equal(t, latency.Source{Timing: latency.Real, Renderer: "null"}, r.Source())
}
