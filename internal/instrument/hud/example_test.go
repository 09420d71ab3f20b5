package hud_test

import (
	"fmt"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/hud"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
	"github.com/perfbench/perfbench/ui/window"
)

// Mount a HUD in an application's window; whether it shows is the
// application's choice.
func Example() {
	doc := document.New(&style.Sheet{}, "app")
	clk := &clock.Virtual{}
	w := window.New(doc, window.Options{Clock: clk, Display: window.Display{ID: 1, RefreshHz: 120}})

	h := hud.Mount(w, doc.Root(), hud.DefaultOptions)
	clk.Advance(time.Second)
	r := h.Readings()
	fmt.Println("refresh", r.Refresh, "budget", r.Budget)
	fmt.Println(r.Headline(h.Headline()).Name, "is", r.Max.Value.Quality(), "until the application draws")
	fmt.Println("GPU", r.GPU.Text())

	h.Hide()
	clk.Advance(time.Second)
	fmt.Println("hidden, running:", h.Running(), "ticks:", h.Ticks())
	// Output:
	// refresh 120 budget 8.333333ms
	// MAX FPS is warmup until the application draws
	// GPU missing
	// hidden, running: false ticks: 4
}

// A sampler fed frames directly: a window on a real clock idling at two
// frames a second, each drawn at its refresh in 8 ms and presented, on a
// 120 Hz display: every frame is shown at the refresh after its own, as
// expected, so HITCH is a true 0.
func ExampleSampler() {
	d := window.Display{ID: 1, RefreshHz: 120}
	s := hud.Sampler{Timing: latency.Real, Presents: true}
	s.Start(d, clock.At[clock.Sched](0))
	for k := range 10 {
		at := clock.At[clock.Sched](int64(250+500*k) * int64(time.Millisecond))
		s.Frame(window.FrameInfo{At: at, Cost: 8 * time.Millisecond, Reasons: window.ByApp, Invalidations: 1,
			Scheduled: true, Aim: at, Presented: at.Add(8 * time.Millisecond)}, d)
	}
	r := s.Read(clock.At[clock.Sched](int64(5 * time.Second)))
	fmt.Println(r.Max)
	fmt.Println(r.FPS)
	for _, row := range r.Rows()[:6] {
		fmt.Println(row)
	}
	// Output:
	// MAX FPS          120
	// FPS                2
	// INTERVAL    500.0 ms
	// FRAME        8.00 ms
	// P95           warmup
	// DROP           0.0 %
	// HITCH       0.0 ms/s
	// INV             1.00
}
