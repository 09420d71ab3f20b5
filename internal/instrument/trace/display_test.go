package trace

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/metric"
)

// T is one refresh at 60 Hz as the summary takes it: round(1e9 / 60) ns.
const T = 16666667

// scheduled is a hand-made present sequence: frame i does work[i] ns of
// work from its aim to its present, and the next frame aims at the first
// refresh after that present, as the window's NextRefresh does. Every
// frame is drawn on its refresh (f.begin at its aim) and animates (sim at
// its aim).
func scheduled(work []int64) string {
	var b strings.Builder
	b.WriteString(`{"header":"perfbench-latency","version":1,"base_unix_ns":1,"clock":"mono","timing":"real","renderer":"gpu","presents":true,"refresh_hz":60,"schedules":true}` + "\n")
	var aim int64 // in refreshes
	for _, w := range work {
		a := aim * T
		p := a + w
		fmt.Fprintf(&b, `{"t":%d,"base_unix_ns":1,"stage":"f.begin","aim":%d,"sim":%d}`+"\n", a, a, a)
		fmt.Fprintf(&b, `{"t":%d,"base_unix_ns":1,"stage":"pres.out"}`+"\n", p)
		fmt.Fprintf(&b, `{"t":%d,"base_unix_ns":1,"stage":"f.end"}`+"\n", p+1)
		aim = p/T + 1
	}
	return b.String()
}

// frames returns n frames of work w, with the frames at slow of work s.
func frames(n int, w, s int64, slow ...int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = w
	}
	for _, i := range slow {
		out[i] = s
	}
	return out
}

func summarizeString(t *testing.T, tr string) Summary {
	t.Helper()
	s, err := Summarize(strings.NewReader(tr))
	require.NoError(t, err)
	return s
}

func num(t *testing.T, s Summary, id string) float64 {
	t.Helper()
	r, ok := s.Metric(id, "")
	require.True(t, ok, "no reading %s", id)
	v, ok := r.Value.Get()
	require.True(t, ok, "%s: %s (%s)", id, r.Value, r.Why)
	return v
}

const msNs = float64(time.Millisecond) // one millisecond in ns

