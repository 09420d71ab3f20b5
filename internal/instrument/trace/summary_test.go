package trace

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/metric"
	"github.com/perfbench/perfbench/internal/instrument/registry"
)

const base = 1785456583000000000

// trace builds a JSONL latency trace. Each epoch opens with a header
// declaring its source, unless the source is nil (a trace recorded before
// headers existed).
type trace struct {
	b      strings.Builder
	base   int64
	source *string // the header's fields after base_unix_ns
	headed int64   // the base whose header was written
}

// presenting is a source that can carry every metric: real timing and a
// renderer that presents.
const presenting = `"clock":"mono","timing":"real","renderer":"gpu","presents":true`

func newTrace() *trace { return newTraceFrom(presenting) }

// newTraceFrom builds a trace whose epochs declare source.
func newTraceFrom(source string) *trace {
	return &trace{base: base, source: &source}
}

// headerless builds a trace without headers.
func headerless() *trace { return &trace{base: base} }

// mark writes a mark at t µs since the epoch start.
func (tr *trace) mark(us int64, stage string) *trace {
	if tr.source != nil && tr.headed != tr.base {
		fmt.Fprintf(&tr.b, `{"header":"perfbench-latency","version":1,"base_unix_ns":%d,%s}`+"\n", tr.base, *tr.source)
		tr.headed = tr.base
	}
	fmt.Fprintf(&tr.b, `{"t":%d,"base_unix_ns":%d,"stage":%q}`+"\n", us*1000, tr.base, stage)
	return tr
}

// noted writes a mark with a note at t µs.
func (tr *trace) noted(us int64, stage, note string) *trace {
	tr.mark(us, stage)
	b := strings.TrimSuffix(tr.b.String(), "}\n")
	tr.b.Reset()
	fmt.Fprintf(&tr.b, "%s,\"note\":%q}\n", b, note)
	return tr
}

// frame writes f.begin at begin µs, pres.out at present and f.end at end.
func (tr *trace) frame(begin, present, end int64) *trace {
	return tr.mark(begin, "f.begin").mark(present, "pres.out").mark(end, "f.end")
}

func (tr *trace) summarize(t *testing.T) Summary {
	t.Helper()
	s, err := Summarize(strings.NewReader(tr.b.String()))
	require.NoError(t, err)
	return s
}

// value returns the reading of id (and label).
func value(t *testing.T, s Summary, id, label string) metric.Value {
	t.Helper()
	r, ok := s.Metric(id, label)
	require.True(t, ok, "no reading %s %s", id, label)
	return r.Value
}

