package workloads

import (
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/workloads/internal/sample"
)

func gateNames() []string {
	var out []string
	for _, w := range Gates() {
		out = append(out, w.Name)
	}
	return out
}

// The probe is the one document that would make a change to scrolling
// look important; in the gate list it would let such a change justify
// itself against a document nobody ships.
func TestUnvirtualisedProbeIsNotInTheGateList(t *testing.T) {
	assert.NotContains(t, gateNames(), "unvirtualised-probe")
	w, err := Lookup("unvirtualised-probe")
	require.NoError(t, err, "the probe must stay runnable on demand")
	assert.False(t, w.Gate)
}

// glide-split times two halves that no real frame separates.
func TestGlideSplitIsNotInTheGateList(t *testing.T) {
	assert.NotContains(t, gateNames(), "glide-split")
	w, err := Lookup("glide-split")
	require.NoError(t, err, "glide-split must stay runnable on demand")
	assert.False(t, w.Gate)
}

func TestGateList(t *testing.T) {
	assert.Equal(t, []string{"static-slope", "list-slope", "rigid-scroll-slope", "resize-slope", "renderer-slope", "resize-relayouts-per-node"}, gateNames())
	assert.Equal(t, []string{"static-slope", "list-slope", "rigid-scroll-slope", "resize-slope", "renderer-slope", "resize-relayouts-per-node", "unvirtualised-probe", "glide-split", "renderer-slope-gpu"}, Names())
}

func TestLookupListsValidNames(t *testing.T) {
	_, err := Lookup("static")
	assert.EqualError(t, err, `unknown workload "static" (valid: static-slope list-slope rigid-scroll-slope resize-slope renderer-slope resize-relayouts-per-node unvirtualised-probe glide-split renderer-slope-gpu)`)
}

func TestEveryLimitSaysWhy(t *testing.T) {
	for _, w := range All() {
		require.NotEmpty(t, w.Limits, w.Name)
		for _, l := range w.Limits {
			assert.NotEmpty(t, l.Why, "%s: %s", w.Name, l.Name)
			assert.Contains(t, []Shape{Ceiling, Band, Report}, l.Shape, "%s: %s", w.Name, l.Name)
			if l.Shape == Band {
				assert.Less(t, l.Lo, l.Hi, "%s: %s", w.Name, l.Name)
			}
		}
		// Every workload gates something: a count or a ratio, not only
		// reports.
		assert.True(t, slices.ContainsFunc(w.Limits, func(l Limit) bool { return l.Shape != Report }), w.Name)
	}
}

// A missing number is not a pass: every workload fed no measurement, or a
// point with no samples, is Broken in every criterion.
func TestWorkloadFedNoMeasurementIsBroken(t *testing.T) {
	for _, w := range All() {
		for name, m := range map[string]sample.Measurement{
			"no points":         {},
			"a point unsampled": {Points: []sample.Point{{Series: "update", Label: "s1", X: 1, Micros: []float64{1}}, {Series: "update", Label: "s26", X: 2}}},
			"a negative sample": {Points: []sample.Point{{Series: "update", Label: "s1", X: 1, Micros: []float64{-1}}}},
		} {
			cs := w.Judge(m)
			require.NotEmpty(t, cs, "%s, %s", w.Name, name)
			for _, c := range cs {
				assert.Equal(t, band.Broken, c.Verdict, "%s, %s: %s", w.Name, name, c.Name)
			}
			assert.Equal(t, band.Broken, Verdict(cs), "%s, %s", w.Name, name)
		}
	}
}

func TestMeasurementThatPanicsIsBroken(t *testing.T) {
	w := &Workload{Name: "crash", Limits: []Limit{listTime}, measure: func(int) sample.Measurement { panic("renderer gone") }, judge: judgeList}
	r := Run(w, Options{})
	assert.Equal(t, band.Broken, r.Verdict)
	require.Len(t, r.Criteria, 1)
	assert.Contains(t, r.Criteria[0].Detail, "renderer gone")
	assert.False(t, r.Remeasured, "a Broken measurement is not remeasured")
}

func TestNoCriteriaIsBroken(t *testing.T) {
	assert.Equal(t, band.Broken, Verdict(nil))
}

// step returns n identical counter deltas of a wheel frame that recycled
// a row.
func wheelSteps(n int) []counter.Snapshot {
	out := make([]counter.Snapshot, n)
	for i := range out {
		out[i] = counter.Snapshot{FramesDrawn: 1, ChunksTranslated: 16, ListRowsRecycled: 1}
	}
	return out
}

