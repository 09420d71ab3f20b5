package ratchet

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/internal/measure/stamp"
)

// CheckBuild refuses a binary whose times would describe a program nobody
// runs: one built with the race detector (or another sanitizer), with
// coverage instrumentation, or with -gcflags that turn off optimisation
// (-N) or inlining (-l). It reads what the go command records in the
// binary: the settings "-race", "-msan", "-asan" and "-cover" ("true" when
// on) and "-gcflags" (the flags as given, e.g. "all=-N -l"). A nil
// BuildInfo (the binary carries none) is refused too, since nothing can be
// checked. The error is an [*writegroup.InputError] of one line.
func CheckBuild(bi *debug.BuildInfo) error {
	if bi == nil {
		return refuse("the binary carries no build information to check")
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "-race", "-msan", "-asan":
			if s.Value == "true" {
				return refuse("it was built with " + s.Key)
			}
		case "-cover":
			if s.Value == "true" {
				return refuse("it was built with coverage (-cover)")
			}
		case "-gcflags":
			if flag := unoptimised(s.Value); flag != "" {
				return refuse(fmt.Sprintf("it was built with -gcflags=%q, which has %s", s.Value, flag))
			}
		}
	}
	return nil
}

func refuse(why string) error {
	return &writegroup.InputError{Msg: "refusing to record times from this binary: " + why +
		"; run an optimised build (go run ./cmd/perfbench perf, without -race, -cover or -gcflags=-N/-l)"}
}

// unoptimised returns the flag in a -gcflags value that disables
// optimisation or inlining ("-N" or "-l"), or "". The value is the
// compiler's flags, optionally after a package pattern and "=" ("all=-N
// -l", "example.com/m/...=-N").
func unoptimised(value string) string {
	if !strings.HasPrefix(value, "-") {
		if i := strings.IndexByte(value, '='); i >= 0 {
			value = value[i+1:]
		}
	}
	for _, f := range strings.Fields(value) {
		name := strings.TrimPrefix(strings.TrimPrefix(f, "-"), "-") // the flag package takes -N and --N
		arg := ""
		if i := strings.IndexByte(name, '='); i >= 0 {
			name, arg = name[:i], name[i+1:]
		}
		if (name == "N" || name == "l") && arg != "0" && arg != "false" && strings.HasPrefix(f, "-") {
			return "-" + name
		}
	}
	return ""
}

// commitOf returns the short VCS revision a binary was built from, with
// "-dirty" when the tree had changes, or "" when the build does not say
// (go run stamps none).
func commitOf(bi *debug.BuildInfo) string {
	st := stamp.Read(bi)
	rev := st.Short()
	if rev != "" && st.Modified {
		rev += "-dirty"
	}
	return rev
}
