//go:build unix && !linux

package runner

import "syscall"

// dieWithParent does nothing where the kernel offers no parent-death
// signal: a child outlives a runner that is killed.
func dieWithParent(*syscall.SysProcAttr) {}
