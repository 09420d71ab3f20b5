package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/metric"
	"github.com/perfbench/perfbench/internal/instrument/registry"
)

// Trace stages Summarize gives a meaning to; every other stage is a mark
// like any other inside a frame, and is ignored outside one.
const (
	stageEvent   = "evt.in"
	stageBegin   = "f.begin"
	stagePresent = "pres.out"
	stageEnd     = "f.end"
	stageWake    = "loop.wake"
	stageWaitIn  = "wait.in"
	stageWaitOut = "wait.out"
	// stageForeground marks a change of the window's foreground state; its
	// note is "background" or "foreground".
	stageForeground = "win.fg"
)

// The header a trace's epochs are declared by (package latency writes
// it): its name, the version this reader understands, and the timings.
const (
	headerName    = "perfbench-latency"
	headerVersion = 1
	timingVirtual = "virtual"
	timingReal    = "real"
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

// Source is what a trace's header declared about one epoch: what
// scheduled its frames and whether its renderer presented them. An epoch
// whose marks came without a header has an unknown source (Declared
// false), and no metric that needs to know is derived from it.
type Source struct {
	BaseUnixNs int64   `json:"base_unix_ns"`
	Declared   bool    `json:"declared"`
	Timing     string  `json:"timing"`
	Renderer   string  `json:"renderer"`
	Presents   bool    `json:"presents"`
	RefreshHz  float64 `json:"refresh_hz"`
	// Schedules: the writer records a scheduled frame's aim and sim on its
	// f.begin (latency.MarkFrame); false in a trace from before it did.
	Schedules bool `json:"schedules"`
}

// String describes the source in a few words.
func (s Source) String() string {
	if !s.Declared {
		return "source unknown (no header)"
	}
	p := "not presented"
	if s.Presents {
		p = "presented"
	}
	r := s.Renderer
	if r == "" {
		r = "renderer unknown"
	}
	t := s.Timing
	if t == "" {
		t = "timing unknown"
	}
	return t + " timing, " + r + " renderer, " + p
}

// realTiming is the condition of every metric whose instants must be
// physical: frames scheduled by the real clock.
func (s Source) realTiming() metric.Condition {
	switch {
	case !s.Declared:
		return metric.FailsWith(metric.Missing, "source unknown: the trace has no header saying what scheduled its frames")
	case s.Timing == timingVirtual:
		return metric.FailsWith(metric.NotApplicable, "virtual timing: frames ran back to back on a virtual scheduler")
	case s.Timing != timingReal:
		return metric.FailsWith(metric.Missing, "timing "+strconv.Quote(s.Timing)+" not known to this reader")
	}
	return metric.Holds()
}

// presented is the condition of the presentation metrics: real timing and
// a renderer whose pres.out is a presentation.
func (s Source) presented() metric.Condition {
	c := s.realTiming()
	if !c.Fails && !s.Presents {
		r := s.Renderer
		if r == "" {
			r = "the"
		}
		c = metric.FailsWith(metric.NotApplicable, r+" renderer presents nothing: its pres.out is a hand-off, not a presentation")
	}
	return c
}

// scheduled is the condition of the display metrics (display time,
// hitches, overrun, jank windows, animation error): presentations on a
// real clock of frames that carry their schedule.
func (s Source) scheduled() metric.Condition {
	if s.Declared && s.Timing == timingVirtual {
		return metric.FailsWith(metric.NotApplicable, "virtual timing: the scheduler draws every frame at the refresh it aimed at and its present takes no virtual time, so each would read shown on time, never late, no refresh missed: a figure the scheduler made, not one that happened")
	}
	c := s.presented()
	if !c.Fails && !s.Schedules {
		c = metric.FailsWith(metric.Missing, `the trace records no frame schedules (its header has no "schedules"): it was written before f.begin carried the refresh a frame aimed at`)
	}
	return c
}

// period is the refresh period of the epoch's display: the rate its
// header declared, or 60 Hz (the window's fallback) where it declared none.
func (s Source) period() time.Duration {
	hz := s.RefreshHz
	if hz <= 0 {
		hz = 60
	}
	return time.Duration(math.Round(1e9 / hz))
}

// Summary is the frame metrics of a latency trace.
type Summary struct {
	// Defs is the definition set the metrics were computed under
	// (registry.DefsVersion unless replayed under an older one).
	Defs int `json:"defs"`
	// Lines counts the lines read, malformed ones included.
	Lines int `json:"lines"`
	// Headers counts the header lines; Marks the well-formed records.
	Headers int `json:"headers"`
	Marks   int `json:"marks"`
	// Malformed lists every malformed line in order; it is empty, not
	// nil, when there is none.
	Malformed []LineError `json:"malformed"`
	// Epochs counts the runs of one base_unix_ns; Sources holds what
	// each declared, in order.
	Epochs  int      `json:"epochs"`
	Sources []Source `json:"sources"`
	// Breaks counts the boundaries crossed: a change of epoch, or t
	// running backwards within one. No frame, interval or span spans one.
	Breaks int `json:"breaks"`
	// Incomplete counts the frames left out: an f.begin never ended (by
	// another f.begin, a break, or the end of the trace), or an f.end
	// without an f.begin.
	Incomplete int `json:"incomplete_frames"`
	// Metrics holds one reading per Session metric of the definition
	// set, in registry.Defs order, the labelled readings in the order their labels
	// first appear.
	Metrics []registry.Reading `json:"metrics"`
}

// Metric returns the reading of id (and label, for a labelled metric).
func (s *Summary) Metric(id, label string) (registry.Reading, bool) {
	for _, r := range s.Metrics {
		if r.ID == id && r.Label == label {
			return r, true
		}
	}
	return registry.Reading{}, false
}

// Options tune Summarize. The zero value computes the latest definitions.
type Options struct {
	// Defs replays the trace under an older definition set: every
	// metric is computed under its latest version not above Defs, and
	// metrics defined only later are left out. 0 means registry.DefsVersion.
	Defs int
}

// Summarize reads a latency trace — JSONL latency.Records, one per line,
// each epoch opened by its header — and computes its frame metrics under
// the latest definitions.
func Summarize(r io.Reader) (Summary, error) { return SummarizeWith(r, Options{}) }

// SummarizeWith reads a latency trace and computes its frame metrics
// under the definition set opts.Defs.
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
// Each metric is derived only from the epochs whose declared source can
// carry it: frame costs from any; frame intervals, input latencies and
// waits only from real timing; presentation rates and intervals only from
// real timing with a renderer that presents. A metric no epoch can carry
// is NotApplicable or Missing, and its reading says why.
//
// A line that is not a JSON object with an integer t ≥ 0, an integer
// base_unix_ns and a non-empty stage, or a header of this reader's
// version, is counted in Malformed and skipped. An I/O error is returned
// with the summary so far; an empty trace returns ErrEmpty and one without
// a complete frame ErrNoFrames, each with the counts read. A Defs outside
// 1 … DefsVersion panics.
func SummarizeWith(r io.Reader, opts Options) (Summary, error) {
	defs := opts.Defs
	if defs == 0 {
		defs = registry.DefsVersion
	}
	if defs < 1 || defs > registry.DefsVersion {
		panic("metric: no definition set " + strconv.Itoa(defs))
	}
	var (
		s  = Summary{Defs: defs, Malformed: []LineError{}, Sources: []Source{}}
		st summarizer
	)
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			s.Lines++
			rec, h, reason := parseLine(line)
			switch {
			case reason != "":
				s.Malformed = append(s.Malformed, LineError{Line: s.Lines, Reason: reason})
			case h != nil:
				s.Headers++
				st.header(*h)
			default:
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
	st.endEpoch()
	if st.open {
		s.Incomplete++
	}
	if s.Lines == 0 {
		return s, ErrEmpty
	}
	if len(st.costs) == 0 {
		return s, ErrNoFrames
	}
	s.Sources = append(s.Sources, st.sources...)
	s.Metrics = st.readings(defs)
	return s, nil
}

// record is a well-formed trace line.
type record struct {
	t     int64
	base  int64
	stage string
	note  string
	// aim and sim, on a scheduled frame's f.begin (latency.MarkFrame)
	aim, sim       int64
	hasAim, hasSim bool
}

// header is a well-formed header line.
type header struct {
	Header    *string  `json:"header"`
	Version   *int     `json:"version"`
	Base      *int64   `json:"base_unix_ns"`
	Clock     string   `json:"clock"`
	Timing    string   `json:"timing"`
	Renderer  string   `json:"renderer"`
	Presents  bool     `json:"presents"`
	RefreshHz *float64 `json:"refresh_hz"`
	Schedules bool     `json:"schedules"`
}

// parseLine reads one line as a mark or a header, or says what is wrong
// with it.
func parseLine(line []byte) (record, *header, string) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return record{}, nil, "blank line; want one JSON object per line"
	}
	var raw struct {
		header
		T     *int64  `json:"t"`
		Stage *string `json:"stage"`
		Note  *string `json:"note"`
		Aim   *int64  `json:"aim"`
		Sim   *int64  `json:"sim"`
	}
	if err := json.Unmarshal(line, &raw); err != nil {
		return record{}, nil, "not a trace record: " + err.Error()
	}
	if raw.Header != nil {
		h := raw.header
		switch {
		case *h.Header != headerName:
			return record{}, nil, fmt.Sprintf("header %q is not a perfbench latency trace (%q)", *h.Header, headerName)
		case h.Version == nil || *h.Version != headerVersion:
			return record{}, nil, fmt.Sprintf("header version not %d, the one this reader knows", headerVersion)
		case h.Base == nil:
			return record{}, nil, `header without "base_unix_ns"`
		case h.Clock != "mono":
			return record{}, nil, fmt.Sprintf("header clock %q; want \"mono\"", h.Clock)
		}
		return record{}, &h, ""
	}
	switch {
	case raw.T == nil:
		return record{}, nil, `no "t"`
	case raw.Base == nil:
		return record{}, nil, `no "base_unix_ns"`
	case raw.Stage == nil || *raw.Stage == "":
		return record{}, nil, `no "stage"`
	case *raw.T < 0:
		return record{}, nil, fmt.Sprintf(`"t" is negative (%d)`, *raw.T)
	}
	r := record{t: *raw.T, base: *raw.Base, stage: *raw.Stage}
	if raw.Note != nil {
		r.note = *raw.Note
	}
	if raw.Aim != nil {
		r.aim, r.hasAim = *raw.Aim, true
	}
	if raw.Sim != nil {
		r.sim, r.hasSim = *raw.Sim, true
	}
	return r, nil, ""
}

