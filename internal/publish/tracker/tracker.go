// Package tracker writes a run's numbers in the formats that benchmark
// tracking services read as they are, with no conversion step:
//
//   - Bencher Metric Format (BMF, https://bencher.dev/docs/reference/bencher-metric-format/),
//     which `bencher run --adapter json` reads: one benchmark per scenario,
//     each number a measure named with its unit ([MeasureName]), a time
//     with lower_value and upper_value from its 95% interval, a count with
//     its value alone (it is exact).
//   - github-action-benchmark's custom JSON: an array of {name, unit,
//     value, range, extra}, in one file per kind of number ([GABSet]). The
//     action alerts when an entry's ratio to its previous value passes
//     one threshold for the whole file, and an exact count's +1 is a
//     ratio of 1.00002 where a time's noise is 1.03: no one threshold
//     fits both, so each kind goes in a file of its own, with its own
//     threshold.
//
// Both writers check what the services check — a benchmark name 1 to 1024
// bytes, a measure name 1 to 50, finite values — and refuse, before
// writing anything, a run they would reject.
package tracker

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Better says which way a number improves.
type Better string

const (
	// Lower is a time or a count of work done (a ceiling).
	Lower Better = "lower"
	// Higher is a count of work avoided (a floor).
	Higher Better = "higher"
	// Neither is a count the design fixes exactly: any change is wrong.
	Neither Better = "exact"
)

// Kind is what sort of number a measure is, which decides the
// github-action-benchmark file it goes in.
type Kind string

const (
	// Time is an estimate from samples, with an interval when there are
	// enough of them.
	Time Kind = "time"
	// Count is an exact count of work done or avoided.
	Count Kind = "count"
	// Instructions is a count of instructions retired: near exact, but
	// judged within a small tolerance, since the runtime adds a few.
	Instructions Kind = "instructions"
)

// Measure is one number of a benchmark.
type Measure struct {
	// Kind is the sort of number it is.
	Kind Kind
	// Name names the number within its benchmark ("frame", "restyles").
	Name string
	// Unit is its unit ("µs/frame", "restyles/frame").
	Unit string
	// Value is a time's estimate or a count's value.
	Value float64
	// Lower and Upper are a time's 95% interval; HasInterval says there is
	// one (a count is exact and has none).
	Lower, Upper float64
	HasInterval  bool
	// Better says which way it improves.
	Better Better
}

// Benchmark is one scenario's numbers.
type Benchmark struct {
	Name     string
	Measures []Measure
}

// The limits Bencher validates a BMF document against: a benchmark name
// of 1 to 1024 bytes, a measure name (a resource name) of 1 to 50.
const (
	MaxBenchmarkName = 1024
	MaxMeasureName   = 50
)

// check refuses what a service would reject, naming it.
func check(bs []Benchmark) error {
	seen := map[string]bool{}
	for _, b := range bs {
		if len(b.Name) == 0 || len(b.Name) > MaxBenchmarkName {
			return fmt.Errorf("tracker: benchmark name %q: want 1 to %d bytes", b.Name, MaxBenchmarkName)
		}
		if seen[b.Name] {
			return fmt.Errorf("tracker: benchmark %q twice", b.Name)
		}
		seen[b.Name] = true
		names := map[string]bool{}
		for _, m := range b.Measures {
			if len(m.Name) == 0 || len(m.Name) > MaxMeasureName {
				return fmt.Errorf("tracker: %s: measure name %q: want 1 to %d bytes", b.Name, m.Name, MaxMeasureName)
			}
			if names[m.Name] {
				return fmt.Errorf("tracker: %s: measure %q twice", b.Name, m.Name)
			}
			names[m.Name] = true
			for _, v := range []float64{m.Value, m.Lower, m.Upper} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("tracker: %s %s: %v is not a finite number", b.Name, m.Name, v)
				}
			}
			if m.HasInterval && !(m.Lower <= m.Value && m.Value <= m.Upper) {
				return fmt.Errorf("tracker: %s %s: interval [%v, %v] does not hold its value %v", b.Name, m.Name, m.Lower, m.Upper, m.Value)
			}
		}
	}
	return nil
}

