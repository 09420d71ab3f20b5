//go:build !linux

package affinity

// Pin does nothing where the system sets no CPU mask this package knows.
func Pin(cpu int) error { return nil }

// Last reports no CPU: nothing to pin to.
func Last() (int, bool) { return 0, false }
