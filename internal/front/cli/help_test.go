package cli

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

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
}