// bmfMetric is one measure as BMF writes it.
type bmfMetric struct {
	Value      float64  `json:"value"`
	LowerValue *float64 `json:"lower_value,omitempty"`
	UpperValue *float64 `json:"upper_value,omitempty"`
}

// WriteBMF writes bs as one Bencher Metric Format document:
// {benchmark: {measure: {value, lower_value, upper_value}}}, keys sorted so
// the same run gives the same bytes.
func WriteBMF(w io.Writer, bs []Benchmark) error {
	if err := check(bs); err != nil {
		return err
	}
	doc := map[string]map[string]bmfMetric{}
	for _, b := range bs {
		ms := map[string]bmfMetric{}
		for _, m := range b.Measures {
			if name := MeasureName(m.Name, m.Unit); len(name) > MaxMeasureName {
				return fmt.Errorf("tracker: %s: measure %q: want 1 to %d bytes", b.Name, name, MaxMeasureName)
			} else if _, twice := ms[name]; twice {
				return fmt.Errorf("tracker: %s: measure %q twice", b.Name, name)
			}
			bm := bmfMetric{Value: m.Value}
			if m.HasInterval {
				lo, hi := m.Lower, m.Upper
				bm.LowerValue, bm.UpperValue = &lo, &hi
			}
			ms[MeasureName(m.Name, m.Unit)] = bm
		}
		doc[b.Name] = ms
	}
	// encoding/json sorts map keys.
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// MeasureName is a number's measure in BMF: its unit, "/" read as
// "-per-", after the words of the number's name that the unit does not
// say: restyles in restyles/frame is restyles-per-frame, frame in
// µs/frame is µs-per-frame, translation-restyles in
// restyles/translation-frame is restyles-per-translation-frame,
// damage-rects in rects/run is damage-rects-per-run, damage-area in
// px/frame is damage-area-px-per-frame. Bencher keeps one Measure per
// name for a whole project and BMF carries no unit, so a name alone would
// put restyles per run of one scenario and restyles per frame of another
// in one Measure, and lose the µs; and the unit alone would put damage
// rectangles in with any other rectangles.
func MeasureName(name, unit string) string {
	said := map[string]bool{}
	for _, w := range strings.FieldsFunc(unit, func(r rune) bool { return r == '/' || r == '-' }) {
		said[w] = true
	}
	var kept []string
	for _, w := range strings.Split(name, "-") {
		if !said[w] {
			kept = append(kept, w)
		}
	}
	return strings.Join(append(kept, strings.ReplaceAll(unit, "/", "-per-")), "-")
}

// gabEntry is one entry of github-action-benchmark's custom format.
type gabEntry struct {
	Name  string  `json:"name"`
	Unit  string  `json:"unit"`
	Value float64 `json:"value"`
	Range string  `json:"range,omitempty"`
	Extra string  `json:"extra,omitempty"`
}

// GABSet is the numbers one github-action-benchmark file holds. Each is
// read by an action step of its own, whose tool and alert-threshold fit
// it (docs/trackers.md):
//
//	set           tool                   alert-threshold
//	times         customSmallerIsBetter  above the run-to-run spread, 110% say
//	counts        customSmallerIsBetter  100%: any rise alerts
//	floors        customBiggerIsBetter   100%: any fall alerts
//	instructions  customSmallerIsBetter  100% plus the band's tolerance, 100.25%
//
// A count the design fixes exactly is in both counts and floors, so a
// move either way alerts in one of them.
type GABSet string

// The sets, each a --format gab-SET.
const (
	GABTimes        GABSet = "times"
	GABCounts       GABSet = "counts"
	GABFloors       GABSet = "floors"
	GABInstructions GABSet = "instructions"
)

// Holds reports whether m belongs in set s. A measure of no known Kind
// is the caller's mistake, and panics.
func (s GABSet) Holds(m Measure) bool {
	if m.Kind != Time && m.Kind != Count && m.Kind != Instructions {
		panic(fmt.Sprintf("tracker: measure %q has no Kind", m.Name))
	}
	switch s {
	case GABTimes:
		return m.Kind == Time
	case GABCounts:
		return m.Kind == Count && m.Better != Higher
	case GABFloors:
		return m.Kind == Count && m.Better != Lower
	case GABInstructions:
		return m.Kind == Instructions
	}
	panic(fmt.Sprintf("tracker: unknown GABSet %q", string(s)))
}

// Tool is the github-action-benchmark tool that reads the set: every
// set is smaller-is-better but floors, where a fall is the regression.
func (s GABSet) Tool() string {
	if s == GABFloors {
		return "customBiggerIsBetter"
	}
	return "customSmallerIsBetter"
}

// EmptyError is a GAB set the run has no number of. The action fails a
// step whose file holds none ("No benchmark result was found"), so no
// file is written: a step that reads nothing is a mistake to say.
type EmptyError struct{ Set GABSet }

func (e *EmptyError) Error() string {
	return fmt.Sprintf("tracker: the run has no %s for github-action-benchmark, which fails on an empty file", e.Set)
}

// WriteGAB writes the measures of bs that set holds in
// github-action-benchmark's custom format, one entry per measure named
// "BENCHMARK MEASURE", in the order given; a time's range is "± h", h the
// larger half of its interval, and its extra the interval itself. A set
// with no measure is an *EmptyError, and nothing is written.
func WriteGAB(w io.Writer, bs []Benchmark, set GABSet) error {
	if err := check(bs); err != nil {
		return err
	}
	entries := []gabEntry{}
	for _, b := range bs {
		for _, m := range b.Measures {
			if !set.Holds(m) {
				continue
			}
			e := gabEntry{Name: b.Name + " " + m.Name, Unit: m.Unit, Value: m.Value}
			switch {
			case m.HasInterval:
				e.Range = "± " + num(max(m.Value-m.Lower, m.Upper-m.Value))
				e.Extra = "95% interval [" + num(m.Lower) + ", " + num(m.Upper) + "]"
			case m.Kind == Time:
				e.Extra = "too few samples for an interval"
			case m.Better == Neither:
				e.Extra = "exact count: any change is a regression"
			case m.Kind == Count:
				e.Extra = "exact count"
			}
			entries = append(entries, e)
		}
	}
	if len(entries) == 0 {
		return &EmptyError{Set: set}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(entries)
}

// num prints v as short as it reads back.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if strings.Contains(s, ".") && len(s) > 12 {
		s = strconv.FormatFloat(v, 'g', 6, 64)
	}
	return s
}

