package metric

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/perfbench/perfbench/clock"
)

// Trace stages Summarize gives a meaning to; every other stage is a mark
// like any other inside a frame, and is ignored outside one.
const (
	stageEvent   = "evt.in"
	stageBegin   = "f.begin"
	stagePresent = "pres.out"
	stageEnd     = "f.end"
)

var (
	// ErrEmpty is returned for a trace without a single line.
	ErrEmpty = errors.New("empty trace")
	// ErrNoFrames is returned for a trace without a complete frame.
	ErrNoFrames = errors.New("no complete frame (f.begin … f.end)")
)

// LineError is a malformed trace line: counted and skipped, never silently
// dropped.
type LineError struct {
	Line   int    `json:"line"` // 1-based
	Reason string `json:"reason"`
}

func (e LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Reason) }

// Summary is the frame metrics of a latency trace.
type Summary struct {
	// Lines counts the lines read, malformed ones included.
	Lines int `json:"lines"`
	// Marks counts the well-formed records.
	Marks int `json:"marks"`
	// Malformed lists every malformed line in order; it is empty, not
	// nil, when there is none.
	Malformed []LineError `json:"malformed"`
	// Epochs counts the runs of one base_unix_ns.
	Epochs int `json:"epochs"`
	// Breaks counts the boundaries crossed: a change of epoch, or t
	// running backwards within one. No frame, interval or span spans one.
	Breaks int `json:"breaks"`
	// Incomplete counts the frames left out: an f.begin never ended (by
	// another f.begin, a break, or the end of the trace), or an f.end
	// without an f.begin.
	Incomplete int `json:"incomplete_frames"`
	// Metrics holds one reading per Session metric of Defs, in that
	// order, the stage.p50 readings in the order their spans first
	// appear.
	Metrics []Reading `json:"metrics"`
}

// Metric returns the reading of id (and label, for a labelled metric).
func (s *Summary) Metric(id, label string) (Reading, bool) {
	for _, r := range s.Metrics {
		if r.ID == id && r.Label == label {
			return r, true
		}
	}
	return Reading{}, false
}

// Summarize reads a latency trace — JSONL latency.Records, one per line —
// and computes its frame metrics.
//
// A frame is the marks from an f.begin to the next f.end; its cost is
// f.end − f.begin, and the time between each two consecutive marks of it
// is a stage span named "a->b" (with evt.in->f.begin when the frame's
// f.begin directly follows an evt.in). Each pres.out is a present; the
// present interval is this present − the previous one (EventInterval), so
// the first present of the trace and of each epoch only anchors. The
// trace's t is nanoseconds on the recording process's monotonic clock
// since the epoch began, and base_unix_ns names the epoch: a change of it
// is a new epoch and breaks every chain, as does t running backwards.
//
// A line that is not a JSON object with an integer t ≥ 0, an integer
// base_unix_ns and a non-empty stage is counted in Malformed and skipped.
// An I/O error is returned with the summary so far; an empty trace returns
// ErrEmpty and one without a complete frame ErrNoFrames, each with the
// counts read.
func Summarize(r io.Reader) (Summary, error) {
	var (
		s  = Summary{Malformed: []LineError{}}
		st summarizer
	)
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			s.Lines++
			if rec, reason := parseRecord(line); reason != "" {
				s.Malformed = append(s.Malformed, LineError{Line: s.Lines, Reason: reason})
			} else {
				s.Marks++
				st.mark(&s, rec)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return s, err
		}
	}
	if st.open {
		s.Incomplete++
	}
	if s.Lines == 0 {
		return s, ErrEmpty
	}
	if len(st.costs) == 0 {
		return s, ErrNoFrames
	}
	s.Metrics = st.readings()
	return s, nil
}

// record is a well-formed trace line.
type record struct {
	t     int64
	base  int64
	stage string
}

// parseRecord reads one line, or says what is wrong with it.
func parseRecord(line []byte) (record, string) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return record{}, "blank line; want one JSON object per line"
	}
	var raw struct {
		T     *int64  `json:"t"`
		Base  *int64  `json:"base_unix_ns"`
		Stage *string `json:"stage"`
		Note  *string `json:"note"`
	}
	if err := json.Unmarshal(line, &raw); err != nil {
		return record{}, "not a trace record: " + err.Error()
	}
	switch {
	case raw.T == nil:
		return record{}, `no "t"`
	case raw.Base == nil:
		return record{}, `no "base_unix_ns"`
	case raw.Stage == nil || *raw.Stage == "":
		return record{}, `no "stage"`
	case *raw.T < 0:
		return record{}, fmt.Sprintf(`"t" is negative (%d)`, *raw.T)
	}
	return record{t: *raw.T, base: *raw.Base, stage: *raw.Stage}, ""
}

