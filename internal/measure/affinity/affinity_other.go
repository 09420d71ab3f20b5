//go:build !linux

package affinity

// Pin does nothing where the system sets no CPU mask this package knows.
func Pin(cpu int) error { return nil }

// Last reports no CPU: nothing to pin to.
func Last() (int, bool) { return 0, false }

// Allowed returns nil: no CPU is known here, and any number pins nothing.
func Allowed() []int { return nil }