// gate tracks, over a trace's epochs, whether a condition held in any of
// them, and the first reason it failed.
type gate struct {
	held   bool
	failed metric.Condition
	left   int // epochs left out
	fg, bg int // frames of the epochs that held, in the foreground and not
}

// frame counts a frame of an epoch whose condition held.
func (g *gate) frame(background bool) {
	if background {
		g.bg++
	} else {
		g.fg++
	}
}

// notForeground is the reason a metric of a window that was never in the
// foreground has no value.
var notForeground = metric.FailsWith(metric.NotForeground, "the window was in the background: its frames are nobody's to report")

func (g *gate) epoch(c metric.Condition) {
	if !c.Fails {
		g.held = true
		return
	}
	if g.left == 0 {
		g.failed = c
	}
	g.left++
}

// condition is the session's: it holds when some epoch carried the metric.
func (g gate) condition() metric.Condition {
	switch {
	case g.held && g.fg == 0 && g.bg > 0:
		return notForeground
	case g.held || g.left == 0:
		return metric.Holds()
	}
	return g.failed
}

// why says why a metric has no value, or which epochs were left out.
func (g gate) why() string {
	if c := g.condition(); c.Fails {
		return c.Why
	}
	var out string
	if g.left > 0 {
		out = fmt.Sprintf("%d %s left out: %s", g.left, plural(g.left, "epoch", "epochs"), g.failed.Why)
	}
	if g.bg > 0 {
		if out != "" {
			out += "; "
		}
		out += fmt.Sprintf("%d %s drawn in the background left out", g.bg, plural(g.bg, "frame", "frames"))
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// summarizer groups a trace's marks into frames, presents, inputs, waits
// and spans.
type summarizer struct {
	headers map[int64]header // by base_unix_ns
	sources []Source

	started bool
	base    int64
	src     Source
	real    metric.Condition // this epoch's
	pres    metric.Condition
	last    record // the previous mark of this epoch run; valid if started

	open   bool     // a frame is open
	frame  []record // its marks, from f.begin
	bg     bool     // the window is in the background (win.fg)
	bgOpen bool     // the open frame was begun in the background
	inputs []int64  // evt.in instants the open frame answers
	queued []int64  // evt.in instants since the last f.begin

	frames    int
	costs     []metric.Value
	beginAt   metric.EventInterval[clock.Mono]
	fint      []metric.Value // frame intervals (real timing)
	fdist     metric.RollingDistribution[clock.Mono]
	fdistN    int // valid intervals in it: the last epoch's
	presents  int // pres.out marks, all
	presented int // pres.out marks of epochs that present
	present   metric.EventInterval[clock.Mono]
	all       []metric.Value // present intervals, every epoch (definition v1)
	intervals []metric.Value // present intervals of epochs that present
	events    int
	toEnd     []metric.Value
	toPresent []metric.Value

	waitKind  string // the wait the loop is in ("" none)
	waitAt    int64
	waits     map[string][]metric.Value
	loopFrom  int64 // the epoch's first loop mark
	loopTo    int64 // and its last
	loopOn    bool
	waitShare map[string]*metric.IntervalRate[clock.Mono]
	shareSum  map[string]float64 // Σ share × loop time over epochs
	loopSum   float64            // Σ loop time (ns) over epochs

	spans      map[span][]metric.Value
	spanWhy    map[span]string // why some of a span's values are not valid
	spanOrder  []span
	pendingEvt bool // the previous mark was evt.in outside a frame

	realGate, presGate gate

	sched     metric.Condition // this epoch's, for the display metrics
	schedGate gate
	disp      metric.Display[clock.Mono]
	begin     record // the open frame's f.begin
	presAt    int64  // the open frame's first pres.out
	presOpen  bool
	shown     []metric.Shown[clock.Mono] // every scheduled frame shown, in order
	animated  int                        // of them, frames that carried a sim
	jank      metric.JankWindows
}

func at(t int64) clock.Instant[clock.Mono] { return clock.At[clock.Mono](t) }

// header records the source an epoch declared.
func (st *summarizer) header(h header) {
	if st.headers == nil {
		st.headers = map[int64]header{}
	}
	st.headers[*h.Base] = h
}

// startEpoch begins the epoch of base.
func (st *summarizer) startEpoch(base int64) {
	src := Source{BaseUnixNs: base}
	if h, ok := st.headers[base]; ok {
		src.Declared, src.Timing, src.Renderer, src.Presents, src.Schedules = true, h.Timing, h.Renderer, h.Presents, h.Schedules
		if h.RefreshHz != nil {
			src.RefreshHz = *h.RefreshHz
		}
	}
	st.src = src
	st.sources = append(st.sources, src)
	st.real, st.pres = src.realTiming(), src.presented()
	st.realGate.epoch(st.real)
	st.presGate.epoch(st.pres)
	st.sched = src.scheduled()
	st.schedGate.epoch(st.sched)
	st.disp = metric.Display[clock.Mono]{Period: src.period()}
	st.jank.Break()
	hz := src.RefreshHz
	if hz <= 0 {
		hz = 60
	}
	period := 1e9 / hz
	st.fdist.Bounds = []float64{1.5 * period, 2.5 * period, 3.5 * period}
	st.fdistN = 0 // a new source: the distribution starts over
}

// endEpoch closes the epoch's loop interval.
func (st *summarizer) endEpoch() {
	if !st.loopOn {
		return
	}
	st.loopOn = false
	d := float64(st.loopTo - st.loopFrom)
	o := metric.Origin{Epoch: st.base}
	for _, k := range []string{stageWaitIn, stageWaitOut} {
		if v, ok := st.share(k).Close(o, at(st.loopTo)).Get(); ok {
			if st.shareSum == nil {
				st.shareSum = map[string]float64{}
			}
			st.shareSum[k] += v * d
		}
	}
	if d > 0 {
		st.loopSum += d
	}
}

func (st *summarizer) share(kind string) *metric.IntervalRate[clock.Mono] {
	if st.waitShare == nil {
		st.waitShare = map[string]*metric.IntervalRate[clock.Mono]{}
	}
	r := st.waitShare[kind]
	if r == nil {
		r = &metric.IntervalRate[clock.Mono]{Per: 1}
		st.waitShare[kind] = r
	}
	return r
}

func (st *summarizer) mark(s *Summary, r record) {
	if !st.started || r.base != st.base || r.t < st.last.t {
		st.restart(s, r)
	}
	prev := st.last
	st.last = r
	o := metric.Origin{Epoch: r.base}

	switch r.stage {
	case stageBegin:
		st.frameBegins(s, r, prev, o)
	case stageEnd:
		if !st.open {
			s.Incomplete++
			break
		}
		st.frame = append(st.frame, r)
		st.open = false
		st.frames++
		st.costs = append(st.costs, metric.Of(nanos(at(r.t).Sub(at(st.frame[0].t)))))
		for i := 1; i < len(st.frame); i++ {
			st.span(st.frame[i-1], st.frame[i], metric.Holds())
		}
		st.frameShown(o)
		if !st.real.Fails && !st.bgOpen {
			for _, in := range st.inputs {
				st.toEnd = append(st.toEnd, metric.Of(nanos(at(r.t).Sub(at(in)))))
			}
		}
		st.inputs = st.inputs[:0]
	case stageEvent:
		st.events++
		st.queued = append(st.queued, r.t)
	case stageWaitIn, stageWaitOut, stageWake:
		if !st.real.Fails {
			st.loop(o, r)
		}
	case stageForeground:
		// Going to the background and coming back are boundaries (state
		// freshness): no interval spans either.
		if bg := r.note == "background"; bg != st.bg {
			st.bg = bg
			st.breakIntervals()
		}
	default:
		if st.open {
			st.frame = append(st.frame, r)
		}
	}
	if r.stage == stagePresent {
		st.presentSeen(r, o)
	}
	st.pendingEvt = r.stage == stageEvent && !st.open
}

// restart begins a stretch of the trace that no interval spans: the first
// record, a new epoch (a new window), or a clock that went back.
func (st *summarizer) restart(s *Summary, r record) {
	if st.started {
		s.Breaks++
		st.breakIntervals()
		if st.open {
			s.Incomplete++
			st.open = false
		}
	}
	st.endEpoch()
	st.waitKind, st.queued, st.inputs = "", st.queued[:0], st.inputs[:0]
	if r.base != st.base {
		st.bg = false // a new epoch: a new window, in the foreground until it says
	}
	if !st.started || r.base != st.base {
		s.Epochs++
		st.startEpoch(r.base)
	}
	st.started, st.base = true, r.base
	st.pendingEvt = false
}

// breakIntervals ends every interval series at a boundary, so that no
// interval spans it.
func (st *summarizer) breakIntervals() {
	st.present.Break()
	st.beginAt.Break()
	st.fdist.Break()
	st.disp.Break()
	st.jank.Break()
}

// frameBegins opens a frame at r: the inputs queued before it are its
// own, and its begin is an interval of the frame cadence.
func (st *summarizer) frameBegins(s *Summary, r, prev record, o metric.Origin) {
	if st.open {
		s.Incomplete++
	}
	st.open = true
	st.frame = append(st.frame[:0], r)
	st.begin, st.presOpen = r, false
	st.inputs = append(st.inputs[:0], st.queued...)
	st.queued = st.queued[:0]
	if st.pendingEvt {
		st.span(prev, r, st.real)
	}
	iv := st.beginAt.Observe(o, at(r.t))
	st.bgOpen = st.bg
	if !st.real.Fails {
		st.realGate.frame(st.bg)
	}
	if !st.pres.Fails {
		st.presGate.frame(st.bg)
	}
	if !st.sched.Fails {
		st.schedGate.frame(st.bg)
	}
	if !st.real.Fails && !st.bg {
		st.fint = append(st.fint, iv)
		st.fdist.Add(o, at(r.t), iv)
		if iv.OK() {
			st.fdistN++
		}
	}
}

// presentSeen counts a present, and the interval and input latencies it
// ends where the window is in the foreground.
func (st *summarizer) presentSeen(r record, o metric.Origin) {
	if st.open && !st.presOpen {
		st.presAt, st.presOpen = r.t, true
	}
	st.presents++
	iv := st.present.Observe(o, at(r.t))
	st.all = append(st.all, iv)
	if !st.pres.Fails && !(st.open && st.bgOpen) && !st.bg {
		st.presented++
		st.intervals = append(st.intervals, iv)
		if st.open {
			for _, in := range st.inputs {
				st.toPresent = append(st.toPresent, metric.Of(nanos(at(r.t).Sub(at(in)))))
			}
		}
	}
}

// frameShown places the frame just ended on the display's grid (Display),
// when its epoch carries the display metrics and the window was in the
// foreground. A frame that presented nothing changed nothing on screen;
// one that presented without a schedule cannot be placed, and breaks the
// chain: the frame shown next cannot be compared with one whose showing is
// unknown.
func (st *summarizer) frameShown(o metric.Origin) {
	if st.sched.Fails || st.bgOpen || !st.presOpen {
		return
	}
	b := st.begin
	if !b.hasAim {
		st.disp.Break()
		st.jank.Break()
		return
	}
	sh := st.disp.Observe(o, at(b.aim), at(st.presAt), at(b.sim), b.hasSim)
	st.shown = append(st.shown, sh)
	if b.hasSim {
		st.animated++
	}
	st.jank.Add(sh.Hitch > 0)
}

// displayAgg is what the display metrics are computed from: the values
// of every shown frame.
type displayAgg struct {
	between []float64 // valid, sorted: displayed times (a replaced frame's 0 included)
	changes []float64 // the non-zero ones: display changes
	anim    []float64 // |animation error|, sorted
	over    []float64 // overruns, sorted
	hitch   time.Duration
	span    time.Duration
	missed  int
}

func (st *summarizer) displayAgg() displayAgg {
	var a displayAgg
	var between, anim, over []metric.Value
	for _, s := range st.shown {
		between = append(between, s.Between)
		if v, ok := s.AnimationError.Get(); ok {
			anim = append(anim, metric.Of(math.Abs(v)))
		}
		over = append(over, metric.Of(float64(s.Overrun)))
		a.hitch += s.Hitch
		a.span += s.Span
		a.missed = max(a.missed, s.Missed)
	}
	a.between, a.anim, a.over = metric.SortedValid(between), metric.SortedValid(anim), metric.SortedValid(over)
	for _, v := range a.between {
		if v > 0 {
			a.changes = append(a.changes, v)
		}
	}
	return a
}

// display computes one display metric.
func (st *summarizer) display(d registry.Def) registry.Reading {
	a := st.displayAgg()
	g := st.schedGate
	n := len(st.shown)
	switch d.ID {
	case "display.time.p50":
		return gated(d, g, len(a.between), metric.SessionPercentile(a.between, 50))
	case "display.time.max":
		return gated(d, g, len(a.between), metric.SessionPercentile(a.between, 100))
	case "display.change.p95":
		return gated(d, g, len(a.changes), metric.SessionPercentile(a.changes, 95))
	case "display.change.rate":
		return gated(d, g, len(a.changes), metric.SessionRate(len(a.changes), a.changes))
	case "animation.error.p95", "animation.error.max":
		p := 95.0
		if d.ID == "animation.error.max" {
			p = 100
		}
		r := gated(d, g, len(a.anim), metric.SessionPercentile(a.anim, p))
		if !g.condition().Fails && n > 0 && st.animated == 0 {
			r.Value = metric.Not(metric.NotApplicable)
			r.Why = "no frame advanced an animation: nothing in the trace moved with time (its f.begin marks carry no sim)"
		}
		return r
	case "hitch.time":
		v := metric.Not(metric.Missing)
		if n > 0 {
			v = metric.Of(float64(a.hitch))
		}
		return gated(d, g, n, v)
	case "hitch.ratio":
		r := gated(d, g, n, metric.HitchRatio(a.hitch, a.span))
		if v, ok := r.Value.Get(); ok {
			r.Band = metric.BandOf(v).String()
		}
		return r
	case "frame.overrun.p95":
		return gated(d, g, len(a.over), metric.SessionPercentile(a.over, 95))
	case "frame.overrun.max":
		return gated(d, g, len(a.over), metric.SessionPercentile(a.over, 100))
	case "jank.delayed.share":
		return gated(d, g, st.jank.Windows(), st.jank.Share())
	case "jank.delayed.worst":
		return gated(d, g, st.jank.Windows(), st.jank.Worst())
	case "jank.missed.run":
		v := metric.Not(metric.Missing)
		if n > 0 {
			v = metric.Of(float64(a.missed))
		}
		return gated(d, g, n, v)
	}
	panic("metric: Summarize does not compute " + d.ID)
}

// loop follows the frame loop's waits: a wait.in or wait.out mark starts a
// wait, and the loop.wake after it ends it.
func (st *summarizer) loop(o metric.Origin, r record) {
	if !st.loopOn {
		st.loopOn, st.loopFrom = true, r.t
		st.share(stageWaitIn).Open(o, at(r.t))
		st.share(stageWaitOut).Open(o, at(r.t))
	}
	st.loopTo = r.t
	switch r.stage {
	case stageWake:
		if st.waitKind != "" {
			d := nanos(at(r.t).Sub(at(st.waitAt)))
			if st.waits == nil {
				st.waits = map[string][]metric.Value{}
			}
			st.waits[st.waitKind] = append(st.waits[st.waitKind], metric.Of(d))
			st.share(st.waitKind).Add(o, d)
		}
		st.waitKind = ""
	default:
		st.waitKind, st.waitAt = r.stage, r.t
	}
}

// span is the time between two consecutive marks of a frame, named by
// both: marks sit on stage boundaries, so the gap is whatever ran between
// them, named or not.
type span struct{ from, to string }

func (s span) String() string { return s.from + "->" + s.to }

// span records the time from mark a to the next mark b, when c holds.
func (st *summarizer) span(a, b record, c metric.Condition) {
	k := span{a.stage, b.stage}
	if st.spans == nil {
		st.spans = make(map[span][]metric.Value)
	}
	if _, ok := st.spans[k]; !ok {
		st.spanOrder = append(st.spanOrder, k)
	}
	if c.Fails {
		st.spans[k] = append(st.spans[k], metric.Not(c.Quality))
		if st.spanWhy == nil {
			st.spanWhy = map[span]string{}
		}
		st.spanWhy[k] = c.Why
		return
	}
	st.spans[k] = append(st.spans[k], metric.Of(nanos(at(b.t).Sub(at(a.t)))))
}

// readings computes every Session metric of the definition set defs.
func (st *summarizer) readings(defs int) []registry.Reading {
	var out []registry.Reading
	for _, d := range registry.Select(defs, registry.Session) {
		out = append(out, st.metric(d)...)
	}
	return out
}

// gated returns a reading computed from the epochs g let through.
func gated(d registry.Def, g gate, n int, v metric.Value) registry.Reading {
	r := registry.ReadingOf(d, "", n, g.condition().Apply(v))
	r.Why = g.why()
	return r
}

// metric computes the readings of one definition.
func (st *summarizer) metric(d registry.Def) []registry.Reading {
	one := func(n int, v metric.Value) []registry.Reading {
		return []registry.Reading{registry.ReadingOf(d, "", n, v)}
	}
	costs := metric.SortedValid(st.costs)
	// Definition v1 of the presentation metrics took every pres.out as a
	// presentation, whatever scheduled the frames and whatever the
	// renderer did with them; v2 takes only those of epochs that present
	// on a real clock.
	pres, presGate, presN := metric.Aggregate(st.intervals), st.presGate, st.presented
	if d.Version == 1 {
		pres, presGate, presN = metric.Aggregate(st.all), gate{}, st.presents
	}
	fint := metric.Aggregate(st.fint)
	toEnd, toPresent := metric.SortedValid(st.toEnd), metric.SortedValid(st.toPresent)
	switch d.ID {
	case "frame.count":
		return one(st.frames, metric.Of(float64(st.frames)))
	case "frame.cost.p50":
		return one(len(costs), metric.SessionPercentile(costs, 50))
	case "frame.cost.p95":
		return one(len(costs), metric.SessionPercentile(costs, 95))
	case "frame.cost.p99":
		return one(len(costs), metric.SessionPercentile(costs, 99))
	case "frame.cost.max":
		return one(len(costs), metric.SessionPercentile(costs, 100))
	case "frame.interval.p50":
		return []registry.Reading{gated(d, st.realGate, fint.N, fint.P50)}
	case "frame.interval.p95":
		return []registry.Reading{gated(d, st.realGate, fint.N, fint.P95)}
	case "frame.rate.avg":
		return []registry.Reading{gated(d, st.realGate, fint.N, fint.AvgFPS)}
	case "frame.interval.dist":
		return st.distribution(d)
	case "present.count":
		return []registry.Reading{gated(d, presGate, presN, metric.Of(float64(presN)))}
	case "present.interval.p50":
		return []registry.Reading{gated(d, presGate, pres.N, pres.P50)}
	case "present.interval.p90":
		return []registry.Reading{gated(d, presGate, pres.N, pres.P90)}
	case "present.interval.p99":
		return []registry.Reading{gated(d, presGate, pres.N, pres.P99)}
	case "present.interval.max":
		return []registry.Reading{gated(d, presGate, pres.N, pres.Max)}
	case "present.jitter":
		return []registry.Reading{gated(d, presGate, pres.N, pres.Jitter)}
	case "present.fps.avg":
		return []registry.Reading{gated(d, presGate, pres.N, pres.AvgFPS)}
	case "present.fps.low1":
		return []registry.Reading{gated(d, presGate, pres.N, pres.Low1)}
	case "present.jank":
		return []registry.Reading{gated(d, presGate, pres.N, pres.Jank)}
	case "display.time.p50", "display.time.max", "display.change.p95", "display.change.rate",
		"animation.error.p95", "animation.error.max", "hitch.time", "hitch.ratio",
		"frame.overrun.p95", "frame.overrun.max", "jank.delayed.share", "jank.delayed.worst", "jank.missed.run":
		return []registry.Reading{st.display(d)}
	case "input.count":
		return one(st.events, metric.Of(float64(st.events)))
	case "input.to.end.p50":
		return []registry.Reading{gated(d, st.realGate, len(toEnd), metric.SessionPercentile(toEnd, 50))}
	case "input.to.end.p95":
		return []registry.Reading{gated(d, st.realGate, len(toEnd), metric.SessionPercentile(toEnd, 95))}
	case "input.to.present.p50":
		return []registry.Reading{gated(d, st.presGate, len(toPresent), metric.SessionPercentile(toPresent, 50))}
	case "input.to.present.p95":
		return []registry.Reading{gated(d, st.presGate, len(toPresent), metric.SessionPercentile(toPresent, 95))}
	case "wait.in.share":
		return []registry.Reading{st.waitShareReading(d, stageWaitIn)}
	case "wait.out.share":
		return []registry.Reading{st.waitShareReading(d, stageWaitOut)}
	case "wait.out.p50":
		w := metric.SortedValid(st.waits[stageWaitOut])
		return []registry.Reading{st.loopGated(d, len(w), metric.SessionPercentile(w, 50))}
	case "stage.p50":
		var out []registry.Reading
		for _, k := range st.spanOrder {
			vs := st.spans[k]
			v := metric.SortedValid(vs)
			r := registry.ReadingOf(d, k.String(), len(v), metric.SessionPercentile(v, 50))
			if len(v) == 0 && len(vs) > 0 {
				// Definition v1 knew nothing of sources: every span was
				// taken as it came.
				r.Value, r.Why = metric.Not(vs[0].Quality()), st.spanWhy[k]
			} else if len(v) < len(vs) {
				r.Why = fmt.Sprintf("%d of %d left out: %s", len(vs)-len(v), len(vs), st.spanWhy[k])
			}
			out = append(out, r)
		}
		return out
	}
	panic("metric: Summarize does not compute " + d.ID)
}

// loopGated is a wait reading: real timing, and a frame loop that marked
// its waits.
func (st *summarizer) loopGated(d registry.Def, n int, v metric.Value) registry.Reading {
	if st.realGate.held && st.loopSum == 0 && n == 0 {
		r := registry.ReadingOf(d, "", 0, metric.Not(metric.NotApplicable))
		r.Why = "no frame loop in the trace: no wait.in, wait.out or loop.wake marks"
		return r
	}
	return gated(d, st.realGate, n, v)
}

// waitShareReading is the share of the frame loop's time spent in one
// kind of wait, over every epoch that ran a loop on a real clock (an
// interval rate per epoch, weighted by the epoch's loop time).
func (st *summarizer) waitShareReading(d registry.Def, kind string) registry.Reading {
	v := metric.Not(metric.Missing)
	if st.loopSum > 0 {
		v = metric.Of(st.shareSum[kind] / st.loopSum)
	}
	return st.loopGated(d, len(st.waits[kind]), v)
}

// distribution is the frame intervals' distribution over the stated
// buckets: 1, 2, 3 and 4 or more refreshes of the display the header
// declared (60 Hz where it declared none). A new epoch is a new source, so
// the distribution is the last epoch's.
func (st *summarizer) distribution(d registry.Def) []registry.Reading {
	labels := []string{"1 refresh", "2 refreshes", "3 refreshes", "4+ refreshes"}
	vals := st.fdist.Read(metric.Origin{Epoch: st.base}, at(st.last.t))
	out := make([]registry.Reading, len(labels))
	for i, l := range labels {
		out[i] = gated(d, st.realGate, st.fdistN, vals[i])
		out[i].Label = l
	}
	return out
}

// nanos is a duration in the nanoseconds a metric publishes.
func nanos(d time.Duration) float64 { return float64(d) }
