package hud_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/hud"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/instrument/metric"
	"github.com/perfbench/perfbench/ui/window"
)

// ms is an instant on the frame loop's timeline, in milliseconds.
func ms(v float64) clock.Instant[clock.Sched] {
	return clock.At[clock.Sched](int64(v * 1e6))
}

func frame(at float64, cost time.Duration, r window.Reason) window.FrameInfo {
	return window.FrameInfo{At: ms(at), Cost: cost, Reasons: r, Invalidations: 1}
}

// value returns a reading's number, failing the test when it has none.
func value(t *testing.T, r hud.Reading) float64 {
	t.Helper()
	v, ok := r.Value.Get()
	require.True(t, ok, "%s is %v", r.Name, r.Value.Quality())
	return v
}

// The headline's MAX FPS is 1 / FRAME capped at the rate the display
// reports: 1 / 3 ms = 333.3, which a 144 Hz panel caps at 144 and a display
// that reports no rate leaves as it is.
func TestMaxFPSIsCappedByTheReportedRate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		display window.Display
		want    float64
		text    string
	}{
		{"144 Hz reported", window.Display{ID: 1, RefreshHz: 144}, 144, "144"},
		{"no rate reported", window.Display{ID: 1}, 1e9 / 3e6, "333"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s hud.Sampler
			s.Start(tc.display, ms(0))
			for i := range 30 {
				s.Frame(frame(float64(i+1)*10, 3*time.Millisecond, window.ByAnimation), tc.display)
			}
			r := s.Read(ms(300))
			assert.InDelta(t, 3e6, value(t, r.Frame), 1e-6)
			assert.InDelta(t, tc.want, value(t, r.Max), 1e-9)
			assert.Equal(t, tc.text, r.Max.Text())
			assert.Equal(t, tc.display.RefreshHz, r.Refresh)
		})
	}
}

// A window idling at 2 Hz — the application invalidates twice a second —
// with 8 ms frames on a 120 Hz display reads MAX 120 (1 / 8 ms = 125,
// capped) and FPS 2. The HUD's own tick frames, 40 ms each and as frequent
// as the application's, are in neither, nor in FRAME or INTERVAL.
func TestIdleWindowReadsMaxAndFPSApart(t *testing.T) {
	d := window.Display{ID: 7, RefreshHz: 120}
	var s hud.Sampler
	s.Start(d, ms(0))
	for k := range 10 {
		s.Frame(frame(250+500*float64(k), 8*time.Millisecond, window.ByApp), d)
		s.Frame(frame(500+500*float64(k), 40*time.Millisecond, window.ByTick), d)
	}
	r := s.Read(ms(5000))
	assert.Equal(t, 120.0, value(t, r.Max))
	assert.Equal(t, 2.0, value(t, r.FPS))
	assert.Equal(t, 8e6, value(t, r.Frame))
	assert.Equal(t, 500e6, value(t, r.Interval))
	assert.Equal(t, hud.Stats{Frames: 20, TickOnly: 10, Skipped: 3, Measured: 7}, r.Stats)
	assert.Equal(t, "MAX FPS", r.Headline(hud.MaxFPS).Name)
	assert.Equal(t, "FPS", r.Headline(hud.FPS).Name)
	assert.Equal(t, "2", r.Headline(hud.FPS).Text())
}

// The first frames after the sampler starts are its most expensive and
// are not measured; they still count as presents.
func TestFirstFramesAreNotMeasured(t *testing.T) {
	d := window.Display{ID: 1, RefreshHz: 60}
	var s hud.Sampler
	s.Start(d, ms(0))
	for i := range 3 {
		s.Frame(frame(float64(i+1)*100, 100*time.Millisecond, window.ByApp), d)
	}
	r := s.Read(ms(350))
	assert.Equal(t, metric.Warmup, r.Frame.Value.Quality(), "nothing measured yet reads warmup, never 0")
	assert.Equal(t, metric.Warmup, r.Max.Value.Quality())
	assert.Equal(t, 3, r.Stats.Skipped)

	for i := range 5 {
		s.Frame(frame(400+float64(i)*100, 2*time.Millisecond, window.ByApp), d)
	}
	r = s.Read(ms(1000))
	assert.Equal(t, 2e6, value(t, r.Frame))
	assert.Equal(t, 5, r.Frame.N)
	assert.Equal(t, 0.0, value(t, r.Drop), "the 100 ms frames would have been 3/8 dropped")
	assert.Equal(t, 8.0, value(t, r.FPS), "skipped frames are presents all the same")
	assert.Equal(t, []time.Duration{2e6, 2e6, 2e6, 2e6, 2e6}, r.Trace)
}

