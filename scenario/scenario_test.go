package scenario_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

func TestLookupUnknownListsTheValidNames(t *testing.T) {
	registerOnce(scenario.Scenario{Name: "lookup-known", Run: func(*scenario.Session) error { return nil }})
	_, err := scenario.Lookup("lookup-knwon")
	require.Error(t, err)
	var ue *scenario.UnknownError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, err.Error(), `unknown scenario "lookup-knwon" (valid: `)
	assert.Contains(t, ue.Valid, "lookup-known")
	assert.NotContains(t, err.Error(), "\n")
}

// This package registers no scenario of its own: a program's names are
// its own (perfbench's are in package suite).
func TestNothingIsRegisteredByThePackage(t *testing.T) {
	for _, name := range scenario.Names() {
		assert.NotContains(t, []string{"idle", "hover-storm", "scroll", "kitchen-sink", "resize", "text-pressure"}, name)
	}
}

func TestRegisterRefusesMalformedDeclarations(t *testing.T) {
	run := func(*scenario.Session) error { return nil }
	count := func(name, unit string) scenario.Number {
		return scenario.Number{Spec: band.Spec{Name: name, Unit: unit, Band: band.Count(0)}, Value: scenario.FrameCount(nil)}
	}
	registerOnce(scenario.Scenario{Name: "taken", Run: run})
	for name, sc := range map[string]scenario.Scenario{
		"bad name":       {Name: "Hover Storm", Run: run},
		"no run":         {Name: "no-run"},
		"taken name":     {Name: "taken", Run: run},
		"duplicate name": {Name: "dup-name", Run: run, Numbers: []scenario.Number{count("a", "a/run"), count("a", "b/run")}},
		"duplicate unit": {Name: "dup-unit", Run: run, Numbers: []scenario.Number{count("a", "x/run"), count("b", "x/run")}},
		"duplicate name on one renderer": {Name: "dup-renderer", Run: run, Numbers: []scenario.Number{
			on(count("a", "a/run"), "cpu", "gpu"), on(count("a", "a/run"), "gpu")}},
		"duplicate name beside every renderer": {Name: "dup-every", Run: run, Numbers: []scenario.Number{
			count("a", "a/run"), on(count("a", "a/run"), "gpu")}},
		"blank in unit": {Name: "blank-unit", Run: run, Numbers: []scenario.Number{count("a", "µs per frame")}},
		"no band":       {Name: "no-band", Run: run, Numbers: []scenario.Number{{Spec: band.Spec{Name: "a", Unit: "a/run"}, Value: scenario.FrameCount(nil)}}},
		"no value":      {Name: "no-value", Run: run, Numbers: []scenario.Number{{Spec: band.Spec{Name: "a", Unit: "a/run", Band: band.Count(0)}}}},
		"an exact recorded count that varies": {Name: "exact-varies", Run: run, Numbers: []scenario.Number{
			{Spec: band.Spec{Name: "a", Unit: "a/run", Band: band.Record(band.Exactly)}, Value: scenario.FrameCount(nil), Varies: true}}},
	} {
		t.Run(name, func(t *testing.T) {
			before := len(scenario.Names())
			assert.Panics(t, func() { scenario.Register(sc) })
			assert.Len(t, scenario.Names(), before)
		})
	}
}

func on(n scenario.Number, renderers ...string) scenario.Number {
	n.Renderers = renderers
	return n
}

// A number read under some renderers only is left out of a run drawn by
// any other; two such numbers may share a name and unit when no renderer
// reads both (one ceiling per renderer).
func TestANumberIsReadUnderItsRenderersOnly(t *testing.T) {
	frames := func(ceiling float64, renderers ...string) scenario.Number {
		return on(scenario.Number{Spec: band.Spec{Name: "draws", Unit: "draws/run", Band: band.Count(ceiling)}, Value: scenario.FrameCount(nil)}, renderers...)
	}
	sc := scenario.Scenario{Name: "per-renderer", Run: func(s *scenario.Session) error { s.Attach(&toy{}); return nil },
		Numbers: []scenario.Number{
			frames(1, "", "null"), frames(2, "cpu"),
			{Spec: band.Spec{Name: "always", Unit: "always/run", Band: band.Count(0)}, Value: scenario.FrameCount(nil)},
		}}
	registerOnce(sc)
	for renderer, want := range map[string][]string{
		"":     {"draws ≤ 1", "always ≤ 0"},
		"null": {"draws ≤ 1", "always ≤ 0"},
		"cpu":  {"draws ≤ 2", "always ≤ 0"},
		"gpu":  {"always ≤ 0"},
	} {
		var got []string
		for _, m := range sc.MeasureWith(scenario.Options{Renderer: renderer}).Numbers {
			got = append(got, m.Name+" "+m.Band.String())
		}
		assert.Equal(t, want, got, "renderer %q", renderer)
	}
}

// A scenario whose Run never attaches a subject is Broken, every number
// missing.
func TestScenarioWithoutSubjectIsBroken(t *testing.T) {
	sc := scenario.Scenario{Name: "no-window", Run: func(*scenario.Session) error { return nil },
		Numbers: []scenario.Number{{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(0)}, Value: scenario.FrameCount(nil)}}}
	res := sc.Measure()
	assert.Equal(t, "it never opened a window or attached a subject", res.Broken)
	require.Len(t, res.Numbers, 1)
	assert.Empty(t, res.Numbers[0].Samples)
}

// The options a measurement is given reach the session: the renderer the
// runner's child was asked for.
func TestMeasureWithHandsTheOptionsToTheSession(t *testing.T) {
	got := ""
	sc := scenario.Scenario{Name: "options", Run: func(s *scenario.Session) error {
		got = s.Renderer()
		s.Attach(&toy{})
		return nil
	}}
	assert.Empty(t, sc.MeasureWith(scenario.Options{Renderer: "cpu"}).Broken)
	assert.Equal(t, "cpu", got)
	sc.Measure()
	assert.Equal(t, "", got)
}

// registerOnce registers sc unless an earlier run of the test in this
// process did (go test -count=2): the registry is the process's, and a
// name registered twice is a program's bug.
func registerOnce(sc scenario.Scenario) {
	if _, err := scenario.Lookup(sc.Name); err != nil {
		scenario.Register(sc)
	}
}

// A program registers all of its scenarios in one call, in order; one
// malformed among them panics.
func TestRegisterTakesManyInOrder(t *testing.T) {
	run := func(*scenario.Session) error { return nil }
	if _, err := scenario.Lookup("many-one"); err != nil {
		scenario.Register(scenario.Scenario{Name: "many-one", Run: run}, scenario.Scenario{Name: "many-two", Run: run})
	}
	names := scenario.Names()
	i, j := slices.Index(names, "many-one"), slices.Index(names, "many-two")
	require.GreaterOrEqual(t, i, 0)
	assert.Equal(t, i+1, j)
	assert.PanicsWithValue(t, "scenario: many-bad has no Run", func() { scenario.Register(scenario.Scenario{Name: "many-bad"}) })
}
