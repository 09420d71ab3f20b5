//go:build unix

package runner

import (
	"os"
	"os/exec"
	"syscall"
)

// inGroup makes cmd the leader of a process group of its own, which every
// process it starts joins unless it leaves on purpose, so that stopGroup
// reaches a grandchild too: a base binary's own child that hangs, or a
// process a child backgrounds before it exits. Where the system offers it
// (Linux), cmd also dies with this process (dieWithParent): in a group of
// its own, it no longer hears what a terminal sends this process's group,
// a hangup or a Ctrl-\, nor a kill that this process cannot answer.
func inGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	dieWithParent(cmd.SysProcAttr)
}

// stopGroup kills every process in p's group. The kernel hands out no
// process ID that a live group still uses, so the group is p's own even
// after p has exited.
func stopGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
}