// A frame the HUD's tick asked for alone is left out; one the application
// asked for too is measured, without the HUD's request in INV.
func TestTickFramesCountOnlyWhenTheApplicationAskedToo(t *testing.T) {
	d := window.Display{ID: 1, RefreshHz: 60}
	s := hud.Sampler{Skip: -1}
	s.Start(d, ms(0))
	s.Frame(window.FrameInfo{At: ms(500), Cost: 50 * time.Millisecond, Reasons: window.ByTick, Invalidations: 1}, d)
	r := s.Read(ms(500))
	assert.Equal(t, metric.Warmup, r.Frame.Value.Quality())
	assert.Equal(t, 1, r.Stats.TickOnly)

	s.Frame(window.FrameInfo{At: ms(1000), Cost: 4 * time.Millisecond, Reasons: window.ByTick | window.ByApp, Invalidations: 3}, d)
	r = s.Read(ms(1000))
	assert.Equal(t, 4e6, value(t, r.Frame))
	assert.Equal(t, 2.0, value(t, r.Inv), "three requests, one of them the HUD's")
	assert.Equal(t, hud.Stats{Frames: 2, TickOnly: 1, Measured: 1}, r.Stats)
}

// Grading: one refresh of the display, 60 Hz where it reports none, or a
// pinned budget, which a change of display does not replace.
func TestFrameBudget(t *testing.T) {
	for _, tc := range []struct {
		name    string
		display window.Display
		pin     time.Duration
		budget  time.Duration
		frame   hud.Grade
		drop    float64
	}{
		{"144 Hz", window.Display{ID: 1, RefreshHz: 144}, 0, 6944444, hud.Over, 1},
		{"none reported", window.Display{ID: 1}, 0, 16666667, hud.Within, 0},
		{"pinned", window.Display{ID: 1, RefreshHz: 144}, 12 * time.Millisecond, 12 * time.Millisecond, hud.Within, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := hud.Sampler{Budget: tc.pin, Skip: -1}
			s.Start(tc.display, ms(0))
			s.Frame(frame(10, 10*time.Millisecond, window.ByApp), tc.display)
			r := s.Read(ms(10))
			assert.Equal(t, tc.budget, r.Budget)
			assert.Equal(t, tc.pin > 0, r.Pinned)
			assert.Equal(t, tc.frame, r.Frame.Grade)
			assert.Equal(t, tc.drop, value(t, r.Drop))

			moved := window.Display{ID: 2, RefreshHz: 240}
			s.Frame(frame(20, 10*time.Millisecond, window.ByApp), moved)
			if tc.pin > 0 {
				assert.Equal(t, tc.pin, s.Read(ms(20)).Budget, "a pinned budget stays")
			} else {
				assert.Equal(t, time.Duration(4166667), s.Read(ms(20)).Budget, "the new display's refresh")
			}
		})
	}
}

// The rate is asked at Start and again only when a frame comes from a
// display with another ID. A change of display is a boundary: the windows
// start over and read discontinuity until they refill.
func TestRateIsAskedAgainOnlyOnAnotherDisplay(t *testing.T) {
	d1 := window.Display{ID: 1, RefreshHz: 60}
	s := hud.Sampler{Skip: -1}
	s.Start(d1, ms(0))
	for i := range 60 {
		s.Frame(frame(float64(i+1)*1000/60, time.Millisecond, window.ByAnimation), d1)
	}
	assert.Equal(t, 1, s.Asked())
	r := s.Read(ms(1000))
	assert.Equal(t, 60.0, value(t, r.FPS))
	assert.Equal(t, 60.0, value(t, r.Max))

	// Same display, another rate: not asked again.
	same := window.Display{ID: 1, RefreshHz: 144}
	s.Frame(frame(1010, time.Millisecond, window.ByAnimation), same)
	assert.Equal(t, 1, s.Asked())
	assert.Equal(t, 60.0, s.Read(ms(1010)).Refresh)

	d2 := window.Display{ID: 2, RefreshHz: 144}
	s.Frame(frame(1020, time.Millisecond, window.ByAnimation), d2)
	assert.Equal(t, 2, s.Asked())
	r = s.Read(ms(1020))
	assert.Equal(t, 144.0, r.Refresh)
	assert.Equal(t, 144.0, value(t, r.Max))
	assert.Equal(t, metric.Discontinuity, r.FPS.Value.Quality(), "the FPS window restarted")
	assert.Equal(t, metric.Discontinuity, r.P95.Value.Quality())
	assert.Equal(t, metric.Discontinuity, r.Interval.Value.Quality(), "the first present on a display only anchors")
	assert.Equal(t, 1, r.Frame.N)
}

