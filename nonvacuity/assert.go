package nonvacuity

import (
	"errors"
	"fmt"
	"testing"

	"github.com/perfbench/perfbench/internal/instrument/counter"
)

// Scenario is one interaction driven over the engine.
type Scenario struct {
	// Name says what Run drives, as a phrase ("scrolling a document
	// already painted once"); failure messages quote it.
	Name string
	// Run drives the engine. It must not take counter.Exclusive: Assert
	// holds it while Run runs.
	Run func()
}

// ErrCompiledOut is returned by Check when the counters are compiled out
// (-tags nocounters): every delta reads zero, so nothing can be shown.
// Assert skips the test instead.
var ErrCompiledOut = errors.New("nonvacuity: counters are compiled out (built with -tags nocounters)")

// Assert requires that c, a skip counter, means something: in moves the
// counter of the work c avoids (c.Group().Done) moves and c stays zero; in
// fires c is non-zero. Each broken requirement is reported with t.Errorf,
// naming the counter, the scenario and the delta it produced.
//
// Calling Assert with a counter that is not a skip, or with a scenario
// that has no Name or no Run, is a mistake in the test and stops it with
// t.Fatalf. With counters compiled out the test is skipped.
//
// `perfbench skips` finds calls to Assert by reading the test source, so
// name the counter as counter.Name in the call.
func Assert(t testing.TB, c counter.Counter, moves, fires Scenario) {
	t.Helper()
	if err := misuse(c, moves, fires); err != nil {
		t.Fatalf("%v", err)
		return
	}
	if !counter.Enabled {
		t.Skipf("%v", ErrCompiledOut)
		return
	}
	for _, err := range failures(c, moves, fires) {
		t.Errorf("%v", err)
	}
}

// Check is Assert for code that is not a test (a gate): it returns nil
// when c means something, and otherwise an error listing every broken
// requirement, one per line. A misuse (c is not a skip counter, a scenario
// has no Name or Run) and compiled-out counters (ErrCompiledOut) are
// errors too.
func Check(c counter.Counter, moves, fires Scenario) error {
	if err := misuse(c, moves, fires); err != nil {
		return err
	}
	if !counter.Enabled {
		return ErrCompiledOut
	}
	return errors.Join(failures(c, moves, fires)...)
}

// misuse reports a call that cannot be judged at all.
func misuse(c counter.Counter, moves, fires Scenario) error {
	if c < 0 || int(c) >= counter.Count {
		return fmt.Errorf("nonvacuity: %v is not a counter", c)
	}
	if g := c.Group(); g.Kind != counter.Skip {
		return fmt.Errorf("nonvacuity: %v is a %v counter, not a Skip counter: only a counter of work avoided needs a non-vacuity check", c, g)
	}
	for _, s := range []struct {
		role string
		s    Scenario
	}{{"moves", moves}, {"fires", fires}} {
		if s.s.Name == "" {
			return fmt.Errorf("nonvacuity: %v: the %s scenario has no Name", c, s.role)
		}
		if s.s.Run == nil {
			return fmt.Errorf("nonvacuity: %v: the %s scenario %q has no Run", c, s.role, s.s.Name)
		}
	}
	return nil
}

// failures runs both scenarios and returns each broken requirement.
func failures(c counter.Counter, moves, fires Scenario) []error {
	done := c.Group().Done
	var errs []error

	d := measure(moves)
	if d.Get(done) == 0 {
		errs = append(errs, fmt.Errorf("nonvacuity: %v: its done counter %v did not move in %q, so that scenario does not do the work %v avoids; delta: %v",
			c, done, moves.Name, c, d))
	}
	if n := d.Get(c); n != 0 {
		errs = append(errs, fmt.Errorf("nonvacuity: %v fired (%v=%d) in %q, where the work must be done; delta: %v",
			c, c, n, moves.Name, d))
	}

	d = measure(fires)
	if d.Get(c) == 0 {
		errs = append(errs, fmt.Errorf("nonvacuity: %v stayed zero in %q, where the skip must fire: it is deleted, never wired, or the scenario misses it; delta: %v",
			c, fires.Name, d))
	}
	return errs
}

// measure runs s holding counter.Exclusive and returns what it moved. The
// release is deferred so that a scenario that panics or stops its test
// does not leave the counters locked.
func measure(s Scenario) counter.Snapshot {
	release := counter.Exclusive()
	defer release()
	before := counter.Take()
	s.Run()
	return before.Delta(counter.Take())
}