// MaxTestbedName is the longest testbed name Bencher takes: a testbed's
// name is a resource name, 1 to 50 bytes, like a measure's.
const MaxTestbedName = MaxMeasureName

// testbedTail is the most a machine key too long for a testbed name
// Testbed keeps of its end: its OS/arch and Go version (or its renderer).
// Its start, the CPU model, takes the rest of the name, and the hash
// between them keeps apart two keys that differ only in what was cut.
const testbedTail = 24

// Testbed returns the name of the Bencher testbed a machine's runs go to,
// given its machine key (the key its baselines are kept under: "AMD EPYC
// 7B13, 2 cores, linux/amd64, go1.26.8"). A key of at most MaxTestbedName
// bytes is the name as it is. A longer one is its start, "~", the first
// eight hex digits of the whole key's SHA-256, "~" and its end: the end
// is the whole words of its last 24 bytes, the start as much as fits
// before the hash (cut at a character boundary, spaces and commas trimmed
// at the cut):
//
//	AMD EPYC 7B13 64-Co~3e6aaa71~linux/amd64, go1.26.8
//
// So the name always fits, the same machine always gets the same name,
// and two machines — whatever part of their keys differs — get two, as
// their baselines are two.
func Testbed(machine string) string {
	if len(machine) <= MaxTestbedName {
		return machine
	}
	tail := machine[len(machine)-testbedTail:]
	for !utf8.ValidString(tail) {
		tail = tail[1:]
	}
	if i := strings.IndexByte(tail, ' '); i >= 0 && i < len(tail)-1 {
		tail = tail[i+1:]
	}
	sum := sha256.Sum256([]byte(machine))
	mid := "~" + hex.EncodeToString(sum[:4]) + "~"
	head := machine[:MaxTestbedName-len(mid)-len(tail)]
	for !utf8.ValidString(head) {
		head = head[:len(head)-1]
	}
	return strings.TrimRight(head, " ,") + mid + strings.TrimLeft(tail, " ,")
}
