package ratchet_test

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/ratchet"
)

// The settings below are what `go version -m` shows for binaries built with
// go1.26 and the flags in each case's name.
func TestCheckBuild(t *testing.T) {
	settings := func(kv ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "-buildmode", Value: "exe"}, {Key: "-compiler", Value: "gc"}}}
		for i := 0; i < len(kv); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return bi
	}
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		want string // "" for accepted, else part of the refusal
	}{
		{"plain go build", settings("CGO_ENABLED", "1", "GOOS", "linux"), ""},
		{"go build -race", settings("-race", "true"), "built with -race"},
		{"go build -msan", settings("-msan", "true"), "built with -msan"},
		{"go build -asan", settings("-asan", "true"), "built with -asan"},
		{"go build -cover", settings("-cover", "true"), "built with coverage (-cover)"},
		{`go build -gcflags="all=-N -l"`, settings("-gcflags", "all=-N -l"), `-gcflags="all=-N -l", which has -N`},
		{"go build -gcflags=-N", settings("-gcflags", "-N"), "which has -N"},
		{"go build -gcflags=-l", settings("-gcflags", "-l"), "which has -l"},
		{"go build -gcflags=./...=-l", settings("-gcflags", "github.com/perfbench/perfbench/...=-l"), "which has -l"},
		{"go build -gcflags=--N", settings("-gcflags", "--N"), "which has -N"},
		{"go build -gcflags=-l=1", settings("-gcflags", "-l=1"), "which has -l"},
		{"go build -gcflags=-m", settings("-gcflags", "-m"), ""},
		{"go build -gcflags=all=-B", settings("-gcflags", "all=-B"), ""},
		{"go build -gcflags=-lang=go1.26", settings("-gcflags", "-lang=go1.26"), ""},
		{"go build -gcflags=-N=false", settings("-gcflags", "-N=false"), ""},
		{"-race recorded as false", settings("-race", "false"), ""},
		{"no build info", nil, "carries no build information"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ratchet.CheckBuild(tt.bi)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			var ie *writegroup.InputError
			assert.ErrorAs(t, err, &ie)
			assert.ErrorContains(t, err, tt.want)
			assert.NotContains(t, err.Error(), "\n")
		})
	}
}
