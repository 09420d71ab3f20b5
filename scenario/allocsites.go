package scenario

// AllocSitesEnv names the directory a process records its steps'
// allocation sites into, when set: the runner sets it on a process of its
// own (never a timed or counted one), since it records every allocation
// of the steps and collects garbage where their label changes.
//
// The session samples every allocation of each step's work
// (runtime.MemProfileRate 1 around it, 0 elsewhere, so nothing between
// steps is sampled) and, where the label changes and after the last step,
// collects garbage, which publishes what was sampled, and writes the
// runtime's heap profile: heap.0 before the first step, heap.N after the
// N-th stretch of steps of one label, whose label is line N of the file
// labels. The allocation sites of stretch N are heap.N less heap.N−1
// (alloc_objects, alloc_space), which package runner reads back.
const AllocSitesEnv = "PERFBENCH_ALLOC_SITES"
