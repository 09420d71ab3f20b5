package counter

import "unsafe"

// array views the snapshot as one uint64 per counter. Snapshot is generated
// with exactly one uint64 field per counter in declaration order;
// TestSnapshotFieldsMatchTable checks that by reflection.
func (s *Snapshot) array() *[Count]uint64 {
	return (*[Count]uint64)(unsafe.Pointer(s))
}
