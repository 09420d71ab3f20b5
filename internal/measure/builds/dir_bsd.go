//go:build unix && !linux

package builds

import "syscall"

// groupAttr starts a process in a group of its own.
func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
