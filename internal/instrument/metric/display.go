package metric

import (
	"math"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
)

// Display is the display model: it places each presented frame on the
// refresh grid of the display and says when the frame was shown, whether
// that was later than its schedule expected, and how long the frame
// before it stayed on screen. It is an event model over a chain of
// presents: values that compare a frame with the one shown before it
// (Between, AnimationError) need that frame in the same chain, so the
// first after a boundary only anchors; values of the frame alone (Hitch,
// Overrun, Missed) need no anchor.
//
// A frame is scheduled for a refresh, its aim A (the refresh its timer
// fired at), and presented at P. With the refresh period T:
//
//	expected E = A + T                 the refresh after the one it began at: a
//	                                   frame drawn at a refresh is shown at the next
//	shown    S = A + k·T,  k = max(1, ⌊(P − A)/T⌋ + 1)
//	                                   the first refresh after its present
//	hitch    S − E                     how much later than expected it was shown
//	                                   (Apple's hitch time: whole refreshes, ≥ 0)
//	overrun  P − E                     time past its deadline, negative with time
//	                                   to spare (Android's frameOverrunMs)
//	missed   refreshes in [E, S) after the previous frame was shown: the refreshes
//	                                   at which a new frame was due and none came
//	span     S − max(previous S, A)    the animation time the frame covers: from
//	                                   when it was wanted (its aim, or the previous
//	                                   frame's showing if later) to its own showing
//
// and, against the previous frame shown in the chain,
//
//	between          S − previous S    time between display changes, which is
//	                                   also how long the previous frame was shown
//	                                   (its displayed time)
//	animation error  (sim − previous sim) − (S − previous S)
//	                                   PresentMon's MsAnimationError: how far the
//	                                   motion drawn moved out of step with the time
//	                                   it was shown for (0: in step)
//
// A frame whose showing refresh is the previous frame's (two presents in
// one refresh) replaced it before it was shown: the previous frame's
// displayed time is a true 0, and the chain's last shown frame is this
// one. A frame whose aim is not on the previous frame's grid (its
// distance from the previous aim is not a whole number of periods, to an
// eighth of one) comes from a display of another rate, or a clock that
// jumped: a boundary, and the frame anchors a new chain.
//
// The zero Display is not usable: Period must be set.
type Display[D clock.Domain] struct {
	// Period is the display's refresh period.
	Period time.Duration

	have    bool
	origin  Origin
	aim     clock.Instant[D]
	shown   clock.Instant[D]
	sim     clock.Instant[D]
	hasSim  bool
	started bool // a frame was observed since the model began (Warmup vs Discontinuity)
}

// Shown is one frame placed on the display's grid.
type Shown[D clock.Domain] struct {
	At       clock.Instant[D] // the refresh it was shown at
	Expected clock.Instant[D] // the refresh it was expected at
	Hitch    time.Duration
	Overrun  time.Duration
	Missed   int
	Span     time.Duration
	// Between is At − the previous frame's At: Warmup for the first frame
	// of the model, Discontinuity for the first after a boundary.
	Between Value
	// Replaced reports that the previous frame was replaced by this one
	// before it was shown (Between is a valid 0).
	Replaced bool
	// AnimationError is the animation error in ns: Valid only when this
	// frame and the previous one shown both carry a simulation time;
	// NotApplicable when this one carries none.
	AnimationError Value
}

