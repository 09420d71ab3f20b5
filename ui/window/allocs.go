package window

import (
	"runtime/metrics"
	"strconv"
)

// allocCount reads the Go heap's cumulative allocations, for the f.end
// note of a traced frame: how many objects and bytes the frame allocated.
// It is read only while a latency trace is recording, before the frame's
// cost starts and after it ends, so it costs an untraced frame nothing and
// a traced frame's cost none of its own. The counts are process-wide: a
// goroutine allocating beside the frame loop shows in them too.
type allocCount struct {
	samples [2]metrics.Sample
}

func (a *allocCount) read() {
	a.samples[0].Name = "/gc/heap/allocs:objects"
	a.samples[1].Name = "/gc/heap/allocs:bytes"
	metrics.Read(a.samples[:])
}

// since is the note: "allocs=12 bytes=3456" since read, or "" where the
// runtime does not report them.
func (a *allocCount) since() string {
	var now allocCount
	now.read()
	if a.samples[0].Value.Kind() != metrics.KindUint64 || a.samples[1].Value.Kind() != metrics.KindUint64 {
		return ""
	}
	objs := now.samples[0].Value.Uint64() - a.samples[0].Value.Uint64()
	bytes := now.samples[1].Value.Uint64() - a.samples[1].Value.Uint64()
	return "allocs=" + strconv.FormatUint(objs, 10) + " bytes=" + strconv.FormatUint(bytes, 10)
}
