package report

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/publish/terminal"
)

// benchfmtScenarioKey is the file configuration key that names the
// scenario of the results under it. benchstat makes one table per distinct
// configuration and unit, so no table, and no geomean, ever holds two
// scenarios: a hover-storm frame of 1 µs and a resize frame of 7 000 µs
// Share the unit µs/frame and have nothing else in common.
const benchfmtScenarioKey = "scenario"

// benchfmtDigits is how many decimals of a µs value the output keeps: a
// tenth of a nanosecond, below any clock this measures with, so rounding
// loses nothing real and a median of two samples prints as 3.1495, not
// 3.1494999999999997.
const benchfmtDigits = 4

// writeBenchfmt prints every judged run in the Go benchmark format, grouped
// by scenario: a goos/goarch/cpu/pkg Header; a "Unit U better=lower|higher"
// line for every unit and a "Unit U assume=exact" line for every count's,
// so benchstat summarises a count as the one exact value it is; then for
// each scenario a "scenario: NAME" configuration line and one line per run
// named Scenario/NAME, whose iteration count is the scenario's steps and
// whose values are its numbers (a time's median, a count's value) with
// their units, and for a count with a large bound its distance past the
// bound (see benchfmtPastBound). A broken scenario prints no line for
// that run and is named on errw, as is every number that failed.
func (r *Report) writeBenchfmt(w, errw io.Writer) error {
	runs := append(slices.Clone(r.Earlier), r.Outcome)
	cpu := runs[0].CPU
	base := []benchfmt.Config{
		{Key: "goos", Value: []byte(runtime.GOOS), File: true},
		{Key: "goarch", Value: []byte(runtime.GOARCH), File: true},
		{Key: "cpu", Value: []byte(cpu), File: true},
		{Key: "pkg", Value: []byte(r.Package), File: true},
	}
	var (
		order   []string                          // scenarios in the order first printed
		results = map[string][]*benchfmt.Result{} // per scenario, one per unbroken run
		exact   = map[string]bool{}               // count units
		better  = map[string]string{}             // every unit: which way it improves
		units   []string                          // every unit, in first-seen order
	)
	for _, o := range runs {
		for _, sc := range o.Scenarios {
			if sc.Verdict == band.Broken {
				fmt.Fprintf(errw, "scenario %s: broken: %s\n", sc.Name, strings.Join(strings.Fields(terminal.BrokenReason(sc)), " "))
				continue
			}
			config := append(base[:len(base):len(base)],
				benchfmt.Config{Key: benchfmtScenarioKey, Value: []byte(sc.Name), File: true})
			res := &benchfmt.Result{Config: config, Name: benchfmt.Name("Scenario/" + sc.Name), Iters: max(sc.Steps, 1)}
			for _, n := range sc.Numbers {
				values := []benchfmt.Value{{Value: benchfmtRound(n.Median), Unit: n.Unit}}
				if v, ok := benchfmtPastBound(n); ok {
					values = append(values, v)
				}
				for _, v := range values {
					if _, seen := better[v.Unit]; !seen {
						units = append(units, v.Unit)
					}
					better[v.Unit] = benchfmtBetter(n, v.Unit != n.Unit)
					exact[v.Unit] = n.Band.Kind.Assumption() == benchmath.AssumeExact
				}
				res.Values = append(res.Values, values...)
			}
			if _, ok := results[sc.Name]; !ok {
				order = append(order, sc.Name)
			}
			results[sc.Name] = append(results[sc.Name], res)
			for _, n := range sc.Numbers {
				if n.BandVerdict.Failed() {
					fmt.Fprintf(errw, "scenario %s: %s\n", sc.Name, n)
				}
			}
		}
	}

	var buf bytes.Buffer
	bw := benchfmt.NewWriter(&buf)
	for _, u := range units {
		var ms []*benchfmt.UnitMetadata
		if b := better[u]; b != "" {
			ms = append(ms, &benchfmt.UnitMetadata{UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: u, Key: "better"}, OrigUnit: u, Value: b})
		}
		if exact[u] {
			ms = append(ms, &benchfmt.UnitMetadata{UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: u, Key: "assume"}, OrigUnit: u, Value: "exact"})
		}
		for _, m := range ms {
			if err := bw.Write(m); err != nil {
				return err
			}
		}
	}
	for _, name := range order {
		for _, res := range results[name] {
			if err := bw.Write(res); err != nil {
				return err
			}
		}
	}
	_, err := w.Write(benchfmtWhole(buf.Bytes()))
	return err
}

// benchfmtWhole rewrites each value of the result lines in data that is a
// whole number in full: benchfmt.Writer prints a value with %v, so a count
// of 1 024 000 px read 1.024e+06, which a reader must decode and a grep
// for the count misses. Both read back to the same float64.
func benchfmtWhole(data []byte) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "Benchmark") {
			continue
		}
		body, nl := strings.CutSuffix(l, "\n")
		f := strings.Split(body, " ")
		// Benchmark<name> <iters> then value unit pairs.
		for j := 2; j < len(f); j += 2 {
			v, err := strconv.ParseFloat(f[j], 64)
			if err == nil && strings.ContainsAny(f[j], "eE") && v == math.Trunc(v) && math.Abs(v) < 1<<53 {
				f[j] = strconv.FormatFloat(v, 'f', -1, 64)
			}
		}
		lines[i] = strings.Join(f, " ")
		if nl {
			lines[i] += "\n"
		}
	}
	return []byte(strings.Join(lines, ""))
}

// benchfmtPastBoundFrom is the smallest bound whose count also gets a
// "past its bound" value: benchstat prints four significant digits, so
// from 10 000 on a count's last digit is rounded away (a planted +1 read
// 49.52k → 49.52k, +0.00%); the distance from the bound is small and
// prints whole.
const benchfmtPastBoundFrom = 10000

// benchfmtPastBound returns, for a count whose bound is large enough to
// lose digits in benchstat, how far it lies past its bound in the bound's
// own direction (0 at the bound, negative inside it, +1 one over a
// ceiling or one under a floor) as a value of its own unit, UNIT-past-bound.
// Two builds with the same bands compare it exactly.
func benchfmtPastBound(n outcome.Number) (benchfmt.Value, bool) {
	bound, _ := n.Band.Limit()
	past, ok := n.Band.Past(n.Median)
	if !ok || bound < benchfmtPastBoundFrom || n.BandVerdict == band.Broken {
		return benchfmt.Value{}, false
	}
	return benchfmt.Value{Value: benchfmtRound(past), Unit: n.Unit + "-past-bound"}, true
}

// benchfmtBetter is the better= annotation of a number's unit: lower for
// a time and a count of work done, higher for a floor (work avoided), none
// for an exact count; a past-bound value is always better lower.
func benchfmtBetter(n outcome.Number, pastBound bool) string {
	switch {
	case pastBound:
		return "lower"
	case n.Band.Direction() == band.AtLeast:
		return "higher"
	case n.Band.Direction() == band.Exactly:
		return ""
	}
	return "lower"
}

// benchfmtRound rounds v to benchfmtDigits decimals, so that the writer,
// which prints the shortest form that reads back to the value, prints no
// float noise.
func benchfmtRound(v float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'f', benchfmtDigits, 64), 64)
	if err != nil {
		return v
	}
	return r
}
