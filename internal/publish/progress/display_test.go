package progress

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file is not a terminal, even one that is a character device.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	assert.False(t, IsTerminal(null), os.DevNull)
	assert.False(t, IsTerminal(&bytes.Buffer{}))
	_, tty, err := pty.Open()
	require.NoError(t, err)
	defer tty.Close()
	assert.True(t, IsTerminal(tty))
}

func TestFitCutsToTheWidth(t *testing.T) {
	assert.Equal(t, "short", Fit("short", 80))
	got := Fit(strings.Repeat("é", 100), 80)
	assert.Equal(t, 79, utf8.RuneCountInString(got))
	assert.True(t, strings.HasSuffix(got, "…"))
}

func TestShortDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0s", 1400 * time.Millisecond: "1s", 59 * time.Second: "59s", 110 * time.Second: "1m50s", time.Hour: "60m00s"} {
		assert.Equal(t, want, Short(d), "%s", d)
	}
}

// A nil display (--quiet) shows nothing and needs no checks.
func TestNilDisplay(t *testing.T) {
	assert.Nil(t, New(&bytes.Buffer{}, true))
	var d *Display
	d.Count(3, "x")
	d.Step("x")
	d.Describe("x")
	d.Show(func(time.Duration) string { return "x" })
	d.Log("x", true)
	d.Clear()
	n, err := d.Write([]byte("line\n"))
	require.NoError(t, err)
	assert.Equal(t, 5, n)
	r := strings.NewReader("abc")
	assert.Equal(t, r, d.Reader(r, 3, "x"))
	assert.False(t, d.Terminal())
	d.Done()
}

// Off a terminal nothing redraws: only the lines a log keeps reach it.
func TestOffATerminalOnlyLogLines(t *testing.T) {
	var b bytes.Buffer
	d := New(&b, false)
	require.NotNil(t, d)
	assert.False(t, d.Terminal())
	d.Count(3, "processes")
	d.Step("a 1/1")
	d.Log("for the log", false)
	d.Log("for both", true)
	_, _ = io.WriteString(d, "written\n")
	d.Done()
	d.Log("after done", true)
	assert.Equal(t, "for the log\nfor both\nwritten\n", b.String())
}

// On a terminal the line counts the steps with the time so far and what is
// left, names the step, prints a logged line above itself, and is erased
// when done; a reader counts its bytes.
func TestOnATerminalOneLine(t *testing.T) {
	var b lockedBuffer
	d := On(&b, true)
	d.Count(4, "sizes")
	d.Step("s0")
	d.Log("above", true)
	d.Log("log only", false)
	d.Done()
	got := b.String()
	assert.Contains(t, got, "\rsizes (0/4) · 0s\x1b[K")
	assert.Contains(t, got, "\rsizes (1/4) s0 · ")
	assert.Contains(t, got, "\r\x1b[Kabove\n\rsizes (1/4) s0 · ")
	assert.NotContains(t, got, "log only")
	assert.True(t, strings.HasSuffix(got, "\r\x1b[K"), "erased last: %q", got)

	var rb lockedBuffer
	d = On(&rb, true)
	data, err := io.ReadAll(d.Reader(strings.NewReader(strings.Repeat("x", 2500)), 2500, "trace"))
	require.NoError(t, err)
	assert.Len(t, data, 2500)
	d.Describe("read")
	d.Done()
	assert.Contains(t, rb.String(), "trace (0 B/2.5 kB) · ")
	assert.Contains(t, rb.String(), "trace (2.5 kB/2.5 kB) read · ")
}

// lockedBuffer is a buffer the display's ticker and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// terminalCounter reads a pseudo-terminal and counts what arrives.
type terminalCounter struct {
	mu    sync.Mutex
	got   bytes.Buffer
	marks int // markers drained has written
}

func (c *terminalCounter) Write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.got.Write(b)
}

func (c *terminalCounter) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.got.Len()
}

// grows reports whether more than n bytes reach the terminal within d. It
// polls rather than sleeping a fixed time, since on a loaded machine the
// goroutine copying from the pty can lag the write by more than a tick.
func (c *terminalCounter) grows(n int, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if c.len() > n {
			return true
		}
	}
	return c.len() > n
}

// drained writes a marker to the terminal and waits until it arrives: a
// pseudo-terminal keeps the order of what is written to it, so every byte
// the display wrote before the marker has arrived too, however far the
// goroutine copying from it lags on a loaded machine. It returns how many
// bytes there are then.
func (c *terminalCounter) drained(tty io.Writer) int {
	c.marks++
	mark := fmt.Sprintf("<drained %d>", c.marks)
	_, _ = io.WriteString(tty, mark)
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		c.mu.Lock()
		arrived := bytes.Contains(c.got.Bytes(), []byte(mark))
		c.mu.Unlock()
		if arrived {
			break
		}
	}
	return c.len()
}

// The line redraws by itself, so its elapsed time moves between steps;
// once cleared for the command's own output, it draws nothing — not a
// tick — until the next step, and after done nothing ever: phase's
// spinner used to land inside the table it printed ("\ s26 [0s]" in its
// header, two runs in three).
func TestSilentWhileStdoutPrints(t *testing.T) {
	was := Tick
	Tick = was / 10
	t.Cleanup(func() { Tick = was })
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	var c terminalCounter
	go func() { _, _ = io.Copy(&c, ptmx) }()
	settle := 3 * Tick

	for _, total := range []int{-1, 4} {
		d := New(tty, false)
		require.NotNil(t, d)
		d.Count(total, "hover s26")
		before := c.len()
		assert.True(t, c.grows(before, settle), "total %d: the line redraws with no step", total)

		d.Clear()
		cleared := c.drained(tty)
		time.Sleep(settle)
		assert.Equal(t, cleared, c.len(), "total %d: nothing drawn while stdout prints", total)

		d.Step("s26")
		assert.True(t, c.grows(cleared, settle), "total %d: the next step draws again", total)
		d.Done()
		finished := c.drained(tty)
		time.Sleep(settle)
		assert.Equal(t, finished, c.len(), "total %d: nothing after done", total)
	}
	require.NoError(t, tty.Close())
}
