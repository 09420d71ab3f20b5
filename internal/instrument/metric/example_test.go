package metric_test

import (
	"fmt"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/metric"
)

func ExampleRollingCount() {
	var fps metric.RollingCount[clock.Mono]
	src := metric.Origin{Epoch: 1, PID: 4242, Display: "DP-1"}
	at := func(ms int64) clock.Instant[clock.Mono] { return clock.At[clock.Mono](ms * 1e6) }

	fmt.Println("never started:", fps.Read(src, at(0)))
	fps.Start(src, at(0))
	fps.Add(src, at(100))
	fmt.Println("half a second in:", fps.Read(src, at(500)))
	fmt.Println("one second in:", fps.Read(src, at(1000)))
	fmt.Println("idle, still healthy:", fps.Read(src, at(2000)))
	fps.Lost()
	fmt.Println("source lost:", fps.Read(src, at(3000)))
	// Output:
	// never started: missing
	// half a second in: warmup
	// one second in: 1
	// idle, still healthy: 0
	// source lost: missing
}
