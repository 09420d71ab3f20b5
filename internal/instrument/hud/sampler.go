package hud

import (
	"math"
	"strconv"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/instrument/metric"
	"github.com/perfbench/perfbench/ui/window"
)

// DefaultSkip is how many frames after the sampler starts (the HUD was
// mounted or shown again) are not measured: a window's first frames are
// its most expensive — the overlay's own layout, cold glyphs — and are not
// what the application costs to run.
const DefaultSkip = 3

// DefaultWindow is how many measured frames FRAME, P95, DROP and INV are
// computed over, and how many present intervals INTERVAL is: metric's
// rolling-percentile window, two seconds of frames at 60 Hz.
const DefaultWindow = metric.DefaultSize

// TraceLen is how many of the latest measured frame costs the frame-time
// trace shows.
const TraceLen = 32

// DefaultCPUSpan is the shortest real time a CPU reading is taken over.
// The operating system counts a process's CPU time in clock ticks (10 ms
// on Linux), so over a shorter span the rate is mostly rounding; at 200 ms
// a tick is 5% of one core. The HUD's clock ticks every 500 ms, so the span
// matters only where its clock runs faster than real time (a virtual
// clock): samples closer than this keep the previous reading.
const DefaultCPUSpan = 200 * time.Millisecond

// Sampler turns the frames a window draws and the resources its process
// uses into the HUD's readings. It is the HUD without the overlay: the HUD
// feeds it from its frame probe and its clock; a caller that cannot mount
// an overlay (perfbench phase --hud) feeds it directly.
//
// A frame is left out of every reading when only the HUD's tick asked for
// it (Reasons == ByTick): that draw is the HUD's cost, not the
// application's. The first Skip frames after Start that would have been
// measured are presents (FPS, INTERVAL) but not measured for cost (FRAME,
// P95, DROP, INV, the trace).
//
// The rate the display reports is asked when the sampler starts and again
// only when a frame arrives from a display with another ID. A change of
// display is a boundary: the present chain re-anchors and every window
// starts over (metric.Origin.Display).
//
// The zero Sampler is ready to use: Frame starts it, on the frame's
// display at the frame's instant, if Start was not called.
type Sampler struct {
	// Budget pins the frame budget FRAME, P95 and DROP are graded
	// against; the display no longer replaces it. 0: one refresh of the
	// display the frames are on, or of window.FallbackHz where it reports
	// no rate.
	Budget time.Duration
	// Skip is how many frames after Start are not measured; 0 means
	// DefaultSkip, a negative number none.
	Skip int
	// Window is the number of frames (and of intervals) the rolling
	// readings cover; 0 means DefaultWindow.
	Window int
	// CPUSpan is the shortest real span of a CPU reading; 0 means
	// DefaultCPUSpan.
	CPUSpan time.Duration
	// Timing is the window's clock (window.Window.Source().Timing). Under
	// a virtual clock CPU reads not-applicable: a CPU share is CPU time
	// per real second, and the sampler's ticks fall on virtual time, so
	// the real span between two of them is whatever the harness took.
	// Rows that read the window's clock say which one it is.
	Timing latency.Timing
	// Presents is whether the window's renderer presents
	// (window.Window.Source().Presents). HITCH reads not-applicable where
	// it does not: a frame handed to a renderer that discards it was shown
	// at no refresh, late or not.
	Presents bool

	started bool
	epoch   int64
	origin  metric.Origin
	display window.Display // the display last asked
	refresh float64        // what it reported when asked
	asked   int

	presents   metric.RollingCount[clock.Sched]
	chain      metric.EventInterval[clock.Sched]
	intervals  ring[float64] // ns
	frames     ring[frameSample]
	p95        metric.RollingPercentile
	shown      metric.Display[clock.Sched]
	hitches    ring[hitchSample]
	restarted  bool // the frame window was emptied at a boundary
	background bool // the window is hidden or in the background
	skipped    int
	stats      Stats

	cpuRate metric.CounterRate[clock.Mono]
	cpuAt   clock.Instant[clock.Mono]
	cpuBase bool
	cpuQ    metric.Quality // the last CPU rate's quality; Valid: read cpu
	cpu     metric.Gauge[clock.Mono]
	mem     metric.Gauge[clock.Mono]
	gpu     metric.Gauge[clock.Mono]
	resPID  int
}

// hitchSample is one measured frame's hitch and the animation time it
// covers (metric.Display).
type hitchSample struct{ hitch, span time.Duration }

// frameSample is one measured frame.
type frameSample struct {
	cost time.Duration
	inv  int
}

