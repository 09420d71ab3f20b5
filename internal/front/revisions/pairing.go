package revisions

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/measure/builds"
	"github.com/perfbench/perfbench/internal/publish/progress"
)

// pairing tells what its builds do too.
var _ builds.Progress = (*pairing)(nil)

// pairing is what a paired run (scenarios --base, --base-binary) shows on
// stderr while it builds and runs its pairs. On a terminal it is one line,
// redrawn in place at every pair and every half second, and erased before
// the report prints:
//
//	base: building main (0123456789ab), 2 of 4 (-randlayout=1) · 12s
//	paired 34s, 8s–1m50s left · hover-storm 42/60 pairs (look 2 of 4) · 3/6 done
//
// Its estimate is a range because the run is adaptive: the low end is
// every scenario settling at its next look, the high end every scenario
// running on to its last look or until its budget is spent, each at the
// pace of its own pairs so far (paired.ScenarioStatus.Left; the
// scenarios take turns, so their times add up). Elsewhere — a CI log, a
// file — it prints a line per side built, one with the plan, and one per
// look, never one per round:
//
//	base: building ./cmd/perfbench at main (0123456789ab) with go1.26.8: 4 builds (the linker's own layout, -randlayout=1…3)
//	paired: 6 scenarios, 30 pairs each before a first look; a scenario with a time still unsure looks again at 60, 120 and 200 pairs while its pairs take under 20s
//	paired idle: look 1 of 4 at 30 pairs, 2.10s: settled
//	paired hover-storm: look 1 of 4 at 30 pairs, 4.21s: unsure, on to 60 pairs
//
// With --quiet it is nil, and a nil *pairing shows nothing. It draws on
// the one progress display (package progress).
type pairing struct {
	d *progress.Display

	mu sync.Mutex
	// The pairs: which scenario the line names, and whether the plan was
	// logged.
	shown     int
	announced bool
}

// pairing returns the command's paired-run progress on its stderr, nil
// with --quiet.
func (h *Front) pairing(cmd *cobra.Command) *pairing {
	if cli.Quiet(cmd) {
		return nil
	}
	return newPairing(cmd.ErrOrStderr(), progress.IsTerminal(cmd.ErrOrStderr()))
}

func newPairing(w io.Writer, onTerminal bool) *pairing {
	return &pairing{d: progress.On(w, onTerminal), shown: -1}
}

// Step says what the run is doing now, on the terminal line only, with
// the time since it began.
func (p *pairing) Step(line string) {
	if p == nil {
		return
	}
	p.d.Show(func(elapsed time.Duration) string { return line + " · " + progress.Short(elapsed) })
}

// Write takes whole lines to log on a terminal and off it (a base
// directory a killed run left, removed).
func (p *pairing) Write(b []byte) (int, error) {
	if p == nil {
		return len(b), nil
	}
	return p.d.Write(b)
}

// Building says one side's builds begin: a line in a log naming them all
// (the terminal line names each as it builds).
func (p *pairing) Building(side, what string, layouts []string) {
	if p == nil {
		return
	}
	n := "1 build"
	if len(layouts) > 1 {
		n = fmt.Sprintf("%d builds", len(layouts))
	}
	p.d.Log(fmt.Sprintf("%s: building %s: %s (%s)", side, what, n, layoutList(layouts)), false)
}

// layoutList names a side's layouts: "the linker's own layout,
// -randlayout=1…3".
func layoutList(layouts []string) string {
	switch len(layouts) {
	case 0:
		return ""
	case 1, 2, 3:
		return strings.Join(layouts, ", ")
	}
	return layouts[0] + ", " + layouts[1] + "…" + strings.TrimPrefix(layouts[len(layouts)-1], "-randlayout=")
}

