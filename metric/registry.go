package metric

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Model is the computation a metric is defined by.
type Model uint8

const (
	ModelCount             Model = iota // a count of marks or frames in a trace
	ModelGauge                          // Gauge
	ModelCounterRate                    // CounterRate
	ModelEventInterval                  // EventInterval
	ModelRollingCount                   // RollingCount
	ModelRollingPercentile              // RollingPercentile
	ModelDerived                        // Sub, Jitter
	ModelSessionAggregate               // Aggregate and the trace summary's percentiles
	ModelRollingMean                    // a mean over a rolling window of events (the FPS monitor's FRAME, INTERVAL, INV)
	ModelRollingShare                   // the share of a rolling window's events over a threshold (the FPS monitor's DROP)
)

var modelNames = [...]string{
	ModelCount:             "count",
	ModelGauge:             "gauge",
	ModelCounterRate:       "counter-rate",
	ModelEventInterval:     "event-interval",
	ModelRollingCount:      "rolling-count",
	ModelRollingPercentile: "rolling-percentile",
	ModelDerived:           "derived",
	ModelSessionAggregate:  "session-aggregate",
	ModelRollingMean:       "rolling-mean",
	ModelRollingShare:      "rolling-share",
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

// Defs is the one table of the metrics this package defines, in the order
// a report prints them. doc.go lists the same table; a test keeps the two,
// and what Summarize emits, in step.
var Defs = []Def{
	{"frame.count", 1, "frames", ModelCount, Session, "complete frames (f.begin … f.end) in the trace"},
	{"frame.cost.p50", 1, "ns", ModelSessionAggregate, Session, "median frame cost f.end − f.begin, nearest rank; needs 2 frames"},
	{"frame.cost.p95", 1, "ns", ModelSessionAggregate, Session, "95th percentile frame cost, nearest rank; needs 20 frames"},
	{"frame.cost.p99", 1, "ns", ModelSessionAggregate, Session, "99th percentile frame cost, nearest rank; needs 100 frames"},
	{"frame.cost.max", 1, "ns", ModelSessionAggregate, Session, "longest frame cost"},
	{"present.count", 1, "presents", ModelCount, Session, "pres.out marks in the trace"},
	{"present.interval.p50", 1, "ns", ModelSessionAggregate, Session, "median present interval (this pres.out − the previous one of the epoch); needs 2"},
	{"present.interval.p90", 1, "ns", ModelSessionAggregate, Session, "90th percentile present interval, nearest rank; needs 10"},
	{"present.interval.p99", 1, "ns", ModelSessionAggregate, Session, "99th percentile present interval, nearest rank; needs 100"},
	{"present.interval.max", 1, "ns", ModelSessionAggregate, Session, "longest present interval"},
	{"present.jitter", 1, "ns", ModelDerived, Session, "P95 − P50 of the session's present intervals; needs 20"},
	{"present.fps.avg", 1, "fps", ModelSessionAggregate, Session, "session average N × 1e9 / Σd over the valid present intervals, not a mean of per-second FPS"},
	{"present.fps.low1", 1, "fps", ModelSessionAggregate, Session, "1% low: k × 1e9 / Σ of the k = ⌈N/100⌉ longest intervals; needs 100"},
	{"present.jank", 1, "frames", ModelSessionAggregate, Session, "present intervals longer than twice the session median"},
	{"stage.p50", 1, "ns", ModelSessionAggregate, Session, "median time between two consecutive marks of a frame, per span a->b; needs 2"},

	{"live.present.interval", 1, "ns", ModelEventInterval, Live, "this present − the previous present of the same origin; the first after a boundary only anchors"},
	{"live.present.fps", 1, "fps", ModelRollingCount, Live, "presents in the trailing 1 s; 0 from a healthy source, missing from an unavailable one"},
	{"live.present.interval.p95", 1, "ns", ModelRollingPercentile, Live, "95th percentile of the last 120 present intervals, nearest rank; warmup below 20"},
	{"live.present.jitter", 1, "ns", ModelDerived, Live, "P95 − P50 of one window of the last 120 present intervals"},
}

// Lookup returns the definition of the metric id.
func Lookup(id string) (Def, bool) {
	for _, d := range Defs {
		if d.ID == id {
			return d, true
		}
	}
	return Def{}, false
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
	Value Value
}

// read returns the reading of id, which must be in Defs.
func read(id, label string, n int, v Value) Reading {
	d, ok := Lookup(id)
	if !ok {
		panic("metric: no definition for " + id)
	}
	return Reading{ID: id, Label: label, Version: d.Version, Unit: d.Unit, N: n, Value: v}
}

// MarshalJSON writes the reading as one flat object:
// {"id":…,"label":…,"version":1,"unit":"ns","n":…,"value":…,"quality":"valid"}.
func (r Reading) MarshalJSON() ([]byte, error) {
	j := struct {
		ID      string   `json:"id"`
		Label   string   `json:"label,omitempty"`
		Version int      `json:"version"`
		Unit    string   `json:"unit"`
		N       int      `json:"n"`
		Value   *float64 `json:"value"`
		Quality Quality  `json:"quality"`
	}{ID: r.ID, Label: r.Label, Version: r.Version, Unit: r.Unit, N: r.N, Quality: r.Value.q}
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