func TestSummarizeByHand(t *testing.T) {
	// Four frames; times in µs. The last one lays out for 25 ms.
	tr := newTrace().
		mark(900, "evt.in").
		mark(1000, "f.begin").mark(1300, "f.layout").mark(1500, "pres.out").mark(1600, "f.end").
		mark(17000, "f.begin").mark(17200, "f.layout").mark(17600, "pres.out").mark(17800, "f.end").
		mark(33000, "f.begin").mark(33500, "f.layout").mark(33900, "pres.out").mark(34000, "f.end").
		mark(50000, "f.begin").mark(75000, "f.layout").mark(75500, "pres.out").mark(75600, "f.end")
	s := tr.summarize(t)

	assert.Equal(t, 18, s.Lines)
	assert.Equal(t, 1, s.Headers)
	assert.Equal(t, 17, s.Marks)
	assert.Empty(t, s.Malformed)
	assert.Equal(t, 1, s.Epochs)
	assert.Equal(t, 0, s.Breaks)
	assert.Equal(t, 0, s.Incomplete)

	const us = 1e3 // ns
	tests := []struct {
		id, label string
		want      metric.Value
	}{
		{"frame.count", "", metric.Of(4)},
		// costs 600, 800, 1000, 25600 µs
		{"frame.cost.p50", "", metric.Of(800 * us)},        // rank 2 of 4
		{"frame.cost.p95", "", metric.Not(metric.Missing)}, // needs 20 frames
		{"frame.cost.p99", "", metric.Not(metric.Missing)}, // needs 100
		{"frame.cost.max", "", metric.Of(25600 * us)},
		{"present.count", "", metric.Of(4)},
		// intervals 16100, 16300, 41600 µs: the first present only anchors
		{"present.interval.p50", "", metric.Of(16300 * us)},      // rank 2 of 3
		{"present.interval.p90", "", metric.Not(metric.Missing)}, // needs 10
		{"present.interval.p99", "", metric.Not(metric.Missing)},
		{"present.interval.max", "", metric.Of(41600 * us)},
		{"present.jitter", "", metric.Not(metric.Missing)},
		{"present.fps.avg", "", metric.Of(3 * 1e9 / 74000e3)}, // 3 intervals in 74 ms: 40.5 fps
		{"present.fps.low1", "", metric.Not(metric.Missing)},
		{"present.jank", "", metric.Of(1)},                           // 41.6 ms > 2 × 16.3 ms
		{"stage.p50", "evt.in->f.begin", metric.Not(metric.Missing)}, // one sample
		{"stage.p50", "f.begin->f.layout", metric.Of(300 * us)},      // 300, 200, 500, 25000: rank 2
		{"stage.p50", "f.layout->pres.out", metric.Of(400 * us)},     // 200, 400, 400, 500
		{"stage.p50", "pres.out->f.end", metric.Of(100 * us)},        // 100, 200, 100, 100
	}
	for _, tt := range tests {
		t.Run(tt.id+" "+tt.label, func(t *testing.T) {
			assert.Equal(t, tt.want, value(t, s, tt.id, tt.label))
		})
	}
	var labels []string
	for _, r := range s.Metrics {
		if r.ID == "stage.p50" {
			labels = append(labels, r.Label)
		}
	}
	assert.Equal(t, []string{"evt.in->f.begin", "f.begin->f.layout", "f.layout->pres.out", "pres.out->f.end"}, labels,
		"spans in the order they first appear")
}

func TestSessionAverageFPSIsNotTheMeanOfPerSecondFPS(t *testing.T) {
	// One long frame. Presents (pres.out), in ms from the first:
	//   0, 10, 20, …, 1000   100 intervals of 10 ms  (second 1)
	//   2000                 one interval of 1000 ms (the long frame)
	//   2010, …, 2500        50 intervals of 10 ms
	// Session average: N × 1e9 / Σd = 151 × 1e9 / 2.5e9 = 60.4 fps.
	// A 1 Hz publisher reading FPS (presents in the trailing second) at
	// 1 s and 2 s, while the session lasts, reads 100 and 1: a mean of
	// 50.5 fps (with a third reading at 3 s, 50, it would be 50.3). The
	// summary reports the former.
	var presents []int64 // µs
	for p := int64(0); p <= 1000_000; p += 10_000 {
		presents = append(presents, p)
	}
	for p := int64(2000_000); p <= 2500_000; p += 10_000 {
		presents = append(presents, p)
	}
	require.Len(t, presents, 152)

	const lead = 5000 // µs: each frame begins 5 ms before its present
	tr := newTrace()
	for _, p := range presents {
		tr.frame(p+lead-2000, p+lead, p+lead+100)
	}
	s := tr.summarize(t)
	assert.Equal(t, metric.Of(151), metric.Of(float64(mustReading(t, s, "present.fps.avg").N)))
	assert.Equal(t, metric.Of(60.4), value(t, s, "present.fps.avg", ""))

	// The mean of per-second FPS, from the rolling count read on a 1 Hz
	// tick from the first present while the session lasts.
	var fps metric.RollingCount[clock.Mono]
	o := metric.Origin{Epoch: base}
	fps.Start(o, us(lead))
	var perSecond []float64
	tick := int64(lead) + 1000_000
	for _, p := range presents {
		for p+lead > tick {
			v, ok := fps.Read(o, us(tick)).Get()
			require.True(t, ok)
			perSecond = append(perSecond, v)
			tick += 1000_000
		}
		fps.Add(o, us(p+lead))
	}
	assert.Equal(t, []float64{100, 1}, perSecond)
	assert.Equal(t, 50.5, stat.Mean(perSecond, nil))
	assert.NotEqual(t, metric.Of(50.5), value(t, s, "present.fps.avg", ""))
}

