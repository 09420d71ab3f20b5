package experiment

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// fasterBy is how much slower creep-faster's commit 0 is than the commits
// after it: 5%, well past what a paired run of hover-storm resolves
// (about ±0.5%), so commit 1 should move the reference.
const fasterBy = 1.05

// simCommit names simulated commit k: a commit name the baselines file
// takes (hexadecimal), c000… with k in its last digits.
func simCommit(k int) string { return fmt.Sprintf("c%011x", k) }

// referenceJSON is what the creep phases read of perfbench reference --json.
type referenceJSON struct {
	Reference struct {
		Reference struct{ Commit string } `json:"reference"`
		Failed    bool                    `json:"failed"`
		Moved     *struct {
			Commit, Kind, Why string
		} `json:"moved"`
		Stays string `json:"stays"`
	} `json:"reference"`
	Paired scenariosJSON `json:"paired"`
}

// creepSim is what a creep simulation plants and judges: commit k's
// plant (a PERFBENCH_PLANT value, "" for none) and how it reads in a
// line, the number of hover-storm whose head/reference ratio each line
// shows, and the reference runs' further arguments.
type creepSim struct {
	plant  func(k int) string
	label  func(k int) string
	number string
	args   []string
}

// workCreep is the time creep phases' simulation: commit k slowed to
// factor(k) by a plant of work, ref µs a crossing.
func workCreep(ref float64, factor func(k int) float64) creepSim {
	return creepSim{
		plant: func(k int) string {
			if f := factor(k); f > 1 {
				return fmt.Sprintf("hover-storm:%g@%g", f, ref)
			}
			return ""
		},
		label:  func(k int) string { return fmt.Sprintf("%.4f×", factor(k)) },
		number: "frame",
	}
}

// creep runs the revision ratchet over a simulated main of n commits,
// commit k planted as sim says, starting from a baselines file whose
// reference is commit 0, and returns a line per commit and a summary: the
// first commit that failed, each move, the seconds each step took.
func creep(phase, planted, tmp string, sim creepSim, n int, scenarios []string) ([]string, error) {
	if len(scenarios) == 0 {
		scenarios = []string{"hover-storm"} // the plant's scenario; any others run unplanted beside it
	}
	dir, err := os.MkdirTemp(tmp, "creep-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	baselines := filepath.Join(dir, "baselines.yaml")
	page := filepath.Join(dir, "reference.md")
	first := "version: 2\nreferences:\n  - commit: " + simCommit(0) + "\n    set: 2026-01-01T00:00:00Z\n    kind: recorded\n    why: simulated commit 0\nmachines: {}\n"
	if err := os.WriteFile(baselines, []byte(first), 0o644); err != nil {
		return nil, err
	}
	plant := sim.plant
	var lines, moves []string
	r, failedAt, fails := 0, 0, 0
	var walls []float64
	for k := 1; k <= n; k++ {
		env := []string{"PERFBENCH_PLANT=" + plant(k), "PERFBENCH_BASE_PLANT=" + plant(r)}
		args := append([]string{"reference"}, scenarios...)
		cmd := exec.Command(planted, append(args, "--baselines", baselines, "--docs", page,
			"--reference-binary", planted, "--head-binary", planted, "--head-commit", simCommit(k), "--json", "--quiet")...)
		cmd.Args = append(cmd.Args, sim.args...)
		cmd.Env = append(os.Environ(), env...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		t := time.Now()
		err := cmd.Run()
		wall := time.Since(t).Seconds()
		walls = append(walls, wall)
		code := 0
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			code = exit.ExitCode()
		case err != nil:
			return nil, err
		}
		var out referenceJSON
		if code == 2 || json.Unmarshal(stdout.Bytes(), &out) != nil {
			return nil, fmt.Errorf("perfbench reference at simulated commit %d: exit %d: %s", k, code, strings.TrimSpace(stderr.String()))
		}
		ratio, verdict := out.Paired.number(sim.number)
		judged := r
		what := "stays: " + out.Reference.Stays
		if m := out.Reference.Moved; m != nil {
			var to int
			fmt.Sscanf(m.Commit, "c%x", &to)
			what = fmt.Sprintf("MOVED from commit %d to %d (%s)", r, to, m.Kind)
			moves = append(moves, fmt.Sprintf("%d→%d at %.4f", r, to, ratio))
			r = to
		}
		if out.Reference.Failed {
			fails++
			if failedAt == 0 {
				failedAt = k
			}
		}
		interval := ""
		if sim.number == "frame" {
			interval = out.Paired.hoverInterval()
		}
		line := fmt.Sprintf("commit %2d (planted %s, against commit %d's %s): exit %d, hover-storm %s head/reference %.4f%s %s, %s; %.1f s",
			k, sim.label(k), judged, sim.label(judged), code, sim.number, ratio, interval, verdict, what, wall)
		fmt.Fprintln(os.Stderr, "noise: "+phase+": "+line)
		lines = append(lines, line)
	}
	slices.Sort(walls)
	sum := 0.0
	for _, w := range walls {
		sum += w
	}
	first = "never failed"
	if failedAt > 0 {
		first = fmt.Sprintf("first failed at commit %d (planted %s)", failedAt, sim.label(failedAt))
	}
	mv := "none"
	if len(moves) > 0 {
		mv = strings.Join(moves, ", ")
	}
	lines = append(lines, fmt.Sprintf("%d commits: %s; %d of %d failed; reference moves: %s; %.1f s a step (%.1f–%.1f), %.0f s in all",
		n, first, fails, n, mv, sum/float64(len(walls)), walls[0], walls[len(walls)-1], sum))
	return lines, nil
}
