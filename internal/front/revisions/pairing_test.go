package revisions

import (
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/measure/builds"
	"github.com/perfbench/perfbench/internal/publish/progress"
)

// lockedBuffer is a buffer the pairing's ticker and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// pairingRun is a paired run of two scenarios as its schedule reports it:
// a pair of each, their first look (a settles, b runs on), a pair of b,
// b's second and last look.
func pairingRun() []paired.Status {
	looks := []int{1, 2}
	st := func(ran int, elapsed time.Duration, scs ...paired.ScenarioStatus) paired.Status {
		return paired.Status{Ran: ran, Looks: looks, Budget: 20 * time.Second, Elapsed: elapsed, Scenarios: scs}
	}
	b0 := paired.ScenarioStatus{Name: "b"}
	a1 := paired.ScenarioStatus{Name: "a", Pairs: 1, Spent: time.Second}
	b1 := paired.ScenarioStatus{Name: "b", Pairs: 1, Spent: 2 * time.Second}
	aDone := a1
	aDone.Done, aDone.Looked, aDone.Stop = true, true, paired.Settled
	bOn := b1
	bOn.Look, bOn.Looked = 1, true
	b2 := paired.ScenarioStatus{Name: "b", Pairs: 2, Spent: 4 * time.Second, Look: 1}
	bDone := b2
	bDone.Done, bDone.Looked, bDone.Stop = true, true, paired.LastLook
	a1Quiet, b2Quiet := aDone, b2
	a1Quiet.Looked = false
	return []paired.Status{
		st(0, time.Second, a1, b0),
		st(1, 3*time.Second, a1, b1),
		st(-1, 3*time.Second, aDone, bOn),
		st(1, 5*time.Second, a1Quiet, b2Quiet),
		st(-1, 5*time.Second, a1Quiet, bDone),
	}
}

// In a log, a paired run prints a line per side built, its plan and a line
// per look: never one per pair or per round.
func TestPairingLogsEachLook(t *testing.T) {
	var b strings.Builder
	p := newPairing(&b, false)
	p.Building("base", "./cmd/p at main (0123456789ab) with go1.26.8", []string{"the linker's own layout", "-randlayout=1", "-randlayout=2", "-randlayout=3"})
	p.Step("base: building, 1 of 4")
	for _, s := range pairingRun() {
		p.paired(s)
	}
	p.done()
	p.paired(pairingRun()[0]) // after done: nothing more
	assert.Equal(t, "base: building ./cmd/p at main (0123456789ab) with go1.26.8: 4 builds (the linker's own layout, -randlayout=1…3)\n"+
		"paired: 2 scenarios, 1 pairs each before a first look; a scenario with a time still unsure looks again at 2 pairs while its pairs take under 20s\n"+
		"paired a: look 1 of 2 at 1 pairs, 1.00s: settled\n"+
		"paired b: look 1 of 2 at 1 pairs, 2.00s: unsure, on to 2 pairs\n"+
		"paired b: look 2 of 2 at 2 pairs, 4.00s: unsure at its last look\n", b.String())
}

// On a terminal it is one line, redrawn in place (never a newline), that
// names the building step, then the scenario, its pairs and look, how many
// are done and the estimate's range; erased when done, and silent after.
func TestPairingOnATerminalIsOneLine(t *testing.T) {
	var b lockedBuffer
	p := newPairing(&b, true)
	p.Building("base", "./cmd/p at main (0123456789ab) with go1.26.8", []string{"the linker's own layout"})
	p.Step("base: building main (0123456789ab), 1 of 1 (the linker's own layout)")
	run := pairingRun()
	p.paired(run[0])
	p.paired(run[1])
	p.paired(run[2])
	p.done()
	got := b.String()
	n := len(got)
	time.Sleep(2 * progress.Tick)
	assert.Equal(t, n, len(b.String()), "silent once done")
	assert.NotContains(t, got, "\n")
	lines := strings.Split(got, "\r")
	assert.Contains(t, lines, "base: building main (0123456789ab), 1 of 1 (the linker's own layout) · 0s\x1b[K")
	assert.Contains(t, lines, "paired 1s, estimate after round 1 · a 1/1 pairs (look 1 of 2) · 0/2 done\x1b[K")
	// a: 0 pairs to its next look, 1 s to its last; b: 0 and 2 s.
	assert.Contains(t, lines, "paired 3s, 0s–3s left · b 1/1 pairs (look 1 of 2) · 0/2 done\x1b[K")
	assert.Contains(t, lines, "paired 3s, ~2s left · b 1/2 pairs (look 2 of 2) · 1/2 done\x1b[K")
	assert.Equal(t, "\x1b[K", lines[len(lines)-1], "erased last")
	for _, l := range lines {
		assert.Less(t, utf8.RuneCountInString(strings.TrimSuffix(l, "\x1b[K")), 80, "fits the terminal: %q", l)
	}
}

// A nil pairing (--quiet) shows nothing and needs no checks.
func TestNilPairing(t *testing.T) {
	var p *pairing
	p.Step("x")
	p.Building("base", "x", nil)
	n, err := p.Write([]byte("line\n"))
	require.NoError(t, err)
	assert.Equal(t, 5, n)
	p.done()
}

// The paired report says what ran as head: this binary alone, by the
// revision its build records, this binary with the layout builds of HEAD
// it made, or the builds handed in.
func TestHeadLabelSaysWhatRanAsHead(t *testing.T) {
	stamped := func(settings ...debug.BuildSetting) *debug.BuildInfo { return &debug.BuildInfo{Settings: settings} }
	clean := stamped(debug.BuildSetting{Key: "vcs.revision", Value: "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567"},
		debug.BuildSetting{Key: "vcs.modified", Value: "false"})
	dirty := stamped(debug.BuildSetting{Key: "vcs.revision", Value: "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567"},
		debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	assert.Equal(t, "this binary, built from 0a1b2c3d4e5f", headLabel(nil, builds.Set{}, clean))
	assert.Equal(t, "this binary, built from 0a1b2c3d4e5f with uncommitted changes", headLabel(nil, builds.Set{}, dirty))
	assert.Equal(t, "this binary, whose build records no revision", headLabel(nil, builds.Set{}, stamped()), "go run stamps none")
	assert.Equal(t, "this binary, whose build records no revision", headLabel(nil, builds.Set{}, nil))
	layouts := builds.Set{Bins: []string{"b1", "b2", "b3"}, Label: "HEAD (0a1b2c3d4e5f)"}
	assert.Equal(t, "this binary, built from 0a1b2c3d4e5f, and 3 builds of HEAD (0a1b2c3d4e5f) with other layouts", headLabel(nil, layouts, clean))
	assert.Equal(t, "a, b", headLabel([]string{"a", "b"}, layouts, clean), "the builds handed in")
}
