// This program must not compile: it feeds a scheduling-clock instant to a
// frame-time chain on the monotonic clock. TestCrossDomainIntervalDoesNotCompile
// builds it.
package main

import (
	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/metric"
)

func main() {
	var frameTime metric.EventInterval[clock.Mono]
	frameTime.Observe(metric.Origin{}, clock.At[clock.Sched](0))
}
