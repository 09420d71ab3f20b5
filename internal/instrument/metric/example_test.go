package metric_test

import (
	"fmt"
	"strings"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/metric"
)

func ExampleSummarize() {
	trace := `{"header":"perfbench-latency","version":1,"base_unix_ns":1785456583000000000,"clock":"mono","timing":"real","renderer":"gpu","presents":true}
{"t":500000,"base_unix_ns":1785456583000000000,"stage":"f.begin"}
{"t":1000000,"base_unix_ns":1785456583000000000,"stage":"pres.out"}
{"t":1100000,"base_unix_ns":1785456583000000000,"stage":"f.end"}
{"t":20200000,"base_unix_ns":1785456583000000000,"stage":"f.begin"}
{"t":21000000,"base_unix_ns":1785456583000000000,"stage":"pres.out"}
{"t":21100000,"base_unix_ns":1785456583000000000,"stage":"f.end"}
{"t":40000000,"base_unix_ns":1785456583000000000,"stage":"f.begin"}
not a record
{"t":41000000,"base_unix_ns":1785456583000000000,"stage":"pres.out"}
{"t":41200000,"base_unix_ns":1785456583000000000,"stage":"f.end"}
`
	s, err := metric.Summarize(strings.NewReader(trace))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range s.Malformed {
		fmt.Println("malformed", e.Line)
	}
	for _, id := range []string{"frame.count", "frame.cost.p50", "frame.cost.p99", "present.fps.avg"} {
		r, _ := s.Metric(id, "")
		if v, ok := r.Value.Get(); ok {
			fmt.Printf("%s v%d: %v %s\n", r.ID, r.Version, v, r.Unit)
		} else {
			fmt.Printf("%s v%d: %v\n", r.ID, r.Version, r.Value.Quality())
		}
	}
	// Output:
	// malformed 9
	// frame.count v1: 3 frames
	// frame.cost.p50 v1: 900000 ns
	// frame.cost.p99 v1: missing
	// present.fps.avg v2: 50 fps
}

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
