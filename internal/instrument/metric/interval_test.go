package metric

import (
	"testing"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/stretchr/testify/assert"
)

// ms returns the Mono instant n milliseconds after the origin.
func ms(n float64) clock.Instant[clock.Mono] {
	return clock.At[clock.Mono](int64(n * float64(time.Millisecond)))
}

// interval returns a valid frame time of n milliseconds, in the package's
// nanoseconds.
func interval(n float64) Value { return Of(n * float64(time.Millisecond)) }

var (
	app     = Origin{Epoch: 1, PID: 1564, Display: "DP-1"}
	restart = Origin{Epoch: 1, PID: 1832, Display: "DP-1"}
	moved   = Origin{Epoch: 1, PID: 1564, Display: "HDMI-1"}
	rejoin  = Origin{Epoch: 2, PID: 1564, Display: "DP-1"}
)

// step is one event fed to a chain model and what it must publish.
type step struct {
	o    Origin
	at   float64 // ms
	brk  bool    // Break before this event
	want Value
}

func TestEventInterval(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
	}{
		{"the first event only anchors", []step{
			{o: app, at: 0, want: Not(Warmup)},
			{o: app, at: 16, want: interval(16)},
			{o: app, at: 33, want: interval(17)},
		}},
		{"a new source epoch re-anchors", []step{
			{o: app, at: 0, want: Not(Warmup)},
			{o: app, at: 16, want: interval(16)},
			{o: rejoin, at: 20, want: Not(Discontinuity)},
			{o: rejoin, at: 36, want: interval(16)},
		}},
		{"a new process re-anchors", []step{
			{o: app, at: 0, want: Not(Warmup)},
			{o: restart, at: 500, want: Not(Discontinuity)},
			{o: restart, at: 516, want: interval(16)},
		}},
		{"a new display re-anchors", []step{
			{o: app, at: 0, want: Not(Warmup)},
			{o: moved, at: 7, want: Not(Discontinuity)},
			{o: moved, at: 14, want: interval(7)},
		}},
		{"time running backwards re-anchors", []step{
			{o: app, at: 100, want: Not(Warmup)},
			{o: app, at: 50, want: Not(Discontinuity)},
			{o: app, at: 66, want: interval(16)},
		}},
		{"a break the origin cannot show re-anchors", []step{
			{o: app, at: 0, want: Not(Warmup)},
			{o: app, at: 16, want: interval(16)},
			{o: app, at: 900, brk: true, want: Not(Discontinuity)},
			{o: app, at: 916, want: interval(16)},
		}},
		{"a break before any event is nothing to break", []step{
			{o: app, at: 0, brk: true, want: Not(Warmup)},
		}},
		{"two presents at one instant are a true 0", []step{
			{o: app, at: 0, want: Not(Warmup)},
			{o: app, at: 0, want: Of(0)},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e EventInterval[clock.Mono]
			for i, s := range tt.steps {
				if s.brk {
					e.Break()
				}
				assert.Equal(t, s.want, e.Observe(s.o, ms(s.at)), "step %d", i)
			}
		})
	}
}
