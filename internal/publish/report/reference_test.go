package report

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
)

// A reference run with no paired run (the first reference recorded) is
// one object in JSON, the reference it had none of written as the
// baselines file's zero reference, and one line in a table; a run that
// judged head prints the paired report first.
func TestReferenceReportSaysWhatBecameOfIt(t *testing.T) {
	set := time.Date(2026, 9, 11, 9, 30, 0, 0, time.UTC)
	first := &Report{Program: "perfbench", Command: "reference", Outcome: outcome.Outcome{Revision: &outcome.Revision{
		Reference: outcome.Reference{Kind: "recorded"}, Head: "bbbbbbbbbbbbbbbb", Written: true,
		Moved: &outcome.Reference{Commit: "bbbbbbbbbbbbbbbb", Set: set, Kind: "rebaselined", Why: "the first"}}}}
	var b strings.Builder
	require.NoError(t, first.Write(&b, nil, JSON))
	assert.Equal(t, `{
  "version": 1,
  "kind": "reference",
  "program": "perfbench",
  "command": "reference",
  "reference": {
    "reference": {
      "commit": "",
      "set": "0001-01-01T00:00:00Z",
      "kind": "recorded",
      "why": ""
    },
    "head": "bbbbbbbbbbbbbbbb",
    "judged": false,
    "failed": false,
    "moved": {
      "commit": "bbbbbbbbbbbbbbbb",
      "set": "2026-09-11T09:30:00Z",
      "kind": "rebaselined",
      "why": "the first"
    },
    "written": true
  }
}
`, b.String())
	b.Reset()
	require.NoError(t, first.Write(&b, nil, Table))
	assert.Equal(t, "reference: moved to bbbbbbbbbbbb, the first (rebaselined): the first\n", b.String())
	assert.False(t, first.Failed())

	slower := outcome.Outcome{Against: outcome.Base, Verdict: band.Broken,
		Scenarios: []outcome.Scenario{{Name: "s", Verdict: band.Broken, Broken: "head: boom"}}}
	slower.Revision = &outcome.Revision{Reference: outcome.Reference{Commit: "aaaaaaaaaaaaaaaa", Kind: "recorded"}, Head: "bbbbbbbbbbbbbbbb",
		Judged: true, Failed: true, Stays: "head fails against the reference"}
	run := &Report{Program: "perfbench", Command: "reference", Outcome: slower, Base: "the reference aaaaaaaaaaaa"}
	b.Reset()
	require.NoError(t, run.Write(&b, nil, Markdown))
	assert.Contains(t, b.String(), "the reference aaaaaaaaaaaa")
	assert.True(t, strings.HasSuffix(b.String(), "\nreference: stays at `aaaaaaaaaaaa`: head fails against the reference\n"), b.String())
	assert.True(t, run.Failed(), "the command fails as the ratchet decided")
}

// reference offers bisect, GOOD and BAD filled in, where head failed
// against the reference, and only then.
func TestReferenceOffersBisect(t *testing.T) {
	failed := band.Judge(band.Measured{Spec: band.Spec{Name: "instructions", Unit: "instructions/step",
		Band: band.Instructions(0.0025).WithBaseline(8364)}, Samples: []float64{8504}})
	run := &Report{Outcome: outcome.Outcome{Against: outcome.Base, Scenarios: []outcome.Scenario{
		{Name: "scroll", Numbers: outcome.ByBand("scroll", failed)},
		{Name: "hover-storm", Numbers: outcome.ByBand("hover-storm", failed)},
	}}}
	v := &outcome.Revision{Reference: outcome.Reference{Commit: "0123456789abcdef0123456789abcdef01234567"},
		Head: "fedcba9876543210fedcba9876543210fedcba98", Judged: true, Failed: true}
	assert.Equal(t, "which commit: perfbench bisect 0123456789ab fedcba987654 scroll hover-storm", bisectOffer("perfbench", v, run, false))
	assert.Equal(t, "which commit: `perfbench bisect 0123456789ab fedcba987654 scroll hover-storm`", bisectOffer("perfbench", v, run, true))
	v.Failed = false
	assert.Empty(t, bisectOffer("perfbench", v, run, false), "nothing failed")
	v.Failed = true
	assert.Empty(t, bisectOffer("perfbench", v, nil, false), "no run")
}
