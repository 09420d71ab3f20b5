package cli

import (
	"fmt"
	"math"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The largest values of the flags that size a run. Beyond them a run
// would take days or the machine's memory, and is a typo rather than a
// plan; the defaults are far below (5 repeats, 1 count, 30 pairs, 1
// layout, a timeout of minutes).
const (
	MaxRepeats = 100
	MaxCount   = 100
	MaxPairs   = 10000
	MaxLayouts = 16
	MaxTimeout = 24 * time.Hour
	// maxBudget bounds how long one scenario's unsure times may keep a
	// paired run going: the default is 20 s, and MaxPairs pairs of the
	// suite's slowest scenario take well under a minute, so an hour is
	// room for any machine and 87600h is a typo.
	MaxBudget = time.Hour
)

// NoLimit is IntRange's hi for a flag with no largest value.
const NoLimit = math.MaxInt

// A FlagRule is one thing a command line must hold beyond what each
// flag's type checks: a value's range, two flags that exclude each other,
// a flag that needs another or a mode of the command. The constructors
// below make them; Declare gives a command its list.
type FlagRule struct {
	refuse func(fs *pflag.FlagSet) error
	// exclusive names flags cobra is told exclude each other.
	exclusive []string
}

// Declare gives cmd its flag rules and returns cmd. Before the command
// runs, the rules are checked in their order and the first one broken
// refuses the command line: a UsageError of one line that names the fix
// (exit 2). Flags that exclude each other are declared to cobra too, so
// completion stops offering the others once one is given; cobra's own
// message for them ("if any flags in the group [base base-binary] are set
// none of the others can be") names no fix, so the rule's comes first.
// Call it after the flags are added; it panics when cmd has a PreRunE,
// which the rules take.
func Declare(cmd *cobra.Command, rules ...FlagRule) *cobra.Command {
	if cmd.PreRunE != nil || cmd.PreRun != nil {
		panic("harness: Declare: " + cmd.Name() + " has a PreRun of its own")
	}
	for _, r := range rules {
		if len(r.exclusive) > 0 {
			cmd.MarkFlagsMutuallyExclusive(r.exclusive...)
		}
	}
	cmd.PreRunE = func(cmd *cobra.Command, _ []string) error { return checkRules(cmd.Flags(), rules) }
	return cmd
}

// checkRules returns the first rule's refusal, or nil when fs breaks none.
func checkRules(fs *pflag.FlagSet, rules []FlagRule) error {
	for _, r := range rules {
		if err := r.refuse(fs); err != nil {
			return err
		}
	}
	return nil
}

// IntRange refuses an int --flag below lo ("--pairs must be at least 2
// (why), got 1"; why may be empty) or above hi ("--pairs 100000 is out of
// range: want 2 to 10000"); NoLimit as hi sets none.
func IntRange(flag string, lo, hi int, why string) FlagRule {
	if why != "" {
		why = " (" + why + ")"
	}
	return FlagRule{refuse: func(fs *pflag.FlagSet) error {
		v, err := fs.GetInt(flag)
		switch {
		case err != nil:
			panic("harness: IntRange: " + err.Error())
		case v < lo:
			return Usagef("--%s must be at least %d%s, got %d", flag, lo, why, v)
		case v > hi:
			return Usagef("--%s %d is out of range: want %d to %d", flag, v, lo, hi)
		}
		return nil
	}}
}

// Positive refuses a float64 or duration --flag at or below 0 or above
// hi, saying what the flag is: "--timeout 0s is out of range: want how
// long one scenario's process may run, above 0 and at most 24h0m0s".
func Positive[T float64 | time.Duration](flag string, hi T, what string) FlagRule {
	return FlagRule{refuse: func(fs *pflag.FlagSet) error {
		if v := value[T](fs, flag); !(v > 0 && v <= hi) {
			return Usagef("--%s %v is out of range: want %s, above 0 and at most %v", flag, v, what, hi)
		}
		return nil
	}}
}

// Between refuses a float64 or duration --flag outside lo…hi, saying
// what the flag is: "--budget -1s is out of range: want how long …, 0 to
// 1h0m0s".
func Between[T float64 | time.Duration](flag string, lo, hi T, what string) FlagRule {
	from := fmt.Sprint(lo)
	if lo == 0 {
		from = "0" // not "0s": zero is zero in every unit
	}
	return FlagRule{refuse: func(fs *pflag.FlagSet) error {
		if v := value[T](fs, flag); v < lo || v > hi {
			return Usagef("--%s %v is out of range: want %s, %s to %v", flag, v, what, from, hi)
		}
		return nil
	}}
}

// value reads a float64 or duration flag.
func value[T float64 | time.Duration](fs *pflag.FlagSet, flag string) T {
	var v T
	var err error
	switch p := any(&v).(type) {
	case *time.Duration:
		*p, err = fs.GetDuration(flag)
	case *float64:
		*p, err = fs.GetFloat64(flag)
	}
	if err != nil {
		panic("harness: flag rule: " + err.Error())
	}
	return v
}

// Excludes refuses --a and --b given together with msg, which says why
// and what to drop; cobra is told the two exclude each other.
func Excludes(a, b, msg string) FlagRule {
	return FlagRule{exclusive: []string{a, b}, refuse: func(fs *pflag.FlagSet) error {
		if fs.Changed(a) && fs.Changed(b) {
			return Usagef("%s", msg)
		}
		return nil
	}}
}

// OnlyIn refuses any of flags given while the command line is not in mode
// (in says whether it is): they do nothing there. Each is named with the
// mode it needs: "--pairs does nothing without a paired run (…); add it,
// or drop --pairs".
func OnlyIn(mode string, in func(fs *pflag.FlagSet) bool, flags ...string) FlagRule {
	return FlagRule{refuse: func(fs *pflag.FlagSet) error {
		if in(fs) {
			return nil
		}
		for _, f := range flags {
			if fs.Changed(f) {
				return Usagef("--%s does nothing without %s; add it, or drop --%s", f, mode, f)
			}
		}
		return nil
	}}
}

// NotIn refuses any of flags given while the command line is in a mode
// (in says whether it is) that has no use for them: "--FLAG " + why + ";
// drop --FLAG".
func NotIn(in func(fs *pflag.FlagSet) bool, why string, flags ...string) FlagRule {
	return FlagRule{refuse: func(fs *pflag.FlagSet) error {
		if !in(fs) {
			return nil
		}
		for _, f := range flags {
			if fs.Changed(f) {
				return Usagef("--%s %s; drop --%s", f, why, f)
			}
		}
		return nil
	}}
}

// Refuse refuses the command line when broken says so, with msg: a format
// whose verbs are filled with the values of the flags named after it, as
// given ("--base … not --format %s", "format").
func Refuse(broken func(fs *pflag.FlagSet) bool, msg string, flags ...string) FlagRule {
	return FlagRule{refuse: func(fs *pflag.FlagSet) error {
		if !broken(fs) {
			return nil
		}
		args := make([]any, len(flags))
		for i, f := range flags {
			args[i] = fs.Lookup(f).Value.String()
		}
		return Usagef(msg, args...)
	}}
}
