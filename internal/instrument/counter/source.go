package counter

// Source is the process-wide counters read as one source of named counts:
// the shape package scenario asks of a subject that keeps counts of its
// own (scenario.CountSource), so the record of a scenario over
// perfbench's window carries the counters without package scenario
// knowing them. The zero Source is ready; every Source reads the same
// counters.
type Source struct{}

// names are the counters' names in declaration order: one slice, so
// every CountNames call returns the same.
var names = func() []string {
	out := make([]string, Count)
	for i := range out {
		out[i] = table[i].name
	}
	return out
}()

// CountNames returns every counter's name (Counter.String), in
// declaration order: a counter's value is at index int(c) of what
// ReadCounts writes. The slice is shared; a caller should not change it.
func (Source) CountNames() []string { return names }

// ReadCounts writes every counter's current value into dst, in
// declaration order, as Take reads them: one load each, straight into dst,
// which has one element per counter. It allocates nothing.
func (Source) ReadCounts(dst []uint64) {
	if len(dst) != Count {
		panic("counter: ReadCounts into a slice that does not have one element per counter")
	}
	load((*[Count]uint64)(dst))
}
