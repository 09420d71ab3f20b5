package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// ReferenceJSON is what perfbench reference --json prints: the header
// every JSON report opens with (kind "reference", docs/report-json.md),
// what became of the reference, and the paired report of the run (absent
// when none ran).
type ReferenceJSON struct {
	Header
	Reference RevisionJSON    `json:"reference"`
	Paired    json.RawMessage `json:"paired,omitempty"`
}

// RevisionJSON is what the revision ratchet did (outcome.Revision).
type RevisionJSON struct {
	Reference RefJSON  `json:"reference"`
	Head      string   `json:"head"`
	Judged    bool     `json:"judged"`
	Failed    bool     `json:"failed"`
	Moved     *RefJSON `json:"moved,omitempty"`
	Stays     string   `json:"stays,omitempty"`
	Written   bool     `json:"written"`
	Recovered []string `json:"recovered,omitempty"`
}

// RefJSON is one reference revision, as the baselines file records it.
type RefJSON struct {
	Commit string         `json:"commit"`
	Set    time.Time      `json:"set"`
	Kind   string         `json:"kind"`
	Why    string         `json:"why"`
	Ratios []RefRatioJSON `json:"ratios,omitempty"`
}

// RefRatioJSON is one time of the paired run that moved the reference.
type RefRatioJSON struct {
	Scenario string  `json:"scenario"`
	Number   string  `json:"number"`
	Ratio    float64 `json:"ratio"`
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
	Pairs    int     `json:"pairs"`
}

func refJSON(r outcome.Reference) RefJSON {
	out := RefJSON{Commit: r.Commit, Set: r.Set, Kind: r.Kind, Why: r.Why}
	for _, q := range r.Ratios {
		out.Ratios = append(out.Ratios, RefRatioJSON{Scenario: q.Scenario, Number: q.Number, Ratio: q.Ratio, Lo: q.Lo, Hi: q.Hi, Pairs: q.Pairs})
	}
	return out
}

func revisionJSON(v *outcome.Revision) RevisionJSON {
	out := RevisionJSON{Reference: refJSON(v.Reference), Head: v.Head, Judged: v.Judged, Failed: v.Failed, Stays: v.Stays,
		Written: v.Written, Recovered: v.Recovered}
	if v.Moved != nil {
		moved := refJSON(*v.Moved)
		out.Moved = &moved
	}
	return out
}

// writeReference writes a reference outcome: the paired report, if a run
// was made (its sides as Base and Head name them), then what became of
// the reference; in JSON one object holding both.
func (r *Report) writeReference(w, errw io.Writer, f Format) error {
	v := r.Outcome.Revision
	var run *Report
	if v.Judged {
		p := *r
		p.Outcome.Revision = nil
		run = &p
	}
	if f == JSON {
		doc := ReferenceJSON{Header: Header{Version: Version, Kind: "reference", Program: r.Program, Command: r.Command}, Reference: revisionJSON(v)}
		if run != nil {
			var b bytes.Buffer
			if err := run.Write(&b, io.Discard, JSON); err != nil {
				return err
			}
			doc.Paired = json.RawMessage(bytes.TrimSpace(b.Bytes()))
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	if run != nil {
		if err := run.Write(w, errw, f); err != nil {
			return err
		}
	}
	for _, line := range v.Recovered {
		fmt.Fprintf(w, "recovered: %s\n", line)
	}
	if _, err := fmt.Fprintln(w, referenceLine(v, f == Markdown)); err != nil {
		return err
	}
	if line := bisectOffer(r.Program, v, run, f == Markdown); line != "" {
		_, err := fmt.Fprintln(w, line)
		return err
	}
	return nil
}

// bisectOffer returns, where head failed against the reference, the
// bisect command that finds which commit between them crossed the band
// first: creep over many commits fails at the one that tipped the sum,
// not the one that added most. It names the scenarios that failed; ""
// where nothing did.
func bisectOffer(program string, v *outcome.Revision, run *Report, markdown bool) string {
	if !v.Failed || run == nil || v.Reference.Commit == "" || v.Head == "" {
		return ""
	}
	var names []string
	for _, n := range run.Outcome.Numbers() {
		if n.Verdict.Failed() && !slices.Contains(names, n.Scenario) {
			names = append(names, n.Scenario)
		}
	}
	if len(names) == 0 {
		return ""
	}
	c := strings.Join(append([]string{program, "bisect", short12(v.Reference.Commit), short12(v.Head)}, names...), " ")
	if markdown {
		c = "`" + c + "`"
	}
	return "which commit: " + c
}

// referenceLine says in a line what became of the reference.
func referenceLine(v *outcome.Revision, markdown bool) string {
	code := func(s string) string {
		s = short12(s)
		if markdown {
			return "`" + s + "`"
		}
		return s
	}
	verb := "moved"
	if !v.Written {
		verb = "would move (--check: nothing written)"
	}
	switch {
	case v.Moved != nil && v.Reference.Commit == "":
		return fmt.Sprintf("reference: %s to %s, the first (%s): %s", verb, code(v.Moved.Commit), v.Moved.Kind, v.Moved.Why)
	case v.Moved != nil:
		return fmt.Sprintf("reference: %s from %s to %s (%s): %s", verb, code(v.Reference.Commit), code(v.Moved.Commit), v.Moved.Kind, v.Moved.Why)
	}
	return fmt.Sprintf("reference: stays at %s: %s", code(v.Reference.Commit), v.Stays)
}

// short12 is a commit as a reader reads it: its first twelve characters.
func short12(c string) string {
	if len(c) > 12 {
		return c[:12]
	}
	return c
}