// Observe places the frame scheduled for aim and presented at present,
// from origin o, whose content was computed for sim when hasSim.
func (m *Display[D]) Observe(o Origin, aim, present clock.Instant[D], sim clock.Instant[D], hasSim bool) Shown[D] {
	if m.Period <= 0 {
		panic("metric: Display without a period")
	}
	t := float64(m.Period)
	k := max(1, int64(math.Floor(float64(present.Sub(aim))/t))+1)
	s := Shown[D]{
		At:       aim.Add(time.Duration(k) * m.Period),
		Expected: aim.Add(m.Period),
	}
	s.Hitch = s.At.Sub(s.Expected)
	s.Overrun = present.Sub(s.Expected)

	cont := m.have && m.origin == o && !aim.Before(m.aim) && m.onGrid(aim)
	from := aim
	missedFrom := s.Expected
	switch {
	case cont:
		if m.shown.After(from) {
			from = m.shown
		}
		if next := m.shown.Add(m.Period); next.After(missedFrom) {
			missedFrom = next
		}
		s.Between = Of(float64(s.At.Sub(m.shown)))
		s.Replaced = !s.At.After(m.shown)
	case m.started:
		s.Between = Not(Discontinuity)
	default:
		s.Between = Not(Warmup)
	}
	if s.At.After(missedFrom) {
		s.Missed = int(math.Round(float64(s.At.Sub(missedFrom)) / t))
	}
	s.Span = max(0, s.At.Sub(from))
	switch {
	case !hasSim:
		s.AnimationError = Not(NotApplicable)
	case cont && m.hasSim && !s.Replaced:
		s.AnimationError = Of(float64(sim.Sub(m.sim)) - float64(s.At.Sub(m.shown)))
	default:
		s.AnimationError = s.Between
		if s.Between.OK() {
			s.AnimationError = Not(Warmup) // the previous frame moved nothing
		}
	}
	m.have, m.started, m.origin = true, true, o
	m.aim, m.shown, m.sim, m.hasSim = aim, s.At, sim, hasSim
	return s
}

// onGrid reports whether aim is a whole number of periods after the last
// aim, to an eighth of a period.
func (m *Display[D]) onGrid(aim clock.Instant[D]) bool {
	t := float64(m.Period)
	d := float64(aim.Sub(m.aim)) / t
	return math.Abs(d-math.Round(d)) <= 1.0/8
}

// Break records a boundary the origin cannot show (a frame that cannot be
// placed, the window going to the background): the next frame anchors.
func (m *Display[D]) Break() { m.have = false }

// HitchBand is a band of the hitch ratio, Apple's: good up to 5 ms of
// hitch per second, warning between 5 and 10, critical from 10.
type HitchBand uint8

const (
	HitchGood HitchBand = iota
	HitchWarning
	HitchCritical
)

// Bands of the hitch ratio, in ms/s.
const (
	HitchGoodMax     = 5.0
	HitchCriticalMin = 10.0
)

func (b HitchBand) String() string {
	switch b {
	case HitchWarning:
		return "warning"
	case HitchCritical:
		return "critical"
	}
	return "good"
}

// BandOf returns the band of a hitch ratio in ms/s.
func BandOf(msPerS float64) HitchBand {
	switch {
	case msPerS <= HitchGoodMax:
		return HitchGood
	case msPerS >= HitchCriticalMin:
		return HitchCritical
	}
	return HitchWarning
}

// HitchRatio is ms of hitch per second of animation, Σ hitch / Σ span: a
// rate over the frames' own spans, so time nobody wanted a frame (an idle
// window) is not in it. Missing without a span.
func HitchRatio(hitch, span time.Duration) Value {
	if span <= 0 {
		return Not(Missing)
	}
	return Of(float64(hitch) / 1e6 / span.Seconds())
}

// JankWindow is the frames of a jank window: Android's scroll jank
// counts delayed frames per window of this many consecutive frames.
const JankWindow = 64

// JankWindows counts delayed frames in tumbling windows of JankWindow
// consecutive shown frames of one chain. A boundary drops the window it
// interrupts (a part window is not a window); the session's part window
// at its end is left out too.
type JankWindows struct {
	n, delayed int // the open window
	windows    int
	total      int // delayed frames in full windows
	worst      int
}

// Add counts one frame shown, delayed when it was shown later than
// expected.
func (j *JankWindows) Add(delayed bool) {
	j.n++
	if delayed {
		j.delayed++
	}
	if j.n == JankWindow {
		j.windows++
		j.total += j.delayed
		j.worst = max(j.worst, j.delayed)
		j.n, j.delayed = 0, 0
	}
}

// Break drops the open window.
func (j *JankWindows) Break() { j.n, j.delayed = 0, 0 }

// Windows returns how many full windows were counted.
func (j *JankWindows) Windows() int { return j.windows }

// Share returns the share of delayed frames over every full window;
// Missing without one.
func (j *JankWindows) Share() Value {
	if j.windows == 0 {
		return Not(Missing)
	}
	return Of(float64(j.total) / float64(j.windows*JankWindow))
}

// Worst returns the share of delayed frames of the worst full window;
// Missing without one.
func (j *JankWindows) Worst() Value {
	if j.windows == 0 {
		return Not(Missing)
	}
	return Of(float64(j.worst) / JankWindow)
}