// paired is the paired run's paired.Options.Progress.
func (p *pairing) paired(s paired.Status) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.announced {
		p.announced = true
		p.d.Log(pairingPlan(s), false)
	}
	if s.Ran >= 0 {
		p.shown = s.Ran
	}
	if s.Ran < 0 {
		for _, sc := range s.Scenarios {
			if sc.Looked {
				p.d.Log(lookLine(s, sc), false)
			}
		}
	}
	shown := p.shown
	p.d.Show(func(elapsed time.Duration) string { return statusLine(s, shown, s.Elapsed+elapsed) })
}

// pairingPlan is the log's line on how the pairs will run.
func pairingPlan(s paired.Status) string {
	n := len(s.Scenarios)
	what := fmt.Sprintf("%d scenarios", n)
	if n == 1 {
		what = "1 scenario"
	}
	if len(s.Looks) < 2 || s.Budget <= 0 {
		return fmt.Sprintf("paired: %s, %d pairs each, one look", what, s.Looks[0])
	}
	more := make([]string, len(s.Looks)-1)
	for i, l := range s.Looks[1:] {
		more[i] = fmt.Sprint(l)
	}
	list := more[0]
	if len(more) > 1 {
		list = strings.Join(more[:len(more)-1], ", ") + " and " + more[len(more)-1]
	}
	return fmt.Sprintf("paired: %s, %d pairs each before a first look; a scenario with a time still unsure looks again at %s pairs while its pairs take under %s",
		what, s.Looks[0], list, s.Budget)
}

// lookLine is the log's line on one scenario's look.
func lookLine(s paired.Status, sc paired.ScenarioStatus) string {
	k := sc.Look + 1
	if sc.Stop == paired.RunsOn {
		k = sc.Look // the look it took, before the next
	}
	var what string
	switch sc.Stop {
	case paired.RunsOn:
		what = fmt.Sprintf("unsure, on to %d pairs", s.Looks[sc.Look])
	case paired.BudgetSpent:
		what = fmt.Sprintf("%s (%s)", sc.Stop, s.Budget)
	default:
		what = string(sc.Stop)
	}
	if sc.Stop == paired.Broke {
		return fmt.Sprintf("paired %s: broken after %d pairs, %.2fs", sc.Name, sc.Pairs, sc.Spent.Seconds())
	}
	return fmt.Sprintf("paired %s: look %d of %d at %d pairs, %.2fs: %s", sc.Name, k, len(s.Looks), sc.Pairs, sc.Spent.Seconds(), what)
}

// statusLine is the terminal line over the pairs: the time so far and
// the estimate first, so a narrow terminal cuts what matters least.
func statusLine(s paired.Status, shown int, elapsed time.Duration) string {
	done, paced := 0, true
	var least, most time.Duration
	for _, sc := range s.Scenarios {
		if sc.Done {
			done++
			continue
		}
		paced = paced && sc.Pairs > 0
		l, m := sc.Left(s)
		least, most = least+l, most+m
	}
	var b strings.Builder
	fmt.Fprintf(&b, "paired %s", progress.Short(elapsed))
	switch {
	case done == len(s.Scenarios):
	case !paced:
		b.WriteString(", estimate after round 1")
	case progress.Short(least) == progress.Short(most):
		fmt.Fprintf(&b, ", ~%s left", progress.Short(least))
	default:
		fmt.Fprintf(&b, ", %s–%s left", progress.Short(least), progress.Short(most))
	}
	if shown >= 0 && shown < len(s.Scenarios) {
		sc := s.Scenarios[shown]
		if sc.Done {
			fmt.Fprintf(&b, " · %s done at %d pairs", sc.Name, sc.Pairs)
		} else {
			fmt.Fprintf(&b, " · %s %d/%d pairs (look %d of %d)", sc.Name, sc.Pairs, s.Looks[sc.Look], sc.Look+1, len(s.Looks))
		}
	}
	fmt.Fprintf(&b, " · %d/%d done", done, len(s.Scenarios))
	return b.String()
}

// done erases the line and stops it for good, before the report prints.
func (p *pairing) done() {
	if p == nil {
		return
	}
	p.d.Done()
}
