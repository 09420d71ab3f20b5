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
//	go run xtask.go verify      # a live window's display list against a rebuild's (add --doc random --seeds 50 for random runs)
//	go run xtask.go wall-clock  # the absolute-duration budgets, optimised build
//	go run xtask.go screenshots # docs/gallery.png and docs/gallery-hover.png, the README's pictures
//
// Every task but ci is one perfbench subcommand of the same name, and any
// further arguments go to it. xtask is thin on purpose: it builds
// perfbench once (an ordinary, optimised build) into a temporary directory
// and runs it from the module root. ci runs go vet, the tests and every
// gate in order (perf as perf --check, which records nothing), printing each step's name and duration, and stops at the
// first failure with that step's exit status.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// gates are the tasks that are one perfbench subcommand each.
var gates = []string{"perf", "skips", "budget", "cadence", "workloads", "resize", "verify", "wall-clock"}

func main() { os.Exit(run(os.Args[1:])) }

func usage() int {
	fmt.Fprintf(os.Stderr, "usage: go run xtask.go TASK [ARGS...]\ntasks: ci screenshots %s\n", strings.Join(gates, " "))
	return 2
}

func run(args []string) int {
	if len(args) == 0 {
		return usage()
	}
	task := args[0]
	if task != "ci" && task != "screenshots" && !contains(gates, task) {
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
	build := step{"build perfbench", []string{"go", "build", "-o", bin, "./cmd/perfbench"}}

	if task == "screenshots" {
		return screenshots(build, bin)
	}
	if task != "ci" {
		if code := build.run(); code != 0 {
			return code
		}
		return step{task, append([]string{bin, task}, args[1:]...)}.run()
	}
	if len(args) > 1 {
		fmt.Fprintf(os.Stderr, "xtask: ci takes no arguments\n")
		return 2
	}
	steps := []step{
		{"vet", []string{"go", "vet", "./..."}},
		{"test", []string{"go", "test", "./..."}},
		build,
		{"scenarios", []string{bin, "scenarios"}},
		{"workloads", []string{bin, "workloads"}},
		{"skips", []string{bin, "skips"}},
		{"budget", []string{bin, "budget"}},
		{"cadence", []string{bin, "cadence"}},
		{"resize", []string{bin, "resize"}},
		{"verify", []string{bin, "verify"}},
		// The random verify runs: 50 seeds × 200 steps over generated
		// documents and over the gallery (gates.CISeeds, gates.CISteps).
		{"verify random", []string{bin, "verify", "--doc", "random", "--seeds", "50", "--steps", "200"}},
		{"verify gallery", []string{bin, "verify", "--doc", "gallery", "--seeds", "50", "--steps", "200"}},
		{"wall-clock", []string{bin, "wall-clock"}},
		// perf --check judges every band and fails when docs/performance.md
		// is out of date, writing nothing: a ratchet run on the CI machine
		// could move a baseline, and CI is there to check, not to record.
		{"perf --check (docs up to date)", []string{bin, "perf", "--check"}},
	}
	start := time.Now()
	for _, s := range steps {
		if code := s.run(); code != 0 {
			fmt.Fprintf(os.Stderr, "xtask: ci failed at %s (exit %d) after %s\n", s.name, code, since(start))
			return code
		}
	}
	fmt.Printf("xtask: ci passed, %d steps in %s\n", len(steps), since(start))
	return 0
}

// screenshots renders the README's pictures of the shipped gallery with
// the CPU rasteriser: as it opens, and after twelve hover steps (a hovered
// table row).
func screenshots(build step, bin string) int {
	for _, s := range []step{
		build,
		{"gallery", []string{bin, "screenshot", "docs/gallery.png"}},
		{"gallery after hover", []string{bin, "screenshot", "--phase", "hover", "--steps", "12", "docs/gallery-hover.png"}},
	} {
		if code := s.run(); code != 0 {
			return code
		}
	}
	return 0
}

// step is one command ci or a task runs.
type step struct {
	name string
	argv []string
}

// run runs the step with the terminal's output, prints its name and
// duration, and returns its exit status.
func (s step) run() int {
	fmt.Printf("==> %s: %s\n", s.name, strings.Join(s.argv, " "))
	start := time.Now()
	cmd := exec.Command(s.argv[0], s.argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, io.MultiWriter(os.Stderr, &stderr)
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
		if code <= 0 {
			code = 1
		}
	case err != nil:
		fmt.Fprintf(os.Stderr, "xtask: %s: %v\n", s.name, err)
		code = 1
	}
	if code == 0 {
		fmt.Printf("--- %s: ok (%s)\n", s.name, since(start))
		return 0
	}
	fmt.Printf("--- %s: FAILED, exit %d (%s)\n", s.name, code, since(start))
	if strings.Contains(stderr.String(), "unknown command") {
		fmt.Fprintf(os.Stderr, "xtask: %s: perfbench has no %q subcommand yet; this step cannot pass until it exists\n", s.name, s.argv[1])
	}
	return code
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

func since(t time.Time) string { return time.Since(t).Round(time.Millisecond).String() }

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
