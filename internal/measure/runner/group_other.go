//go:build !unix

package runner

import (
	"os"
	"os/exec"
)

// inGroup does nothing where there are no process groups.
func inGroup(*exec.Cmd) {}

// stopGroup kills p alone: without process groups, a grandchild is not
// reachable from here.
func stopGroup(p *os.Process) { _ = p.Kill() }
