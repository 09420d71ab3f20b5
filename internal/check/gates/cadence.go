package gates

import (
	"fmt"
	"math"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/instrument/hud"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// CadenceOptions configure the cadence gate. DefaultCadence is what
// `perfbench cadence` runs.
type CadenceOptions struct {
	// Rates are the display refresh rates the animated gallery is run at.
	Rates []float64
	// Seconds is the virtual time each rate is watched for.
	Seconds float64
	// IdleSeconds is the virtual time the idle gallery is watched for.
	IdleSeconds float64
	// Size is the gallery's size.
	Size gallery.Size
	// HUDSeconds is the virtual time the FPS monitor is watched for over
	// the idle gallery, shown and hidden (0: not watched).
	HUDSeconds float64
}

// DefaultCadence watches the shipped gallery for 5 s at each of 60, 75 and
// 240 Hz (the three rates of the design target), and idle for 10 s.
var DefaultCadence = CadenceOptions{Rates: []float64{60, 75, 240}, Seconds: 5, IdleSeconds: 10, Size: gallery.Shipped, HUDSeconds: 10}

// HUDCost is what the FPS monitor cost an idle window: the frames per
// second of virtual time the window drew with the HUD shown or hidden.
type HUDCost struct {
	Shown bool    `json:"shown"`
	FPS   float64 `json:"fps"`
}

// hudBands are the HUD's cost ceilings. Shown, it may draw at most the
// frame that answers each of its ticks (hud.MaxCostFPS, 2 a second) and
// no more, so the ceiling is that and nothing for noise: counts are
// exact. Hidden, it must cost nothing.
var hudBands = map[bool]band.Band{true: band.Count(hud.MaxCostFPS), false: band.Count(0)}

// MeasureHUDCost watches the idle gallery with the HUD shown, then hidden.
func MeasureHUDCost(o CadenceOptions) []HUDCost {
	if !(o.HUDSeconds > 0) {
		return nil
	}
	release := counter.Exclusive()
	defer release()
	span := time.Duration(o.HUDSeconds * float64(time.Second))
	var out []HUDCost
	for _, shown := range []bool{true, false} {
		out = append(out, HUDCost{Shown: shown, FPS: hud.IdleCost(o.Size, hud.DefaultOptions, shown, span)})
	}
	return out
}

// JudgeHUDCost judges each cost against its ceiling.
func JudgeHUDCost(costs []HUDCost) []Check {
	var checks []Check
	for _, c := range costs {
		name := "HUD hidden over the idle gallery: no frames"
		if c.Shown {
			name = "HUD shown over the idle gallery: at most its ticks' frames"
		}
		j := band.Judge(band.Measured{Spec: band.Spec{Name: "hud", Unit: "frames/s", Band: hudBands[c.Shown]}, Samples: []float64{c.FPS}})
		checks = append(checks, Check{Name: name, Verdict: j.BandVerdict, Detail: fmt.Sprintf("%s frames/s, ceiling %s", band.Format(c.FPS), hudBands[c.Shown])})
	}
	return checks
}

// FrameLog is what one window's frame loop did over a span of virtual
// time.
type FrameLog struct {
	// Hz is the refresh rate the display reported.
	Hz float64 `json:"hz"`
	// Animated says whether the document had a running animation, which
	// owes a frame every refresh; without one it owes none.
	Animated bool `json:"animated"`
	// From and To bound the span watched, (From, To], in virtual ns.
	From int64 `json:"from_ns"`
	To   int64 `json:"to_ns"`
	// Frames are the virtual instants, in ns, of the frames drawn in it.
	Frames []int64 `json:"frames_ns"`
}

// frameRecorder is the probe that writes the log: one instant per frame.
type frameRecorder struct{ at *[]int64 }

func (f frameRecorder) FrameEnded(w *window.Window) {
	*f.at = append(*f.at, w.LastFrame().At.Nanos())
}

var _ window.FrameProbe = frameRecorder{}

// MeasureCadence watches the animated gallery at each rate, and the idle
// gallery at 60 Hz, and returns what each frame loop drew.
func MeasureCadence(o CadenceOptions) []FrameLog {
	release := counter.Exclusive()
	defer release()
	var logs []FrameLog
	watch := func(hz float64, animate bool, seconds float64) {
		var at []int64
		d := phase.Open(&phase.Phase{Name: "cadence"}, o.Size, phase.Options{
			Gallery: &gallery.Options{Animate: animate},
			Window:  window.Options{Display: window.Display{RefreshHz: hz}, Probe: frameRecorder{&at}},
		})
		at = at[:0] // the frames that opened the document are not the loop's cadence
		from := d.Clock.Now().Nanos()
		d.Clock.Advance(time.Duration(seconds * float64(time.Second)))
		logs = append(logs, FrameLog{Hz: hz, Animated: animate, From: from, To: d.Clock.Now().Nanos(), Frames: at})
	}
	for _, hz := range o.Rates {
		watch(hz, true, o.Seconds)
	}
	watch(window.FallbackHz, false, o.IdleSeconds)
	return logs
}

// refreshTolerance is how far from a refresh instant a frame may be drawn
// and still be that refresh's frame: the window rounds refresh instants to
// the nanosecond, so a microsecond is generous, and a frame a microsecond
// off a refresh is not on it.
const refreshTolerance = 1000 // ns

// JudgeCadence judges each log: an animated window draws exactly one frame
// at every refresh of the span and none between refreshes; an idle window
// draws no frame at all. A log of an animated window with no refresh in
// its span, or no logs at all, is Broken.
func JudgeCadence(logs []FrameLog) Report {
	var checks []Check
	for _, l := range logs {
		if !l.Animated {
			name := fmt.Sprintf("idle: no frames in %s", span(l))
			if len(l.Frames) == 0 {
				checks = append(checks, Claim(name, true, "0 frames"))
			} else {
				checks = append(checks, Claim(name, false, "%d frames, the first at %s", len(l.Frames), ms(l.Frames[0])))
			}
			continue
		}
		checks = append(checks, judgeAnimated(l))
	}
	if len(logs) == 0 {
		checks = append(checks, Broken("cadence", "missing: no frame loop was watched"))
	}
	return Of("cadence", checks)
}

func judgeAnimated(l FrameLog) Check {
	name := fmt.Sprintf("%s Hz: one frame per refresh in %s", band.Format(l.Hz), span(l))
	if !(l.Hz > 0) {
		return Broken(name, "the display reported no rate")
	}
	// Refresh k falls at round(k·1e9/hz) ns; the span holds refreshes
	// first … last.
	first := int64(math.Floor(float64(l.From)*l.Hz/1e9)) + 1
	last := int64(math.Floor(float64(l.To) * l.Hz / 1e9))
	if last < first {
		return Broken(name, "the span holds no refresh")
	}
	at := func(k int64) int64 { return int64(math.Round(float64(k) * 1e9 / l.Hz)) }
	drawn := make(map[int64]int, last-first+1)
	for _, t := range l.Frames {
		k := int64(math.Round(float64(t) * l.Hz / 1e9))
		if d := t - at(k); d < -refreshTolerance || d > refreshTolerance || k < first || k > last {
			return Claim(name, false, "a frame at %s is not on a refresh of the span (nearest: %s)", ms(t), ms(at(k)))
		}
		drawn[k]++
	}
	for k := first; k <= last; k++ {
		switch n := drawn[k]; {
		case n == 0:
			return Claim(name, false, "the refresh at %s drew no frame (%d frames for %d refreshes)", ms(at(k)), len(l.Frames), last-first+1)
		case n > 1:
			return Claim(name, false, "the refresh at %s drew %d frames (%d frames for %d refreshes)", ms(at(k)), n, len(l.Frames), last-first+1)
		}
	}
	return Claim(name, true, "%d frames for %d refreshes", len(l.Frames), last-first+1)
}

// Cadence runs the cadence gate: the frame loop's cadence, then the HUD's
// cost over the idle gallery.
func Cadence(o CadenceOptions) Report {
	start := time.Now()
	r := JudgeCadence(MeasureCadence(o))
	if hc := JudgeHUDCost(MeasureHUDCost(o)); len(hc) > 0 {
		r = Of(r.Gate, append(r.Checks, hc...))
	}
	r.Seconds = time.Since(start).Seconds()
	return r
}

func span(l FrameLog) string { return band.Format(float64(l.To-l.From)/1e9) + " s" }

func ms(ns int64) string { return band.Format(float64(ns)/1e6) + " ms" }