// TestDisplayMetricsSeparateCanvasCases builds Canva's two cases on a
// 60 Hz display, T = 16.667 ms, 67 frames each (66 intervals, and one full
// 64-frame jank window):
//
//	A  steady 33 ms: every frame does 25 ms of work, is shown two refreshes
//	   after its aim, and the next aims at that refresh: a frame every 2T.
//	B  one 200 ms frame among 8 ms frames: 8 ms frames are shown at the
//	   refresh after their aim (1T each); a 200 ms frame (12T − 4 ns) is
//	   shown 12T after its aim, 11 refreshes late.
//
// Every frame animates, its sim at its aim (it is drawn on time).
func TestDisplayMetricsSeparateCanvasCases(t *testing.T) {
	// A: aims 0, 2, 4, …; shown at aim + 2T; expected at aim + T.
	//   present intervals: 66 × 2T → present.fps.avg = 66 / 132T = 30 fps,
	//   drop share 1 − 30/60 = 50%; frame intervals (f.begin to f.begin)
	//   66 × 2T, frame.interval.p95 = 2T = 33.3 ms.
	//   displayed time: 66 × 2T → p50 = max = 33.3 ms; changes p95 2T,
	//   rate 30/s. Animation error: sim and showing both advance 2T: 0.
	//   Each frame is shown T late: hitch.time 67T = 1116.7 ms over a span
	//   of 67 × 2T, hitch.ratio 500 ms/s (critical). Overrun 25 − 16.667
	//   = 8.333 ms every frame. Every frame of the window is delayed:
	//   share 100%, worst 100%. Longest run of missed refreshes: 1.
	a := summarizeString(t, scheduled(frames(67, 25*time.Millisecond.Nanoseconds(), 0)))

	t.Run("same rate and drop share", func(t *testing.T) {
		// B as Canva posed it: 30 fps, 50% dropped. Slow frames at 10, 21,
		// 32, 43, 54, 65 (one in eleven): each slow frame takes 12
		// refreshes and each fast one 1, so eleven frames take 22
		// refreshes, as A's do.
		//   present intervals: into a slow frame T + 192 ms, out of it
		//   12T − 192 ms, the rest T: Σ = 6 × 13T + 54T = 132T →
		//   present.fps.avg 30 fps, drop share 50%: neither tells B from A.
		//   (Frame intervals 60 × T, 6 × 12T: frame.interval.p95 = rank 63
		//   of 66 = 12T = 200 ms. Six slow frames in 67 are over 5%, so P95
		//   sees them here; the next case hides one under it.)
		//   displayed time: 60 × T, 6 × 12T → p50 16.7 ms, max 200 ms;
		//   changes p95 (rank 63 of 66) 200 ms, rate 66 / 132T = 30/s.
		//   Animation error: the slow frame's sim advanced T while it
		//   showed 12T later (−11T), the next one's sim advanced 12T and
		//   showed T later (+11T): 12 × 183.3 ms, 54 × 0 → p95 (rank 63)
		//   and max 183.3 ms.
		//   hitch.time 6 × 11T = 1100 ms over a span of 61T + 6 × 12T =
		//   133T: hitch.ratio 66T / 133T s = 496.2 ms/s (critical). Overrun:
		//   fast 8 ms − T = −8.667 ms, slow 200 ms − T = 183.3 ms; p95
		//   (rank 64 of 67) and max 183.3 ms. Jank window (frames 0…63):
		//   5 delayed → 7.8%. Longest run of missed refreshes: 11.
		b := summarizeString(t, scheduled(frames(67, 8*time.Millisecond.Nanoseconds(), 200*time.Millisecond.Nanoseconds(), 10, 21, 32, 43, 54, 65)))

		fps := 66 * 1e9 / (132.0 * T)
		assert.InDelta(t, fps, num(t, a, "present.fps.avg"), 1e-9)
		assert.InDelta(t, fps, num(t, b, "present.fps.avg"), 1e-9, "FPS cannot tell them apart")
		assert.InDelta(t, 0.5, 1-num(t, a, "present.fps.avg")*T/1e9, 1e-9)
		assert.InDelta(t, 0.5, 1-num(t, b, "present.fps.avg")*T/1e9, 1e-9, "nor can the drop share, 1 − fps/60")
		assert.InDelta(t, 2*T, num(t, a, "frame.interval.p95"), 0)
		assert.InDelta(t, 12*T, num(t, b, "frame.interval.p95"), 0)

		assert.InDelta(t, 2*T, num(t, a, "display.time.p50"), 0)
		assert.InDelta(t, T, num(t, b, "display.time.p50"), 0)
		assert.InDelta(t, 2*T, num(t, a, "display.time.max"), 0)
		assert.InDelta(t, 12*T, num(t, b, "display.time.max"), 0, "B froze for 200 ms; A never showed a frame longer than 33 ms")
		assert.InDelta(t, 2*T, num(t, a, "display.change.p95"), 0)
		assert.InDelta(t, 12*T, num(t, b, "display.change.p95"), 0)
		assert.InDelta(t, fps, num(t, a, "display.change.rate"), 1e-9)
		assert.InDelta(t, fps, num(t, b, "display.change.rate"), 1e-9)

		assert.Zero(t, num(t, a, "animation.error.p95"))
		assert.Zero(t, num(t, a, "animation.error.max"), "A's motion kept step with the display")
		assert.InDelta(t, 11*T, num(t, b, "animation.error.p95"), 0)
		assert.InDelta(t, 11*T, num(t, b, "animation.error.max"), 0, "B's jumped 183 ms")

		assert.InDelta(t, 67*T, num(t, a, "hitch.time"), 0)
		assert.InDelta(t, 66*T, num(t, b, "hitch.time"), 0)
		assert.InDelta(t, 500, num(t, a, "hitch.ratio"), 1e-9)
		assert.InDelta(t, 66.0/133*1000, num(t, b, "hitch.ratio"), 1e-9)
		ra, _ := a.Metric("hitch.ratio", "")
		assert.Equal(t, "critical", ra.Band)

		assert.InDelta(t, 25*msNs-T, num(t, a, "frame.overrun.p95"), 0)
		assert.InDelta(t, 25*msNs-T, num(t, a, "frame.overrun.max"), 0)
		assert.InDelta(t, 200*msNs-T, num(t, b, "frame.overrun.p95"), 0)
		assert.InDelta(t, 200*msNs-T, num(t, b, "frame.overrun.max"), 0)

		assert.Equal(t, 1.0, num(t, a, "jank.delayed.share"))
		assert.Equal(t, 1.0, num(t, a, "jank.delayed.worst"))
		assert.Equal(t, 5.0/64, num(t, b, "jank.delayed.share"))
		assert.Equal(t, 5.0/64, num(t, b, "jank.delayed.worst"))
		assert.Equal(t, 1.0, num(t, a, "jank.missed.run"))
		assert.Equal(t, 11.0, num(t, b, "jank.missed.run"), "B missed 11 refreshes in a row, A one at a time")
	})

	t.Run("one slow frame, under P95", func(t *testing.T) {
		// B′: one 200 ms frame (frame 33) among 66 of 8 ms. It uses 12
		// refreshes, the others 1: 77 refreshes for 66 intervals.
		//   present.fps.avg 66 / 77T = 51.4 fps and drop share 14.3%: both
		//   rate B′ above A. frame.interval.p95: sorted 65 × T, 12T: rank
		//   63 of 66 = T = 16.7 ms, below A's 33.3 ms. All
		//   three call B′ the smoother session; none sees its 200 ms freeze.
		//   displayed time: 65 × T, 1 × 12T → p50 T, max 200 ms; changes p95
		//   (rank 63) T — a percentile is as blind as P95 — rate 66 / 77T.
		//   Animation error ±11T on frames 33 and 34, 0 elsewhere: p95 0,
		//   max 183.3 ms. hitch.time 11T = 183.3 ms over a span of 66T +
		//   12T = 78T: hitch.ratio 11/78 × 1000 = 141.0 ms/s (critical).
		//   Overrun p95 (rank 64 of 67) −8.667 ms, max 183.3 ms. Window: 1 of
		//   64 delayed (1.6%). Longest run of missed refreshes: 11.
		b := summarizeString(t, scheduled(frames(67, 8*time.Millisecond.Nanoseconds(), 200*time.Millisecond.Nanoseconds(), 33)))

		assert.InDelta(t, 66*1e9/(77.0*T), num(t, b, "present.fps.avg"), 1e-9)
		assert.Greater(t, num(t, b, "present.fps.avg"), num(t, a, "present.fps.avg"), "FPS rates B′ better")
		assert.InDelta(t, 1-66.0/77, 1-num(t, b, "present.fps.avg")*T/1e9, 1e-9, "drop share 14.3%, A's 50%")
		assert.InDelta(t, T, num(t, b, "frame.interval.p95"), 0, "P95 does not see the 200 ms frame")
		assert.Less(t, num(t, b, "frame.interval.p95"), num(t, a, "frame.interval.p95"))

		assert.InDelta(t, 12*T, num(t, b, "display.time.max"), 0, "the freeze")
		assert.InDelta(t, T, num(t, b, "display.change.p95"), 0)
		assert.Zero(t, num(t, b, "animation.error.p95"))
		assert.InDelta(t, 11*T, num(t, b, "animation.error.max"), 0)
		assert.InDelta(t, 11*T, num(t, b, "hitch.time"), 0)
		assert.InDelta(t, 11.0/78*1000, num(t, b, "hitch.ratio"), 1e-9)
		assert.InDelta(t, 8*msNs-T, num(t, b, "frame.overrun.p95"), 0)
		assert.InDelta(t, 200*msNs-T, num(t, b, "frame.overrun.max"), 0)
		assert.Equal(t, 1.0/64, num(t, b, "jank.delayed.worst"))
		assert.Equal(t, 11.0, num(t, b, "jank.missed.run"))
	})
}

