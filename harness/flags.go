package harness

import (
	"time"

	"github.com/spf13/cobra"
)

// The largest values of the flags that size a run. Beyond them a run
// would take days or the machine's memory, and is a typo rather than a
// plan; the defaults are far below (5 repeats, 1 count, 30 pairs, 1
// layout, a timeout of minutes).
const (
	maxRepeats = 100
	maxCount   = 100
	maxPairs   = 10000
	maxLayouts = 16
	maxTimeout = 24 * time.Hour
	// maxBudget bounds how long one scenario's unsure times may keep a
	// paired run going: the default is 20 s, and MaxPairs pairs of the
	// suite's slowest scenario take well under a minute, so an hour is
	// room for any machine and 87600h is a typo.
	maxBudget = time.Hour
)

// checkRange refuses --flag v outside lo…hi.
func checkRange(flag string, v, lo, hi int) error {
	if v < lo || v > hi {
		return usagef("--%s %d is out of range: want %d to %d", flag, v, lo, hi)
	}
	return nil
}

// checkTimeout refuses a --timeout that is not a positive duration of at
// most maxTimeout: 0 used to mean the default without saying so.
func checkTimeout(d time.Duration) error {
	if d <= 0 || d > maxTimeout {
		return usagef("--timeout %s is out of range: want how long one scenario's process may run, above 0 and at most %s", d, maxTimeout)
	}
	return nil
}

// checkBudget refuses a --budget that is negative or over maxBudget; 0
// means one look at exactly --pairs pairs.
func checkBudget(d time.Duration) error {
	if d < 0 || d > maxBudget {
		return usagef("--budget %s is out of range: want how long a scenario's unsure times may run more pairs, 0 to %s", d, maxBudget)
	}
	return nil
}

// onlyWith refuses any of flags set on cmd, which do nothing in this mode:
// each is named with the mode it needs.
func onlyWith(cmd *cobra.Command, mode string, flags ...string) error {
	for _, f := range flags {
		if cmd.Flags().Changed(f) {
			return usagef("--%s does nothing without %s; add it, or drop --%s", f, mode, f)
		}
	}
	return nil
}