func samples(v float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v * (1 + 0.01*float64(i%3-1)) // a little spread around v
	}
	return out
}

func listMeasurement(one, eight float64) sample.Measurement {
	return sample.Measurement{Points: []sample.Point{
		{Series: "wheel", Label: "1x", X: 1000, Micros: samples(one, 9), Steps: wheelSteps(80)},
		{Series: "wheel", Label: "8x", X: 8000, Micros: samples(eight, 9), Steps: wheelSteps(80)},
	}}
}

func find(t *testing.T, cs []Criterion, l Limit) Criterion {
	t.Helper()
	for _, c := range cs {
		if c.Name == l.Name {
			return c
		}
	}
	t.Fatalf("no criterion %q in %v", l.Name, cs)
	return Criterion{}
}

func TestListSlope(t *testing.T) {
	// A wheel whose cost grows linearly with the model: 1 µs plus 0.5 ns
	// a model row, so 1.5 µs at 1 000 rows and 5 µs at 8 000.
	linear := func(rows float64) float64 { return 1 + 0.0005*rows }
	tests := []struct {
		name       string
		m          sample.Measurement
		time, cnts band.Verdict
	}{
		{"flat passes", listMeasurement(2.0, 2.02), band.Pass, band.Pass},
		{"cheaper for more rows passes", listMeasurement(2.0, 1.9), band.Pass, band.Pass},
		{"linear growth fails", listMeasurement(linear(1000), linear(8000)), band.Fail, band.Pass},
		{"just over the ceiling fails", listMeasurement(2.0, 2.12), band.Fail, band.Pass},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := listSlope.Judge(tt.m)
			assert.Equal(t, tt.time, find(t, cs, listTime).Verdict)
			assert.Equal(t, tt.cnts, find(t, cs, listCounts).Verdict)
		})
	}

	t.Run("a step doing different work fails", func(t *testing.T) {
		m := listMeasurement(2, 2)
		m.Points[1].Steps = wheelSteps(80)
		m.Points[1].Steps[17].BoxesRebuilt = 1
		c := find(t, listSlope.Judge(m), listCounts)
		assert.Equal(t, band.Fail, c.Verdict)
		assert.Equal(t, 1.0, c.Value)
		assert.Contains(t, c.Detail, "step 17: BoxesRebuilt 0 → 1")
	})
	t.Run("a wheel that recycles nothing is Broken", func(t *testing.T) {
		m := listMeasurement(2, 2)
		for i := range m.Points {
			m.Points[i].Steps = []counter.Snapshot{{FramesDrawn: 1}}
		}
		assert.Equal(t, band.Broken, find(t, listSlope.Judge(m), listCounts).Verdict)
	})
	t.Run("a missing half is Broken", func(t *testing.T) {
		m := listMeasurement(2, 2)
		m.Points = m.Points[:1]
		assert.Equal(t, band.Broken, Verdict(listSlope.Judge(m)))
	})
}

func staticMeasurement(cost func(x float64) float64) sample.Measurement {
	var m sample.Measurement
	steps := []counter.Snapshot{{ElementsRestyled: 1, NodesVisited: 2}, {ElementsRestyled: 1, NodesVisited: 2}}
	for _, x := range []float64{2140, 2454, 3082, 4338, 5908, 9990} {
		m.Points = append(m.Points, sample.Point{Series: "update", Label: "s", X: x, Micros: samples(cost(x), 9), Steps: slices.Clone(steps)})
	}
	m.Points[0].Label, m.Points[5].Label = "s1", "s26"
	return m
}

func TestStaticSlope(t *testing.T) {
	t.Run("flat passes", func(t *testing.T) {
		cs := staticSlope.Judge(staticMeasurement(func(float64) float64 { return 0.5 }))
		assert.Equal(t, band.Pass, Verdict(cs))
		assert.InDelta(t, 0, find(t, cs, staticFit).Value, 1e-9)
	})
	t.Run("a walk of the document fails", func(t *testing.T) {
		// 0.5 µs plus 1 ns an element: what visiting every node costs.
		cs := staticSlope.Judge(staticMeasurement(func(x float64) float64 { return 0.5 + x/1000 }))
		c := find(t, cs, staticTime)
		assert.Equal(t, band.Fail, c.Verdict)
		assert.InDelta(t, (0.5+9.99)/(0.5+2.14), c.Value, 1e-9)
		assert.InDelta(t, 1, find(t, cs, staticFit).Value, 1e-9, "the fit recovers 1 ns an element")
	})
	t.Run("counts that grow with the document fail", func(t *testing.T) {
		m := staticMeasurement(func(float64) float64 { return 0.5 })
		m.Points[5].Steps[0].NodesVisited = 9992
		c := find(t, staticSlope.Judge(m), staticCounts)
		assert.Equal(t, band.Fail, c.Verdict)
		assert.Contains(t, c.Detail, "s26 step 0: NodesVisited 2 → 9992")
	})
	t.Run("an update that restyles nothing is Broken", func(t *testing.T) {
		m := staticMeasurement(func(float64) float64 { return 0.5 })
		for i := range m.Points {
			m.Points[i].Steps = []counter.Snapshot{{FramesDrawn: 1}}
		}
		assert.Equal(t, band.Broken, find(t, staticSlope.Judge(m), staticCounts).Verdict)
	})
}

