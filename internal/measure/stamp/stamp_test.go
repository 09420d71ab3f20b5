package stamp

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReadTakesTheBuildsVCSSettings(t *testing.T) {
	bi := &debug.BuildInfo{Settings: []debug.BuildSetting{
		{Key: "-tags", Value: "perf"},
		{Key: "vcs.revision", Value: "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567"},
		{Key: "vcs.time", Value: "2026-12-03T09:00:29Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	s := Read(bi)
	assert.Equal(t, Stamp{Revision: "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567", Time: "2026-12-03T09:00:29Z", Modified: true}, s)
	assert.Equal(t, "0a1b2c3d4e5f", s.Short())
	assert.Equal(t, Stamp{}, Read(nil))
	assert.Equal(t, Stamp{}, Read(&debug.BuildInfo{}))
	assert.False(t, Read(&debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.modified", Value: "false"}}}).Modified)
}
