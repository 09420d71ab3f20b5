package outcome

import (
	"fmt"

	"github.com/perfbench/perfbench/band"
)

// Recording is what a judged run did with the files it keeps: the
// baselines and bounds that moved, which files it wrote, and, for a run
// that only checks them, which are out of date.
type Recording struct {
	// Moves lists the baselines and recorded bounds that moved, in
	// report order.
	Moves []BaselineMove
	// BaselinesWritten, DocsWritten and HistoryWritten say which files
	// changed on disk; ChartsWritten lists the charts written (only those
	// whose bytes changed).
	BaselinesWritten, DocsWritten, HistoryWritten bool
	ChartsWritten                                 []string
	// Withheld says why a recording run wrote nothing although numbers
	// moved: its verdict failed, and a failing run's numbers are not
	// worth recording or publishing. Empty when nothing was withheld.
	Withheld string
	// Recovered says what the run did, before anything else, to put the
	// files back in order after an interrupted run: one line per pending
	// file completed or removed.
	Recovered []string
	// DocsStale (perf --check) says a file the run would write differs
	// from what it holds; Stale names which, and StaleLines, for each,
	// the first lines that differ, so a reader sees which number moved
	// without a diff of their own.
	DocsStale  bool
	Stale      []string
	StaleLines map[string][]LineChange
	// ReferenceRecorded is the commit recorded as the first reference
	// revision; "" when none was.
	ReferenceRecorded string
}

// BaselineMove is one baseline, or one count's recorded bound, that
// changed.
type BaselineMove struct {
	Scenario, Number, Unit string
	// Kind says why it moved: "recorded", "lowered", "rebaselined" or
	// "tightened", the history's words.
	Kind string
	// Direction is a count's (its bound's move); "" for a time's
	// baseline or instructions'.
	Direction band.Direction
	// From is the old median or bound (zero when recorded), To the new
	// one.
	From, To float64
	// Why is what the store records with the new baseline.
	Why string
}

// String prints the move as a report line: "baseline recorded:
// hover-storm/frame 65 µs/frame", "baseline lowered: hover-storm/frame
// 100 → 65 µs/frame: why", "bound recorded: hover-storm/restyles ≤ 1
// restyles/frame" or "bound tightened: hover-storm/restyles ≤ 2 → ≤ 1
// restyles/frame: why".
func (m BaselineMove) String() string {
	what, from, to := "baseline", band.Format(m.From), band.Format(m.To)
	if m.Direction != "" {
		what, from, to = "bound", m.Direction.Symbol()+" "+from, m.Direction.Symbol()+" "+to
	}
	if m.Kind == "recorded" {
		return fmt.Sprintf("%s recorded: %s/%s %s %s", what, m.Scenario, m.Number, to, m.Unit)
	}
	return fmt.Sprintf("%s %s: %s/%s %s → %s %s: %s", what, m.Kind, m.Scenario, m.Number,
		from, to, m.Unit, m.Why)
}

// LineChange is one line of a file that a run would write otherwise: its
// line number in the file, what it holds ("" for a line the file lacks)
// and what the run would write ("" for one it would drop).
type LineChange struct {
	Line      int
	Was, Want string
}
