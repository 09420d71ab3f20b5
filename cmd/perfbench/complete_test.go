package main

import (
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/registry"
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
		{"scenarios formats", []string{"scenarios", "--format", ""}, []string{"table", "markdown", "benchfmt", "bmf",
			"gab-times", "gab-counts", "gab-floors", "gab-instructions", "json"}},
		{"reference names", []string{"reference", "h"}, []string{"hover-storm"}},
		{"reference names not yet given", []string{"reference", "idle", "i"}, nil},
		{"perf formats", []string{"perf", "--format", "m"}, []string{"markdown"}},
		{"rebaseline names", []string{"perf", "--rebaseline", "k"}, []string{"kitchen-sink"}},
		{"workload names", []string{"workload", "list"}, []string{"list-slope"}},
		{"renderers", []string{"phase", "--renderer", "n"}, []string{"null"}},
		{"peers forms", []string{"peers", "--form", ""}, []string{"idiomatic", "everything"}},
		{"peers phases, as a list", []string{"peers", "--phase", "hover,s"}, []string{"hover,scroll", "hover,scroll-resize"}},
		{"peers sizes in size order", []string{"peers", "--size", "s13,"}, []string{"s13,s0", "s13,s1", "s13,s2", "s13,s4", "s13,s8", "s13,s26"}},
		{"screenshot phase", []string{"screenshot", "--phase", "cl"}, []string{"click"}},
		{"verify doc", []string{"verify", "--doc", ""}, []string{"script", "gallery", "random"}},
		{"trace definition sets", []string{"trace", "summarize", "--defs", ""}, strings.Fields(registry.DefSets())},
		{"base starts at HEAD", []string{"scenarios", "--base", "HEAD"}, []string{"HEAD", "HEAD~1"}},
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
	assert.Equal(t, harness.ExitUsage, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "perfbench: completion tcsh: no script for that shell (valid: bash, fish, powershell, zsh)\n", stderr)

	code, stdout, _ = perfbench(t, "completion", "bash")
	assert.Equal(t, harness.ExitPass, code)
	assert.Contains(t, stdout, "bash completion")
}

// Sizes come in size order and the shell is told to keep it, so s2 is not
// listed after s13.
func TestSizesCompleteInSizeOrder(t *testing.T) {
	_, stdout, _ := perfbench(t, "__complete", "phase", "hover", "")
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	assert.Equal(t, []string{"s0", "s1", "s2", "s4", "s8", "s13", "s26", "all"}, lines[:len(lines)-1])
	assert.Equal(t, ":36", lines[len(lines)-1], "no files, keep the order (4|32)")
}

// --base completes the repository's own refs (git for-each-ref), here the
// branch the test runs on, and never file names.
func TestBaseCompletesGitRefs(t *testing.T) {
	out, err := exec.Command("git", "rev-parse", "--abbrev-ref", "HEAD").Output()
	if err != nil || strings.TrimSpace(string(out)) == "HEAD" {
		t.Skip("not on a git branch: no ref to expect")
	}
	branch := strings.TrimSpace(string(out))
	assert.Contains(t, complete(t, "scenarios", "--base", branch[:1]), branch)
}

// Every flag that takes a value completes something apt: its names, or
// files of its kind, or — a number, a duration, free text — nothing; none
// falls back to cobra's default of every file name in the directory.
func TestEveryFlagValueCompletesSomethingApt(t *testing.T) {
	files := map[string]string{"baselines": ":8", "docs": ":8", "plot": ":8", "base-binary": ":0", "head-binary": ":0", "dir": ":16"}
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() == "bool" || f.Name == "help" {
				return
			}
			t.Run(strings.Join(append(slices.Clone(path), "--"+f.Name), " "), func(t *testing.T) {
				_, stdout, _ := perfbench(t, append(append([]string{"__complete"}, path...), "--"+f.Name, "")...)
				lines := strings.Split(strings.TrimSpace(stdout), "\n")
				directive := lines[len(lines)-1]
				if want, ok := files[f.Name]; ok {
					assert.Equal(t, want, directive, "a file flag completes files of its kind")
					return
				}
				d, err := strconv.Atoi(strings.TrimPrefix(directive, ":"))
				require.NoError(t, err, stdout)
				assert.NotZero(t, d&int(cobra.ShellCompDirectiveNoFileComp), "--%s offers file names", f.Name)
			})
		})
		for _, sub := range c.Commands() {
			if sub.Name() != "help" && sub.Name() != "__complete" && sub.Name() != "__completeNoDesc" {
				walk(sub, append(slices.Clone(path), sub.Name()))
			}
		}
	}
	walk(newRoot(&streams{out: io.Discard, err: io.Discard}), nil)
}

// Each command's --format completes exactly the formats the command takes,
// as its own check names them when refusing one it does not.
func TestFormatCompletionIsWhatEachCommandTakes(t *testing.T) {
	want := regexp.MustCompile(`--format "nosuch": want (.*)$`)
	for path, c := range commands() {
		if c.Flags().Lookup("format") == nil {
			continue
		}
		t.Run(path, func(t *testing.T) {
			args := strings.Fields(path)
			if path == "workload" {
				args = append(args, "static-slope") // its one argument, checked first
			}
			code, _, stderr := perfbench(t, append(args, "--format", "nosuch")...)
			require.Equal(t, harness.ExitUsage, code, stderr)
			m := want.FindStringSubmatch(strings.TrimSpace(stderr))
			require.NotNil(t, m, stderr)
			taken := strings.Fields(strings.NewReplacer(",", " ", " or ", " ").Replace(m[1]))
			assert.Equal(t, taken, complete(t, append(strings.Fields(path), "--format", "")...))
		})
	}
}
