package registry

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/perfbench/perfbench/internal/instrument/metric"
)

// Model is the computation a metric is defined by.
type Model uint8

const (
	ModelCount               Model = iota // a count of marks or frames in a trace
	ModelGauge                            // Gauge
	ModelCounterRate                      // CounterRate
	ModelEventInterval                    // EventInterval
	ModelRollingCount                     // RollingCount
	ModelRollingPercentile                // RollingPercentile
	ModelDerived                          // Sub, Jitter
	ModelSessionAggregate                 // Aggregate and the trace summary's percentiles
	ModelRollingMean                      // a mean over a rolling window of events (the FPS monitor's FRAME, INTERVAL, INV)
	ModelRollingShare                     // the share of a rolling window's events over a threshold (the FPS monitor's DROP)
	ModelIntervalRate                     // IntervalRate
	ModelRollingDistribution              // RollingDistribution
	ModelConditional                      // Conditional: source-native, published while its condition holds
	ModelFrameWindow                      // JankWindows: tumbling windows of a fixed number of consecutive frames
)

var modelNames = [...]string{
	ModelCount:               "count",
	ModelGauge:               "gauge",
	ModelCounterRate:         "counter-rate",
	ModelEventInterval:       "event-interval",
	ModelRollingCount:        "rolling-count",
	ModelRollingPercentile:   "rolling-percentile",
	ModelDerived:             "derived",
	ModelSessionAggregate:    "session-aggregate",
	ModelRollingMean:         "rolling-mean",
	ModelRollingShare:        "rolling-share",
	ModelIntervalRate:        "interval-rate",
	ModelRollingDistribution: "rolling-distribution",
	ModelConditional:         "conditional",
	ModelFrameWindow:         "frame-window",
}

func (m Model) String() string {
	if int(m) < len(modelNames) {
		return modelNames[m]
	}
	return "Model(" + strconv.Itoa(int(m)) + ")"
}

// Scope says where a metric is published.
type Scope uint8

const (
	// Session metrics are computed over a whole recorded trace by
	// Summarize.
	Session Scope = iota
	// Live metrics are published while the application runs (the FPS
	// monitor) by the rolling models.
	Live
)

func (s Scope) String() string {
	if s == Live {
		return "live"
	}
	return "session"
}

// Def is one metric's definition. Any change to what a metric means — its
// window, its percentile method, its freshness or reset rules, its unit,
// what counts as a valid 0 — is a new Version, not an optimisation, so a
// report read later says which definition produced it.
type Def struct {
	ID      string
	Version int
	Unit    string
	Model   Model
	Scope   Scope
	Doc     string // one line: what the number is
}

// DefsVersion is the latest definition set. A metric's Version is the
// set its current definition first appeared in; set N computes every
// metric under its latest version not above N (Select), so a trace
// recorded and summarised under set 1 can be replayed under it.
//
// Set 2 derives every metric only from a source that can carry it: the
// presentation metrics from epochs on a real clock whose renderer
// presents, stage spans outside a frame from real timing; frames drawn
// while the window was in the background (win.fg) enter no rate, interval
// or latency, and no interval spans a change of foreground. It adds frame
// intervals, input latencies and the frame loop's waits.
//
// Set 3 adds the display metrics (Display): displayed time and the time
// between display changes, animation error, hitch time and hitch ratio,
// frame overrun and jank per 64-frame window, from presentations on a
// real clock of frames whose f.begin carries the refresh they aimed at.
const DefsVersion = 3

// DefSets lists the definition sets, for --defs: "1 2 3".
func DefSets() string {
	sets := make([]string, DefsVersion)
	for i := range sets {
		sets[i] = strconv.Itoa(i + 1)
	}
	return strings.Join(sets, " ")
}

