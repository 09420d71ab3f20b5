package window_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/instrument/metric"
	"github.com/perfbench/perfbench/internal/instrument/registry"
	"github.com/perfbench/perfbench/internal/instrument/trace"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/gallery"
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
		if strings.HasPrefix(by[i], "renderer (") || strings.HasPrefix(by[i], "window (") { // only the renderers named; only on a change
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

// A program that embeds the engine and only sets PERFBENCH_LATENCY gets a
// complete trace: the loop declares its epoch and flushes when it parks
// and when it returns, so nothing is lost even when the program exits
// without closing the trace. The child is this test binary.
func TestEmbeddedProgramGetsACompleteTrace(t *testing.T) {
	if os.Getenv("WINDOW_EMBED_CHILD") == "1" {
		// A planted timer that never stops (an animation) keeps the loop
		// from returning: the child's own deadline makes it fail then.
		g := gallery.Build(gallery.S1, gallery.Options{Animate: os.Getenv("WINDOW_EMBED_PLANT") == "1"})
		w := window.New(g.Doc, window.Options{Clock: &clock.Real{}})
		w.Quiet()
		var moves []window.Input
		for i := range 3 {
			x, y := center(w.Rect(g.TableRows[i]))
			moves = append(moves, func(w *window.Window) { w.PointerMove(x, y) })
		}
		inputs := make(chan window.Input)
		go func() {
			for _, m := range moves {
				inputs <- m
				time.Sleep(40 * time.Millisecond) // each its own frame
			}
			close(inputs)
		}()
		deadline := loopDeadline
		if os.Getenv("WINDOW_EMBED_PLANT") == "1" {
			deadline = plantedDeadline
		}
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		defer cancel()
		if err := w.Run(ctx, inputs); err != nil {
			fmt.Fprintf(os.Stderr, "the frame loop did not return within %v of its inputs: %v\n", deadline, err)
			os.Exit(3)
		}
		os.Exit(0) // no latency.Close: the loop must have flushed
	}
	path := t.TempDir() + "/trace.jsonl"
	out, err := embedded(t, path, false)
	require.NoError(t, err, "%s", out)

	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	s, err := trace.Summarize(f)
	require.NoError(t, err)
	assert.Empty(t, s.Malformed)
	require.NotEmpty(t, s.Sources)
	last := s.Sources[len(s.Sources)-1]
	assert.True(t, last.Declared, "the loop's epoch has a header")
	assert.Equal(t, "real", last.Timing)
	assert.Equal(t, metric.Of(3), mustGetReading(t, s, "input.count").Value)
	assert.True(t, mustGetReading(t, s, "input.to.end.p50").Value.OK(), "three inputs answered on a real clock")
	assert.True(t, mustGetReading(t, s, "wait.in.share").Value.OK())
}

// loopDeadline is how long a test gives a frame loop to return once its
// inputs are done: a loop that never returns fails the test in seconds,
// not at the test binary's timeout.
const loopDeadline = 5 * time.Second

// plantedDeadline is the deadline of a child whose loop can never return:
// it fails on it whatever the machine's load, so waiting loopDeadline out
// would only make the test slower.
const plantedDeadline = time.Second

// embedded runs TestEmbeddedProgramGetsACompleteTrace's child, tracing to
// path, with the never-stopping timer planted or not, and gives it its
// own deadline besides the loop's.
func embedded(t *testing.T, path string, plant bool) ([]byte, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*loopDeadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestEmbeddedProgramGetsACompleteTrace$")
	cmd.Env = append(os.Environ(), "WINDOW_EMBED_CHILD=1", latency.EnvVar+"="+path)
	if plant {
		cmd.Env = append(cmd.Env, "WINDOW_EMBED_PLANT=1")
	}
	return cmd.CombinedOutput()
}

// With a timer planted that never stops, the embedded program's loop never
// returns: the child fails on its own deadline, in seconds.
func TestAFrameLoopThatNeverReturnsFailsInSeconds(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the loop's deadline")
	}
	start := time.Now()
	out, err := embedded(t, t.TempDir()+"/trace.jsonl", true)
	require.Error(t, err)
	assert.Contains(t, string(out), "the frame loop did not return within 1s of its inputs")
	assert.Less(t, time.Since(start), 3*loopDeadline, "failed on its deadline, not the binary's timeout")
}

