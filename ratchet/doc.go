// Package ratchet is perfbench's judge: it judges every scenario's bands
// against the checked-in baselines (package baselines), moves the
// baselines by its rule, and has the history (package history), the docs
// page and charts (package perfdocs) follow, written as one group
// (package writegroup). It records for the revision ratchet too
// ([OpenRevision]), whose judge is package revision.
//
// # The three obligations
//
// A [Ratchet] performs them in this order, separable on purpose, as steps
// the command drives with values ([Open], [Judge], [Ratchet.Finish]);
// judging is a function of what was measured and what was read, and the
// ratchet never calls into the runner:
//
//  1. Verdict: judge every band of what the runner measured (each scenario
//     in its own process). Any Fail or Broken fails the command. A breach
//     whose confidence interval straddles the limit is measured once more
//     in a fresh process by the command ([Straddling], [Rejudge]), and
//     that judgement stands.
//  2. Ratchet: time baselines live in a YAML file (baselines.DefaultFile)
//     keyed by machine. A baseline moves down by itself when a new median is
//     significantly lower (Mann-Whitney U test of the stored samples against
//     the new ones, alpha 0.05); it never moves up unless a scenario is named
//     with --rebaseline and a reason with --why. A machine with no baseline
//     gets one recorded, and its time bands are reported Unbaselined, not
//     Pass.
//  3. Docs: the section of perfdocs.DefaultFile between its markers is rewritten
//     when a number moved beyond its noise (a baseline moved, a count
//     changed, a band or budget changed). Text outside the markers is kept
//     byte for byte. The section embeds one SVG chart per scenario
//     (docs/perf/charts beside it): each time's baselines over time with
//     its band's limit, and each count against its bound.
//
// # History
//
// Every baseline the ratchet sets (recorded, lowered, rebaselined) is
// appended to a history kept beside the baselines file (history.yaml):
// its date, median, 95% interval, sample count, kind, and the commit the
// measured binary was built from where known, the newest history.Limit
// per number and machine. The charts draw it, so a baseline that moved
// down leaves a trace of where it was.
//
// # Contract
//
//   - Times are only recorded from an optimised build: [CheckBuild] refuses a
//     binary built with -race, coverage, or -gcflags=-N/-l.
//   - Bad input is a *writegroup.InputError of one line ("file:line: what; fix"),
//     found before anything is written, and every file is left
//     byte-identical: a malformed baselines file, damaged docs markers, an
//     unknown --rebaseline name, a --rebaseline without --why. Every value
//     read is finite and plausible: NaN, Inf, a negative value or one above
//     band.MaxTime anywhere in the baselines or the history, a median outside
//     its samples' range, samples that are all zero, and a unit that is
//     not the scenario's are refused with their line; so is a baselines
//     file that has lost baselines the history still records (one cut
//     short), naming them, rather than recording them afresh, and a
//     history that has lost the points of baselines the file records
//     (emptied, or cut short at a line boundary), rather than redrawing
//     the docs and charts from what is left.
//   - Only regular files of at most writegroup.MaxFileSize are read: a FIFO, a
//     device (a link to /dev/zero), a directory or a giant file is an
//     input error naming it, never a hang or the machine's memory. A file
//     that cannot be written (a full disk, a failed sync, a read-only
//     directory) is an input error too, naming it and the fix.
//   - The baselines, docs and history files and the charts are one group,
//     written whole or not at all: each member to a pending file, synced and
//     read back, then a manifest of every member's length and SHA-256,
//     synced, then the renames. A failure before the manifest is in place
//     removes the pending files; recovery, at the start of the next
//     recording run, completes a group whose manifest is in place only when
//     every member verifies against it, and otherwise discards it, saying
//     so (outcome.Recording.Recovered). A pending file no manifest names is removed.
//     Each file is written only when its bytes changed: two runs with the
//     same numbers leave every file byte-identical.
//   - Nothing generated depends on the clock or on a run's noise: the docs
//     and charts show each time's recorded baselines and the dates they were
//     set, not this run's median or today's date; a chart is rewritten only
//     when its bytes change.
//   - Budgets are reported beside band verdicts; they never fail a run.
package ratchet
