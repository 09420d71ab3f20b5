// Package progress is what a command shows on stderr while it works, the
// one display every command uses: a judged run's processes, the
// instructions it counts, a paired run's builds and pairs, perf, and the
// commands of perfbench's own that run past a couple of seconds.
//
// On a terminal it is one line, redrawn in place at every step and every
// half second, so that its clock moves between steps, and erased before
// the command prints; a line of the command's own ([Display.Log]) prints
// above it. Elsewhere — a CI log, a file, a pipe — nothing redraws: only
// the lines a log keeps reach it. It never touches stdout, where --json
// and --format output go. A nil *Display shows nothing, which is what a
// command gets with --quiet; callers need no checks.
package progress

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/term"
)

// Display is a command's progress on its stderr. [New] makes one.
type Display struct {
	w    io.Writer
	term bool

	mu sync.Mutex
	// what the count counts ("processes", "sizes"), over total steps of
	// which done are done; total −1 counts nothing (one long call).
	what        string
	total, done int
	bytes       bool
	// label is what the line says the command works on now.
	label string
	// line, when set, draws the whole line instead: a paired run's
	// status, given the time since since.
	line  func(elapsed time.Duration) string
	since time.Time

	drawn, shut, closed bool
	stop                chan struct{}
	pending             []byte // a logged line until its newline
}

// Tick is how often the terminal line redraws between steps, so its clock
// moves. A variable, so that the tests that wait for redraws wait tenths,
// not seconds.
var Tick = 500 * time.Millisecond

// New returns the display on w, nil with quiet. On a terminal it starts
// redrawing its line; call Done before the command prints its report.
func New(w io.Writer, quiet bool) *Display {
	if quiet {
		return nil
	}
	return On(w, IsTerminal(w))
}

// On returns the display on w, drawn as on a terminal or as on a log
// whatever w is: for tests, and for a caller that knows better.
func On(w io.Writer, terminal bool) *Display {
	d := &Display{w: w, term: terminal, total: -1, since: time.Now(), stop: make(chan struct{})}
	if terminal {
		go d.tick()
	}
	return d
}

func (d *Display) tick() {
	t := time.NewTicker(Tick)
	defer t.Stop()
	for {
		select {
		case <-d.stop:
			return
		case <-t.C:
			d.mu.Lock()
			d.draw()
			d.mu.Unlock()
		}
	}
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Terminal reports whether the display draws on a terminal: false for a
// nil one.
func (d *Display) Terminal() bool { return d != nil && d.term }

// Count makes the line a count over total steps of what ("processes"),
// none done yet, its clock from now; total −1 counts nothing and shows
// the time alone (one long call with no steps to count).
func (d *Display) Count(total int, what string) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.what, d.total, d.done, d.bytes, d.line, d.since, d.shut = what, total, 0, false, nil, time.Now(), false
	d.draw()
}

// Step marks one step done and says what it was.
func (d *Display) Step(label string) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.done++
	d.label, d.shut = label, false
	d.draw()
}

// Describe says what the command works on now, the count as it is.
func (d *Display) Describe(label string) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.label, d.shut = label, false
	d.draw()
}

// Show makes the line the caller's own, line(the time since now), drawn
// at every tick until the next Show, Count or Step.
func (d *Display) Show(line func(elapsed time.Duration) string) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.line, d.since, d.shut = line, time.Now(), false
	d.draw()
}

// Log prints a line of its own: above the terminal line, which is drawn
// again under it, or in the log. With onTerminal false only a log gets
// it: a line a log needs and the terminal's line already says.
func (d *Display) Log(line string, onTerminal bool) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.log(line, onTerminal)
}

func (d *Display) log(line string, onTerminal bool) {
	if d.closed || (d.term && !onTerminal) {
		return
	}
	d.erase()
	fmt.Fprintln(d.w, line)
	d.draw()
}

