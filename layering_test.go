package perfbench_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/importgraph"
)

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
	values := []string{"band", "internal/judge/stats", "scenario", "internal/instrument/clock/thread", "internal/measure/valgrind", "internal/measure/stamp"}
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
	// The judge and the revision ratchet write through all of the above,
	// leave an outcome, and know nothing of the runner, the report or
	// each other.
	ratchets := with(docs, "internal/publish/perfdocs", "internal/judge/outcome")
	for pkg, allowed := range map[string][]string{
		// The outcome every judge leaves and every writer reads is made
		// of values alone.
		"internal/judge/outcome":    values,
		"internal/keep/writegroup":  nil,
		"internal/keep/baselines":   files,
		"internal/keep/history":     store,
		"internal/publish/perfdocs": docs,
		"ratchet":                   ratchets,
		"internal/judge/revision":   ratchets,
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
		deps, stray, err := importgraph.Layering(pkg, []string{"scenario", "script", "band", "internal/judge/stats", "internal/instrument/clock/thread", "internal/measure/valgrind"})
		require.NoError(t, err)
		assert.Contains(t, deps, "scenario", "the check sees %s's dependencies", pkg)
		assert.Empty(t, stray, "package %s depends on them", pkg)
	}
}
