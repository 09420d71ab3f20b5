package ratchet

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

// ProfilesDir is where a scenario's instructions profile is kept beside
// the baselines file when Options.ProfilesDir is "": the profile its
// instructions baselines were recorded with, which a later run diffs its
// own against to say where a failed number's instructions went.
const ProfilesDir = "profiles"

// ProfilePath returns the file scenario's instructions profile is kept
// in, under dir (Options.ProfilesDir).
func ProfilePath(dir, scenario string) string {
	return filepath.Join(dir, scenario+".instructions.pb.gz")
}

// profileWrites are the profiles written with the group: for each
// scenario an instructions baseline of which moved, the profile this run
// counted it with (Options.Profiles), so that a baseline and its profile
// always move together; and for each scenario with instructions whose
// profile is not on disk (its baseline recorded before profiles were
// kept) or not written the way this run writes them
// (Options.ProfileCurrent), the one this run counted, which is within the
// baseline's tolerance of it: without it a plain run's failure there has
// no where-table, and nothing said why.
func (r *Ratchet) profileWrites(o outcome.Outcome) []writegroup.Member {
	if r.opts.Profiles == nil {
		return nil
	}
	var names []string
	for _, m := range o.Moves {
		if m.Direction != "" || slices.Contains(names, m.Scenario) {
			continue
		}
		instructions := slices.ContainsFunc(o.Numbers(), func(n outcome.Number) bool {
			return n.Scenario == m.Scenario && n.Name == m.Number && n.Band.Kind.Profiled()
		})
		if instructions {
			names = append(names, m.Scenario)
		}
	}
	for _, n := range o.Numbers() {
		if !n.Band.Kind.Profiled() || slices.Contains(names, n.Scenario) {
			continue
		}
		data, err := os.ReadFile(ProfilePath(r.opts.ProfilesDir, n.Scenario))
		outdated := err == nil && r.opts.ProfileCurrent != nil && !r.opts.ProfileCurrent(data)
		if errors.Is(err, fs.ErrNotExist) || outdated {
			names = append(names, n.Scenario)
		}
	}
	var out []writegroup.Member
	for _, name := range names {
		if data := r.opts.Profiles(name); data != nil {
			out = append(out, writegroup.Member{Path: ProfilePath(r.opts.ProfilesDir, name), Data: data})
		}
	}
	return out
}
