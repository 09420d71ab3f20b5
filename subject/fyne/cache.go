package fyne

import (
	"time"
	_ "unsafe" // go:linkname
)

// cacheNow is the clock of Fyne's caches (internal/cache), which Fyne
// keeps in a variable for its own tests: the cache cleaner that the
// painter runs every frame acts at most every 10 s of it, and destroys a
// widget's renderer, a canvas link, an SVG or font metric unused for a
// minute of it. On the wall clock, a run long enough (a counted run under
// Valgrind takes minutes) would see the renderers of a list's pooled rows
// or a hidden page destroyed and made anew, and a short one would not; the
// subject makes it the virtual clock, so that Fyne's rule holds in the
// time the program sees, alike in every process.
//
//go:linkname cacheNow fyne.io/fyne/v2/internal/cache.timeNow
var cacheNow func() time.Time

// cacheEpoch is the virtual clock's reading before any subject refreshed:
// a fixed instant, so that no reading depends on when the process ran.
var cacheEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// cacheElapsed is the virtual time every subject of the process advanced,
// together: Fyne's caches are the process's, and their clock must not go
// back when a second subject opens.
var cacheElapsed time.Duration

func init() {
	cacheNow = func() time.Time { return cacheEpoch.Add(cacheElapsed) }
}