func TestDisplayModel(t *testing.T) {
	at := clock.At[clock.Mono]
	o := metric.Origin{Epoch: 1}
	m := metric.Display[clock.Mono]{Period: 10}

	s := m.Observe(o, at(100), at(103), at(100), true)
	assert.Equal(t, at(110), s.At, "shown at the refresh after its present")
	assert.Equal(t, metric.Warmup, s.Between.Quality(), "the first frame only anchors")
	assert.Equal(t, metric.Warmup, s.AnimationError.Quality())
	assert.Equal(t, time.Duration(0), s.Hitch)
	assert.Equal(t, time.Duration(-7), s.Overrun)

	s = m.Observe(o, at(110), at(125), at(110), true)
	assert.Equal(t, at(130), s.At)
	assert.Equal(t, time.Duration(10), s.Hitch)
	assert.Equal(t, 1, s.Missed)
	assert.Equal(t, metric.Of(20), s.Between)
	assert.Equal(t, metric.Of(-10), s.AnimationError, "sim moved 10, the showing 20")
	assert.Equal(t, time.Duration(20), s.Span)

	// A present in the same refresh as the last: it replaced the last frame
	// before it was shown.
	s = m.Observe(o, at(120), at(126), at(120), false)
	assert.True(t, s.Replaced)
	assert.Equal(t, metric.Of(0), s.Between, "a true 0: the frame before was never shown")
	assert.Equal(t, metric.NotApplicable, s.AnimationError.Quality(), "a frame without a sim moved nothing")

	// Off the grid: another display, or a clock that jumped.
	s = m.Observe(o, at(135), at(136), at(135), true)
	assert.Equal(t, metric.Discontinuity, s.Between.Quality())
	s = m.Observe(metric.Origin{Epoch: 2}, at(145), at(146), at(145), true)
	assert.Equal(t, metric.Discontinuity, s.Between.Quality(), "another origin")
	m.Break()
	s = m.Observe(metric.Origin{Epoch: 2}, at(155), at(156), at(155), true)
	assert.Equal(t, metric.Discontinuity, s.Between.Quality())
	s = m.Observe(metric.Origin{Epoch: 2}, at(165), at(166), at(165), true)
	assert.Equal(t, metric.Of(10), s.Between)
	assert.Equal(t, metric.Of(0), s.AnimationError)

	assert.Panics(t, func() { (&metric.Display[clock.Mono]{}).Observe(o, at(0), at(0), at(0), false) })
}

