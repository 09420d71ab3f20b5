package gates

import (
	"fmt"
	"strings"
	"time"

	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/gallery"
	"github.com/perfbench/perfbench/ui/window"
)

// BudgetOptions configure the budget gate. DefaultBudget is what
// `perfbench budget` runs.
type BudgetOptions struct {
	// RunLimit and GlyphLimit are the soft limits the window's shaped-run
	// cache and glyph atlas are opened with: small, so that one burst is
	// enough to go over them.
	RunLimit, GlyphLimit int
	// Bursts is the number of frames, each answering a burst of unique
	// strings.
	Bursts int
	// Strings is the number of table cells given a new string per burst.
	Strings int
}

// DefaultBudget pushes both caches over limits a tenth or less of their
// defaults, four times.
var DefaultBudget = BudgetOptions{RunLimit: 64, GlyphLimit: 128, Bursts: 4, Strings: 200}

// CacheReading is one cache after one burst's frame.
type CacheReading struct {
	Cache string `json:"cache"`
	Burst int    `json:"burst"`
	// Limit is the cache's soft limit.
	Limit int `json:"limit"`
	// After is how many entries it held once the frame ended.
	After int `json:"after"`
	// Evicted is how many entries the frame evicted to get there: the
	// evidence that the burst took the cache over its limit at all.
	Evicted uint64 `json:"evicted"`
}

// The caches, as readings name them.
const (
	RunCache = "shaped-run cache"
	Atlas    = "glyph atlas"
)

// burstRunes are the letters the bursts are written in: Latin, Latin-1,
// Latin Extended-A, Greek and Cyrillic, all in the Go fonts, so a burst
// rasterises a few hundred distinct glyphs.
var burstRunes = func() []rune {
	var rs []rune
	for _, span := range [][2]rune{{'a', 'z'}, {'A', 'Z'}, {0xC0, 0xFF}, {0x100, 0x17F}, {0x391, 0x3A9}, {0x3B1, 0x3C9}, {0x410, 0x44F}} {
		for r := span[0]; r <= span[1]; r++ {
			rs = append(rs, r)
		}
	}
	return rs
}()

// burstString is the ith string of burst b: unique across bursts, and
// walking the letters so that the burst as a whole uses all of them.
func burstString(b, i int) string {
	var s strings.Builder
	for k := range 6 {
		s.WriteRune(burstRunes[(i*6+k+b*7)%len(burstRunes)])
	}
	fmt.Fprintf(&s, " %d·%d", b, i)
	return s.String()
}

// MeasureBudget opens the idle gallery with small cache limits and, for
// each burst, gives that many table cells a new unique string and reads
// both caches after the frame.
func MeasureBudget(o BudgetOptions) []CacheReading {
	release := counter.Exclusive()
	defer release()
	d := phase.Open(&phase.Phase{Name: "budget"}, gallery.S1, phase.Options{
		Gallery: &gallery.Options{},
		Window:  window.Options{RunCacheLimit: o.RunLimit, GlyphCacheLimit: o.GlyphLimit},
	})
	var cells []*document.Node
	for _, row := range d.G.TableRows {
		for _, c := range row.Children() {
			cells = append(cells, c)
		}
	}
	var out []CacheReading
	for b := range o.Bursts {
		before := counter.Take()
		for i := range min(o.Strings, len(cells)) {
			d.G.Doc.SetText(cells[i], burstString(b, i))
		}
		d.W.Invalidate()
		d.Refresh()
		moved := before.Delta(counter.Take())
		runs, runLimit, glyphs, glyphLimit := d.W.TextCaches()
		out = append(out,
			CacheReading{Cache: RunCache, Burst: b, Limit: runLimit, After: runs, Evicted: moved.ShapedRunsEvicted},
			CacheReading{Cache: Atlas, Burst: b, Limit: glyphLimit, After: glyphs, Evicted: moved.GlyphsEvicted})
	}
	return out
}

// JudgeBudget judges the readings: every cache must be back under its soft
// limit after every burst's frame (Fail otherwise), and every cache must
// have been pushed over it by at least one burst (Broken otherwise: a
// cache never over its limit proves nothing about coming back).
func JudgeBudget(rs []CacheReading) Report {
	var checks []Check
	for _, cache := range []string{RunCache, Atlas} {
		name := cache + " back under its soft limit after the frame"
		var over, evicted uint64
		n, worst := 0, CacheReading{}
		for _, r := range rs {
			if r.Cache != cache {
				continue
			}
			n++
			evicted += r.Evicted
			if r.After > r.Limit {
				over++
				if worst.After-worst.Limit < r.After-r.Limit {
					worst = r
				}
			}
		}
		switch {
		case n == 0:
			checks = append(checks, Broken(name, "missing: no readings of the %s", cache))
		case evicted == 0:
			checks = append(checks, Broken(name, "no burst took the %s over its limit (nothing was evicted): the gate proves nothing", cache))
		case over > 0:
			checks = append(checks, Claim(name, false, "after burst %d it holds %d, over its soft limit of %d (%d of %d frames over)", worst.Burst, worst.After, worst.Limit, over, n))
		default:
			checks = append(checks, Claim(name, true, "%d bursts, %d entries evicted, at most %d held of %d", n, evicted, maxAfter(rs, cache), limitOf(rs, cache)))
		}
	}
	return Of("budget", checks)
}

// Budget runs the budget gate.
func Budget(o BudgetOptions) Report {
	start := time.Now()
	r := JudgeBudget(MeasureBudget(o))
	r.Seconds = time.Since(start).Seconds()
	return r
}

func maxAfter(rs []CacheReading, cache string) int {
	m := 0
	for _, r := range rs {
		if r.Cache == cache {
			m = max(m, r.After)
		}
	}
	return m
}

func limitOf(rs []CacheReading, cache string) int {
	for _, r := range rs {
		if r.Cache == cache {
			return r.Limit
		}
	}
	return 0
}