// Defs is the one table of the metrics this package defines, in the order
// a report prints them, older versions of a metric before newer. doc.go
// lists the same table; a test keeps the two, and what Summarize emits, in
// step.
var Defs = []Def{
	{"frame.count", 1, "frames", ModelCount, Session, "complete frames (f.begin … f.end) in the trace"},
	{"frame.cost.p50", 1, "ns", ModelSessionAggregate, Session, "median frame cost f.end − f.begin, nearest rank; needs 2 frames"},
	{"frame.cost.p95", 1, "ns", ModelSessionAggregate, Session, "95th percentile frame cost, nearest rank; needs 20 frames"},
	{"frame.cost.p99", 1, "ns", ModelSessionAggregate, Session, "99th percentile frame cost, nearest rank; needs 100 frames"},
	{"frame.cost.max", 1, "ns", ModelSessionAggregate, Session, "longest frame cost"},
	{"frame.interval.p50", 2, "ns", ModelSessionAggregate, Session, "median f.begin − the previous f.begin of the epoch, real timing only; needs 2"},
	{"frame.interval.p95", 2, "ns", ModelSessionAggregate, Session, "95th percentile frame interval, real timing only; needs 20"},
	{"frame.rate.avg", 2, "fps", ModelSessionAggregate, Session, "frames the loop drew per real second, N × 1e9 / Σ frame intervals, real timing only"},
	{"frame.interval.dist", 2, "share", ModelRollingDistribution, Session, "share of the last epoch's frame intervals of 1, 2, 3 and 4+ refreshes (bounds 1.5, 2.5, 3.5 periods of the declared rate, 60 Hz if none), real timing only"},
	{"present.count", 1, "presents", ModelCount, Session, "pres.out marks in the trace"},
	{"present.count", 2, "presents", ModelConditional, Session, "presentations: pres.out marks of epochs on a real clock whose renderer presents"},
	{"present.interval.p50", 1, "ns", ModelSessionAggregate, Session, "median present interval (this pres.out − the previous one of the epoch); needs 2"},
	{"present.interval.p50", 2, "ns", ModelSessionAggregate, Session, "median present interval, presentations on a real clock only; needs 2"},
	{"present.interval.p90", 1, "ns", ModelSessionAggregate, Session, "90th percentile present interval, nearest rank; needs 10"},
	{"present.interval.p90", 2, "ns", ModelSessionAggregate, Session, "90th percentile present interval, presentations on a real clock only; needs 10"},
	{"present.interval.p99", 1, "ns", ModelSessionAggregate, Session, "99th percentile present interval, nearest rank; needs 100"},
	{"present.interval.p99", 2, "ns", ModelSessionAggregate, Session, "99th percentile present interval, presentations on a real clock only; needs 100"},
	{"present.interval.max", 1, "ns", ModelSessionAggregate, Session, "longest present interval"},
	{"present.interval.max", 2, "ns", ModelSessionAggregate, Session, "longest present interval, presentations on a real clock only"},
	{"present.jitter", 1, "ns", ModelDerived, Session, "P95 − P50 of the session's present intervals; needs 20"},
	{"present.jitter", 2, "ns", ModelDerived, Session, "P95 − P50 of the present intervals, presentations on a real clock only; needs 20"},
	{"present.fps.avg", 1, "fps", ModelSessionAggregate, Session, "session average N × 1e9 / Σd over the valid present intervals, not a mean of per-second FPS"},
	{"present.fps.avg", 2, "fps", ModelSessionAggregate, Session, "session average N × 1e9 / Σd, presentations on a real clock only, not a mean of per-second FPS"},
	{"present.fps.low1", 1, "fps", ModelSessionAggregate, Session, "1% low: k × 1e9 / Σ of the k = ⌈N/100⌉ longest intervals; needs 100"},
	{"present.fps.low1", 2, "fps", ModelSessionAggregate, Session, "1% low of the presentations on a real clock; needs 100"},
	{"present.jank", 1, "frames", ModelSessionAggregate, Session, "present intervals longer than twice the session median"},
	{"present.jank", 2, "frames", ModelSessionAggregate, Session, "present intervals longer than twice the median, presentations on a real clock only"},
	{"display.time.p50", 3, "ns", ModelSessionAggregate, Session, "median time a frame stayed on screen, the next frame's showing − its own on the refresh grid (replaced before it was shown: a true 0); scheduled frames presented on a real clock; needs 2"},
	{"display.time.max", 3, "ns", ModelSessionAggregate, Session, "longest time one frame stayed on screen: the longest freeze"},
	{"display.change.p95", 3, "ns", ModelSessionAggregate, Session, "95th percentile time between display changes (a frame replaced unseen changed nothing: left out); needs 20"},
	{"display.change.rate", 3, "fps", ModelSessionAggregate, Session, "display changes per second, N × 1e9 / Σ the times between them: the rate the screen changed, not the rate frames were made"},
	{"animation.error.p95", 3, "ns", ModelSessionAggregate, Session, "95th percentile |(sim − previous sim) − (shown − previous shown)| over consecutive shown frames that advanced an animation; needs 20"},
	{"animation.error.max", 3, "ns", ModelSessionAggregate, Session, "largest animation error: how far motion fell out of step with the time it was shown for"},
	{"hitch.time", 3, "ns", ModelSessionAggregate, Session, "Σ over shown frames of shown − expected (the refresh after the one it aimed at)"},
	{"hitch.ratio", 3, "ms/s", ModelIntervalRate, Session, "ms of hitch per second of animation, Σ hitch / Σ span (span: from a frame's aim, or the previous showing if later, to its own); bands good ≤ 5, warning 5–10, critical ≥ 10"},
	{"frame.overrun.p95", 3, "ns", ModelSessionAggregate, Session, "95th percentile present − deadline (the refresh after its aim), negative with time to spare; needs 20"},
	{"frame.overrun.max", 3, "ns", ModelSessionAggregate, Session, "largest present − deadline"},
	{"jank.delayed.share", 3, "share", ModelFrameWindow, Session, "share of delayed frames (shown later than expected) over every full window of 64 consecutive shown frames; a boundary drops the part window"},
	{"jank.delayed.worst", 3, "share", ModelFrameWindow, Session, "share of delayed frames of the worst full 64-frame window"},
	{"jank.missed.run", 3, "refreshes", ModelSessionAggregate, Session, "longest run of consecutive refreshes at which a new frame was due and none came"},
	{"input.count", 2, "events", ModelCount, Session, "evt.in marks in the trace"},
	{"input.to.end.p50", 2, "ns", ModelSessionAggregate, Session, "median evt.in → f.end of the frame that answered it, real timing only; needs 2"},
	{"input.to.end.p95", 2, "ns", ModelSessionAggregate, Session, "95th percentile evt.in → f.end, real timing only; needs 20"},
	{"input.to.present.p50", 2, "ns", ModelSessionAggregate, Session, "median evt.in → pres.out of the frame that answered it, presentations on a real clock only; needs 2"},
	{"input.to.present.p95", 2, "ns", ModelSessionAggregate, Session, "95th percentile evt.in → pres.out, presentations on a real clock only; needs 20"},
	{"wait.in.share", 2, "share", ModelIntervalRate, Session, "share of the frame loop's real time spent waiting for input (wait.in → loop.wake)"},
	{"wait.out.share", 2, "share", ModelIntervalRate, Session, "share of the frame loop's real time spent waiting for the display's next refresh (wait.out → loop.wake)"},
	{"wait.out.p50", 2, "ns", ModelSessionAggregate, Session, "median wait for the next refresh (wait.out → loop.wake); needs 2"},
	{"stage.p50", 1, "ns", ModelSessionAggregate, Session, "median time between two consecutive marks of a frame, per span a->b; needs 2"},
	{"stage.p50", 2, "ns", ModelSessionAggregate, Session, "median time between two consecutive marks of a frame, per span a->b, the span into a frame (evt.in->f.begin) real timing only; needs 2"},

	{"live.present.interval", 1, "ns", ModelEventInterval, Live, "this present − the previous present of the same origin; the first after a boundary only anchors"},
	{"live.present.fps", 1, "fps", ModelRollingCount, Live, "presents in the trailing 1 s; 0 from a healthy source, missing from an unavailable one"},
	{"live.present.interval.p95", 1, "ns", ModelRollingPercentile, Live, "95th percentile of the last 120 present intervals, nearest rank; warmup below 20"},
	{"live.present.jitter", 1, "ns", ModelDerived, Live, "P95 − P50 of one window of the last 120 present intervals"},
}

