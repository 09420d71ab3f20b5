package band

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// Kind is which of three kinds of number a [Band] judges (kind.go).
type Kind string

const (
	// KindTime is a band around a per-machine baseline: see [Time].
	KindTime Kind = "time"
	// KindCount is a bound with no tolerance, in one of three directions:
	// see [Count], [Floor] and [Exact].
	KindCount Kind = "count"
	// KindInstructions is a bound around a recorded number of
	// instructions: see [Instructions].
	KindInstructions Kind = "instructions"
)

// Direction says which side of its bound a count may lie on. A count of
// work done has a ceiling; a count of work avoided (a skip, a cache hit)
// has a floor, because losing the saving makes it fall; a count the design
// fixes exactly (one frame per crossing, one Tab to the field) is exact.
type Direction string

const (
	// AtMost passes a count at or below its bound: a ceiling ("≤").
	AtMost Direction = "ceiling"
	// AtLeast passes a count at or above its bound: a floor ("≥").
	AtLeast Direction = "floor"
	// Exactly passes only the bound itself ("=").
	Exactly Direction = "exact"
)

// Symbol returns the relation a report prints before the bound: "≤", "≥"
// or "=".
func (d Direction) Symbol() string {
	switch d {
	case AtLeast:
		return "≥"
	case Exactly:
		return "="
	}
	return "≤"
}

// Band is the comparison a number is judged by, written once in the
// scenario's source. It has one of two shapes, a bound (a count's) or a
// tolerance around a recorded baseline (a time's, instructions'), told
// apart by Kind; the fields of the other shape are zero. The zero Band has no kind and judges
// every number Broken: a number without a band proves nothing.
type Band struct {
	Kind Kind

	// Baseline is the median, in µs per frame, that a time is compared
	// against on this machine. It is recorded by the ratchet, never written
	// in source; zero means none has been recorded yet (unbaselined).
	Baseline float64

	// Tolerance is how far above Baseline a time may sit and still pass, as
	// a fraction: 0.4 admits 40% above. It has to clear the ordinary
	// spread of the measurement on an ordinary machine, and the source says
	// why it is as wide as it is.
	Tolerance float64

	// Spread, when the tolerance was derived from measurement by
	// [TimeFromSpread], is the run-to-run spread it came from: the
	// largest over the smallest estimate of the number in repeated runs
	// of the suite on a loaded machine. Zero for a tolerance set by hand.
	Spread float64

	// Dir is a count's direction; the zero Direction reads as AtMost, so a
	// count band written before counts had a direction is a ceiling.
	Dir Direction

	// Ceiling is a count's bound: the most it may be (AtMost), the least
	// (AtLeast) or the only value that passes (Exactly). There is no
	// tolerance: one past the bound fails.
	Ceiling float64

	// Recorded, for a count, says its bound is recorded by the ratchet
	// from a run (see [Record]) rather than written in source; Ceiling is
	// the recorded bound once HasBound.
	Recorded bool
	// HasBound says a recorded count's bound has been filled in from the
	// ratchet's store ([Band.WithBound]); without it the count is judged
	// unbaselined, as a time with no baseline is.
	HasBound bool

	// at is where a bound written in source was declared (file:line),
	// so that a failure can say where to change it; see [Band.Declared].
	at string
}

// Declared returns the file:line where a count's bound written in source
// ([Count], [Floor], [Exact]) was declared: the line of the scenario's
// declaration that wrote it, past any helper of the kit or of the
// declaring package. "" for any other band, and for one that crossed a
// process (a child's report carries no source; look the scenario up in
// this process's registry).
func (b Band) Declared() string { return b.at }

// Time returns a time band admitting medians up to (1+tolerance) times the
// machine's baseline. The baseline is filled in from the ratchet's store
// with [Band.WithBaseline]. A negative or non-finite tolerance is a
// programming error and panics.
func Time(tolerance float64) Band {
	if !(tolerance >= 0) || math.IsInf(tolerance, 0) {
		panic(fmt.Sprintf("band: time tolerance %v is not a finite fraction ≥ 0", tolerance))
	}
	return Band{Kind: KindTime, Tolerance: tolerance}
}

// TimeFromSpread returns a time band whose tolerance is derived from a
// measured run-to-run spread by [ToleranceFor], and which carries the
// spread so a report can show where its width came from. spread is the
// largest over the smallest estimate of the number across repeated runs
// of the suite on a loaded machine; below 1 is a programming error and
// panics.
func TimeFromSpread(spread float64) Band {
	if !(spread >= 1) || math.IsInf(spread, 0) {
		panic(fmt.Sprintf("band: spread %v is not a finite ratio ≥ 1", spread))
	}
	b := Time(ToleranceFor(spread))
	b.Spread = spread
	return b
}

