//go:build ignore

// Command xtask runs perfbench's tasks:
//
//	go run xtask.go ci          # the whole definition of done
//	go run xtask.go perf        # the scenarios, the ratchet, docs/performance.md
//	go run xtask.go skips       # every counter of avoided work names its pair
//	go run xtask.go budget      # a cache over its soft limit comes back under it
//	go run xtask.go cadence     # one frame per refresh at 60, 75 and 240 Hz
//	go run xtask.go workloads   # the reference workloads against their same-run ratios
//	go run xtask.go resize      # the resize slope against a same-run baseline
//	go run xtask.go verify      # a live window's display list against a rebuild's (add --doc random --seeds 50 for random runs, --renderer cpu for pixels)
//	go run xtask.go wall-clock  # the absolute-duration budgets, optimised build
//	go run xtask.go noise       # how far the time verdicts hold on a busy machine
//	go run xtask.go screenshots # docs/gallery.png and docs/gallery-hover.png, the README's pictures
//	go run xtask.go instructions # the scenarios' instructions under Callgrind, over runs and layout builds
//
// xtask dispatches. It builds perfbench once (an ordinary, optimised
// build) into a temporary directory and runs it from the module root. Each
// gate is one perfbench subcommand of the same name, and any further
// arguments go to it. noise and instructions are experiments (package
// internal/check/experiment). ci runs go vet, the tests and every gate in
// order (perf as perf --check, which records nothing), printing each
// step's name and duration, and stops at the first failure with that
// step's exit status.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/perfbench/perfbench/internal/check/experiment"
)

// gates are the tasks that are one perfbench subcommand each.
var gates = []string{"perf", "skips", "budget", "cadence", "workloads", "resize", "verify", "wall-clock"}

func main() { os.Exit(run(os.Args[1:])) }

func usage() int {
	fmt.Fprintf(os.Stderr, "usage: go run xtask.go TASK [ARGS...]\ntasks: ci screenshots noise instructions %s\n", strings.Join(gates, " "))
	return 2
}