// summarizer groups a trace's marks into frames, presents and spans.
type summarizer struct {
	started bool
	base    int64
	last    record // the previous mark of this epoch run; valid if started

	open  bool     // a frame is open
	frame []record // its marks, from f.begin

	frames     int
	costs      []Value
	presents   int
	present    EventInterval[clock.Mono]
	intervals  []Value
	spans      map[span][]Value
	spanOrder  []span
	pendingEvt bool // the previous mark was evt.in outside a frame
}

func at(t int64) clock.Instant[clock.Mono] { return clock.At[clock.Mono](t) }

func (st *summarizer) mark(s *Summary, r record) {
	if !st.started || r.base != st.base || r.t < st.last.t {
		if st.started {
			s.Breaks++
			st.present.Break()
			if st.open {
				s.Incomplete++
				st.open = false
			}
		}
		if !st.started || r.base != st.base {
			s.Epochs++
		}
		st.started, st.base = true, r.base
		st.pendingEvt = false
	}
	prev := st.last
	st.last = r

	switch r.stage {
	case stageBegin:
		if st.open {
			s.Incomplete++
		}
		st.open = true
		st.frame = append(st.frame[:0], r)
		if st.pendingEvt {
			st.span(prev, r)
		}
	case stageEnd:
		if !st.open {
			s.Incomplete++
			break
		}
		st.frame = append(st.frame, r)
		st.open = false
		st.frames++
		st.costs = append(st.costs, Of(nanos(at(r.t).Sub(at(st.frame[0].t)))))
		for i := 1; i < len(st.frame); i++ {
			st.span(st.frame[i-1], st.frame[i])
		}
	default:
		if st.open {
			st.frame = append(st.frame, r)
		}
	}
	if r.stage == stagePresent {
		st.presents++
		st.intervals = append(st.intervals, st.present.Observe(Origin{Epoch: r.base}, at(r.t)))
	}
	st.pendingEvt = r.stage == stageEvent && !st.open
}

// span is the time between two consecutive marks of a frame, named by
// both: marks sit on stage boundaries, so the gap is whatever ran between
// them, named or not.
type span struct{ from, to string }

func (s span) String() string { return s.from + "->" + s.to }

// span records the time from mark a to the next mark b.
func (st *summarizer) span(a, b record) {
	k := span{a.stage, b.stage}
	if st.spans == nil {
		st.spans = make(map[span][]Value)
	}
	if _, ok := st.spans[k]; !ok {
		st.spanOrder = append(st.spanOrder, k)
	}
	st.spans[k] = append(st.spans[k], Of(nanos(at(b.t).Sub(at(a.t)))))
}

func (st *summarizer) readings() []Reading {
	costs := sortedValid(st.costs)
	pres := Aggregate(st.intervals)
	out := []Reading{
		read("frame.count", "", st.frames, Of(float64(st.frames))),
		read("frame.cost.p50", "", len(costs), sessionPercentile(costs, 50)),
		read("frame.cost.p95", "", len(costs), sessionPercentile(costs, 95)),
		read("frame.cost.p99", "", len(costs), sessionPercentile(costs, 99)),
		read("frame.cost.max", "", len(costs), sessionPercentile(costs, 100)),
		read("present.count", "", st.presents, Of(float64(st.presents))),
		read("present.interval.p50", "", pres.N, pres.P50),
		read("present.interval.p90", "", pres.N, pres.P90),
		read("present.interval.p99", "", pres.N, pres.P99),
		read("present.interval.max", "", pres.N, pres.Max),
		read("present.jitter", "", pres.N, pres.Jitter),
		read("present.fps.avg", "", pres.N, pres.AvgFPS),
		read("present.fps.low1", "", pres.N, pres.Low1),
		read("present.jank", "", pres.N, pres.Jank),
	}
	for _, k := range st.spanOrder {
		d := sortedValid(st.spans[k])
		out = append(out, read("stage.p50", k.String(), len(d), sessionPercentile(d, 50)))
	}
	return out
}
