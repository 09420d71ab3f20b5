package main

import (
	"io"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// commands returns every command a user runs, with its path.
func commands() map[string]*cobra.Command {
	out := map[string]*cobra.Command{}
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || sub.Name() == "completion" {
				continue
			}
			p := append(slices.Clone(path), sub.Name())
			out[strings.Join(p, " ")] = sub
			walk(sub, p)
		}
	}
	walk(newRoot(&streams{out: io.Discard, err: io.Discard}), nil)
	return out
}

func TestEveryCommandHasExamples(t *testing.T) {
	for path, c := range commands() {
		assert.NotEmpty(t, c.Example, "perfbench %s has no examples", path)
	}
}

// Help reads top down as the best CLIs' does: what it does, how to call
// it, examples, flags — and the long reasoning after them. It fits an
// 80-column terminal.
func TestHelpPutsUsageFirstAndFitsEightyColumns(t *testing.T) {
	for path, c := range commands() {
		t.Run(path, func(t *testing.T) {
			code, stdout, _ := perfbench(t, append(strings.Fields(path), "--help")...)
			require.Equal(t, exitPass, code)
			lines := strings.Split(stdout, "\n")
			for i, l := range lines {
				assert.LessOrEqual(t, len([]rune(l)), 80, "line %d is wider than 80 columns: %q", i+1, l)
			}
			usage := slices.Index(lines, "Usage:")
			require.Positive(t, usage)
			assert.Equal(t, wrap(c.Short, 0)+"\n", strings.Join(lines[:usage-1], "\n")+"\n", "the summary, a blank line, then the usage")
			flags := slices.Index(lines, "Flags:")
			examples := slices.Index(lines, "Examples:")
			require.Positive(t, flags)
			assert.Less(t, examples, flags)
			if c.Long != "" {
				first, _, _ := strings.Cut(c.Long, "\n")
				long := slices.IndexFunc(lines, func(l string) bool {
					return strings.HasPrefix(first, strings.TrimSpace(l)) && strings.TrimSpace(l) != "" && len(l) > 20
				})
				assert.Greater(t, long, flags, "the reasoning comes after the flags")
			}
		})
	}
	_, stdout, _ := perfbench(t, "scenarios", "--help")
	assert.Less(t, slices.Index(strings.Split(stdout, "\n"), "Flags:"), 20, "scenarios --help reaches its flags on the first screen")
}

func TestWrapKeepsIndentation(t *testing.T) {
	long := " 1. Verdict: judge every band; any Fail or Broken fails the command, and a time over its limit is measured again"
	assert.Equal(t, " 1. Verdict: judge every band; any Fail or Broken fails the command, and a time\n over its limit is measured again", wrap(long, 0))
	assert.Equal(t, "short", wrap("short", 0))
	assert.Equal(t, strings.Repeat("x", 90), wrap(strings.Repeat("x", 90), 0), "one word longer than a line is left whole")
}

func TestVersion(t *testing.T) {
	for _, tt := range []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"go build from a clean checkout", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "a5cbb2e0123456789abcdef"}, {Key: "vcs.time", Value: "2026-12-01T16:40:00Z"}, {Key: "vcs.modified", Value: "false"}}},
			"(devel), revision a5cbb2e01234 (2026-12-01T16:40:00Z), go1.26.8"},
		{"modified", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "a5cbb2e"}, {Key: "vcs.modified", Value: "true"}}},
			"(devel), revision a5cbb2e (modified), go1.26.8"},
		{"go install of a release", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.4.1"}},
			"v0.4.1, no VCS revision (go run stamps none; go build does), go1.26.8"},
		{"no build information", nil, "(unknown: the binary carries no build information)"},
	} {
		t.Run(tt.name, func(t *testing.T) { assert.Equal(t, tt.want, version(tt.bi)) })
	}
	code, stdout, _ := perfbench(t, "--version")
	assert.Equal(t, exitPass, code)
	assert.True(t, strings.HasPrefix(stdout, "perfbench "), stdout)
	assert.Contains(t, stdout, "go1.")
}
