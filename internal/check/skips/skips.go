// Package skips is perfbench's skips gate: which Skip counters a test
// (nonvacuity.Assert) or a scenario's floor would notice staying at zero,
// and the report that says so.
package skips

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/nonvacuity"
	"github.com/perfbench/perfbench/scenario"
)

// Floor is a scenario number with a floor on a skip counter.
type Floor struct {
	Counter string
	nonvacuity.Floor
}

// FloorsOf returns the numbers of scenarios that read a skip counter with
// a floor. A floor the ratchet records (band.Record) has no bound in the
// source: its bound is the one recorded in store's counts block, and none
// while perf has recorded none, which covers nothing.
func FloorsOf(scenarios []*scenario.Scenario, store *baselines.Store) []Floor {
	var out []Floor
	for _, sc := range scenarios {
		for _, n := range sc.Numbers {
			c, ok := counter.Lookup(n.Reads)
			if !ok || c.Group().Kind != counter.Skip || n.Band.Direction() != band.AtLeast {
				continue
			}
			floor := n.Band.Ceiling
			if n.Band.Recorded {
				b, _ := store.Bound(baselines.CountKey{Scenario: sc.Name, Number: n.Name})
				floor = b.Bound
			}
			out = append(out, Floor{c.String(), nonvacuity.Floor{Scenario: sc.Name, Number: n.Name, Floor: floor}})
		}
	}
	return out
}

// ModuleRoot returns dir, which must hold a go.mod, or when dir is
// empty the nearest directory at or above the working directory that does.
func ModuleRoot(dir string) (string, error) {
	if dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return "", harness.Usagef("skips: --dir %s: no go.mod there, so it is not a module root", dir)
			}
			return "", harness.Usagef("skips: --dir %s: %v", dir, err)
		}
		return dir, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", harness.Usagef("skips: no go.mod in the working directory or above it; pass --dir")
		}
		d = parent
	}
}

// Write writes the report as a table, one row per asserting call:
//
//	skip counter      avoids          asserted by
//	LayoutsHeld       NodesRelaidOut  ui/layout/layout_test.go:42 TestLayoutsHeld
//	ShapedRunsCached  RunsShaped      none
//
// then the calls marked ignored and a closing count. Problems and missing
// counters are printed by the caller, to stderr, as the gate's failures.
func Write(w io.Writer, r nonvacuity.Report) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "skip counter\tavoids\tasserted by")
	for _, s := range r.Skips {
		done := "?"
		if c, ok := counter.Lookup(s.Counter); ok {
			done = c.Group().Done.String()
		}
		if len(s.Calls) == 0 {
			fmt.Fprintf(tw, "%s\t%s\tnone\n", s.Counter, done)
			continue
		}
		for i, c := range s.Calls {
			if i == 0 {
				fmt.Fprintf(tw, "%s\t%s\t%v\n", s.Counter, done, c)
			} else {
				fmt.Fprintf(tw, "\t\t%v\n", c)
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "skip counter\tfloored by scenario numbers")
	floored := 0
	for _, s := range r.Skips {
		if len(s.Floors) == 0 {
			fmt.Fprintf(tw, "%s\tnone\n", s.Counter)
			continue
		}
		floored++
		for i, f := range s.Floors {
			name := s.Counter
			if i > 0 {
				name = ""
			}
			fmt.Fprintf(tw, "%s\t%v\n", name, f)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, ig := range r.Ignored {
		reason := ig.Reason
		if reason == "" {
			reason = "no reason given"
		}
		fmt.Fprintf(w, "ignored %v (%s)\n", ig.Call, reason)
	}
	asserted := len(r.Skips) - len(r.Missing())
	fmt.Fprintf(w, "%d of %d skip counters asserted, in %d test %s; %d floored by a scenario%s\n",
		asserted, len(r.Skips), r.Files, plural(r.Files, "file", "files"), floored, problemsNote(len(r.Problems)))
	return nil
}

func problemsNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d %s", n, plural(n, "problem", "problems"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Scan reads the module at root: the calls its tests make to
// nonvacuity.Assert, and the floors floors finds in the scenarios with
// the bounds its baselines file records. A test file that does not parse
// and a baselines file that cannot be read are usage errors.
func Scan(root string, floors func(*baselines.Store) []Floor) (nonvacuity.Report, error) {
	r, err := nonvacuity.Scan(root)
	if err != nil {
		return r, harness.Usagef("skips: %v", err)
	}
	store, err := baselines.Load(filepath.Join(root, baselines.DefaultFile))
	if err != nil {
		return r, harness.UsageError{Err: err}
	}
	for _, f := range floors(store) {
		if err := r.Floor(f.Counter, f.Floor); err != nil {
			return r, err
		}
	}
	return r, nil
}
