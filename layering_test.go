package perfbench_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/importgraph"
)

// scenarioParts are a session's parts that package scenario keeps under
// its internal/ (Callgrind's bracketing, the allocation-site recorder, the
// planted slowdown): whatever depends on scenario depends on them, and
// their own imports are held to scenario's stage.
var scenarioParts = []string{"scenario/internal/allocsites", "scenario/internal/callgrind", "scenario/internal/plant"}

// The packages a judged run keeps its files with, each allowed only the
// layers below it (directly or not), so that a reader finds each job in
// one place and no lower layer reaches up into a higher one.
func TestTheRatchetsLayersKeepTheirPlace(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	// What every layer may read: a scenario's results and band's values.
	// No engine's counters nor clocks: a subject's counts reach the record
	// through scenario.CountSource.
	// internal/measure/stamp reads a build's VCS stamp and imports nothing of the
	// module.
	values := append([]string{"band", "internal/judge/stats", "scenario", "internal/instrument/clock/thread", "internal/measure/valgrind", "internal/measure/stamp"}, scenarioParts...)
	with := func(base []string, more ...string) []string { return append(slices.Clone(base), more...) }
	// writegroup is the file layer under all of them: nothing of the
	// module at all.
	files := with(values, "internal/keep/keyfile", "internal/keep/writegroup")
	// The store knows nothing of the judge, the history or the docs.
	store := with(files, "internal/keep/baselines")
	// The history reads the store and nothing above it.
	hist := with(store, "internal/keep/history")
	// The docs render what the store and the history hold, and know
	// neither ratchet: the judge hands them its scenarios as values.
	docs := with(hist, "internal/publish/chart")
	// The revision ratchet's judge reads the store and a paired run's
	// outcome, and writes nothing.
	revision := with(store, "internal/judge/outcome")
	// The ratchet records through all of the above and the revision
	// judge, leaves an outcome, and knows nothing of the runner or the
	// report.
	ratchets := with(docs, "internal/publish/perfdocs", "internal/judge/outcome", "internal/judge/revision")
	for pkg, allowed := range map[string][]string{
		// The outcome every judge leaves and every writer reads is made
		// of values alone.
		"internal/judge/outcome":    values,
		"internal/keep/writegroup":  nil,
		"internal/keep/baselines":   files,
		"internal/keep/history":     store,
		"internal/publish/perfdocs": docs,
		"ratchet":                   ratchets,
		"internal/judge/revision":   revision,
	} {
		_, stray, err := importgraph.Layering(pkg, allowed)
		require.NoError(t, err)
		assert.Empty(t, stray, "package %s depends on them", pkg)
	}
}

// TestTheSubjectsKnowNoEngine reads what the Gio and Fyne subjects depend
// on within the module (go list -deps): a scenario's declaration, its
// record and the program's glue, never perfbench's engine — its counters,
// clocks, window, renderers or gallery. Their counts reach the record
// through scenario.CountSource, as the engine's do.
func TestTheSubjectsKnowNoEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, pkg := range []string{"subject/gio", "subject/fyne"} {
		deps, stray, err := importgraph.Layering(pkg, append([]string{"scenario", "script", "band", "internal/judge/stats", "internal/instrument/clock/thread", "internal/measure/valgrind"}, scenarioParts...))
		require.NoError(t, err)
		assert.Contains(t, deps, "scenario", "the check sees %s's dependencies", pkg)
		// A subject's own internal packages are its own.
		stray = slices.DeleteFunc(stray, func(d string) bool { return strings.HasPrefix(d, pkg+"/internal/") })
		assert.Empty(t, stray, "package %s depends on them", pkg)
	}
}

// stage is a part of the tree, by path prefix ("ui/" is everything under
// ui, "band" the package and any under it), and the prefixes it may import
// from within the module.
type stage struct {
	prefix  string
	allowed []string
}

// under reports whether pkg is within one of prefixes.
func under(pkg string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasSuffix(p, "/") && (strings.HasPrefix(pkg, p) || pkg == strings.TrimSuffix(p, "/")) ||
			pkg == p || strings.HasPrefix(pkg, p+"/") {
			return true
		}
	}
	return false
}

// strays are the imports (pkg → import) that the stages refuse, known
// crossings left out; seen counts the imports a stage's rule judged.
func strays(imports map[string][]string, stages []stage, known map[string]string, checkers []string) (stray []string, seen int) {
	for pkg, deps := range imports {
		for _, d := range deps {
			if _, ok := known[pkg+" "+d]; ok {
				continue
			}
			if strings.HasPrefix(d, "internal/check/") && !under(pkg, checkers) {
				stray = append(stray, pkg+" → "+d+": only perfbench's own front reaches into its checks")
			}
			if strings.HasPrefix(d, "internal/front/") && !under(pkg, fronts) {
				stray = append(stray, pkg+" → "+d+": only harness serves the scenario commands")
			}
			for _, s := range stages {
				if under(pkg, []string{s.prefix}) {
					seen++
					if !under(d, s.allowed) {
						stray = append(stray, pkg+" → "+d+": its stage ("+s.prefix+") may not")
					}
				}
			}
		}
	}
	slices.Sort(stray)
	return stray, seen
}