func resizeMeasurement(resizeNs, rebuildNs float64) sample.Measurement {
	var m sample.Measurement
	for _, x := range []float64{2140, 3082, 5908, 9990} {
		m.Points = append(m.Points,
			sample.Point{Series: "resize", Label: "s", X: x, Micros: samples(500+x*resizeNs/1e3, 7),
				Steps: []counter.Snapshot{{NodesRelaidOut: uint64(x), LinesWrapped: 10}}},
			sample.Point{Series: "rebuild", Label: "s", X: x, Micros: samples(9000+x*rebuildNs/1e3, 5)})
	}
	return m
}

func TestResizeSlope(t *testing.T) {
	tests := []struct {
		name              string
		resize, rebuild   float64 // ns an element
		want              band.Verdict
		ratio             float64
		resizeNs, buildNs float64
	}{
		{"a resize at a third of a rebuild passes", 1000, 3000, band.Pass, 1.0 / 3, 1000, 3000},
		{"a resize dearer than most of a rebuild fails", 2700, 3000, band.Fail, 0.9, 2700, 3000},
		{"a resize too cheap to have relaid out fails", 100, 3000, band.Fail, 1.0 / 30, 100, 3000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := resizeSlope.Judge(resizeMeasurement(tt.resize, tt.rebuild))
			c := find(t, cs, resizeRatio)
			assert.Equal(t, tt.want, c.Verdict)
			assert.InDelta(t, tt.ratio, c.Value, 0.01)
			assert.InDelta(t, tt.resizeNs, find(t, cs, resizeFit).Value, 15)
			assert.InDelta(t, tt.buildNs, find(t, cs, rebuildFit).Value, 45)
		})
	}
	t.Run("a rebuild that does not grow is Broken", func(t *testing.T) {
		assert.Equal(t, band.Broken, find(t, resizeSlope.Judge(resizeMeasurement(1000, 0)), resizeRatio).Verdict)
	})
	t.Run("a resize that relays out nothing is Broken", func(t *testing.T) {
		m := resizeMeasurement(1000, 3000)
		m.Points[0].Steps[0].NodesRelaidOut = 0
		assert.Equal(t, band.Broken, Verdict(resizeSlope.Judge(m)))
	})
}

func glideMeasurement(glide, repaint float64, translated, emitted uint64) sample.Measurement {
	return sample.Measurement{Points: []sample.Point{
		{Series: "split", Label: "glide", Micros: samples(glide, 9), Steps: []counter.Snapshot{{ChunksTranslated: translated}}},
		{Series: "split", Label: "repaint", Micros: samples(repaint, 9), Steps: []counter.Snapshot{{ChunksEmitted: emitted}}},
	}}
}

func TestGlideSplit(t *testing.T) {
	assert.Equal(t, band.Pass, Verdict(glideSplit.Judge(glideMeasurement(10, 100, 300, 300))))
	c := find(t, glideSplit.Judge(glideMeasurement(92, 100, 300, 300)), glideRatio)
	assert.Equal(t, band.Fail, c.Verdict, "a glide at nine tenths of a repaint misses the design goal")
	assert.Equal(t, band.Fail, find(t, glideSplit.Judge(glideMeasurement(10, 100, 300, 200)), glideRows).Verdict, "different rows")
	assert.Equal(t, band.Broken, find(t, glideSplit.Judge(glideMeasurement(10, 100, 0, 0)), glideRows).Verdict)
}

