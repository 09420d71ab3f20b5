package experiment

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// scenariosJSON is what the noise task reads of perfbench scenarios --json
// (both the baseline and the --base form).
type scenariosJSON struct {
	Verdict   string `json:"verdict"`
	Scenarios []struct {
		Name    string `json:"name"`
		Broken  string `json:"broken"`
		Numbers []struct {
			Name        string  `json:"name"`
			Median      float64 `json:"median"`
			BandVerdict string  `json:"band_verdict"`
			Band        struct {
				Baseline float64 `json:"baseline"`
			} `json:"band"`
		} `json:"numbers"`
	} `json:"scenarios"`
	// --base form
	Broken  []string `json:"broken"`
	Numbers []struct {
		Scenario string   `json:"scenario"`
		Name     string   `json:"name"`
		Head     *float64 `json:"head"`
		Base     *float64 `json:"base"`
		Ratio    *float64 `json:"ratio"`
		Lo       *float64 `json:"lo"`
		Hi       *float64 `json:"hi"`
		Pairs    int      `json:"pairs"`
		Verdict  string   `json:"verdict"`
		Spread   *float64 `json:"layout_spread"`
	} `json:"numbers"`
}

// hoverInterval describes the hover-storm frame's paired interval, or
// nothing for a run without one.
func (s scenariosJSON) hoverInterval() string {
	for _, n := range s.Numbers {
		if n.Scenario == "hover-storm" && n.Name == "frame" && n.Lo != nil && n.Hi != nil {
			spread := ""
			if n.Spread != nil {
				spread = fmt.Sprintf(", layouts ±%.2f%% a build", *n.Spread*100)
			}
			return fmt.Sprintf(" [%.3f, %.3f] over %d pairs%s", *n.Lo, *n.Hi, n.Pairs, spread)
		}
	}
	return ""
}

// hoverBase returns the base side's estimate of the hover-storm frame in
// a paired run, or 0.
func (s scenariosJSON) hoverBase() float64 {
	for _, n := range s.Numbers {
		if n.Scenario == "hover-storm" && n.Name == "frame" && n.Base != nil {
			return *n.Base
		}
	}
	return 0
}

// hoverPairs returns how many pairs the hover-storm frame was judged
// over in a paired run, or 0.
func (s scenariosJSON) hoverPairs() int {
	for _, n := range s.Numbers {
		if n.Scenario == "hover-storm" && n.Name == "frame" {
			return n.Pairs
		}
	}
	return 0
}

// hover returns the hover-storm frame's estimate and verdict, or its
// paired ratio and verdict.
func (s scenariosJSON) hover() (value float64, verdict string) { return s.number("frame") }

// number returns hover-storm's number name: its estimate and verdict, or
// its paired ratio and verdict.
func (s scenariosJSON) number(name string) (value float64, verdict string) {
	for _, sc := range s.Scenarios {
		for _, n := range sc.Numbers {
			if sc.Name == "hover-storm" && n.Name == name {
				return n.Median, n.BandVerdict
			}
		}
	}
	for _, n := range s.Numbers {
		if n.Scenario == "hover-storm" && n.Name == name && n.Ratio != nil {
			return *n.Ratio, n.Verdict
		}
	}
	return 0, "missing"
}

// instructions returns a scenario's instructions a step and their
// rise over what they are judged against (the baseline, or the base's
// count in a paired run), with the verdict; 0 and "missing" where the run
// counted none.
func (s scenariosJSON) instructions(scenario string) (perStep, rise float64, verdict string) {
	for _, sc := range s.Scenarios {
		for _, n := range sc.Numbers {
			if sc.Name == scenario && n.Name == "instructions" && n.Band.Baseline > 0 {
				return n.Median, n.Median/n.Band.Baseline - 1, n.BandVerdict
			}
		}
	}
	for _, n := range s.Numbers {
		if n.Scenario == scenario && n.Name == "instructions" && n.Head != nil && n.Ratio != nil {
			return *n.Head, *n.Ratio - 1, n.Verdict
		}
	}
	return 0, 0, "missing"
}