// SpreadMargin is what a tolerance adds to the spread seen: the runs that
// measured the spread are a sample of the loads a machine sees, not the
// worst of them.
const SpreadMargin = 0.05

// ToleranceFor returns the tolerance derived from a measured spread:
// spread − 1 + SpreadMargin, rounded up to a whole 5%. So a number whose
// estimate varied by 20% between runs (spread 1.2) gets +25%, and one
// that never varied gets +5%. A limit of baseline × (1 + tolerance) then
// admits the slowest estimate seen when the baseline is the fastest.
func ToleranceFor(spread float64) float64 {
	t := spread - 1 + SpreadMargin
	return math.Ceil(math.Round(t*1e6)/1e6*20) / 20
}

// InstructionsTolerance is how far above its baseline a scenario's
// instructions a step may lie unless it or its subject declares its own:
// 0.25%, three times the widest spread between processes and layout
// builds of perfbench's scenarios (0.082%, text-pressure); a process read
// high under load is left out by judging the least of two. Gio's subject
// declares 1% for its router's hash-seeded maps (docs/instructions.md).
const InstructionsTolerance = 0.0025

// Instructions returns a band for the instructions a scenario's recorded
// steps retire, counted under Valgrind: a count of the CPU's work that
// reads the same on every run and machine of one toolchain (GOARCH, Go
// and Valgrind versions, the build's flags), whatever the load and the
// code's layout. Like a time's, its baseline is recorded by the ratchet,
// never written in source, but once for every machine of that toolchain;
// a value above Baseline×(1+tolerance) fails. The tolerance is the
// measured spread between runs and builds with a margin. A negative or
// non-finite tolerance is a programming error and panics.
func Instructions(tolerance float64) Band {
	if !(tolerance >= 0) || math.IsInf(tolerance, 0) {
		panic(fmt.Sprintf("band: instructions tolerance %v is not a finite fraction ≥ 0", tolerance))
	}
	return Band{Kind: KindInstructions, Tolerance: tolerance}
}

// Count returns a count band for work done: the value passes while it is at
// most ceiling. A negative or non-finite ceiling is a programming error and
// panics.
func Count(ceiling float64) Band { return count(AtMost, ceiling) }

// Floor returns a count band for work avoided: the value passes while it is
// at least floor, so a skip that stops firing fails. A negative or
// non-finite floor is a programming error and panics.
func Floor(floor float64) Band { return count(AtLeast, floor) }

// Exact returns a count band that passes only value itself: for a count the
// design fixes (one frame per crossing), where more and fewer are both
// wrong. A negative or non-finite value is a programming error and panics.
func Exact(value float64) Band { return count(Exactly, value) }

// Record returns a count band whose bound the ratchet records from the
// run the first time it sees the number, the same for every machine, and
// moves only the better way (down for a ceiling, up for a floor; an exact
// bound never moves by itself): the source says which way is better and
// writes no number. The bound is filled in with [Band.WithBound]; until
// then the count judges unbaselined. An unknown direction is a
// programming error and panics.
func Record(d Direction) Band {
	if err := CheckDirection(d); err != nil {
		panic("band: count " + err.Error())
	}
	return Band{Kind: KindCount, Dir: d, Recorded: true}
}

// WithBound returns a copy of a recorded count band ([Record]) judged
// against bound. It panics on any other band: a written bound is the
// source's, and wins.
func (b Band) WithBound(bound float64) Band {
	if !b.Kind.Bounded() || !b.Recorded {
		panic("band: WithBound on a band whose bound is not recorded")
	}
	if !(bound >= 0) || math.IsInf(bound, 0) {
		panic(fmt.Sprintf("band: recorded bound %v is not a finite number ≥ 0", bound))
	}
	b.Ceiling, b.HasBound = bound, true
	return b
}

func count(d Direction, bound float64) Band {
	if !(bound >= 0) || math.IsInf(bound, 0) {
		panic(fmt.Sprintf("band: count %s %v is not a finite number ≥ 0", d, bound))
	}
	return Band{Kind: KindCount, Dir: d, Ceiling: bound, at: declaredAt()}
}

// Direction returns a count band's direction, AtMost for the zero Dir; ""
// for a time band.
func (b Band) Direction() Direction {
	if !b.Kind.Bounded() {
		return ""
	}
	if b.Dir == "" {
		return AtMost
	}
	return b.Dir
}

// Admits reports whether a count band passes v. It panics on a recorded
// band, which judges a value against its limit.
func (b Band) Admits(v float64) bool {
	if !b.Kind.Bounded() {
		panic("band: Admits on a " + b.kindName() + " band")
	}
	switch b.Direction() {
	case AtLeast:
		return v >= b.Ceiling
	case Exactly:
		return v == b.Ceiling
	}
	return v <= b.Ceiling
}