func us(n int64) clock.Instant[clock.Mono] { return clock.At[clock.Mono](n * 1000) }

func mustReading(t *testing.T, s Summary, id string) registry.Reading {
	t.Helper()
	r, ok := s.Metric(id, "")
	require.True(t, ok, id)
	return r
}

func TestSummarizeCountsMalformedLines(t *testing.T) {
	in := strings.Join([]string{
		`{"t":1000000,"base_unix_ns":1,"stage":"f.begin"}`,
		`{"t":1500000,"base_unix_ns":1,"stage":"pres.`, // truncated
		``,
		`{"t":1600000,"base_unix_ns":1}`,
		`{"t":"soon","base_unix_ns":1,"stage":"f.end"}`,
		`{"base_unix_ns":1,"stage":"f.end"}`,
		`{"t":1600000,"stage":"f.end"}`,
		`{"t":-5,"base_unix_ns":1,"stage":"f.end"}`,
		`{"t":1600000,"base_unix_ns":1,"stage":""}`,
		`[1, 2]`,
		`{"t":1600000,"base_unix_ns":1,"stage":"f.end","note":7}`,
		`{"t":1700000,"base_unix_ns":1,"stage":"f.end"}`,
	}, "\n") // no newline after the last line: it still counts
	s, err := Summarize(strings.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, 12, s.Lines)
	assert.Equal(t, 2, s.Marks)
	var lines []int
	for _, e := range s.Malformed {
		lines = append(lines, e.Line)
		assert.NotEmpty(t, e.Reason)
	}
	assert.Equal(t, []int{2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, lines)
	assert.Equal(t, "line 3: blank line; want one JSON object per line", s.Malformed[1].Error())
	assert.Equal(t, `line 4: no "stage"`, s.Malformed[2].Error())
	assert.Equal(t, `line 8: "t" is negative (-5)`, s.Malformed[6].Error())
	assert.Equal(t, metric.Of(1), value(t, s, "frame.count", ""))
	assert.Equal(t, metric.Of(0.7e6), value(t, s, "frame.cost.max", ""))
}

func TestSummarizeBreaksChainsAtEpochs(t *testing.T) {
	tr := newTrace().
		frame(1000, 1500, 1600).
		frame(17000, 17500, 17600).
		mark(33000, "f.begin") // the process restarts mid-frame
	tr.base += 9_000_000_000 // the new epoch's t starts over
	tr.frame(1000, 1200, 1300).frame(18000, 18200, 18300)
	s := tr.summarize(t)
	assert.Equal(t, 2, s.Epochs)
	assert.Equal(t, 1, s.Breaks)
	assert.Equal(t, 1, s.Incomplete, "the frame cut by the epoch")
	assert.Equal(t, metric.Of(4), value(t, s, "frame.count", ""))
	assert.Equal(t, metric.Of(4), value(t, s, "present.count", ""))
	// Two intervals of 16 ms and 17 ms; none across the epochs
	// (1200 − 17500 would be negative, 1200 + 9 s − 17500 invented).
	r := mustReading(t, s, "present.interval.max")
	assert.Equal(t, 2, r.N)
	assert.Equal(t, metric.Of(17e6), r.Value)
}

func TestSummarizeBreaksChainsWhenTimeRunsBackwards(t *testing.T) {
	tr := newTrace().
		frame(1000, 1500, 1600).
		frame(17000, 17500, 17600).
		mark(40000, "f.begin").
		frame(20000, 20500, 20600). // same epoch, earlier t
		frame(37000, 37400, 37600)
	s := tr.summarize(t)
	assert.Equal(t, 1, s.Epochs)
	assert.Equal(t, 1, s.Breaks)
	assert.Equal(t, 1, s.Incomplete, "the frame cut by the break")
	assert.Equal(t, metric.Of(4), value(t, s, "frame.count", ""))
	r := mustReading(t, s, "present.interval.max")
	assert.Equal(t, 2, r.N, "20500 − 17500 crosses the break")
	assert.Equal(t, metric.Of(16.9e6), r.Value)
}

func TestSummarizeIncompleteFrames(t *testing.T) {
	tr := newTrace().
		mark(500, "f.end"). // no f.begin
		mark(1000, "f.begin").
		frame(2000, 2500, 2600). // the f.begin at 1000 never ended
		mark(3000, "f.begin")    // nor does this one
	s := tr.summarize(t)
	assert.Equal(t, 3, s.Incomplete)
	assert.Equal(t, metric.Of(1), value(t, s, "frame.count", ""))
	assert.Equal(t, metric.Of(0.6e6), value(t, s, "frame.cost.max", ""), "f.end − the frame's own f.begin")
}

func TestSummarizeWithoutPresents(t *testing.T) {
	// A frame the null renderer drew: no pres.out. Present metrics are
	// missing, not 0; the count of pres.out marks is a true 0.
	s := newTrace().mark(1000, "f.begin").mark(1200, "f.end").
		mark(17000, "f.begin").mark(17300, "f.end").summarize(t)
	assert.Equal(t, metric.Of(0), value(t, s, "present.count", ""))
	for _, id := range []string{"present.interval.p50", "present.interval.max", "present.fps.avg", "present.fps.low1", "present.jank", "present.jitter"} {
		assert.Equal(t, metric.Not(metric.Missing), value(t, s, id, ""), id)
	}
	assert.Equal(t, metric.Of(0.2e6), value(t, s, "frame.cost.p50", ""), "200 µs and 300 µs: rank 1")
}

func TestSummarizeErrors(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  error
		lines int
		bad   int
	}{
		{"empty", "", ErrEmpty, 0, 0},
		{"blank lines", "\n\n", ErrNoFrames, 2, 2},
		{"garbage", "hello\nworld\n", ErrNoFrames, 2, 2},
		{"marks but no frame", `{"t":1,"base_unix_ns":1,"stage":"evt.in"}` + "\n", ErrNoFrames, 1, 0},
		{"a frame that never ends", `{"t":1,"base_unix_ns":1,"stage":"f.begin"}` + "\n", ErrNoFrames, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Summarize(strings.NewReader(tt.in))
			require.ErrorIs(t, err, tt.want)
			assert.Equal(t, tt.lines, s.Lines)
			assert.Len(t, s.Malformed, tt.bad)
			assert.Nil(t, s.Metrics)
		})
	}
	t.Run("read error", func(t *testing.T) {
		boom := errors.New("boom")
		_, err := Summarize(iotest.ErrReader(boom))
		assert.ErrorIs(t, err, boom)
	})
}