// Stats counts what happened to the frames a sampler was offered since it
// started.
type Stats struct {
	// Frames is every frame offered.
	Frames int
	// TickOnly were asked for by the HUD's tick alone: left out of every
	// reading.
	TickOnly int
	// Skipped are the first Skip frames after Start: counted as presents,
	// not measured for cost.
	Skipped int
	// Measured entered FRAME, P95, DROP, INV and the trace.
	Measured int
	// Background were drawn while the window was hidden or in the
	// background: nobody's to report, left out of every reading.
	Background int
}

// Start empties the sampler and starts it at at, on display d, whose rate
// it asks. Frames drawn before Start are never seen.
func (s *Sampler) Start(d window.Display, at clock.Instant[clock.Sched]) {
	cfg := Sampler{Budget: s.Budget, Skip: s.Skip, Window: s.Window, CPUSpan: s.CPUSpan, Timing: s.Timing, Presents: s.Presents, epoch: s.epoch + 1}
	*s = cfg
	s.started = true
	s.origin = metric.Origin{Epoch: s.epoch, Display: displayKey(d)}
	s.ask(d)
	s.presents.Start(s.origin, at)
}

// ask asks the display its refresh rate: the rate the platform reports,
// carried by window.Display; 0 where it reports none.
func (s *Sampler) ask(d window.Display) {
	s.display, s.refresh = d, d.RefreshHz
	s.asked++
}

func displayKey(d window.Display) string { return "display-" + strconv.Itoa(d.ID) }

// Asked returns how many times the sampler asked a display for its rate
// since it started: once at Start, and once per move to another display.
func (s *Sampler) Asked() int { return s.asked }

// Frame offers the frame f, drawn on display d. Call it with frames in the
// order they were drawn.
func (s *Sampler) Frame(f window.FrameInfo, d window.Display) {
	if !s.started {
		s.Start(d, f.At)
	}
	if d.ID != s.display.ID {
		s.ask(d)
		s.origin.Display = displayKey(d)
		s.frames.reset()
		s.intervals.reset()
		s.hitches.reset()
		s.p95.Break()
		s.restarted = true
	}
	s.stats.Frames++
	if f.Background {
		s.SetForeground(false)
		s.stats.Background++
		return
	}
	s.SetForeground(true)
	// Every frame shown is on the display's chain, the HUD's own included:
	// the next frame's span starts where it was shown. A frame that was
	// not drawn for a refresh cannot be placed, and breaks the chain.
	var shown metric.Shown[clock.Sched]
	if f.Scheduled {
		s.shown.Period = s.period()
		shown = s.shown.Observe(s.origin, f.Aim, f.Presented, f.At, false)
	} else {
		s.shown.Break()
	}
	if f.Reasons == window.ByTick {
		s.stats.TickOnly++
		return
	}
	s.presents.Add(s.origin, f.At)
	if v, ok := s.chain.Observe(s.origin, f.At).Get(); ok {
		s.intervals.push(s.window(), v)
	}
	skip := s.Skip
	if skip == 0 {
		skip = DefaultSkip
	}
	if s.skipped < skip {
		s.skipped++
		s.stats.Skipped++
		return
	}
	inv := f.Invalidations
	if f.Reasons&window.ByTick != 0 {
		inv-- // the HUD's own request, merged into the application's frame
	}
	s.frames.push(s.window(), frameSample{cost: f.Cost, inv: inv})
	if f.Scheduled {
		s.hitches.push(s.window(), hitchSample{shown.Hitch, shown.Span})
	}
	s.p95.Size = s.window()
	s.p95.Add(s.origin, metric.Of(float64(f.Cost)))
	s.stats.Measured++
}

func (s *Sampler) window() int {
	if s.Window > 0 {
		return s.Window
	}
	return DefaultWindow
}

// period is the refresh period of the display frames are scheduled on:
// one refresh at the rate it reported, or at window.FallbackHz, as the
// window schedules them.
func (s *Sampler) period() time.Duration {
	hz := s.refresh
	if hz <= 0 {
		hz = window.FallbackHz
	}
	return time.Duration(math.Round(1e9 / hz))
}

// FrameBudget returns the budget frames are graded against: Budget when
// pinned, else one refresh of the display as it reported when asked, else
// one refresh at window.FallbackHz.
func (s *Sampler) FrameBudget() time.Duration {
	if s.Budget > 0 {
		return s.Budget
	}
	hz := s.refresh
	if hz <= 0 {
		hz = window.FallbackHz
	}
	return time.Duration(math.Round(1e9 / hz))
}

