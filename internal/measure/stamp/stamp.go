// Package stamp reads the version-control stamp go build writes into a
// binary's build information, for the places that name the commit a
// binary was built from: the history's commit, the first reference, the
// paired report's head line and --version.
package stamp

import "runtime/debug"

// Stamp is a build's version-control stamp. The zero Stamp is a build
// that records none: go run stamps nothing, nor does a build outside a
// repository or with -buildvcs=false.
type Stamp struct {
	// Revision is the full commit the build's tree was at.
	Revision string
	// Time is the commit's time, as go build writes it (RFC 3339).
	Time string
	// Modified says the tree had uncommitted changes to tracked files.
	Modified bool
}

// Read returns bi's stamp; a nil bi (a binary without build information)
// has the zero Stamp.
func Read(bi *debug.BuildInfo) Stamp {
	var s Stamp
	if bi == nil {
		return s
	}
	for _, kv := range bi.Settings {
		switch kv.Key {
		case "vcs.revision":
			s.Revision = kv.Value
		case "vcs.time":
			s.Time = kv.Value
		case "vcs.modified":
			s.Modified = kv.Value == "true"
		}
	}
	return s
}

// Short returns the revision's first twelve characters, as the history
// and the reports name a commit.
func (s Stamp) Short() string {
	if len(s.Revision) > 12 {
		return s.Revision[:12]
	}
	return s.Revision
}