// pairedSummary sums up paired runs' times: how many were unsure (and in
// how many runs), the pairs a time ran, and the runs' wall time.
func pairedSummary(runs []noiseRun) string {
	times, unsure, unsureRuns, pairs := 0, 0, 0, 0
	// What the same intervals say of a tighter tolerance: below 1+t at
	// the pass level (would pass), above it (the most that could fail:
	// the fail level is as strict or stricter).
	tighter := []float64{0.01, 0.02}
	below, above := make([]int, len(tighter)), make([]int, len(tighter))
	var walls, spreads []float64
	for _, r := range runs {
		walls = append(walls, r.wall.Seconds())
		any := false
		for _, n := range r.out.Numbers {
			if n.Pairs == 0 {
				continue // a count
			}
			times++
			pairs += n.Pairs
			if n.Spread != nil {
				spreads = append(spreads, *n.Spread*100)
			}
			for i, t := range tighter {
				if n.Hi != nil && *n.Hi < 1+t {
					below[i]++
				}
				if n.Lo != nil && *n.Lo > 1+t {
					above[i]++
				}
			}
			if n.Verdict == "unsure" {
				unsure++
				any = true
			}
		}
		if any {
			unsureRuns++
		}
	}
	if times == 0 || len(walls) == 0 {
		return "no time judged"
	}
	slices.Sort(walls)
	var at []string
	for i, t := range tighter {
		at = append(at, fmt.Sprintf("%g%%: %d below, %d above", t*100, below[i], above[i]))
	}
	layouts := ""
	if len(spreads) > 0 {
		slices.Sort(spreads)
		layouts = fmt.Sprintf("; the layouts' spread a build, median over the times %.2f%% (%.2f–%.2f)", spreads[len(spreads)/2], spreads[0], spreads[len(spreads)-1])
	}
	return fmt.Sprintf("%d of %d times unsure (in %d runs); %.0f pairs a time on average; %.0f s a run (%.0f–%.0f); intervals against a tighter tolerance (%s)%s",
		unsure, times, unsureRuns, float64(pairs)/float64(times), walls[len(walls)/2], walls[0], walls[len(walls)-1], strings.Join(at, "; "), layouts)
}

// loadAverage is the machine's one-minute load average, "" where the
// system does not say (it is read from /proc/loadavg).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// noiseRun is one run of perfbench the noise task made.
type noiseRun struct {
	code    int
	wall    time.Duration
	out     scenariosJSON
	failing []string // the numbers that failed or broke
}

// perfbenchJSON runs perfbench with args (and env) and reads its --json.
func perfbenchJSON(bin string, env []string, args ...string) (noiseRun, error) {
	cmd := exec.Command(bin, append(args, "--json", "--quiet")...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := noiseRun{wall: time.Since(start)}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	case err != nil:
		return r, err
	}
	if r.code == 2 {
		return r, fmt.Errorf("perfbench %s: usage error: %s", strings.Join(args, " "), strings.TrimSpace(stderr.String()))
	}
	if err := json.Unmarshal(stdout.Bytes(), &r.out); err != nil {
		return r, fmt.Errorf("perfbench %s: output is not its JSON (%v); stderr: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	for _, sc := range r.out.Scenarios {
		if sc.Broken != "" {
			r.failing = append(r.failing, fmt.Sprintf("%s broken: %s", sc.Name, sc.Broken))
		}
		for _, n := range sc.Numbers {
			if n.BandVerdict == "fail" || n.BandVerdict == "broken" {
				r.failing = append(r.failing, fmt.Sprintf("%s/%s %s %.4g", sc.Name, n.Name, n.BandVerdict, n.Median))
			}
		}
	}
	for _, n := range r.out.Numbers {
		if n.Verdict == "fail" || n.Verdict == "broken" {
			ratio := "—"
			if n.Ratio != nil {
				ratio = fmt.Sprintf("%.3f", *n.Ratio)
			}
			r.failing = append(r.failing, fmt.Sprintf("%s/%s %s %s", n.Scenario, n.Name, n.Verdict, ratio))
		}
	}
	for _, b := range r.out.Broken {
		r.failing = append(r.failing, "broken: "+b)
	}
	// A run that failed with nothing in its report to say why says what
	// it printed last, so the table never shows a failure without a cause.
	if r.code != 0 && len(r.failing) == 0 {
		r.failing = append(r.failing, fmt.Sprintf("exit %d with no failing number: %s", r.code, lastLine(stderr.String())))
	}
	return r, nil
}

// lastLine is the last non-blank line of s, "(nothing on stderr)" when
// there is none.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
		return l
	}
	return "(nothing on stderr)"
}
