// Package ratchet keeps perfbench's performance ratchet: the checked-in
// baselines of time bands, the verdicts of every scenario's bands, and the
// generated section of docs/performance.md.
//
// # The three obligations
//
// [Run] performs them in this order, separable on purpose:
//
//  1. Verdict: measure every scenario (through a [Measure] function the
//     scenario runner supplies; each scenario in its own process) and
//     judge every band. Any Fail or Broken fails the command. A breach whose
//     confidence interval straddles the limit is measured once more in a
//     fresh process, and that judgement stands.
//  2. Ratchet: time baselines live in a YAML file (DefaultBaselines) keyed
//     by [Machine]. A baseline moves down by itself when a new median is
//     significantly lower (Mann-Whitney U test of the stored samples against
//     the new ones, alpha 0.05); it never moves up unless a scenario is named
//     with --rebaseline and a reason with --why. A machine with no baseline
//     gets one recorded, and its time bands are reported Unbaselined, not
//     Pass.
//  3. Docs: the section of DefaultDocs between its markers is rewritten
//     when a number moved beyond its noise (a baseline moved, a count
//     changed, a band or budget changed). Text outside the markers is kept
//     byte for byte. The section embeds one SVG chart per scenario
//     (docs/perf/charts beside it): each time's baselines over time with
//     its band's limit, and each count against its bound.
//
// # History
//
// Every baseline the ratchet sets (recorded, lowered, rebaselined) is
// appended to a [History] kept beside the baselines file (history.yaml):
// its date, median, 95% interval, sample count, kind, and the commit the
// measured binary was built from where known, the newest [HistoryLimit]
// per number and machine. The charts draw it, so a baseline that moved
// down leaves a trace of where it was.
//
// # Contract
//
//   - Times are only recorded from an optimised build: [CheckBuild] refuses a
//     binary built with -race, coverage, or -gcflags=-N/-l.
//   - Bad input is an [*InputError] of one line ("file:line: what; fix"),
//     found before anything is measured, and every file is left
//     byte-identical: a malformed baselines file, damaged docs markers, an
//     unknown --rebaseline name, a --rebaseline without --why.
//   - Both files are written atomically (a temporary file in the same
//     directory, renamed over the old one), and only when something in them
//     changed: two runs with the same numbers leave both byte-identical.
//   - Nothing generated depends on the clock or on a run's noise: the docs
//     and charts show each time's recorded baselines and the dates they were
//     set, not this run's median or today's date; a chart is rewritten only
//     when its bytes change.
//   - Budgets are reported beside band verdicts; they never fail a run.
package ratchet