func TestProbeJudge(t *testing.T) {
	tr := counter.Snapshot{FramesDrawn: 1, ChunksTranslated: 100}
	m := sample.Measurement{Points: []sample.Point{
		{Series: "table", Label: "240", X: 240, Micros: samples(50, 5), Steps: []counter.Snapshot{tr}},
		{Series: "table", Label: "20000", X: 20000, Micros: samples(50+19760*0.3, 5), Steps: []counter.Snapshot{tr}},
		{Series: "list", Label: "20000", X: 20000, Micros: samples(9, 5), Steps: []counter.Snapshot{tr}},
	}}
	cs := unvirtualisedProbe.Judge(m)
	assert.Equal(t, band.Pass, Verdict(cs))
	assert.InDelta(t, 300, find(t, cs, probePerRow).Value, 10)
	m.Points[1].Steps = []counter.Snapshot{{FramesDrawn: 1, ChunksTranslated: 100, ElementsRestyled: 3}}
	assert.Equal(t, band.Fail, find(t, unvirtualisedProbe.Judge(m), probeTranslation).Verdict)
}

func TestLimitJudge(t *testing.T) {
	ceil := Limit{Name: "c", Shape: Ceiling, Hi: 1}
	bnd := Limit{Name: "b", Shape: Band, Lo: 0.2, Hi: 0.8}
	rep := Limit{Name: "r", Shape: Report}
	tests := []struct {
		l    Limit
		v    float64
		want band.Verdict
	}{
		{ceil, 0, band.Pass},
		{ceil, 1, band.Pass},
		{ceil, 1.0001, band.Fail},
		{bnd, 0.2, band.Pass},
		{bnd, 0.19, band.Fail},
		{bnd, 0.81, band.Fail},
		{rep, 123, band.None},
		{ceil, math.NaN(), band.Broken},
		{rep, math.Inf(1), band.Broken},
		{Limit{Name: "shapeless"}, 1, band.Broken},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.l.Judge(tt.v, "").Verdict, "%s at %v", tt.l.Name, tt.v)
	}
}

func TestCriterionJSONCarriesAMissingValueAsNull(t *testing.T) {
	b, err := json.Marshal(listTime.Broken("missing"))
	require.NoError(t, err)
	assert.Contains(t, string(b), `"value":null`)
	assert.Contains(t, string(b), `"verdict":"broken"`)
	b, err = json.Marshal(listTime.Judge(1.01, ""))
	require.NoError(t, err)
	assert.Contains(t, string(b), `"value":1.01`)
}

// Run measures once more when only time ratios failed, and the second
// judgement stands; a count that failed is never remeasured.
func TestRunRemeasuresOnlyTimeFailures(t *testing.T) {
	sequence := func(ms ...sample.Measurement) func(int) sample.Measurement {
		i := 0
		return func(int) sample.Measurement { i++; return ms[min(i, len(ms))-1] }
	}
	noisy := &Workload{Name: "noisy", Limits: listSlope.Limits, judge: judgeList,
		measure: sequence(listMeasurement(2, 3), listMeasurement(2, 2))}
	r := Run(noisy, Options{})
	assert.True(t, r.Remeasured)
	assert.Equal(t, band.Pass, r.Verdict)
	require.Len(t, r.First, 1)
	assert.Equal(t, listTime.Name, r.First[0].Name)

	r = Run(&Workload{Name: "noisy", Limits: listSlope.Limits, judge: judgeList,
		measure: sequence(listMeasurement(2, 3), listMeasurement(2, 2))}, Options{NoRemeasure: true})
	assert.False(t, r.Remeasured)
	assert.Equal(t, band.Fail, r.Verdict)

	differ := listMeasurement(2, 3)
	differ.Points[1].Steps = wheelSteps(80)
	differ.Points[1].Steps[3].NodesRelaidOut = 5
	calls := 0
	r = Run(&Workload{Name: "counts", Limits: listSlope.Limits, judge: judgeList,
		measure: func(int) sample.Measurement { calls++; return differ }}, Options{})
	assert.False(t, r.Remeasured)
	assert.Equal(t, 1, calls, "a count failure is the same on every run")
	assert.Equal(t, band.Fail, r.Verdict)
}

func TestMedian(t *testing.T) {
	assert.True(t, math.IsNaN(sample.Median(nil)))
	assert.Equal(t, 2.0, sample.Median([]float64{3, 1, 2}))
	assert.Equal(t, 2.5, sample.Median([]float64{4, 1, 3, 2}))
}

func TestRotation(t *testing.T) {
	assert.Equal(t, []int{0, 1, 2}, sample.Rotation(0, 3))
	assert.Equal(t, []int{1, 2, 0}, sample.Rotation(1, 3))
	assert.Equal(t, []int{2, 0, 1}, sample.Rotation(5, 3))
}