// WithBaseline returns a copy of a recorded band (a time's, in µs;
// instructions') compared against baseline. It panics on a count band,
// whose bound is written in source.
func (b Band) WithBaseline(baseline float64) Band {
	if !b.Kind.Recorded() {
		panic("band: WithBaseline on a " + b.kindName() + " band")
	}
	b.Baseline = baseline
	return b
}

// Baselined reports whether the band can be judged on this machine: a count
// whose bound is written always can, one whose bound is recorded and a
// recorded band (a time, instructions) only once it has been recorded.
func (b Band) Baselined() bool {
	switch {
	case b.Kind.Bounded():
		return !b.Recorded || b.HasBound
	case b.Kind.Recorded():
		return b.Baseline > 0
	}
	return false
}

// Limit returns the bound a value is judged against: a count's ceiling,
// floor or exact value (see [Band.Direction]), or the largest time that
// passes, Baseline×(1+Tolerance). ok is false for an unbaselined time
// band and for the zero Band.
func (b Band) Limit() (limit float64, ok bool) {
	if !b.Baselined() {
		return 0, false
	}
	if b.Kind.Bounded() {
		return b.Ceiling, true
	}
	return b.Baseline * (1 + b.Tolerance), true
}

// Short prints the band as a narrow column does: a recorded band by its
// limit and tolerance, "≤ 57.68 (+40%)", or its tolerance alone until it
// has a baseline, "+40%"; a count's bound as String does.
func (b Band) Short() string {
	switch {
	case !b.Kind.Recorded():
		return b.String()
	case !b.Baselined():
		return fmt.Sprintf("+%s%%", Format(b.Tolerance*100))
	}
	limit, _ := b.Limit()
	return fmt.Sprintf("≤ %s (+%s%%)", Format(limit), Format(b.Tolerance*100))
}

// check returns why a band cannot judge anything, or "".
func (b Band) check() string {
	switch b.Kind {
	case KindTime, KindInstructions:
		if !(b.Tolerance >= 0) || math.IsInf(b.Tolerance, 0) {
			return fmt.Sprintf("%s band tolerance %v is not a finite fraction ≥ 0", b.Kind, b.Tolerance)
		}
		if !(b.Baseline >= 0) || math.IsInf(b.Baseline, 0) {
			return fmt.Sprintf("%s band baseline %v is not a finite number ≥ 0", b.Kind, b.Baseline)
		}
	case KindCount:
		if d := b.Direction(); d != AtMost && d != AtLeast && d != Exactly {
			return fmt.Sprintf("count band direction %q is not %s, %s or %s", d, AtMost, AtLeast, Exactly)
		}
		if !(b.Ceiling >= 0) || math.IsInf(b.Ceiling, 0) {
			return fmt.Sprintf("count band %s %v is not a finite number ≥ 0", b.Direction(), b.Ceiling)
		}
		if b.HasBound && !b.Recorded {
			return "count band has a recorded bound but is not declared recorded"
		}
	default:
		return "no band"
	}
	return ""
}

func (b Band) kindName() string {
	if b.Kind == "" {
		return "zero"
	}
	return string(b.Kind)
}

// String returns the band as a report prints it: "≤ 12" for a count with a
// ceiling, "≥ 300" for one with a floor, "= 1" for an exact one, "≤ 43
// recorded" for a recorded bound and "≤ —, unrecorded" for one with none
// yet,
// "≤ 57.68 (41.2 +40%)" for a baselined time, "+40%, unbaselined" for a time
// with no baseline yet.
func (b Band) String() string {
	switch b.Kind {
	case KindCount:
		switch {
		case b.Recorded && !b.HasBound:
			return b.Direction().Symbol() + " —, unrecorded"
		case b.Recorded:
			return b.Direction().Symbol() + " " + Format(b.Ceiling) + " recorded"
		}
		return b.Direction().Symbol() + " " + Format(b.Ceiling)
	case KindTime, KindInstructions:
		tol := "+" + Format(b.Tolerance*100) + "%"
		if b.Spread > 0 {
			tol += " from spread ×" + Format(b.Spread)
		}
		if !b.Baselined() {
			return tol + ", unbaselined"
		}
		limit, _ := b.Limit()
		return "≤ " + Format(limit) + " (" + Format(b.Baseline) + " " + tol + ")"
	}
	return "no band"
}

