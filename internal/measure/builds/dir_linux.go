package builds

import "syscall"

// groupAttr starts a process in a group of its own, killed with the
// program: a program killed by SIGKILL cannot kill its go build, which
// would go on writing into the base directory the next run removes.
func groupAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