// Resources is one sample of this process's resources, taken at At on the
// process's monotonic clock: CPU time and resident memory are real-time
// facts, so their rate and freshness are real time too, whatever clock the
// window runs on.
type Resources struct {
	At  clock.Instant[clock.Mono]
	PID int
	// CPU is the process's cumulative user + system CPU time; CPUOK false
	// where the source gave none.
	CPU   time.Duration
	CPUOK bool
	// RSS is the resident set in bytes.
	RSS   uint64
	RSSOK bool
	// GPU is GPU utilisation in percent, where a source exists.
	GPU   float64
	GPUOK bool
}

// ResourceProbe samples this process's resources; the HUD calls it on its
// clock.
type ResourceProbe interface {
	Sample() Resources
}

// Sample records one resource sample.
func (s *Sampler) Sample(r Resources) {
	if r.PID != s.resPID {
		s.cpuBase = false // another process: its counter is not ours
		s.resPID = r.PID
	}
	o := metric.Origin{Epoch: s.epoch, PID: r.PID}
	span := s.CPUSpan
	if span <= 0 {
		span = DefaultCPUSpan
	}
	switch {
	case !r.CPUOK:
		s.cpuRate.Break()
		s.cpu.Lost()
		s.cpuBase, s.cpuQ = false, metric.Missing
	case !s.cpuBase || r.At.Sub(s.cpuAt) >= span:
		v := s.cpuRate.Observe(o, r.At, uint64(max(r.CPU, 0)))
		s.cpuAt, s.cpuBase = r.At, true
		if x, ok := v.Get(); ok {
			// x is CPU nanoseconds per real second; 1e9 of them is one
			// core, which top prints as 100.
			s.cpu.Observe(o, r.At, x/1e7)
			s.cpuQ = metric.Valid
		} else {
			s.cpuQ = v.Quality()
		}
	}
	if r.RSSOK {
		s.mem.Observe(o, r.At, float64(r.RSS))
	} else {
		s.mem.Lost()
	}
	if r.GPUOK {
		s.gpu.Observe(o, r.At, r.GPU)
	} else {
		s.gpu.Lost()
	}
}

// SetForeground records whether the window is in the foreground. While it
// is not, the frame readings are not-foreground; coming back is a
// boundary (state freshness): the present chain re-anchors and every
// window starts over, because the frames drawn meanwhile — or not drawn —
// are not a continuation of the ones before.
func (s *Sampler) SetForeground(fg bool) {
	if fg == !s.background {
		return
	}
	s.background = !fg
	if fg {
		s.chain.Break()
		s.presents.Break()
		s.shown.Break()
		s.frames.reset()
		s.intervals.reset()
		s.hitches.reset()
		s.p95.Break()
		s.restarted = true
	}
}

// Stats returns what happened to the frames offered since Start.
func (s *Sampler) Stats() Stats { return s.stats }

// Read returns the readings at now, which must not be before the last
// frame offered. Resource readings are taken fresh or stale against the
// process's monotonic clock.
func (s *Sampler) Read(now clock.Instant[clock.Sched]) Readings {
	r := s.read(now)
	r.stampClocks()
	return r
}

func (s *Sampler) read(now clock.Instant[clock.Sched]) Readings {
	r := Readings{At: now, Refresh: s.refresh, Budget: s.FrameBudget(), Pinned: s.Budget > 0, Stats: s.stats, Timing: s.Timing}
	s.readResources(&r)
	if !s.started || s.background {
		q := metric.Missing
		if s.started {
			q = metric.NotForeground
		}
		for i, p := range r.fields()[:8] {
			*p = reading(Defs[i].ID, 0, metric.Not(q), Ungraded)
		}
		return r
	}
	budget := r.Budget

	r.FPS = reading(IDFPS, 0, s.presents.Read(s.origin, now), Ungraded)
	if n, ok := r.FPS.Value.Get(); ok {
		r.FPS.N = int(n)
	}

	empty := metric.Warmup
	if s.restarted {
		empty = metric.Discontinuity
	}
	r.Interval = reading(IDInterval, s.intervals.len(), qualityOr(empty).or(mean(s.intervals.buf)), Ungraded)

	var sum time.Duration
	var inv, over int
	for _, f := range s.frames.buf {
		sum += f.cost
		inv += f.inv
		if f.cost > budget {
			over++
		}
	}
	n := s.frames.len()
	frame, drop, invs := metric.Not(empty), metric.Not(empty), metric.Not(empty)
	if n > 0 {
		frame = metric.Of(float64(sum) / float64(n))
		drop = metric.Of(float64(over) / float64(n))
		invs = metric.Of(float64(inv) / float64(n))
	}
	r.Frame = reading(IDFrame, n, frame, grade(frame, float64(budget)))
	p95 := s.p95.Percentile(95)
	r.P95 = reading(IDP95, s.p95.Len(), p95, grade(p95, float64(budget)))
	r.Drop = reading(IDDrop, n, drop, grade(drop, 0))
	r.Inv = reading(IDInv, n, invs, Ungraded)
	r.Hitch = s.hitchReading(empty)
	r.Max = reading(IDMax, n, maxFPS(frame, s.refresh), Ungraded)

	k := min(n, TraceLen)
	r.Trace = make([]time.Duration, 0, k)
	for _, f := range s.frames.last(k) {
		r.Trace = append(r.Trace, f.cost)
	}
	return r
}