func TestHitchBands(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want metric.HitchBand
	}{{0, metric.HitchGood}, {5, metric.HitchGood}, {5.01, metric.HitchWarning}, {9.99, metric.HitchWarning}, {10, metric.HitchCritical}, {500, metric.HitchCritical}} {
		assert.Equal(t, tc.want, metric.BandOf(tc.v), "%v ms/s", tc.v)
	}
	assert.Equal(t, metric.Not(metric.Missing), metric.HitchRatio(5, 0), "no span: no ratio")
	assert.Equal(t, metric.Of(2.5), metric.HitchRatio(5*time.Millisecond, 2*time.Second))
}

func TestJankWindowsDropPartWindows(t *testing.T) {
	var j metric.JankWindows
	assert.Equal(t, metric.Missing, j.Share().Quality(), "no full window: no share, never 0")
	for i := range 63 {
		j.Add(i == 0)
	}
	j.Break() // the part window is dropped
	for i := range 64 {
		j.Add(i < 2)
	}
	for i := range 64 {
		j.Add(i < 6)
	}
	for i := range 10 {
		j.Add(true) // a part window at the end: left out
		_ = i
	}
	assert.Equal(t, 2, j.Windows())
	assert.Equal(t, metric.Of(8.0/128), j.Share())
	assert.Equal(t, metric.Of(6.0/64), j.Worst())
}