func TestSummarizeCRLF(t *testing.T) {
	in := "{\"t\":1000,\"base_unix_ns\":1,\"stage\":\"f.begin\"}\r\n{\"t\":3000,\"base_unix_ns\":1,\"stage\":\"f.end\"}\r\n"
	s, err := Summarize(strings.NewReader(in))
	require.NoError(t, err)
	assert.Empty(t, s.Malformed)
	assert.Equal(t, metric.Of(2000), value(t, s, "frame.cost.max", ""))
}

func TestSummarizeTestdata(t *testing.T) {
	tests := []struct {
		file                            string
		lines, malformed, frames, epoch int
		intervals                       int
	}{
		// 40 frames at 60 Hz, every fifth followed by an idle refresh,
		// frame 17 laying out for 25 ms.
		{"basic.jsonl", 454, 0, 40, 1, 39},
		// 12 frames, a restart, 12 more: each epoch's first present anchors.
		{"epochs.jsonl", 272, 0, 24, 2, 22},
		// 4 frames, 5 malformed lines, 4 frames.
		{"malformed.jsonl", 97, 5, 8, 1, 7},
		// Recorded from the engine: the hover, click and scroll phases
		// at a middle gallery size, 40 steps each, one epoch each.
		{"engine.jsonl", 1227, 0, 123, 3, 120},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open("testdata/" + tt.file)
			require.NoError(t, err)
			defer f.Close()
			// Recorded before traces had headers, and summarised then
			// under definition set 1, which replays them as they were.
			s, err := SummarizeWith(f, Options{Defs: 1})
			require.NoError(t, err)
			assert.Equal(t, tt.lines, s.Lines)
			assert.Len(t, s.Malformed, tt.malformed)
			assert.Equal(t, tt.lines-tt.malformed, s.Marks)
			assert.Equal(t, metric.Of(float64(tt.frames)), value(t, s, "frame.count", ""))
			assert.Equal(t, tt.epoch, s.Epochs)
			assert.Equal(t, tt.epoch-1, s.Breaks)
			assert.Equal(t, 0, s.Incomplete)
			assert.Equal(t, tt.intervals, mustReading(t, s, "present.fps.avg").N)
		})
	}
}

