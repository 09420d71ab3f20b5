//go:build unix

package builds

import (
	"errors"
	"os/exec"
	"syscall"
)

// processAlive reports whether a process with the pid exists.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// ownGroup puts cmd in a process group of its own and makes its
// cancellation kill the whole group: the go command's compilers and
// linker with it, which killing the go command alone leaves running.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = groupAttr()
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
