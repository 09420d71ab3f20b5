package nonvacuity_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/nonvacuity"
)

// recorder is a testing.TB that keeps what Assert reports instead of
// failing the test that holds it. Anything it does not override goes to
// the real test, so an unexpected call fails loudly.
type recorder struct {
	testing.TB
	errors []string
	fatal  string
	skip   string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Skipf(format string, args ...any) {
	r.skip = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// record runs Assert against a recorder, on a goroutine of its own so that
// Fatalf and Skipf stop it as they would stop a test.
func record(t *testing.T, c counter.Counter, moves, fires nonvacuity.Scenario) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		//nonvacuity:ignore tests Assert itself with counters driven by hand, not the engine
		nonvacuity.Assert(r, c, moves, fires)
	}()
	<-done
	return r
}

// adds is a scenario that adds 3 to each counter it is given.
func adds(name string, cs ...counter.Counter) nonvacuity.Scenario {
	return nonvacuity.Scenario{Name: name, Run: func() {
		for _, c := range cs {
			counter.Add(c, 3)
		}
	}}
}

// skipAndDone is a skip counter of the table and the counter of the work it
// avoids; the tests drive them by hand.
func skipAndDone(t *testing.T) (skip, done counter.Counter) {
	t.Helper()
	if !counter.Enabled {
		t.Skip("counters are compiled out (-tags nocounters)")
	}
	skips := counter.Skips()
	require.NotEmpty(t, skips)
	return skips[0], skips[0].Group().Done
}

func TestAssert(t *testing.T) {
	skip, done := skipAndDone(t)
	other := counter.FramesDrawn
	require.NotEqual(t, skip, other)
	require.NotEqual(t, done, other)

	tests := []struct {
		name         string
		moves, fires nonvacuity.Scenario
		want         []string // one per reported failure, in order
	}{{
		name:  "a correct pair passes",
		moves: adds("the work done", done),
		fires: adds("the work skipped", skip, other),
	}, {
		name:  "a skip that never fires fails",
		moves: adds("the work done", done),
		fires: adds("the work skipped", done),
		want: []string{fmt.Sprintf(`nonvacuity: %v stayed zero in "the work skipped", where the skip must fire: it is deleted, never wired, or the scenario misses it; delta: %v=3`,
			skip, done)},
	}, {
		name:  "a skip that fires in moves fails",
		moves: adds("the work done", done, skip),
		fires: adds("the work skipped", skip),
		want: []string{fmt.Sprintf(`nonvacuity: %v fired (%v=3) in "the work done", where the work must be done; delta: %v`,
			skip, skip, deltaOf(done, skip))},
	}, {
		name:  "a done counter that does not move fails",
		moves: adds("the work done", other),
		fires: adds("the work skipped", skip),
		want: []string{fmt.Sprintf(`nonvacuity: %v: its done counter %v did not move in "the work done", so that scenario does not do the work %v avoids; delta: %v=3`,
			skip, done, skip, other)},
	}, {
		name:  "every failure is reported",
		moves: adds("the work done", skip),
		fires: adds("the work skipped"),
		want: []string{
			fmt.Sprintf(`nonvacuity: %v: its done counter %v did not move in "the work done", so that scenario does not do the work %v avoids; delta: %v=3`, skip, done, skip, skip),
			fmt.Sprintf(`nonvacuity: %v fired (%v=3) in "the work done", where the work must be done; delta: %v=3`, skip, skip, skip),
			fmt.Sprintf(`nonvacuity: %v stayed zero in "the work skipped", where the skip must fire: it is deleted, never wired, or the scenario misses it; delta: {}`, skip),
		},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := record(t, skip, tc.moves, tc.fires)
			assert.Empty(t, r.fatal)
			assert.Equal(t, tc.want, r.errors)

			err := nonvacuity.Check(skip, tc.moves, tc.fires)
			if tc.want == nil {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, strings.Join(tc.want, "\n"))
			}
		})
	}
}

// deltaOf is what Snapshot.String prints when each counter moved by 3.
func deltaOf(cs ...counter.Counter) string {
	var s counter.Snapshot
	for _, c := range cs {
		s.Set(c, 3)
	}
	return s.String()
}

// Misuse is the test's mistake, not the engine's: Assert stops the test
// before running anything.
func TestAssertMisuse(t *testing.T) {
	skip, done := skipAndDone(t)
	ran := false
	run := func() { ran = true }
	ok := nonvacuity.Scenario{Name: "anything", Run: run}

	tests := []struct {
		name         string
		c            counter.Counter
		moves, fires nonvacuity.Scenario
		want         string
	}{
		{"not a skip counter", done, ok, ok,
			fmt.Sprintf("nonvacuity: %v is a %v counter, not a Skip counter: only a counter of work avoided needs a non-vacuity check", done, done.Group())},
		{"not a counter", counter.Counter(-1), ok, ok, "nonvacuity: Counter(-1) is not a counter"},
		{"a scenario with no name", skip, nonvacuity.Scenario{Run: run}, ok,
			fmt.Sprintf("nonvacuity: %v: the moves scenario has no Name", skip)},
		{"a scenario with no run", skip, ok, nonvacuity.Scenario{Name: "idle"},
			fmt.Sprintf(`nonvacuity: %v: the fires scenario "idle" has no Run`, skip)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ran = false
			r := record(t, tc.c, tc.moves, tc.fires)
			assert.Equal(t, tc.want, r.fatal)
			assert.Empty(t, r.errors)
			assert.EqualError(t, nonvacuity.Check(tc.c, tc.moves, tc.fires), tc.want)
			assert.False(t, ran, "a scenario ran")
		})
	}
}

// Assert holds counter.Exclusive while a scenario runs, so no other test's
// work lands in its numbers.
func TestScenarioRunsExclusive(t *testing.T) {
	skip, done := skipAndDone(t)
	acquired := make(chan struct{})
	moves := nonvacuity.Scenario{Name: "the work done", Run: func() {
		go func() {
			release := counter.Exclusive()
			defer release()
			close(acquired)
		}()
		select {
		case <-acquired:
			t.Error("another reader took the counters while a scenario ran")
		case <-time.After(20 * time.Millisecond):
		}
		counter.Add(done, 1)
	}}
	require.NoError(t, nonvacuity.Check(skip, moves, adds("the work skipped", skip)))
	select {
	case <-acquired:
	case <-time.After(10 * time.Second):
		t.Fatal("the counters were not released after the check")
	}
}

// A scenario that panics does not leave the counters locked.
func TestPanickingScenarioReleases(t *testing.T) {
	skip, _ := skipAndDone(t)
	boom := nonvacuity.Scenario{Name: "a crash", Run: func() { panic("boom") }}
	func() {
		defer func() { assert.Equal(t, "boom", recover()) }()
		_ = nonvacuity.Check(skip, boom, boom)
	}()
	release := counter.Exclusive()
	release()
}

func TestCompiledOut(t *testing.T) {
	if counter.Enabled {
		t.Skip("counters are compiled in; run with -tags nocounters")
	}
	skip := counter.Skips()[0]
	s := adds("anything", skip)
	assert.True(t, errors.Is(nonvacuity.Check(skip, s, s), nonvacuity.ErrCompiledOut))
	r := record(t, skip, s, s)
	assert.Equal(t, nonvacuity.ErrCompiledOut.Error(), r.skip)
	assert.Empty(t, r.errors)
}
