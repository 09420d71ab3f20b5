package band

import "fmt"

// Verdict is what a band or a budget made of a number.
//
// The zero Verdict is Broken, so a verdict nobody set never reads as a pass.
type Verdict uint8

const (
	// Broken: there was nothing trustworthy to judge (no samples, a crashed
	// or hung scenario, unreadable output, no band). Broken fails.
	Broken Verdict = iota
	// Fail: the number is over its limit.
	Fail
	// Unbaselined: a time band on a machine with no recorded baseline yet.
	// It is not a pass, and it does not fail the command either.
	Unbaselined
	// Pass: the number is within its limit.
	Pass
	// None: there was nothing to judge against, as for a number whose
	// design wrote no budget. It is neutral in [Worst].
	None
	// Unsure: a paired time whose interval still straddles its tolerance
	// after every pair its budget allowed: neither a slowdown beyond the
	// tolerance nor its absence was shown. It does not fail a gate by
	// itself ([Verdict.Failed] is false); a gate that wants it to says so
	// (paired.Options.FailUnsure). It is never a pass, and wins over Pass
	// and Unbaselined in [Worst], so a report leads with it.
	Unsure
)

var verdictNames = [...]string{
	Broken:      "broken",
	Fail:        "fail",
	Unbaselined: "unbaselined",
	Pass:        "pass",
	None:        "none",
	Unsure:      "unsure",
}

// severity orders verdicts for Worst: a higher one wins.
var severity = [...]int{
	None:        0,
	Pass:        1,
	Unbaselined: 2,
	Unsure:      3,
	Fail:        4,
	Broken:      5,
}

// Worst returns the verdict that decides a group of them: Broken over Fail
// over Unsure over Unbaselined over Pass, with None ignored. Broken wins over Fail
// because a number that was not measured says less than one that was
// measured too high, and is the one to fix first. Unbaselined wins over
// Pass so that a table with one unbaselined time is never summed up as a
// pass. Worst of nothing (or of only None) is None; a caller that needs a
// group to have something in it says so itself.
func Worst(vs ...Verdict) Verdict {
	w := None
	for _, v := range vs {
		if v.rank() > w.rank() {
			w = v
		}
	}
	return w
}

func (v Verdict) rank() int {
	if int(v) < len(severity) {
		return severity[v]
	}
	return severity[Broken]
}

// Failed reports whether the verdict fails a gate: Fail or Broken (or a
// value outside the enumeration, which nothing should make).
func (v Verdict) Failed() bool { return v.rank() >= severity[Fail] }

// String returns the verdict's word: "pass", "fail", "broken",
// "unbaselined", "none" or "unsure".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// Cell prints the verdict for a table's cell: its word, or "—" for None
// (a number with no budget has no budget verdict).
func (v Verdict) Cell() string {
	if v == None {
		return "—"
	}
	return v.String()
}

// MarshalText writes the verdict's word, so JSON carries "pass", not 3.
func (v Verdict) MarshalText() ([]byte, error) {
	if int(v) >= len(verdictNames) {
		return nil, fmt.Errorf("band: invalid verdict %d", uint8(v))
	}
	return []byte(verdictNames[v]), nil
}

// UnmarshalText reads a verdict's word.
func (v *Verdict) UnmarshalText(text []byte) error {
	for i, name := range verdictNames {
		if string(text) == name {
			*v = Verdict(i)
			return nil
		}
	}
	return fmt.Errorf("band: unknown verdict %q (want pass, fail, broken, unbaselined, none or unsure)", text)
}
