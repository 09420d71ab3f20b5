package ratchet_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/ratchet"
)

// A scenario's instructions profile is written with the baselines file
// when its instructions baseline moves (recorded, lowered), and left
// alone when it does not, or when the run records nothing.
func TestTheProfileMovesWithItsInstructionsBaseline(t *testing.T) {
	r := newRepo(t)
	profile := []byte("profile 1")
	opts := r.opts(machineA, day1)
	opts.Toolchain = toolchain
	opts.Profiles = func(name string) []byte {
		if name == "hover-storm" {
			return profile
		}
		return nil
	}
	path := ratchet.ProfilePath(filepath.Join(filepath.Dir(r.baselines()), ratchet.ProfilesDir), "hover-storm")
	read := func() string {
		data, err := os.ReadFile(path)
		if err != nil {
			return ""
		}
		return string(data)
	}

	r.run(t, opts, measuring(withInstructions(2991466)))
	assert.Equal(t, "profile 1", read(), "recorded with the first baseline")

	profile = []byte("profile 2")
	r.run(t, opts, measuring(withInstructions(2991466*0.999)))
	assert.Equal(t, "profile 1", read(), "a baseline that did not move keeps its profile")

	check := opts
	check.Check, check.AdvisoryTimes = true, true
	r.run(t, check, measuring(withInstructions(2991466*0.9)))
	assert.Equal(t, "profile 1", read(), "a check writes nothing")

	fall := r.run(t, opts, measuring(withInstructions(2991466*0.9)))
	require.Len(t, fall.Moves, 1)
	assert.Equal(t, "profile 2", read(), "lowered, with the profile it was lowered with")
}

// A baseline recorded before profiles were kept has none on disk: the
// next run that writes the baselines keeps the profile it counted, though
// that baseline did not move, so a later plain run's failure there gets
// its where-table.
func TestAMissingProfileIsKeptWithTheNextWrite(t *testing.T) {
	r := newRepo(t)
	opts := r.opts(machineA, day1)
	opts.Toolchain = toolchain
	r.run(t, opts, measuring(withInstructions(2991466))) // an older perf: no profiles
	path := ratchet.ProfilePath(filepath.Join(filepath.Dir(r.baselines()), ratchet.ProfilesDir), "hover-storm")
	require.NoFileExists(t, path)

	opts.Profiles = func(name string) []byte { return []byte("profile of " + name) }
	faster := withInstructions(2991466 * 0.999) // within tolerance: no move
	faster[0].Numbers[0].Samples = spread(30, 25, 30)
	o := r.run(t, opts, measuring(faster))
	require.True(t, o.BaselinesWritten, "the faster time lowered its baseline")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "profile of hover-storm", string(data))
}

// A profile an older perfbench wrote, which a where-table cannot diff
// against, is rewritten with the next write, as a missing one is; a
// current one is left as it is.
func TestAnOutdatedProfileIsRewrittenWithTheNextWrite(t *testing.T) {
	r := newRepo(t)
	opts := r.opts(machineA, day1)
	opts.Toolchain = toolchain
	opts.Profiles = func(name string) []byte { return []byte("old " + name) }
	r.run(t, opts, measuring(withInstructions(2991466)))
	path := ratchet.ProfilePath(filepath.Join(filepath.Dir(r.baselines()), ratchet.ProfilesDir), "hover-storm")
	read := func() string {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		return string(data)
	}
	require.Equal(t, "old hover-storm", read())

	write := func(current string, faster float64) {
		opts.Profiles = func(name string) []byte { return []byte("new " + name) }
		opts.ProfileCurrent = func(data []byte) bool { return string(data) == current }
		run := withInstructions(2991466 * 0.999) // within tolerance: no move
		run[0].Numbers[0].Samples = spread(30, 25-faster, 30-faster)
		o := r.run(t, opts, measuring(run))
		require.True(t, o.BaselinesWritten, "the faster time lowered its baseline")
	}
	write("old hover-storm", 0)
	assert.Equal(t, "old hover-storm", read(), "a current profile stays")
	write("new hover-storm", 5)
	assert.Equal(t, "new hover-storm", read(), "an outdated one is rewritten")
}
