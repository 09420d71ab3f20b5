package harness

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/perfbench/perfbench/internal/judge/paired"
	"github.com/perfbench/perfbench/internal/measure/builds"
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
// With --quiet it is nil, and a nil *pairing shows nothing.
type pairing struct {
	w    io.Writer
	term bool

	mu    sync.Mutex
	line  string // what the terminal line says now, before its clock
	since time.Time
	// clock says whether the line ends with the time since since.
	clock  bool
	drawn  bool
	closed bool
	stop   chan struct{}

	// The pairs: the last status, when it came, and which scenario the
	// line names.
	status    *paired.Status
	statusAt  time.Time
	shown     int
	announced bool
	pending   []byte // a note's line until its newline
}

// pairingTick is how often the terminal line redraws between pairs, so
// its clock moves.
const pairingTick = 500 * time.Millisecond

// pairing returns the command's paired-run progress on its stderr, nil
// with --quiet.
func (h *front) pairing(cmd *cobra.Command) *pairing {
	if Quiet(cmd) {
		return nil
	}
	return newPairing(cmd.ErrOrStderr(), isTerminal(cmd.ErrOrStderr()))
}

func newPairing(w io.Writer, onTerminal bool) *pairing {
	p := &pairing{w: w, term: onTerminal, stop: make(chan struct{}), shown: -1}
	if onTerminal {
		go func() {
			t := time.NewTicker(pairingTick)
			defer t.Stop()
			for {
				select {
				case <-p.stop:
					return
				case <-t.C:
					p.mu.Lock()
					p.draw()
					p.mu.Unlock()
				}
			}
		}()
	}
	return p
}

// step says what the run is doing now, on the terminal line only, with
// the time since it began.
func (p *pairing) Step(line string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.line, p.since, p.clock = line, time.Now(), true
	p.draw()
}

// log prints a line of its own: above the terminal line, which is drawn
// again under it, or in the log. Only a log gets it when termToo is
// false.
func (p *pairing) log(line string, termToo bool) {
	if p == nil || p.closed || (p.term && !termToo) {
		return
	}
	if p.term {
		p.erase()
	}
	fmt.Fprintln(p.w, line)
	if p.term {
		p.draw()
	}
}

// Write takes whole lines to log on a terminal and off it (a base
// directory a killed run left, removed).
func (p *pairing) Write(b []byte) (int, error) {
	if p == nil {
		return len(b), nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pending = append(p.pending, b...)
	for {
		i := bytes.IndexByte(p.pending, '\n')
		if i < 0 {
			return len(b), nil
		}
		p.log(string(p.pending[:i]), true)
		p.pending = p.pending[i+1:]
	}
}

// building says one side's builds begin: a line in a log naming them all,
// and the terminal line for the first.
func (p *pairing) Building(side, what string, layouts []string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	n := "1 build"
	if len(layouts) > 1 {
		n = fmt.Sprintf("%d builds", len(layouts))
	}
	p.log(fmt.Sprintf("%s: building %s: %s (%s)", side, what, n, layoutList(layouts)), false)
	p.mu.Unlock()
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
		p.log(pairingPlan(s), false)
	}
	p.status, p.statusAt = &s, time.Now()
	if s.Ran >= 0 {
		p.shown = s.Ran
	}
	if s.Ran < 0 {
		for _, sc := range s.Scenarios {
			if sc.Looked {
				p.log(lookLine(s, sc), false)
			}
		}
	}
	p.line, p.clock = "", false
	p.draw()
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
	fmt.Fprintf(&b, "paired %s", short(elapsed))
	switch {
	case done == len(s.Scenarios):
	case !paced:
		b.WriteString(", estimate after round 1")
	case short(least) == short(most):
		fmt.Fprintf(&b, ", ~%s left", short(least))
	default:
		fmt.Fprintf(&b, ", %s–%s left", short(least), short(most))
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

// short writes a duration to the second: "8s", "1m50s".
func short(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s < 60 {
		return fmt.Sprintf("%ds", s)
	}
	return fmt.Sprintf("%dm%02ds", s/60, s%60)
}

// draw redraws the terminal line; p.mu is held.
func (p *pairing) draw() {
	if !p.term || p.closed {
		return
	}
	var line string
	switch {
	case p.line != "":
		line = p.line
		if p.clock {
			line += " · " + short(time.Since(p.since))
		}
	case p.status != nil:
		line = statusLine(*p.status, p.shown, p.status.Elapsed+time.Since(p.statusAt))
	default:
		return
	}
	fmt.Fprint(p.w, "\r"+fit(line, p.width())+"\x1b[K")
	p.drawn = true
}

// erase clears the terminal line; p.mu is held.
func (p *pairing) erase() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

// width is the terminal's width, 80 when it cannot say.
func (p *pairing) width() int {
	if f, ok := p.w.(*os.File); ok {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 80
}

// fit cuts line to fewer than width characters, so it never wraps (a
// wrapped line cannot be redrawn in place).
func fit(line string, width int) string {
	if utf8.RuneCountInString(line) < width {
		return line
	}
	r := []rune(line)
	return string(r[:max(width-2, 0)]) + "…"
}

// done erases the line and stops it for good, before the report prints.
func (p *pairing) done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	if p.term {
		close(p.stop)
		p.erase()
	}
	p.closed = true
}