// Select returns the definitions of scope under set: for each metric its
// latest version not above set, in Defs order; a metric defined only in a
// later set is left out.
func Select(set int, scope Scope) []Def {
	var out []Def
	idx := map[string]int{}
	for _, d := range Defs {
		if d.Scope != scope || d.Version > set {
			continue
		}
		if i, ok := idx[d.ID]; ok {
			out[i] = d
			continue
		}
		idx[d.ID] = len(out)
		out = append(out, d)
	}
	return out
}

// Lookup returns the latest definition of the metric id.
func Lookup(id string) (Def, bool) {
	var out Def
	found := false
	for _, d := range Defs {
		if d.ID == id {
			out, found = d, true
		}
	}
	return out, found
}

// Reading is one metric in a report: the value, with the definition that
// produced it.
type Reading struct {
	ID string
	// Label tells apart the readings of one labelled metric: stage.p50's
	// span, "f.begin->f.restyle".
	Label   string
	Version int
	Unit    string
	// N is the number of samples the value was computed from.
	N     int
	Value metric.Value
	// Why says why a value is missing or not applicable, or which
	// epochs of the trace could not carry it; "" when nothing was left
	// out.
	Why string
	// Band grades a valid hitch.ratio: "good", "warning" or "critical"
	// (metric.BandOf); "" for every other reading.
	Band string
}

// ReadingOf returns the reading of definition d (for label) over n samples.
func ReadingOf(d Def, label string, n int, v metric.Value) Reading {
	return Reading{ID: d.ID, Label: label, Version: d.Version, Unit: d.Unit, N: n, Value: v}
}

// MarshalJSON writes the reading as one flat object:
// {"id":…,"label":…,"version":1,"unit":"ns","n":…,"value":…,"quality":"valid"}.
func (r Reading) MarshalJSON() ([]byte, error) {
	j := struct {
		ID      string         `json:"id"`
		Label   string         `json:"label,omitempty"`
		Version int            `json:"version"`
		Unit    string         `json:"unit"`
		N       int            `json:"n"`
		Value   *float64       `json:"value"`
		Quality metric.Quality `json:"quality"`
		Why     string         `json:"why,omitempty"`
		Band    string         `json:"band,omitempty"`
	}{ID: r.ID, Label: r.Label, Version: r.Version, Unit: r.Unit, N: r.N, Quality: r.Value.Quality(), Why: r.Why, Band: r.Band}
	if v, ok := r.Value.Get(); ok {
		j.Value = &v
	}
	// Not json.Marshal: it would write a label's "->" as "-\u003e".
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
