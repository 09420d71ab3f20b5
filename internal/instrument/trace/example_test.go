package trace_test

import (
	"fmt"
	"strings"

	"github.com/perfbench/perfbench/internal/instrument/trace"
)

func ExampleSummarize() {
	tr := `{"header":"perfbench-latency","version":1,"base_unix_ns":1785456583000000000,"clock":"mono","timing":"real","renderer":"gpu","presents":true}
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
	s, err := trace.Summarize(strings.NewReader(tr))
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