func TestRigidSlopeJudge(t *testing.T) {
	steps := func(translated uint64) []counter.Snapshot {
		return []counter.Snapshot{{ChunksTranslated: translated, FramesDrawn: 1}, {ChunksTranslated: translated, FramesDrawn: 1}}
	}
	point := func(label string, micros float64, s []counter.Snapshot) sample.Point {
		return sample.Point{Series: "wheel", Label: label, Micros: []float64{micros, micros, micros}, Steps: s}
	}
	judge := func(one, ten sample.Point) (time, counts Criterion) {
		cs := rigidSlope.Judge(sample.Measurement{Points: []sample.Point{one, ten}})
		return find(t, cs, rigidTime), find(t, cs, rigidCounts)
	}
	tm, c := judge(point("1x", 1, steps(20)), point("10x", 1.05, steps(20)))
	assert.Equal(t, band.Pass, tm.Verdict)
	assert.Equal(t, band.Pass, c.Verdict)
	tm, c = judge(point("1x", 1, steps(20)), point("10x", 3, steps(200)))
	assert.Equal(t, band.Fail, tm.Verdict, "a frame that costs more for more rows fails")
	assert.Equal(t, band.Fail, c.Verdict, "a frame that translates more for more rows fails")
	_, c = judge(point("1x", 1, steps(0)), point("10x", 1, steps(0)))
	assert.Equal(t, band.Broken, c.Verdict, "a wheel that translated nothing measured nothing")
	assert.Equal(t, band.Broken, Verdict(rigidSlope.Judge(sample.Measurement{})))
}

func TestRelayoutsPerNodeJudge(t *testing.T) {
	// points gives the gallery and every seed relaid nodes per node; a
	// negative value leaves that point out.
	points := func(gallery float64, seeds ...float64) sample.Measurement {
		var m sample.Measurement
		add := func(label string, perNode float64) {
			if perNode < 0 {
				return
			}
			m.Points = append(m.Points, sample.Point{Series: relayoutSeries, Label: label, X: 1000, Micros: []float64{100, 100},
				Steps: []counter.Snapshot{{NodesRelaidOut: uint64(perNode * 1000)}}})
		}
		add(relayoutGallery, gallery)
		for i, v := range seeds {
			add(relayoutSeed(i), v)
		}
		return m
	}
	ok := []float64{0.3, 0.5, 1.2, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4, 1.5}
	judge := func(m sample.Measurement) (gallery, generated Criterion) {
		cs := relayoutsPerNode.Judge(m)
		return find(t, cs, galleryRelayouts), find(t, cs, generatedRelayouts)
	}

	g, r := judge(points(0.7, ok...))
	assert.Equal(t, band.Pass, g.Verdict)
	assert.Equal(t, band.Pass, r.Verdict)
	assert.InDelta(t, 1.5, r.Value, 1e-9, "the worst seed is judged")

	worse := slices.Clone(ok)
	worse[6] = 1.6
	g, r = judge(points(1.6, worse...))
	assert.Equal(t, band.Fail, g.Verdict, "1.6 relayouts a node on the gallery fails")
	assert.Equal(t, band.Fail, r.Verdict, "one seed at 1.6 fails the generated documents")
	assert.Contains(t, r.Detail, "seed 6")

	missing := slices.Clone(ok)
	missing[3] = -1
	_, r = judge(points(0.7, missing...))
	assert.Equal(t, band.Broken, r.Verdict, "a seed not measured is Broken")
	g, _ = judge(points(0, ok...))
	assert.Equal(t, band.Broken, g.Verdict, "a resize that relaid nothing out measured nothing")
	assert.Equal(t, band.Broken, Verdict(relayoutsPerNode.Judge(sample.Measurement{})))
}

func TestRelayoutsPerNodeMeasuresEveryDocument(t *testing.T) {
	m, err := relayoutsPerNode.Measure(1)
	require.NoError(t, err)
	cs := relayoutsPerNode.Judge(m)
	require.Len(t, cs, 2)
	for _, c := range cs {
		assert.Equal(t, band.Pass, c.Verdict, "%s: %s", c.Name, c.Detail)
	}
	again, err := relayoutsPerNode.Measure(1)
	require.NoError(t, err)
	for i := range m.Points {
		assert.Equal(t, m.Points[i].Steps, again.Points[i].Steps, "counts are the same on every run: %s", m.Points[i].Label)
	}
}
