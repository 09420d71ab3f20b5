package metric

import (
	"testing"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/stretchr/testify/assert"
)

func TestRollingCount(t *testing.T) {
	type op struct {
		kind string  // "start", "add", "lost", "break" or "read"
		o    Origin  // defaults to app
		at   float64 // ms
		want Value   // for "read"
	}
	tests := []struct {
		name string
		ops  []op
	}{
		{"a source that never started is missing", []op{
			{kind: "read", at: 5000, want: Not(Missing)},
		}},
		{"a part window is warmup, not a low count", []op{
			{kind: "start", at: 0},
			{kind: "add", at: 100},
			{kind: "read", at: 999, want: Not(Warmup)},
			{kind: "read", at: 1000, want: Of(1)},
		}},
		{"the first present starts a source", []op{
			{kind: "add", at: 0},
			{kind: "add", at: 500},
			{kind: "read", at: 1000, want: Of(1)}, // (0, 1000]: the present at 0 is out
		}},
		{"a healthy source with no presents in the last second is a true 0", []op{
			{kind: "start", at: 0},
			{kind: "add", at: 100},
			{kind: "add", at: 200},
			{kind: "read", at: 1100, want: Of(1)},
			{kind: "read", at: 1200, want: Of(0)},
			{kind: "read", at: 9000, want: Of(0)},
		}},
		{"an unavailable source is missing, not 0", []op{
			{kind: "start", at: 0},
			{kind: "add", at: 100},
			{kind: "read", at: 1000, want: Of(1)},
			{kind: "lost", at: 1000},
			{kind: "read", at: 1500, want: Not(Missing)},
			{kind: "read", at: 5000, want: Not(Missing)},
		}},
		{"a source back from lost refills after a discontinuity", []op{
			{kind: "start", at: 0},
			{kind: "lost", at: 500},
			{kind: "add", at: 2000},
			{kind: "read", at: 2500, want: Not(Discontinuity)},
			{kind: "read", at: 3000, want: Of(0)}, // (2000, 3000]
		}},
		{"the window is (now − 1 s, now]", []op{
			{kind: "start", at: 0},
			{kind: "add", at: 1000},
			{kind: "add", at: 1500},
			{kind: "add", at: 2000},
			{kind: "read", at: 2000, want: Of(2)}, // 1000 is out, 2000 is in
		}},
		{"60 presents a second read 60", func() []op {
			ops := []op{{kind: "start", at: 0}}
			for i := 1; i <= 120; i++ {
				ops = append(ops, op{kind: "add", at: float64(i) * 1000 / 60})
			}
			return append(ops, op{kind: "read", at: 2000, want: Of(60)})
		}()},
		{"another display starts the window over", []op{
			{kind: "start", at: 0},
			{kind: "add", at: 900},
			{kind: "read", at: 1000, want: Of(1)},
			{kind: "add", o: moved, at: 1100},
			{kind: "read", o: moved, at: 1500, want: Not(Discontinuity)},
			{kind: "read", o: moved, at: 2100, want: Of(0)}, // (1100, 2100]
		}},
		{"reading for another process is a boundary", []op{
			{kind: "start", at: 0},
			{kind: "add", at: 900},
			{kind: "read", o: restart, at: 1000, want: Not(Discontinuity)},
			{kind: "read", o: restart, at: 2000, want: Of(0)},
		}},
		{"time running backwards starts the window over", []op{
			{kind: "start", at: 5000},
			{kind: "add", at: 5500},
			{kind: "read", at: 3000, want: Not(Discontinuity)},
			{kind: "read", at: 4000, want: Of(0)},
		}},
		{"a break starts the window over", []op{
			{kind: "start", at: 0},
			{kind: "add", at: 900},
			{kind: "read", at: 1000, want: Of(1)},
			{kind: "break"},
			{kind: "read", at: 1200, want: Not(Discontinuity)},
			{kind: "read", at: 2200, want: Of(0)},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c RollingCount[clock.Mono]
			for i, op := range tt.ops {
				o := op.o
				if o == (Origin{}) {
					o = app
				}
				switch op.kind {
				case "start":
					c.Start(o, ms(op.at))
				case "add":
					c.Add(o, ms(op.at))
				case "lost":
					c.Lost()
				case "break":
					c.Break()
				case "read":
					assert.Equal(t, op.want, c.Read(o, ms(op.at)), "op %d", i)
				default:
					t.Fatalf("op %d: unknown kind %q", i, op.kind)
				}
			}
		})
	}
}