// hitchReading is HITCH: ms of hitch per second of animation over the
// measured frames in the window that were drawn for a refresh.
func (s *Sampler) hitchReading(empty metric.Quality) Reading {
	var v metric.Value
	switch {
	case s.Timing == latency.Virtual:
		// A virtual scheduler draws every frame at the refresh it aimed
		// at, and nothing takes virtual time: each would read on time.
		v = metric.Not(metric.NotApplicable)
	case !s.Presents:
		v = metric.Not(metric.NotApplicable)
	case s.hitches.len() == 0:
		v = metric.Not(empty)
	default:
		var hitch, span time.Duration
		for _, h := range s.hitches.buf {
			hitch += h.hitch
			span += h.span
		}
		v = qualityOr(empty).or(metric.HitchRatio(hitch, span))
	}
	return reading(IDHitch, s.hitches.len(), v, hitchGrade(v))
}

// readResources reads CPU, MEM and GPU, fresh or stale against the
// process's monotonic clock now.
func (s *Sampler) readResources(r *Readings) {
	mono := clock.MonoNow()
	o := metric.Origin{Epoch: s.epoch, PID: s.resPID}
	var cpu metric.Value
	if s.Timing == latency.Virtual {
		cpu = metric.Not(metric.NotApplicable)
	} else if s.cpuQ == metric.Valid {
		cpu = s.cpu.Read(o, mono)
	} else {
		cpu = metric.Not(s.cpuQ)
	}
	r.CPU = reading(IDCPU, 0, cpu, Ungraded)
	r.Mem = reading(IDMem, 0, s.mem.Read(o, mono), Ungraded)
	r.GPU = reading(IDGPU, 0, s.gpu.Read(o, mono), Ungraded)
}

// maxFPS is the derived headline: the rate full redraws of cost frame
// could sustain, capped at the rate the display reports (uncapped where it
// reports none: a ceiling under the truth would hide the figure the reader
// came for).
func maxFPS(frame metric.Value, refresh float64) metric.Value {
	ns, ok := frame.Get()
	if !ok {
		return frame
	}
	if ns <= 0 {
		if refresh > 0 {
			return metric.Of(refresh)
		}
		return metric.Not(metric.Missing) // no cost and no cap: no figure
	}
	v := 1e9 / ns
	if refresh > 0 {
		v = min(v, refresh)
	}
	return metric.Of(v)
}

// mean returns the mean of xs, or a Missing value for none.
func mean(xs []float64) metric.Value {
	if len(xs) == 0 {
		return metric.Not(metric.Missing)
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return metric.Of(sum / float64(len(xs)))
}

// qualityOr reports a window with nothing in it as q (Warmup, or
// Discontinuity after a boundary) rather than Missing: the source works,
// the window has not filled yet.
type qualityOr metric.Quality

func (q qualityOr) or(v metric.Value) metric.Value {
	if v.Quality() == metric.Missing {
		return metric.Not(metric.Quality(q))
	}
	return v
}

// ring keeps the last n values pushed, in push order.
type ring[T any] struct {
	buf  []T
	next int // once full, the oldest
}

func (r *ring[T]) push(n int, v T) {
	if len(r.buf) < n {
		r.buf = append(r.buf, v)
		return
	}
	r.buf[r.next] = v
	r.next = (r.next + 1) % len(r.buf)
}

func (r *ring[T]) len() int { return len(r.buf) }

func (r *ring[T]) reset() { r.buf, r.next = r.buf[:0], 0 }

// last returns the k newest values, oldest first.
func (r *ring[T]) last(k int) []T {
	out := make([]T, 0, k)
	n := len(r.buf)
	for i := n - k; i < n; i++ {
		out = append(out, r.buf[(r.next+i)%n])
	}
	return out
}