// Write logs whole lines, on a terminal and off it.
func (d *Display) Write(b []byte) (int, error) {
	if d == nil {
		return len(b), nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.pending = append(d.pending, b...)
	for {
		i := bytes.IndexByte(d.pending, '\n')
		if i < 0 {
			return len(b), nil
		}
		d.log(string(d.pending[:i]), true)
		d.pending = d.pending[i+1:]
	}
}

// Clear erases the terminal line before the command prints to stdout,
// which may be the same terminal, and keeps it silent — its ticks
// included — until the next Step, Describe, Show or Count draws it again.
func (d *Display) Clear() {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.erase()
	d.shut = true
}

// Reader returns r read through the display, which counts its bytes
// against size, labelled what.
func (d *Display) Reader(r io.Reader, size int64, what string) io.Reader {
	if d == nil {
		return r
	}
	d.mu.Lock()
	d.what, d.total, d.done, d.bytes, d.line, d.since, d.shut = what, int(size), 0, true, nil, time.Now(), false
	d.draw()
	d.mu.Unlock()
	return reader{r, d}
}

type reader struct {
	r io.Reader
	d *Display
}

func (r reader) Read(b []byte) (int, error) {
	n, err := r.r.Read(b)
	r.d.mu.Lock()
	r.d.done += n
	r.d.mu.Unlock()
	return n, err
}

// Done erases the line and stops the display for good, before the report
// prints. It may be called more than once.
func (d *Display) Done() {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return
	}
	if d.term {
		close(d.stop)
		d.erase()
	}
	d.closed = true
}

// draw redraws the terminal line; d.mu is held.
func (d *Display) draw() {
	if !d.term || d.closed || d.shut {
		return
	}
	elapsed := time.Since(d.since)
	var line string
	switch {
	case d.line != nil:
		line = d.line(elapsed)
	case d.what == "" && d.label == "":
		return
	default:
		line = d.counted(elapsed)
	}
	if line == "" {
		return
	}
	fmt.Fprint(d.w, "\r"+Fit(line, d.width())+"\x1b[K")
	d.drawn = true
}

// counted is a count's line: what, how many of the total, what the step
// was, the time so far and what is left at the pace so far, "processes
// (3/10) hover-storm 3/5 · 2s, ~3s left"; what is left last, so that a
// narrow terminal cuts it first.
func (d *Display) counted(elapsed time.Duration) string {
	var b strings.Builder
	b.WriteString(d.what)
	switch {
	case d.bytes:
		fmt.Fprintf(&b, " (%s/%s)", size(d.done), size(d.total))
	case d.total >= 0:
		fmt.Fprintf(&b, " (%d/%d)", d.done, d.total)
	}
	if d.label != "" {
		b.WriteString(" " + d.label)
	}
	fmt.Fprintf(&b, " · %s", Short(elapsed))
	if d.total > 0 && d.done > 0 && d.done < d.total {
		left := time.Duration(float64(elapsed) * float64(d.total-d.done) / float64(d.done))
		fmt.Fprintf(&b, ", ~%s left", Short(left))
	}
	return strings.TrimPrefix(b.String(), " ")
}

// size writes a count of bytes as a reader does: "512 B", "3.2 MB".
func size(n int) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, prefix := float64(n)/unit, 0
	for v >= unit && prefix < 3 {
		v /= unit
		prefix++
	}
	return fmt.Sprintf("%.1f %cB", v, "kMGT"[prefix])
}

// erase clears the terminal line; d.mu is held.
func (d *Display) erase() {
	if d.drawn {
		fmt.Fprint(d.w, "\r\x1b[K")
		d.drawn = false
	}
}

// width is the terminal's width, 80 when it cannot say.
func (d *Display) width() int {
	if f, ok := d.w.(*os.File); ok {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 80
}

// Fit cuts line to fewer than width characters, so it never wraps (a
// wrapped line cannot be redrawn in place).
func Fit(line string, width int) string {
	if utf8.RuneCountInString(line) < width {
		return line
	}
	r := []rune(line)
	return string(r[:max(width-2, 0)]) + "…"
}

// Short writes a duration to the second: "8s", "1m50s".
func Short(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s < 60 {
		return fmt.Sprintf("%ds", s)
	}
	return fmt.Sprintf("%dm%02ds", s/60, s%60)
}
