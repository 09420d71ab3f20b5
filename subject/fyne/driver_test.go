package fyne_test

import (
	"crypto/sha256"
	"fmt"
	"image/color"
	"runtime"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// onOneP runs the test on one P, as a scenario's process runs (Attach):
// there, a goroutine a program starts runs only when the subject's
// goroutine lets it.
func onOneP(t *testing.T) {
	procs := runtime.GOMAXPROCS(1)
	t.Cleanup(func() { runtime.GOMAXPROCS(procs) })
}

// A program that answers a tap on a goroutine of its own (a search, a
// decode) and hands the result back with fyne.Do has it drawn in the frame
// after the tap, in every process: the subject lets the goroutine run
// before it draws, and runs what it handed over on its own goroutine.
func TestAGoroutinesResultLandsInTheFrameAfterItsInput(t *testing.T) {
	onOneP(t)
	result := widget.NewLabel("nothing yet")
	var handedOn int
	button := widget.NewButton("Search", func() {
		go func() {
			sum := sha256.Sum256([]byte("query"))
			for range 2000 {
				sum = sha256.Sum256(sum[:])
			}
			text := fmt.Sprintf("found %x", sum[:4])
			fyne.Do(func() { result.SetText(text) })
			fyne.DoAndWait(func() { handedOn++ })
		}()
	})
	s := open(container.NewVBox(button, result), small)
	for i := range 5 {
		s.Tap(center(t, s, "Search"))
		require.True(t, s.Refresh())
		assert.Equal(t, i+1, handedOn, "both functions the goroutine handed over ran before the frame")
		f := s.Frames()[len(s.Frames())-1]
		assert.Contains(t, result.Text, "found ", "tap %d: the goroutine's result is in the frame after the tap", i)
		assert.GreaterOrEqual(t, f.Refreshes, 2, "the button's tap and the label's new text are both in the frame")
	}
}

// fyne.DoAndWait on the subject's own goroutine (a scenario's, or a
// handler's) runs at once: queued, it would wait for itself.
func TestDoAndWaitOnTheSubjectsGoroutineRunsAtOnce(t *testing.T) {
	s := open(widget.NewLabel("x"), small)
	ran := false
	fyne.DoAndWait(func() { ran = true })
	assert.True(t, ran)
	ran = false
	fyne.Do(func() { ran = true })
	assert.False(t, ran, "fyne.Do waits for the next refresh, as the desktop driver's event loop runs it")
	s.Refresh()
	assert.True(t, ran)
}

// Fyne's cache cleaner runs on the virtual clock: a widget's renderer
// unused for a minute of it is destroyed (and made anew when next asked
// for), one used within the minute is kept, however long the run takes on
// the wall clock.
func TestTheCacheExpiresOnTheVirtualClock(t *testing.T) {
	hidden := widget.NewLabel("hidden")
	rect := canvas.NewRectangle(color.Black)
	a := fyne.NewAnimation(time.Second, func(f float32) { rect.FillColor = color.Gray{Y: uint8(255 * f)}; rect.Refresh() })
	a.RepeatCount = fyne.AnimationRepeatForever
	opts := small
	opts.Refresh = time.Second // a frame a virtual second: the animation draws every one
	s := open(container.NewVBox(hidden, rect), opts)
	hidden.Hide()
	a.Start()
	first := test.WidgetRenderer(hidden)
	s.Wait(30 * time.Second)
	assert.Same(t, first, test.WidgetRenderer(hidden), "used 30 virtual seconds ago: kept")
	s.Wait(90 * time.Second)
	assert.NotSame(t, first, test.WidgetRenderer(hidden), "unused for 90 virtual seconds: destroyed by the cleaner")
	a.Stop()
}

// A focused entry's cursor pauses its blink for 300 ms after each key
// (TypedKey: an arrow, a backspace), on the virtual clock: a machine slow enough that the wall
// clock passes the pause before the next refresh draws and refreshes what
// a fast one does.
func TestTheCursorsPauseIsOnTheVirtualClock(t *testing.T) {
	if testing.Short() {
		t.Skip("sleeps a second and a half")
	}
	typing := func(pause time.Duration) [][]string {
		r, c := newRows()
		s := open(c, small)
		s.Tap(center(t, s, "type here"))
		s.Refresh()
		s.Type("abcd")
		s.Refresh()
		for range 4 {
			s.Key(fyne.KeyLeft)
			time.Sleep(pause)
			s.Wait(200 * time.Millisecond)
		}
		require.Equal(t, 0, r.entry.CursorColumn, "the cursor went back over the four characters")
		return s.FrameTrace()
	}
	assert.Equal(t, typing(0), typing(400*time.Millisecond))
}