// The tree's stages, in the order data flows: the engine knows no
// harness, a scenario's declaration knows no engine, and under internal/
// measure and keep know nothing above them, judge reads what was measured
// and kept, publish what was judged; only perfbench's own front (cmd/,
// workloads, the peers) reaches into check.
var (
	declaration = []string{"band", "scenario", "script"}
	stages      = []stage{
		{"ui/", []string{"ui/", "renderer", "internal/instrument/"}},
		{"renderer", []string{"ui/", "renderer", "internal/instrument/"}},
		// The HUD is an element the engine's window draws.
		{"internal/instrument/", []string{"internal/instrument/", "ui/"}},
		{"band", append(slices.Clone(declaration), "internal/judge/stats")},
		{"script", declaration},
		// A scenario times its steps on the thread clock and brackets them
		// for Callgrind: two leaves, no engine.
		{"scenario", append(slices.Clone(declaration), "internal/instrument/clock/thread", "internal/measure/valgrind")},
		{"internal/keep/", append(slices.Clone(declaration), "internal/keep/")},
		{"internal/measure/", append(slices.Clone(declaration), "internal/measure/", "internal/instrument/")},
		{"internal/judge/", append(slices.Clone(declaration), "internal/judge/", "internal/keep/")},
		{"internal/publish/", append(slices.Clone(declaration), "internal/publish/", "internal/judge/", "internal/keep/")},
		// The scenario commands drive every stage in turn (measure, judge,
		// record through the ratchet, publish); harness is their public
		// entry and the only package that imports them.
		{"internal/front/", append(slices.Clone(declaration), "internal/instrument/", "internal/measure/", "internal/judge/",
			"internal/keep/", "internal/publish/", "internal/front/", "ratchet")},
	}
	// The imports that cross a stage today, each with why; judging as a
	// function of what was measured removes them.
	knownCrossings = map[string]string{}
	checkers       = []string{"cmd/", "internal/check/", "workloads", "subject/gio/peer", "subject/fyne/peer"}
	fronts         = []string{"harness", "internal/front/"}
)

// TestEachStageImportsWhatComesBefore reads what every package imports
// within the module (go list, tests left out: a test may reach across the
// stages it checks) and holds each to its stage's rule.
func TestEachStageImportsWhatComesBefore(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	imports, err := importgraph.Imports()
	require.NoError(t, err)
	stray, seen := strays(imports, stages, knownCrossings, checkers)
	assert.Empty(t, stray)
	assert.Greater(t, seen, 80, "the rules saw the module's imports")
}

// The stages' rule refuses an import against the flow, and one into the
// checks from outside the front, and one into the scenario commands from
// outside harness.
func TestTheStagesRefuseAnImportAgainstTheFlow(t *testing.T) {
	imports := map[string][]string{
		"ui/window":               {"ui/document", "internal/instrument/counter", "harness"},
		"internal/keep/history":   {"internal/keep/baselines", "internal/judge/outcome"},
		"internal/judge/paired":   {"internal/measure/runner"},
		"internal/publish/report": {"internal/check/suite"},
		"internal/front/frontend": {"internal/front/cli", "cmd/perfbench"},
		"cmd/perfbench":           {"internal/front/cli"},
	}
	stray, seen := strays(imports, stages, knownCrossings, checkers)
	assert.Equal(t, []string{
		"cmd/perfbench → internal/front/cli: only harness serves the scenario commands",
		"internal/front/frontend → cmd/perfbench: its stage (internal/front/) may not",
		"internal/judge/paired → internal/measure/runner: its stage (internal/judge/) may not",
		"internal/keep/history → internal/judge/outcome: its stage (internal/keep/) may not",
		"internal/publish/report → internal/check/suite: its stage (internal/publish/) may not",
		"internal/publish/report → internal/check/suite: only perfbench's own front reaches into its checks",
		"ui/window → harness: its stage (ui/) may not",
	}, stray)
	assert.Equal(t, 9, seen)
}

// The top level is what a reader of the architecture needs first: the kit
// a program that measures itself imports, the engine, perfbench's own
// front, and internal/ for the rest by stage. A new folder here is a
// decision, made in this list.
func TestTheTopLevelHoldsTheKitTheEngineAndTheFront(t *testing.T) {
	entries, err := os.ReadDir(".")
	require.NoError(t, err)
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			dirs = append(dirs, e.Name())
		}
	}
	assert.Equal(t, []string{
		"band", "cmd", "docs", "examples", "harness", "internal", "nonvacuity", "perf",
		"ratchet", "renderer", "scenario", "script", "subject", "ui", "workloads",
	}, dirs)
}