func mustGetReading(t *testing.T, s trace.Summary, id string) registry.Reading {
	t.Helper()
	r, ok := s.Metric(id, "")
	require.True(t, ok, id)
	return r
}

// Run is for a real clock, and returns when its context ends even while
// an animation keeps timers pending, having drawn one frame per refresh.
func TestRunEndsWithItsContext(t *testing.T) {
	defer counter.Exclusive()()
	g := gallery.Build(gallery.S0, gallery.Options{})
	v := window.New(g.Doc, window.Options{})
	assert.PanicsWithValue(t, "window: Run needs a window on a *clock.Real", func() { _ = v.Run(context.Background(), nil) })

	g = gallery.Build(gallery.S0, gallery.Options{Animate: true})
	w := window.New(g.Doc, window.Options{Clock: &clock.Real{}, Display: window.Display{RefreshHz: 120}})
	ctx, cancel := context.WithTimeout(context.Background(), 250*time.Millisecond)
	defer cancel()
	frames := w.Frames()
	err := w.Run(ctx, nil)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	drawn := w.Frames() - frames
	// 30 refreshes at 120 Hz in 250 ms; a busy machine draws fewer, never more.
	assert.LessOrEqual(t, drawn, uint64(31))
	assert.Positive(t, drawn)
}

// A change of foreground is a mark; setting the same state again is not.
func TestForegroundChangeIsAMark(t *testing.T) {
	g := gallery.Build(gallery.S0, gallery.Options{})
	w := window.New(g.Doc, window.Options{})
	latency.Retain(16)
	defer latency.Retain(0)
	w.SetForeground(true)
	w.SetForeground(false)
	w.SetForeground(false)
	w.SetForeground(true)
	var got []string
	for _, r := range latency.Recent() {
		got = append(got, r.Stage+" "+r.Note)
	}
	assert.Equal(t, []string{"win.fg background", "win.fg foreground"}, got)
	_, by := vocabulary(t)
	assert.Contains(t, by, "window (on a change)")
}

// A frame drawn at its refresh on a real clock carries the refresh it
// aimed at, and an animated one the time its motion was computed for,
// exactly on the trace's timeline: consecutive aims are whole refreshes
// apart to the nanosecond of the grid's rounding. On a virtual clock the
// instants are on no monotonic timeline, and no frame carries them.
func TestScheduledFramesCarryTheirAim(t *testing.T) {
	defer counter.Exclusive()()
	var buf strings.Builder
	latency.SetSink(&buf)
	defer latency.SetSink(nil)
	g := gallery.Build(gallery.S1, gallery.Options{Animate: true})
	w := window.New(g.Doc, window.Options{Clock: &clock.Real{}, Display: window.Display{RefreshHz: 100}})
	w.Quiet()
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	_ = w.Run(ctx, nil)
	require.NoError(t, latency.Flush())

	var aims []int64
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var r latency.Record
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		if r.Stage != "f.begin" || r.Aim == nil {
			continue
		}
		assert.LessOrEqual(t, *r.Aim, r.T, "drawn at or after the refresh it aimed at")
		require.NotNil(t, r.Sim, "the progress bar animates")
		assert.GreaterOrEqual(t, *r.Sim, *r.Aim)
		assert.LessOrEqual(t, *r.Sim, r.T+int64(time.Millisecond))
		aims = append(aims, *r.Aim)
	}
	require.GreaterOrEqual(t, len(aims), 3, buf.String())
	for i := 1; i < len(aims); i++ {
		d := aims[i] - aims[i-1]
		k := (d + 5_000_000) / 10_000_000
		assert.GreaterOrEqual(t, k, int64(1))
		assert.InDelta(t, k*10_000_000, d, 1, "aims %d and %d: whole 10 ms refreshes apart", i-1, i)
	}

	buf.Reset()
	_, vw, clk := open(t, gallery.S1, gallery.Options{Animate: true}, window.Options{})
	for range 3 {
		clk.AdvanceTo(vw.NextRefresh())
	}
	require.NoError(t, latency.Flush())
	assert.Contains(t, buf.String(), `"stage":"f.begin"`)
	assert.NotContains(t, buf.String(), `"aim"`, "a virtual scheduler's instants are on no monotonic timeline")
}
