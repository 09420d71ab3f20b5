package fyne

import (
	"time"
	_ "unsafe" // go:linkname
)

// Fyne reads the wall clock in two places that decide what a frame does,
// each through a variable Fyne keeps for its own tests; the subject sets
// both to the virtual clock, so that Fyne's rules hold in the time the
// program sees, alike in every process however fast it runs:
//
//   - cacheNow is its caches' (internal/cache): the cleaner the painter
//     runs every frame acts at most every 10 s, and destroys a widget's
//     renderer, a canvas link, an SVG or font metric unused for a minute.
//     On the wall clock, a run long enough (a counted run under Valgrind
//     takes minutes) would see the renderers of a list's pooled rows or a
//     hidden page destroyed and made anew, and a short one would not.
//   - cursorNow is an entry's cursor's (widget/entry_cursor_anim.go): the
//     cursor stops blinking for 300 ms after each keystroke. On the wall
//     clock, how many of the blink's ticks fall in the pause, and so what
//     they refresh and show, depends on how fast the machine draws.
//
//go:linkname cacheNow fyne.io/fyne/v2/internal/cache.timeNow
var cacheNow func() time.Time

//go:linkname cursorNow fyne.io/fyne/v2/widget.timeNow
var cursorNow func() time.Time

// clockEpoch is the virtual clock's reading before any subject refreshed:
// a fixed instant, so that no reading depends on when the process ran.
var clockEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// clockElapsed is the virtual time every subject of the process advanced,
// together: Fyne's caches are the process's, and their clock must not go
// back when a second subject opens.
var clockElapsed time.Duration

func virtualNow() time.Time { return clockEpoch.Add(clockElapsed) }

func init() {
	cacheNow, cursorNow = virtualNow, virtualNow
}