// Too few frames for a percentile is warmup, never 0.
func TestP95WarmsUp(t *testing.T) {
	d := window.Display{ID: 1, RefreshHz: 60}
	s := hud.Sampler{Skip: -1}
	s.Start(d, ms(0))
	for i := range 19 {
		s.Frame(frame(float64(i+1)*10, time.Duration(i+1)*time.Millisecond, window.ByApp), d)
	}
	assert.Equal(t, metric.Warmup, s.Read(ms(190)).P95.Value.Quality())
	s.Frame(frame(200, 20*time.Millisecond, window.ByApp), d)
	r := s.Read(ms(200))
	assert.Equal(t, 19e6, value(t, r.P95), "nearest rank ⌈0.95·20⌉ = 19")
	assert.Equal(t, hud.Over, r.P95.Grade)
	assert.Equal(t, metric.Warmup, r.FPS.Value.Quality(), "less than a second since Start")
}

// fixedResources returns prepared samples in turn.
type fixedResources struct{ samples []hud.Resources }

func (f *fixedResources) Sample() hud.Resources {
	r := f.samples[0]
	f.samples = f.samples[1:]
	return r
}

// CPU is a counter rate on the process's monotonic clock: the first sample
// only sets the baseline, and 250 ms of CPU time in 500 ms of real time is
// half a core, which top prints as 50. A source without a number reads
// missing, never 0.
func TestResources(t *testing.T) {
	base := clock.MonoNow()
	p := &fixedResources{samples: []hud.Resources{
		{At: base.Add(-600 * time.Millisecond), PID: 42, CPU: time.Second, CPUOK: true, RSS: 64 << 20, RSSOK: true},
		{At: base.Add(-550 * time.Millisecond), PID: 42, CPU: time.Second + 10*time.Millisecond, CPUOK: true, RSS: 64 << 20, RSSOK: true},
		{At: base.Add(-100 * time.Millisecond), PID: 42, CPU: 1250 * time.Millisecond, CPUOK: true, RSS: 80 << 20, RSSOK: true},
		{At: base.Add(-50 * time.Millisecond), PID: 42, RSSOK: false},
	}}
	var s hud.Sampler
	s.Start(window.Display{}, ms(0))
	s.Sample(p.Sample())
	r := s.Read(ms(0))
	assert.Equal(t, metric.Warmup, r.CPU.Value.Quality(), "the first sample only sets the baseline")
	assert.Equal(t, float64(64<<20), value(t, r.Mem))
	assert.Equal(t, metric.Missing, r.GPU.Value.Quality())
	assert.Equal(t, "missing", r.GPU.Text())

	s.Sample(p.Sample()) // 50 ms after the baseline: shorter than CPUSpan, kept out
	assert.Equal(t, metric.Warmup, s.Read(ms(0)).CPU.Value.Quality())

	s.Sample(p.Sample())
	r = s.Read(ms(0))
	assert.InDelta(t, 50, value(t, r.CPU), 1e-9)
	assert.Equal(t, "50.0 %", r.CPU.Text())
	assert.Equal(t, "80.0 MiB", r.Mem.Text())

	s.Sample(p.Sample())
	r = s.Read(ms(0))
	assert.Equal(t, metric.Missing, r.CPU.Value.Quality())
	assert.Equal(t, metric.Missing, r.Mem.Value.Quality())
}