// A trace recorded before headers existed comes from an unknown source:
// its frame costs are facts, but nothing says whether its frames were
// scheduled by a real clock or presented, so no rate or interval is
// derived from it — and the reading says why.
func TestSummarizeHeaderlessTraceIsSourceUnknown(t *testing.T) {
	tr := headerless().mark(900, "evt.in")
	for i := int64(0); i < 30; i++ {
		tr.frame(1000+i*16700, 1500+i*16700, 1600+i*16700)
	}
	s := tr.summarize(t)
	require.Len(t, s.Sources, 1)
	assert.False(t, s.Sources[0].Declared)
	assert.Equal(t, "source unknown (no header)", s.Sources[0].String())
	assert.Equal(t, metric.Of(30), value(t, s, "frame.count", ""))
	assert.Equal(t, metric.Of(600e3), value(t, s, "frame.cost.p50", ""))
	for _, id := range []string{"present.count", "present.interval.p50", "present.fps.avg", "frame.rate.avg", "frame.interval.p50", "input.to.end.p50", "input.to.present.p50"} {
		r := mustReading(t, s, id)
		assert.Equal(t, metric.Not(metric.Missing), r.Value, id)
		assert.Contains(t, r.Why, "source unknown", id)
	}
	// Replayed under set 1, which did not ask: the numbers v1 printed.
	s1, err := SummarizeWith(strings.NewReader(tr.b.String()), Options{Defs: 1})
	require.NoError(t, err)
	assert.Equal(t, metric.Of(16.7e6), value(t, s1, "present.interval.p50", ""))
	assert.Equal(t, 1, mustReading(t, s1, "present.interval.p50").Version)
}

// A trace recorded on a virtual clock with the null renderer: frames ran
// back to back, a few µs apart, and nothing was presented. No
// presentation rate, interval or input latency comes out of it; frame
// costs and the spans inside a frame do.
func TestSummarizeVirtualNullTraceHasNoPresentationRate(t *testing.T) {
	tr := newTraceFrom(`"clock":"mono","timing":"virtual","renderer":"null","presents":false`)
	for i := int64(0); i < 40; i++ {
		b := 100 + i*8 // µs: 8 µs apart, as a virtual clock draws them
		tr.mark(b-1, "evt.in").mark(b, "f.begin").mark(b+3, "p.draw").mark(b+4, "pres.out").mark(b+5, "f.end")
	}
	s := tr.summarize(t)
	assert.Equal(t, "virtual timing, null renderer, not presented", s.Sources[0].String())
	for _, id := range []string{"present.count", "present.interval.p50", "present.interval.max", "present.fps.avg", "present.jank", "present.jitter", "frame.rate.avg", "frame.interval.p50", "input.to.end.p50", "input.to.present.p50", "wait.out.share"} {
		r := mustReading(t, s, id)
		assert.Equal(t, metric.Not(metric.NotApplicable), r.Value, id)
		assert.Contains(t, r.Why, "virtual timing", id)
	}
	assert.Equal(t, metric.Of(5e3), value(t, s, "frame.cost.p50", ""))
	assert.Equal(t, metric.Of(40), value(t, s, "input.count", ""))
	assert.Equal(t, metric.Of(3e3), value(t, s, "stage.p50", "f.begin->p.draw"))
	r, ok := s.Metric("stage.p50", "evt.in->f.begin")
	require.True(t, ok)
	assert.Equal(t, metric.Not(metric.NotApplicable), r.Value, "the wait for a virtual refresh is not physical")

	// Definition set 1 reports what it always did — with its version.
	s1, err := SummarizeWith(strings.NewReader(tr.b.String()), Options{Defs: 1})
	require.NoError(t, err)
	old := mustReading(t, s1, "present.fps.avg")
	assert.Equal(t, 1, old.Version)
	assert.Equal(t, metric.Of(125000), old.Value, "8 µs apart: the impossible number v1 published")
}