// bandJSON is the wire form: the kind and only that kind's fields.
type bandJSON struct {
	Kind      Kind     `json:"kind"`
	Baseline  float64  `json:"baseline,omitempty"`
	Tolerance *float64 `json:"tolerance,omitempty"`
	Spread    float64  `json:"spread,omitempty"`
	Ceiling   *float64 `json:"ceiling,omitempty"`
	Floor     *float64 `json:"floor,omitempty"`
	Exact     *float64 `json:"exact,omitempty"`
	// Recorded marks a count whose bound the ratchet records; with no
	// bound yet, Direction says which way it points.
	Recorded  bool      `json:"recorded,omitempty"`
	Direction Direction `json:"direction,omitempty"`
}

// MarshalJSON writes the kind and that kind's fields:
// {"kind":"time","tolerance":0.4}, or a count's bound under its direction's
// name: {"kind":"count","ceiling":1}, {"kind":"count","floor":300},
// {"kind":"count","exact":1}; a recorded count adds "recorded":true, and
// before its bound is recorded has its direction alone:
// {"kind":"count","recorded":true,"direction":"ceiling"}.
func (b Band) MarshalJSON() ([]byte, error) {
	w := bandJSON{Kind: b.Kind}
	switch b.Kind {
	case KindTime, KindInstructions:
		w.Baseline, w.Tolerance, w.Spread = b.Baseline, &b.Tolerance, b.Spread
	case KindCount:
		w.Recorded = b.Recorded
		if b.Recorded && !b.HasBound {
			w.Direction = b.Direction()
			break
		}
		v := b.Ceiling
		switch b.Direction() {
		case AtLeast:
			w.Floor = &v
		case Exactly:
			w.Exact = &v
		default:
			w.Ceiling = &v
		}
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads the form MarshalJSON writes. An unknown kind, or a
// field of the other kind, is an error.
func (b *Band) UnmarshalJSON(data []byte) error {
	var w bandJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	switch w.Kind {
	case KindTime, KindInstructions:
		if w.Ceiling != nil || w.Floor != nil || w.Exact != nil || w.Recorded || w.Direction != "" {
			return fmt.Errorf("band: a %s band has no ceiling, floor or exact value, and no direction", w.Kind)
		}
		if w.Tolerance == nil {
			return fmt.Errorf("band: a %s band needs a tolerance", w.Kind)
		}
		*b = Band{Kind: w.Kind, Baseline: w.Baseline, Tolerance: *w.Tolerance, Spread: w.Spread}
	case KindCount:
		if w.Tolerance != nil || w.Baseline != 0 || w.Spread != 0 {
			return fmt.Errorf("band: a count band has no tolerance and no baseline")
		}
		var bounds []Band
		if w.Ceiling != nil {
			bounds = append(bounds, Band{Kind: KindCount, Dir: AtMost, Ceiling: *w.Ceiling})
		}
		if w.Floor != nil {
			bounds = append(bounds, Band{Kind: KindCount, Dir: AtLeast, Ceiling: *w.Floor})
		}
		if w.Exact != nil {
			bounds = append(bounds, Band{Kind: KindCount, Dir: Exactly, Ceiling: *w.Exact})
		}
		switch {
		case w.Recorded && len(bounds) == 0:
			if err := CheckDirection(w.Direction); err != nil {
				return fmt.Errorf("band: a recorded count band with no bound needs its direction: %w", err)
			}
			*b = Record(w.Direction)
			return nil
		case w.Direction != "":
			return fmt.Errorf("band: a count band with a bound names its direction by the bound's field, not by direction")
		case len(bounds) != 1:
			return fmt.Errorf("band: a count band needs exactly one of ceiling, floor or exact, got %d", len(bounds))
		}
		*b = bounds[0]
		b.Recorded, b.HasBound = w.Recorded, w.Recorded
	case "":
		*b = Band{}
	default:
		return fmt.Errorf("band: unknown kind %q (want %q, %q or %q)", w.Kind, KindTime, KindCount, KindInstructions)
	}
	return nil
}

// Format prints a number the way reports and docs print it: the shortest
// form that reads back to the value, rounded to four significant digits so
// a report's columns stay readable (41.23456 prints as 41.23, 16600 as
// 16600, 1 as 1).
func Format(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+∞"
	case math.IsInf(v, -1):
		return "−∞"
	case math.IsNaN(v):
		return "NaN"
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	if math.Abs(r) >= 1e4 && r == math.Trunc(r) && math.Abs(v) < 1e15 {
		// Keep whole numbers whole (16600, not 1.66e+04); round v itself
		// so a large count prints every digit.
		return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	}
	if a := math.Abs(r); a >= 1e15 || a != 0 && a < 1e-6 {
		// Beyond anything measured: 1e+308, not 309 digits.
		return strconv.FormatFloat(r, 'g', -1, 64)
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}
