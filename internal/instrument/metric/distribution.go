package metric

import (
	"fmt"
	"strconv"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
)

// RollingDistribution is the rolling-distribution model: the share of
// valid samples that fall in each of a stated set of buckets, over a
// trailing time window or over the whole run since the last boundary
// (the refresh-rate distribution of a display, the frame intervals of a
// session in refreshes). Buckets are stated, never inferred: Bounds are
// the upper bounds, ascending and inclusive, and one more bucket takes
// everything above the last.
//
// A boundary — another origin (a display or source change), time running
// backwards, Break — empties the distribution: samples of two displays
// are not one distribution. Read reports, for every bucket, Missing before
// the first Add, Warmup while fewer than Min samples are in the window,
// Discontinuity in their place when the window started over at a
// boundary, and the bucket's share otherwise (a Valid 0 is an empty
// bucket of a full window).
//
// The zero value has no buckets; set Bounds first.
type RollingDistribution[D clock.Domain] struct {
	Bounds []float64
	// Window is the trailing window; 0 means the whole run since the last
	// boundary (a session distribution).
	Window time.Duration
	// Min is how many samples a distribution needs; 0 means 1.
	Min int

	at     []clock.Instant[D]
	bucket []int
	origin Origin
	latest clock.Instant[D]
	on     bool
	brk    bool
	again  bool
}

// Add records a sample. Samples that are not Valid are not in any bucket.
func (d *RollingDistribution[D]) Add(o Origin, at clock.Instant[D], v Value) {
	d.advance(o, at)
	x, ok := v.Get()
	if !ok {
		return
	}
	d.at = append(d.at, at)
	d.bucket = append(d.bucket, d.bucketOf(x))
}

func (d *RollingDistribution[D]) bucketOf(x float64) int {
	for i, b := range d.Bounds {
		if x <= b {
			return i
		}
	}
	return len(d.Bounds)
}

// Break passes a boundary the origin does not show.
func (d *RollingDistribution[D]) Break() { d.brk = d.on }

// Read returns one value per bucket (len(Bounds)+1) at now for origin o.
func (d *RollingDistribution[D]) Read(o Origin, now clock.Instant[D]) []Value {
	out := make([]Value, len(d.Bounds)+1)
	if !d.on {
		for i := range out {
			out[i] = Not(Missing)
		}
		return out
	}
	d.advance(o, now)
	n := len(d.at)
	if n < max(d.Min, 1) {
		q := Warmup
		if d.again {
			q = Discontinuity
		}
		for i := range out {
			out[i] = Not(q)
		}
		return out
	}
	counts := make([]int, len(out))
	for _, b := range d.bucket {
		counts[b]++
	}
	for i, c := range counts {
		out[i] = Of(float64(c) / float64(n))
	}
	return out
}

// Labels names the buckets, with unit after each bound: "≤16.7ms" … ">50ms".
func (d *RollingDistribution[D]) Labels(format func(float64) string) []string {
	if format == nil {
		format = func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	}
	out := make([]string, 0, len(d.Bounds)+1)
	for _, b := range d.Bounds {
		out = append(out, "<="+format(b))
	}
	if len(d.Bounds) == 0 {
		return append(out, "all")
	}
	return append(out, fmt.Sprintf(">%s", format(d.Bounds[len(d.Bounds)-1])))
}

func (d *RollingDistribution[D]) advance(o Origin, at clock.Instant[D]) {
	if !d.on || d.brk || d.origin != o || at.Before(d.latest) {
		d.again = d.on
		d.on, d.brk, d.origin = true, false, o
		d.at, d.bucket = d.at[:0], d.bucket[:0]
	}
	d.latest = at
	if d.Window <= 0 {
		return
	}
	cut := at.Add(-d.Window)
	i := 0
	for i < len(d.at) && !d.at[i].After(cut) {
		i++
	}
	if i > 0 {
		d.at = append(d.at[:0], d.at[i:]...)
		d.bucket = append(d.bucket[:0], d.bucket[i:]...)
	}
}