// On a real clock with the null renderer the loop's frame rate, waits and
// input latency to the end of the frame are physical; presentations are
// not, because nothing was presented.
func TestSummarizeRealNullTrace(t *testing.T) {
	tr := newTraceFrom(`"clock":"mono","timing":"real","renderer":"null","presents":false`)
	// Each 16.7 ms: parked for input 10 ms, input, waits 6 ms for the
	// refresh, a 500 µs frame, then parks again.
	for i := int64(0); i < 30; i++ {
		t0 := i * 16700
		tr.mark(t0, "wait.in").mark(t0+10000, "loop.wake").mark(t0+10010, "evt.in").
			mark(t0+10020, "wait.out").mark(t0+16000, "loop.wake").
			mark(t0+16010, "f.begin").mark(t0+16400, "r.record").mark(t0+16450, "pres.out").mark(t0+16510, "f.end")
	}
	s := tr.summarize(t)
	assert.Equal(t, metric.Of(16.7e6), value(t, s, "frame.interval.p50", ""))
	assert.InDelta(t, 59.88, mustValue(t, s, "frame.rate.avg"), 0.01)
	assert.Equal(t, metric.Of(6500e3), value(t, s, "input.to.end.p50", ""))
	assert.Equal(t, metric.Of(5980e3), value(t, s, "wait.out.p50", ""))
	// 30 waits of 5.98 ms and 30 of 10 ms over the loop's time, from
	// its first mark to its last (the 30th loop.wake, 29 × 16.7 + 16 ms).
	loop := 29*16700 + 16000.0
	assert.InDelta(t, 30*5980/loop, mustValue(t, s, "wait.out.share"), 1e-12)
	assert.InDelta(t, 30*10000/loop, mustValue(t, s, "wait.in.share"), 1e-12)
	assert.Equal(t, metric.Of(1), value(t, s, "frame.interval.dist", "1 refresh"))
	assert.Equal(t, metric.Of(0), value(t, s, "frame.interval.dist", "2 refreshes"))
	for _, id := range []string{"present.count", "present.fps.avg", "input.to.present.p50"} {
		r := mustReading(t, s, id)
		assert.Equal(t, metric.Not(metric.NotApplicable), r.Value, id)
		assert.Contains(t, r.Why, "null renderer presents nothing", id)
	}
}

func TestSummarizeInputToPresent(t *testing.T) {
	tr := newTrace()
	for i := int64(0); i < 20; i++ {
		t0 := i * 16700
		// Two inputs merged into one frame: each has its own latency.
		tr.mark(t0, "evt.in").mark(t0+1000, "evt.in").mark(t0+5000, "f.begin").mark(t0+5600, "pres.out").mark(t0+5700, "f.end")
	}
	s := tr.summarize(t)
	r := mustReading(t, s, "input.to.present.p95")
	assert.Equal(t, 40, r.N)
	assert.Equal(t, metric.Of(5600e3), r.Value)
	assert.Equal(t, metric.Of(4600e3), value(t, s, "input.to.present.p50", ""))
	assert.Equal(t, metric.Of(20), value(t, s, "present.count", ""))
}

