package gates

import "github.com/perfbench/perfbench/workloads"

// Resize runs the resize gate: the resize-slope workload and its criterion
// (workloads/resize.go), which is the one place the slope's limits live.
// The gate and the workload are one measurement under two names so that
// the resize can be checked alone while it is being changed.
func Resize(o workloads.Options) workloads.Result {
	w, err := workloads.Lookup("resize-slope")
	if err != nil {
		panic("gates: " + err.Error())
	}
	return workloads.Run(w, o)
}
