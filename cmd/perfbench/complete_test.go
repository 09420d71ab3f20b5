package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// complete asks the completion cobra generates for the candidates after
// args, the last of which is the word being completed.
func complete(t *testing.T, args ...string) []string {
	t.Helper()
	_, stdout, _ := perfbench(t, append([]string{"__complete"}, args...)...)
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if l != "" && !strings.HasPrefix(l, ":") {
			out = append(out, l)
		}
	}
	return out
}

func TestShellCompletionCompletesValues(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"scenario names", []string{"scenarios", "h"}, []string{"hover-storm"}},
		{"scenario names not yet given", []string{"scenarios", "idle", "i"}, nil},
		{"one scenario", []string{"scenario", "re"}, []string{"resize"}},
		{"phase names", []string{"phase", "sc"}, []string{"scroll", "scroll-resize"}},
		{"sizes after a phase", []string{"phase", "hover", "s2"}, []string{"s2", "s26"}},
		{"all sizes", []string{"phase", "hover", "a"}, []string{"all"}},
		{"nothing for N", []string{"phase", "hover", "s13", ""}, nil},
		{"scenarios formats", []string{"scenarios", "--format", ""}, []string{"table", "markdown", "benchfmt"}},
		{"perf formats", []string{"perf", "--format", "m"}, []string{"markdown"}},
		{"rebaseline names", []string{"perf", "--rebaseline", "k"}, []string{"kitchen-sink"}},
		{"workload names", []string{"workload", "list"}, []string{"list-slope"}},
		{"renderers", []string{"phase", "--renderer", "n"}, []string{"null"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, complete(t, tt.args...))
		})
	}
}

// A shell cobra has no script for is a usage error (it printed the help
// and exited 0), and a known one still prints its script.
func TestCompletionRefusesAnUnknownShell(t *testing.T) {
	code, stdout, stderr := perfbench(t, "completion", "tcsh")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "perfbench: completion tcsh: no script for that shell (valid: bash, fish, powershell, zsh)\n", stderr)

	code, stdout, _ = perfbench(t, "completion", "bash")
	assert.Equal(t, exitPass, code)
	assert.Contains(t, stdout, "bash completion")
}