// TestDisplayMetricsSayWhyTheyHaveNoValue: a virtual clock, a renderer
// that does not present, a trace from before frames carried their
// schedule, and a session that animates nothing each give no number, and
// say why.
func TestDisplayMetricsSayWhyTheyHaveNoValue(t *testing.T) {
	hdr := func(fields string) string {
		return `{"header":"perfbench-latency","version":1,"base_unix_ns":1,"clock":"mono",` + fields + "}\n"
	}
	body := `{"t":0,"base_unix_ns":1,"stage":"f.begin","aim":0}
{"t":1000,"base_unix_ns":1,"stage":"pres.out"}
{"t":2000,"base_unix_ns":1,"stage":"f.end"}
{"t":16666667,"base_unix_ns":1,"stage":"f.begin","aim":16666667}
{"t":16667667,"base_unix_ns":1,"stage":"pres.out"}
{"t":16668667,"base_unix_ns":1,"stage":"f.end"}
`
	for _, tc := range []struct {
		name, trace string
		id          string
		q           metric.Quality
		why         string
	}{
		{"virtual", hdr(`"timing":"virtual","renderer":"null","presents":false,"refresh_hz":60,"schedules":true`) + body, "hitch.ratio", metric.NotApplicable, "virtual timing: the scheduler draws every frame at the refresh it aimed at"},
		{"null renderer", hdr(`"timing":"real","renderer":"null","presents":false,"refresh_hz":60,"schedules":true`) + body, "display.time.p50", metric.NotApplicable, "null renderer presents nothing"},
		{"old trace", hdr(`"timing":"real","renderer":"gpu","presents":true,"refresh_hz":60`) + body, "jank.missed.run", metric.Missing, `no "schedules"`},
		{"headerless", body, "display.time.max", metric.Missing, "source unknown"},
		{"nothing animated", hdr(`"timing":"real","renderer":"gpu","presents":true,"refresh_hz":60,"schedules":true`) + body, "animation.error.max", metric.NotApplicable, "no frame advanced an animation"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := summarizeString(t, tc.trace)
			r, ok := s.Metric(tc.id, "")
			require.True(t, ok)
			assert.Equal(t, tc.q, r.Value.Quality(), r.Why)
			assert.Contains(t, r.Why, tc.why)
		})
	}
	// The still session's other display metrics are facts: two frames on
	// time, one refresh apart.
	s := summarizeString(t, hdr(`"timing":"real","renderer":"gpu","presents":true,"refresh_hz":60,"schedules":true`)+body)
	assert.Equal(t, metric.Of(0), value(t, s, "hitch.time", ""), "a true 0: no frame was late")
	assert.Equal(t, metric.Of(T), value(t, s, "display.time.max", ""))
	assert.Equal(t, metric.Missing, value(t, s, "display.time.p50", "").Quality(), "one displayed time: no median, never 0")

	// Replayed under set 2 the display metrics do not exist.
	s2, err := SummarizeWith(strings.NewReader(hdr(`"timing":"real","renderer":"gpu","presents":true,"refresh_hz":60,"schedules":true`)+body), Options{Defs: 2})
	require.NoError(t, err)
	_, ok := s2.Metric("hitch.ratio", "")
	assert.False(t, ok, "set 2 has no hitch ratio")
}

// TestDisplayChainBreaks: an unscheduled present, the background and a new
// epoch each start the display chain over, so no displayed time spans one.
func TestDisplayChainBreaks(t *testing.T) {
	tr := scheduled(frames(3, 1000, 0))
	// An unscheduled frame (no aim) presented between two scheduled ones.
	tr += `{"t":60000000,"base_unix_ns":1,"stage":"f.begin"}
{"t":60001000,"base_unix_ns":1,"stage":"pres.out"}
{"t":60002000,"base_unix_ns":1,"stage":"f.end"}
{"t":66666668,"base_unix_ns":1,"stage":"f.begin","aim":66666668}
{"t":66667668,"base_unix_ns":1,"stage":"pres.out"}
{"t":66668668,"base_unix_ns":1,"stage":"f.end"}
`
	s := summarizeString(t, tr)
	r, _ := s.Metric("display.time.max", "")
	v, ok := r.Value.Get()
	require.True(t, ok)
	assert.Equal(t, float64(T), v, "the 50 ms across the unscheduled frame is not a displayed time")
	assert.Equal(t, 2, r.N, "frames 1 and 2 against their predecessors; frame 4 anchors")
}