func TestSummarizeLeavesOutEpochsThatCannotCarryAMetric(t *testing.T) {
	tr := newTrace().frame(1000, 1500, 1600).frame(17700, 18200, 18300).frame(34400, 34900, 35000)
	virtual := `"clock":"mono","timing":"virtual","renderer":"null","presents":false`
	tr.source = &virtual
	tr.base++
	tr.frame(10, 15, 16).frame(20, 25, 26)
	s := tr.summarize(t)
	r := mustReading(t, s, "present.interval.max")
	assert.Equal(t, metric.Of(16.7e6), r.Value)
	assert.Equal(t, "1 epoch left out: virtual timing: frames ran back to back on a virtual scheduler", r.Why)
	assert.Equal(t, metric.Of(5), value(t, s, "frame.count", ""))
}

func TestSummarizeRejectsForeignHeaders(t *testing.T) {
	in := strings.Join([]string{
		`{"header":"chrome-trace","version":1,"base_unix_ns":1,"clock":"mono"}`,
		`{"header":"perfbench-latency","version":9,"base_unix_ns":1,"clock":"mono"}`,
		`{"header":"perfbench-latency","version":1,"base_unix_ns":1,"clock":"tsc"}`,
		`{"header":"perfbench-latency","version":1,"clock":"mono"}`,
		`{"t":1000,"base_unix_ns":1,"stage":"f.begin"}`,
		`{"t":2000,"base_unix_ns":1,"stage":"f.end"}`,
	}, "\n")
	s, err := Summarize(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, s.Malformed, 4)
	assert.Contains(t, s.Malformed[0].Reason, "not a perfbench latency trace")
	assert.Contains(t, s.Malformed[1].Reason, "version")
	assert.Contains(t, s.Malformed[2].Reason, "clock")
	assert.Contains(t, s.Malformed[3].Reason, "base_unix_ns")
	assert.False(t, s.Sources[0].Declared)
}

// Frames drawn while the window was in the background are nobody's: no
// rate, interval or latency is taken from them, and no interval spans the
// change. A window that was never in the foreground reads not-foreground.
func TestSummarizeLeavesOutTheBackground(t *testing.T) {
	tr := newTrace()
	frame := func(t0 int64) { tr.mark(t0, "evt.in").frame(t0+5000, t0+5600, t0+5700) }
	for i := int64(0); i < 4; i++ {
		frame(i * 16700)
	}
	tr.noted(4*16700, "win.fg", "background")
	for i := int64(4); i < 8; i++ {
		frame(i * 100000) // slowly, nobody watching
	}
	tr.noted(900000, "win.fg", "foreground")
	for i := int64(0); i < 3; i++ {
		frame(1000000 + i*16700)
	}
	s := tr.summarize(t)
	assert.Equal(t, metric.Of(11), value(t, s, "frame.count", ""), "background frames cost what they cost")
	r := mustReading(t, s, "present.interval.max")
	assert.Equal(t, metric.Of(16.7e6), r.Value, "no interval spans the background")
	assert.Equal(t, 5, r.N, "3 + 2: each foreground run's first present anchors")
	assert.Equal(t, "4 frames drawn in the background left out", r.Why)
	assert.Equal(t, 7, mustReading(t, s, "input.to.present.p50").N)

	bg := newTrace().noted(1, "win.fg", "background")
	for i := int64(0); i < 5; i++ {
		bg.frame(10+i*16700, 500+i*16700, 600+i*16700)
	}
	s = bg.summarize(t)
	r = mustReading(t, s, "present.fps.avg")
	assert.Equal(t, metric.Not(metric.NotForeground), r.Value)
	assert.Contains(t, r.Why, "background")
}

func mustValue(t *testing.T, s Summary, id string) float64 {
	t.Helper()
	v, ok := mustReading(t, s, id).Value.Get()
	require.True(t, ok, "%s is %v", id, mustReading(t, s, id).Value)
	return v
}

func BenchmarkSummarize(b *testing.B) {
	trace, err := os.ReadFile("testdata/engine.jsonl")
	require.NoError(b, err)
	lines := strings.Count(string(trace), "\n")
	b.ReportAllocs()
	b.SetBytes(int64(len(trace)))
	for b.Loop() {
		if _, err := Summarize(bytes.NewReader(trace)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/mark")
}
