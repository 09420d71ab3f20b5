package revisions

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A paired report in a pull request's job names the pull request's head
// as the comment does, since the binary GitHub's checkout builds is a
// merge of it that nobody pushed; anywhere else the line is as it was.
func TestThisBinaryNamesThePullRequestsHeadInItsMerge(t *testing.T) {
	merge := "1111111111111111111111111111111111111111"
	head := "5d6e7f8a9b0c1d2e3f405162738495a6b7c8d9e0"
	event := filepath.Join(t.TempDir(), "event.json")
	require.NoError(t, os.WriteFile(event, []byte(`{"pull_request":{"number":12,`+
		`"head":{"sha":"`+head+`","repo":{"full_name":"o/r"}},"base":{"repo":{"full_name":"o/r"}}}}`), 0o644))
	built := func(rev string) *debug.BuildInfo {
		return &debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}}}
	}
	for _, c := range []struct {
		name, rev string
		env       map[string]string
		want      string
	}{
		{"the merge", merge, map[string]string{"GITHUB_SHA": merge, "GITHUB_EVENT_PATH": event},
			"this binary, built from 111111111111 (GitHub's merge of pull request #12's head 5d6e7f8 into its base)"},
		{"the head checked out", head, map[string]string{"GITHUB_SHA": head, "GITHUB_EVENT_PATH": event},
			"this binary, built from 5d6e7f8a9b0c"},
		{"another commit than the job's", merge, map[string]string{"GITHUB_SHA": head, "GITHUB_EVENT_PATH": event},
			"this binary, built from 111111111111"},
		{"a push", merge, map[string]string{"GITHUB_SHA": merge},
			"this binary, built from 111111111111"},
		{"an unreadable event", merge, map[string]string{"GITHUB_SHA": merge, "GITHUB_EVENT_PATH": event + ".gone"},
			"this binary, built from 111111111111"},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func(old func(string) string) { githubEnv = old }(githubEnv)
			githubEnv = func(k string) string { return c.env[k] }
			assert.Equal(t, c.want, thisBinary(built(c.rev)))
		})
	}
}
