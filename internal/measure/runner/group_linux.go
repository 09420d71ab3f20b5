package runner

import "syscall"

// dieWithParent has the kernel kill the child when the thread that
// started it ends, which the runner holds until the child has exited
// (see startHeld), so that it ends with this process alone: killed, or
// dead of a signal it does not handle. Only the child is killed; a
// process of its own that it left behind in its group is not.
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