// The real probe reads this process through gopsutil.
func TestProcessReadsThisProcess(t *testing.T) {
	var p hud.Process
	r := p.Sample()
	assert.True(t, r.CPUOK)
	assert.True(t, r.RSSOK)
	assert.Positive(t, r.RSS)
	assert.False(t, r.GPUOK, "no GPU source in a pure Go build")
}

func TestTraceLevel(t *testing.T) {
	b := 16 * time.Millisecond
	for _, tc := range []struct {
		d    time.Duration
		want int
	}{{0, 1}, {time.Millisecond, 1}, {b / 2, 2}, {b, 4}, {b + 1, 5}, {2 * b, 8}, {10 * b, 8}} {
		assert.Equal(t, tc.want, hud.TraceLevel(tc.d, b), tc.d)
	}
}

func TestZeroSamplerReadsMissing(t *testing.T) {
	var s hud.Sampler
	r := s.Read(ms(0))
	for _, x := range r.All() {
		assert.False(t, x.Value.OK(), x.ID)
	}
	assert.Equal(t, metric.Missing, r.FPS.Value.Quality())
}

// TestHitchRowGradesByBand: HITCH is ms of hitch per second of animation
// over the measured frames, graded by Apple's bands; under a virtual clock
// and with a renderer that does not present it is not-applicable.
func TestHitchRowGradesByBand(t *testing.T) {
	d := window.Display{ID: 1, RefreshHz: 100} // T = 10 ms
	const T = 10 * time.Millisecond
	// n frames back to back at 100 Hz, each presented 2 ms after its aim,
	// except the late ones, presented 15 ms after: shown at aim + 2T, one
	// refresh (10 ms) late. After each late frame the next aims at the
	// refresh it was shown at.
	run := func(s *hud.Sampler, n int, late map[int]bool) hud.Reading {
		s.Skip = -1
		s.Start(d, clock.At[clock.Sched](0))
		aim := clock.At[clock.Sched](0)
		for i := range n {
			p := aim.Add(2 * time.Millisecond)
			next := aim.Add(T)
			if late[i] {
				p, next = aim.Add(15*time.Millisecond), aim.Add(2*T)
			}
			s.Frame(window.FrameInfo{At: aim, Cost: p.Sub(aim), Reasons: window.ByApp, Invalidations: 1, Scheduled: true, Aim: aim, Presented: p}, d)
			aim = next
		}
		return s.Read(aim).Hitch
	}
	for _, tc := range []struct {
		name  string
		late  map[int]bool
		want  float64
		grade hud.Grade
	}{
		// 100 frames: every one covers T, a late one 2T. No late frame: 0.
		{"on time", nil, 0, hud.Within},
		// One late frame of 100: 10 ms of hitch over 99T + 2T = 1.01 s,
		// 9.9 ms/s: the warning band.
		{"one late in a hundred", map[int]bool{50: true}, 10.0 / 1.01, hud.Over},
		// Two: 20 ms over 1.02 s = 19.6 ms/s, critical.
		{"two late", map[int]bool{30: true, 60: true}, 20.0 / 1.02, hud.Critical},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := hud.Sampler{Timing: latency.Real, Presents: true, Window: 100}
			r := run(&s, 100, tc.late)
			v, ok := r.Value.Get()
			require.True(t, ok, r.Value.String())
			assert.InDelta(t, tc.want, v, 1e-9)
			assert.Equal(t, tc.grade, r.Grade)
			assert.Equal(t, 100, r.N)
		})
	}
	virt := hud.Sampler{Timing: latency.Virtual, Presents: true}
	assert.Equal(t, metric.NotApplicable, run(&virt, 30, nil).Value.Quality(), "a virtual scheduler draws no frame late")
	discard := hud.Sampler{Timing: latency.Real}
	assert.Equal(t, metric.NotApplicable, run(&discard, 30, nil).Value.Quality(), "a renderer that discards shows no frame")
	fresh := hud.Sampler{Timing: latency.Real, Presents: true}
	fresh.Start(d, clock.At[clock.Sched](0))
	assert.Equal(t, metric.Warmup, fresh.Read(clock.At[clock.Sched](0)).Hitch.Value.Quality(), "no frame yet: warmup, never 0")
}
