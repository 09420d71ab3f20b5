package fyne_test

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	subject "github.com/perfbench/perfbench/subject/fyne"
)

// The window grows to its content's minimum when the content grows past
// it, as Fyne's desktop driver fits a window to its content: a display
// that widens takes the buttons beside it along, in view, rather than
// pushing them off the window's edge.
func TestTheWindowGrowsToItsContent(t *testing.T) {
	display := widget.NewLabel("0")
	more := widget.NewButton("More", func() { display.SetText(display.Text + strings.Repeat("9", 12)) })
	content := container.NewHBox(display, more, widget.NewButton("Right", func() {}))
	s := open(content, subject.Options{Width: 200, Height: 300, Refresh: time.Second / 60})
	require.Equal(t, fyne.NewSize(200, 300), s.Size(), "content narrower than the window: the window keeps its size")

	for range 3 {
		s.Tap(center(t, s, "More"))
		require.True(t, s.Refresh())
	}
	padded := content.MinSize().Add(fyne.NewSquareSize(2 * theme.Padding()))
	require.Greater(t, padded.Width, float32(200), "the display grew past the window")
	assert.Equal(t, fyne.NewSize(padded.Width, 300), s.Size(), "the window grew in width to the content, its height kept")
	right := center(t, s, "Right")
	assert.Less(t, right.X, s.Size().Width, "the right-hand button is in the window")

	s.Resize(100, 100)
	require.True(t, s.Refresh())
	assert.Equal(t, fyne.NewSize(padded.Width, 100), s.Size(), "a window is never resized below its content's minimum")
}

// A window opened smaller than its content opens at the content's
// minimum, as the desktop driver's Resize does.
func TestTheWindowOpensNoSmallerThanItsContent(t *testing.T) {
	content := container.NewHBox(widget.NewLabel(strings.Repeat("wide ", 20)))
	s := open(content, subject.Options{Width: 50, Height: 300, Refresh: time.Second / 60})
	min := content.MinSize().Add(fyne.NewSquareSize(2 * theme.Padding()))
	assert.Equal(t, fyne.NewSize(min.Width, 300), s.Size())
}

// A program that opens its window itself (loadUI(app): NewWindow, the
// content, the canvas's keyboard handler) builds into the subject's
// window: the typed rune reaches the handler it set, and a window the
// program opens after Build is a window of its own.
func TestAProgramThatOpensItsWindowBuildsIntoTheSubjects(t *testing.T) {
	display := widget.NewLabel("")
	loadUI := func(a fyne.App) {
		w := a.NewWindow("Calc")
		w.SetContent(container.NewVBox(display))
		w.Canvas().SetOnTypedRune(func(r rune) { display.SetText(display.Text + string(r)) })
		w.Resize(fyne.NewSize(200, 300))
		w.Show()
	}
	s := &subject.Subject{Build: func(fyne.Window) fyne.CanvasObject {
		loadUI(fyne.CurrentApp())
		return nil
	}}
	s.Open()
	assert.Same(t, display, s.Window().Content().(*fyne.Container).Objects[0], "the program's content is the subject's")
	s.Type("42")
	require.True(t, s.Refresh())
	assert.Equal(t, "42", display.Text, "the runes reach the handler the program set on its window's canvas")
	assert.NotSame(t, s.Window(), fyne.CurrentApp().NewWindow("later"), "a window opened after Build is another")
}
