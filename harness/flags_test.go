package harness_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/harness"
)

// ruled is a program with one command, "run", whose flags follow one rule
// of each kind.
func ruled(stdout, stderr *bytes.Buffer) harness.Options {
	return harness.Options{Program: "ruled", Commands: func() []*cobra.Command {
		cmd := &cobra.Command{Use: "run", RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := cmd.OutOrStdout().Write([]byte("ran\n"))
			return err
		}}
		fl := cmd.Flags()
		fl.Int("n", 3, "")
		fl.Int("least", 1, "")
		fl.Duration("wait", time.Second, "")
		fl.Float64("share", 0.5, "")
		fl.String("base", "", "")
		fl.String("base-binary", "", "")
		fl.Bool("paired", false, "")
		fl.Int("pairs", 10, "")
		fl.Int("repeats", 5, "")
		fl.String("name", "x", "")
		paired := func(fs *pflag.FlagSet) bool { p, _ := fs.GetBool("paired"); return p }
		return []*cobra.Command{harness.Declare(cmd,
			harness.IntRange("n", 1, 9, "one is the least that says anything"),
			harness.IntRange("least", 0, harness.NoLimit, ""),
			harness.Positive("wait", time.Hour, "how long to wait"),
			harness.Between("share", 0, 1.0, "a share"),
			harness.Excludes("base", "base-binary", "--base and --base-binary both name a base; pick one"),
			harness.OnlyIn("--paired", paired, "pairs"),
			harness.NotIn(paired, "sizes a run of one side", "repeats"),
			harness.Refuse(func(fs *pflag.FlagSet) bool { return fs.Lookup("name").Value.String() == "bad" },
				"--name %s: pick another", "name"),
		)}
	}}
}

// Each kind of rule passes a command line it holds for and refuses one it
// breaks with its one line, exit 2, before the command runs.
func TestFlagRulesRefuseWithOneLine(t *testing.T) {
	for _, tt := range []struct {
		Args []string
		want string // stderr; "" for a run that passes
	}{
		{[]string{"--n", "9", "--least", "99999", "--wait", "1h", "--share", "0"}, ""},
		{[]string{"--n", "0"}, "--n must be at least 1 (one is the least that says anything), got 0"},
		{[]string{"--n", "10"}, "--n 10 is out of range: want 1 to 9"},
		{[]string{"--least", "-1"}, "--least must be at least 0, got -1"},
		{[]string{"--wait", "0"}, "--wait 0s is out of range: want how long to wait, above 0 and at most 1h0m0s"},
		{[]string{"--wait", "2h"}, "--wait 2h0m0s is out of range: want how long to wait, above 0 and at most 1h0m0s"},
		{[]string{"--share", "-0.1"}, "--share -0.1 is out of range: want a share, 0 to 1"},
		{[]string{"--share", "1.5"}, "--share 1.5 is out of range: want a share, 0 to 1"},
		{[]string{"--base", "a"}, ""},
		{[]string{"--base", "a", "--base-binary", "b"}, "--base and --base-binary both name a base; pick one"},
		{[]string{"--paired", "--pairs", "3"}, ""},
		{[]string{"--pairs", "3"}, "--pairs does nothing without --paired; add it, or drop --pairs"},
		{[]string{"--repeats", "3"}, ""},
		{[]string{"--paired", "--repeats", "3"}, "--repeats sizes a run of one side; drop --repeats"},
		{[]string{"--name", "good"}, ""},
		{[]string{"--name", "bad"}, "--name bad: pick another"},
	} {
		t.Run(strings.Join(tt.Args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := harness.Main(append([]string{"run"}, tt.Args...), &stdout, &stderr, ruled(&stdout, &stderr))
			if tt.want == "" {
				assert.Equal(t, harness.ExitPass, code, stderr.String())
				assert.Equal(t, "ran\n", stdout.String())
				return
			}
			assert.Equal(t, harness.ExitUsage, code)
			assert.Empty(t, stdout.String(), "refused before it ran")
			assert.Equal(t, "ruled: "+tt.want+"\n", stderr.String())
		})
	}
}

// Flags that exclude each other are declared to cobra: once one is given,
// completion offers no other.
func TestExcludesIsDeclaredToCobra(t *testing.T) {
	complete := func(args ...string) string {
		var stdout, stderr bytes.Buffer
		harness.Main(append([]string{cobra.ShellCompRequestCmd, "run"}, args...), &stdout, &stderr, ruled(&stdout, &stderr))
		return stdout.String()
	}
	assert.Contains(t, complete("--"), "--base-binary")
	got := complete("--base", "a", "--")
	assert.Contains(t, got, "--pairs")
	assert.NotContains(t, got, "--base-binary")
}

// The rules take the command's PreRunE: one it has already is a
// programmer's mistake, refused at once.
func TestDeclarePanicsOverAPreRun(t *testing.T) {
	cmd := &cobra.Command{Use: "run", PreRunE: func(*cobra.Command, []string) error { return nil }}
	assert.PanicsWithValue(t, "harness: Declare: run has a PreRun of its own", func() { harness.Declare(cmd) })
}