func run(args []string) int {
	if len(args) == 0 {
		return usage()
	}
	task := args[0]
	if task != "ci" && task != "screenshots" && task != "noise" && task != "instructions" && !slices.Contains(gates, task) {
		fmt.Fprintf(os.Stderr, "xtask: unknown task %q\n", task)
		return usage()
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintf(os.Stderr, "xtask: %v\n", err)
		return 1
	}
	if err := os.Chdir(root); err != nil {
		fmt.Fprintf(os.Stderr, "xtask: %v\n", err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "perfbench-xtask-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "xtask: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "perfbench")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	build := experiment.Step{Name: "build perfbench", Argv: []string{"go", "build", "-o", bin, "./cmd/perfbench"}}
	switch {
	case task == "screenshots":
		return screenshots(build, bin)
	case task == "noise":
		return experiment.Noise(args[1:], tmp, build)
	case task == "instructions":
		return experiment.Instructions(args[1:], tmp)
	case task != "ci":
		if code := build.Run(); code != 0 {
			return code
		}
		return experiment.Step{Name: task, Argv: append([]string{bin, task}, args[1:]...)}.Run()
	case len(args) > 1:
		fmt.Fprintf(os.Stderr, "xtask: ci takes no arguments\n")
		return 2
	}
	steps := ciSteps(build, bin, tmp)
	start := time.Now()
	for _, s := range steps {
		if code := s.Run(); code != 0 {
			fmt.Fprintf(os.Stderr, "xtask: ci failed at %s (exit %d) after %s\n", s.Name, code, time.Since(start).Round(time.Millisecond))
			return code
		}
	}
	fmt.Printf("xtask: ci passed, %d steps in %s\n", len(steps), time.Since(start).Round(time.Millisecond))
	return 0
}

// ciSteps are the whole definition of done, in order: vet, every test,
// then each gate through one optimised build of perfbench (build, into
// bin) and the example programs' builds in tmp.
func ciSteps(build experiment.Step, bin, tmp string) []experiment.Step {
	gioapp, fyneapp := filepath.Join(tmp, "gioapp")+filepath.Ext(bin), filepath.Join(tmp, "fyneapp")+filepath.Ext(bin)
	return []experiment.Step{
		step("vet", "go", "vet", "./..."),
		// The slow tests too (package internal/check/slow): the Monte Carlo
		// simulations, the throwaway modules, the real paired runs.
		step("test", "env", "PERFBENCH_SLOW_TESTS=1", "go", "test", "./..."),
		// The workflow's tests, built only with -tags actionlint
		// (workflow_test.go says why).
		step("workflow", "go", "test", "-tags", "actionlint", "-run", "Workflow|Bencher", "."),
		build,
		step("workloads", bin, "workloads"),
		step("skips", bin, "skips"),
		step("budget", bin, "budget"),
		step("cadence", bin, "cadence"),
		step("resize", bin, "resize"),
		step("verify", bin, "verify"),
		// Pixels are part of right: the script's pictures through the CPU
		// rasteriser (pure Go), the live window's redrawn from its damage
		// against a rebuild's drawn whole, at three sizes — a paint-order
		// or damage bug draws the same display list wrong.
		step("verify cpu s1", bin, "verify", "--renderer", "cpu", "--size", "s1"),
		step("verify cpu s13", bin, "verify", "--renderer", "cpu", "--size", "s13"),
		step("verify cpu s26", bin, "verify", "--renderer", "cpu", "--size", "s26"),
		// The random verify runs: 50 seeds × 200 steps over generated
		// documents and over the gallery (gates.CISeeds, gates.CISteps),
		// pictures, routing and replayed input judged after every step;
		// and a few seeds of generated documents in pictures, through the
		// CPU rasteriser (a seed costs a rebuild and a whole picture a
		// step).
		step("verify random", bin, "verify", "--doc", "random", "--seeds", "50", "--steps", "200"),
		step("verify gallery", bin, "verify", "--doc", "gallery", "--seeds", "50", "--steps", "200"),
		step("verify random cpu", bin, "verify", "--doc", "random", "--seeds", "1-3", "--steps", "200", "--renderer", "cpu"),
		step("wall-clock", bin, "wall-clock"),
		// perf --check judges every band and fails when docs/performance.md
		// is out of date, writing nothing: a ratchet run on the CI machine
		// could move a baseline, and CI is there to check, not to record.
		// It is the one run of the suite here (the workflow's report step
		// is the other, with every export from it).
		// Times against this machine's stored baselines are reported as
		// advice (--advisory-times): CI runs on virtual machines whose
		// speed drifts with their hosts' other tenants, so a stored
		// baseline cannot gate there. Counts, instructions and broken
		// scenarios fail as ever; the times that gate are the same-run
		// ratios (workloads, resize) and, on a pull request, the paired
		// run against the target branch (scenarios --base).
		// Instructions are judged against their toolchain's baselines,
		// and required: a run that could not count them could not check
		// the docs lines that show them.
		step("perf --check (docs up to date)", bin, "perf", "--check", "--advisory-times", "--instructions", "require"),
		// The example programs' docs pages and recorded bounds are checked
		// the same way, each through its own binary. Fyne's instructions
		// are left out, as .ci/run leaves them out of its report: its
		// software painter makes each counted process half a minute under
		// Valgrind; its counts and recorded bounds are still judged.
		step("build gioapp", "go", "build", "-o", gioapp, "./examples/gioapp"),
		step("gioapp perf --check", gioapp, "perf", "--check", "--advisory-times", "--instructions", "require"),
		step("build fyneapp", "go", "build", "-o", fyneapp, "./examples/fyneapp"),
		step("fyneapp perf --check", fyneapp, "perf", "--check", "--advisory-times", "--instructions", "off"),
	}
}

// screenshots renders the README's pictures of the shipped gallery with
// the CPU rasteriser: as it opens, and after twelve hover steps (a hovered
// table row).
func screenshots(build experiment.Step, bin string) int {
	for _, s := range []experiment.Step{
		build,
		step("gallery", bin, "screenshot", "docs/gallery.png"),
		step("gallery after hover", bin, "screenshot", "--phase", "hover", "--steps", "12", "docs/gallery-hover.png"),
	} {
		if code := s.Run(); code != 0 {
			return code
		}
	}
	return 0
}

// step is a command ci or a task runs, by its name in the log.
func step(name string, argv ...string) experiment.Step {
	return experiment.Step{Name: name, Argv: argv}
}

// moduleRoot returns the directory of the main module's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside a Go module: run xtask from the perfbench module")
	}
	return filepath.Dir(mod), nil
}
