package experiment

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// Noise is `go run xtask.go noise`: it builds what its phases run (build
// is perfbench's own build into tmp), starts the load unless -quiet, runs
// each phase and prints what each found; 0, or an exit status.
func Noise(args []string, tmp string, build Step) int {
	o, err := parseNoise(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "xtask: noise: %v\n%s\n", err, noiseUsage)
		return 2
	}
	// The noise harness measures times under load; instructions, which
	// no load moves, are counted in xtask ci and xtask instructions.
	os.Setenv("PERFBENCH_INSTRUCTIONS", "off")
	b := newBench(o, tmp)
	for _, s := range append([]Step{build}, b.buildSteps...) {
		if code := s.Run(); code != 0 {
			return code
		}
	}
	condition := "quiet (no load of the harness's own; whatever else runs on the machine still runs)"
	if !o.quiet {
		cmd := exec.Command(b.load)
		if err := cmd.Start(); err != nil {
			fmt.Fprintf(os.Stderr, "xtask: noise: starting perfload: %v\n", err)
			return 1
		}
		defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
		condition = fmt.Sprintf("under perfload: %d busy threads and a 256 MiB memory hog on %d CPUs (2× oversubscribed)", 2*runtime.NumCPU()-1, runtime.NumCPU())
		time.Sleep(time.Second) // let the hog fill its buffer
	}
	fmt.Printf("noise: %d runs per phase, %s\n", o.runs, condition)
	start := time.Now()
	for _, phase := range o.phases {
		before := loadAverage()
		n := len(b.report)
		if err := b.phase(phase); err != nil {
			fmt.Fprintf(os.Stderr, "xtask: noise: %v\n", err)
			return 1
		}
		if after := loadAverage(); len(b.report) > n && before != "" {
			b.report[len(b.report)-1] += fmt.Sprintf(" (load average %s before the phase, %s after)", before, after)
		}
	}
	fmt.Printf("\nnoise: %s, %s in all\n  %s\n", condition, since(start), strings.Join(b.report, "\n  "))
	return 0
}

// bench is one noise run: its options, the builds its phases run, and
// the report lines they have said so far.
type bench struct {
	o                  noiseOptions
	tmp                string
	bin, planted, load string
	layouts            []string // the paired phases' builds (pairedArgs)
	plainLayouts       []string // the plain instructions phase's layout builds
	draw               *rand.Rand
	report             []string
	stepRef            float64 // stepCost's reading, once read
	buildsDescribed    string  // how many builds a side, for the report
	buildSteps         []Step
}

func newBench(o noiseOptions, tmp string) *bench {
	b := &bench{o: o, tmp: tmp,
		bin:     filepath.Join(tmp, "perfbench"),
		planted: filepath.Join(tmp, "perfbench-plant"),
		load:    filepath.Join(tmp, "perfload"),
		draw:    rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 21)),
	}
	b.buildSteps = []Step{
		{"build perfbench with the perfbench_plant tag", []string{"go", "build", "-tags", "perfbench_plant", "-o", b.planted, "./cmd/perfbench"}},
		{"build perfload", []string{"go", "build", "-o", b.load, "./cmd/perfload"}},
	}
	// The paired phases' builds: head's the planted build and layouts−1
	// -randlayout builds of it, base's layouts more (or the planted build
	// itself on both sides); with -pool, pool builds that each run draws
	// its two sides from.
	b.layouts = []string{b.planted}
	paired := slices.Contains(o.phases, "base-plant") || slices.Contains(o.phases, "base-layout") || slices.Contains(o.phases, "instr-base")
	if n := max(o.pool, 2*o.layouts); o.layouts > 1 && paired {
		for seed := 1; seed < n; seed++ {
			out := fmt.Sprintf("%s-%d", b.planted, seed)
			b.buildSteps = append(b.buildSteps, Step{fmt.Sprintf("build the planted perfbench with -randlayout=%d", seed),
				[]string{"go", "build", "-tags", "perfbench_plant", fmt.Sprintf("-ldflags=-randlayout=%d", seed), "-o", out, "./cmd/perfbench"}})
			b.layouts = append(b.layouts, out)
		}
	}
	// The plain instructions phase's layout builds: the ordinary build
	// -randlayout'd, judged against the baselines the ordinary build set.
	if slices.Contains(o.phases, "instr") {
		for seed := 1; seed <= o.layouts; seed++ {
			out := fmt.Sprintf("%s-%d", b.bin, seed)
			b.buildSteps = append(b.buildSteps, Step{fmt.Sprintf("build perfbench with -randlayout=%d", seed),
				[]string{"go", "build", fmt.Sprintf("-ldflags=-randlayout=%d", seed), "-o", out, "./cmd/perfbench"}})
			b.plainLayouts = append(b.plainLayouts, out)
		}
	}
	b.buildsDescribed = fmt.Sprintf("%d build(s) a side", min(o.layouts, len(b.layouts)))
	if o.pool > 0 && len(b.layouts) > 1 {
		b.buildsDescribed += fmt.Sprintf(" drawn anew each run from %d", o.pool)
	}
	if o.tolerance != "" {
		b.buildsDescribed += ", --tolerance " + o.tolerance
	}
	return b
}

// say adds a line to the report and prints it.
func (b *bench) say(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	b.report = append(b.report, line)
	fmt.Println("noise: " + line)
}

// withTolerance adds -tolerance to a paired run's arguments.
func (b *bench) withTolerance(args []string) []string {
	if b.o.tolerance != "" {
		args = append(args, "--tolerance", b.o.tolerance)
	}
	return args
}

// pairedArgs are a paired run's builds: the same ones every run, or with
// -pool two disjoint sides drawn anew.
func (b *bench) pairedArgs() []string {
	heads, bases := b.layouts[:1], b.layouts[:1]
	if len(b.layouts) > 1 {
		order := b.layouts
		if b.o.pool > 0 {
			order = slices.Clone(b.layouts)
			b.draw.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		}
		heads, bases = order[:b.o.layouts], order[b.o.layouts:2*b.o.layouts]
	}
	args := []string{"--base-binary", strings.Join(bases, ",")}
	if len(heads) > 1 {
		args = append(args, "--head-binary", strings.Join(heads, ","))
	}
	return b.withTolerance(args)
}

func fixed(a []string) func() []string { return func() []string { return a } }

// repeat runs one kind of perfbench run o.runs times, each with the
// arguments args gives it; ok says whether a run is the outcome hoped
// for.
func (b *bench) repeat(what string, env []string, binary string, args func() []string, ok func(noiseRun) bool) ([]noiseRun, int, error) {
	var runs []noiseRun
	good := 0
	for i := range b.o.runs {
		r, err := perfbenchJSON(binary, env, args()...)
		if err != nil {
			return nil, 0, err
		}
		runs = append(runs, r)
		v, verdict := r.out.hover()
		mark := "ok"
		if ok(r) {
			good++
		} else {
			mark = "MISS"
		}
		fmt.Fprintf(os.Stderr, "noise: %s run %d/%d: exit %d in %.2fs, hover-storm frame %.4g%s %s, %s %s\n",
			what, i+1, b.o.runs, r.code, r.wall.Seconds(), v, r.out.hoverInterval(), verdict, mark, strings.Join(r.failing, "; "))
	}
	return runs, good, nil
}

// stepCost is what a plant of work is sized by: the unplanted estimate of
// hover-storm's frame from a paired run of the planted binary against
// itself with no plant (read once, for every phase that plants work).
func (b *bench) stepCost() (float64, error) {
	if b.stepRef > 0 {
		return b.stepRef, nil
	}
	refRun, err := perfbenchJSON(b.planted, nil, "scenarios", "hover-storm", "--base-binary", b.planted)
	if err != nil {
		return 0, err
	}
	if b.stepRef = refRun.out.hoverBase(); !(b.stepRef > 0) {
		return 0, errors.New("the unplanted paired run measured no hover-storm frame")
	}
	return b.stepRef, nil
}

func hoverCaught(r noiseRun) bool { _, v := r.out.hover(); return v == "fail" }

func passed(r noiseRun) bool { return r.code == 0 }

// unjudged says how many runs read hover-storm's frame unbaselined: on a
// machine the baselines file has no times for, a time band judges
// nothing, and a pass or a miss there says nothing of the band.
func unjudged(runs []noiseRun) string {
	n := 0
	for _, r := range runs {
		if _, v := r.out.hover(); v == "unbaselined" {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d of %d read hover-storm's frame unbaselined (this machine has no time baselines, so its band judged nothing)", n, len(runs))
}

// phase runs one phase by its name.
func (b *bench) phase(phase string) error {
	switch phase {
	case "suite":
		return b.suite()
	case "plant":
		return b.plant()
	case "base":
		args := b.withTolerance(append([]string{"scenarios", "--base-binary", b.bin}, b.o.scenarios...))
		runs, good, err := b.repeat("base", nil, b.bin, fixed(args), passed)
		if err == nil {
			b.say("base: %d false fails in %d runs of perfbench scenarios --base-binary (the same build both sides); %s", b.o.runs-good, b.o.runs, pairedSummary(runs))
		}
		return err
	case "creep", "creep-aa", "creep-faster":
		return b.timeCreep(phase)
	case "base-plant":
		return b.basePlant()
	case "base-layout":
		// The planted builds, no plant: head and base differ only by
		// their function layout.
		runs, good, err := b.repeat("base layout", nil, b.planted, func() []string { return append(append([]string{"scenarios"}, b.o.scenarios...), b.pairedArgs()...) }, passed)
		if err == nil {
			b.say("base-layout: %d false fails in %d paired runs between builds that differ only in layout (%s); %s", b.o.runs-good, b.o.runs, b.buildsDescribed, pairedSummary(runs))
		}
		return err
	case "instr", "instr-base":
		if instrPhase(phase, b.o, b.bin, b.planted, b.plainLayouts, b.layouts, b.say) != 0 {
			return fmt.Errorf("%s: the phase failed", phase)
		}
		return nil
	case "instr-creep":
		return b.instrCreep()
	case "ci":
		b.ci()
		return nil
	}
	return fmt.Errorf("no phase %q", phase)
}

func (b *bench) suite() error {
	runs, good, err := b.repeat("suite", nil, b.bin, fixed(append([]string{"scenarios"}, b.o.scenarios...)), passed)
	if err != nil {
		return err
	}
	var walls, hovers []float64
	for _, r := range runs {
		walls = append(walls, r.wall.Seconds())
		if v, _ := r.out.hover(); v > 0 {
			hovers = append(hovers, v)
		}
	}
	slices.Sort(walls)
	slices.Sort(hovers)
	b.say("suite: %d false fails in %d runs of unmodified perfbench scenarios%s", len(runs)-good, len(runs), unjudged(runs))
	b.say("suite: wall time %.2f s median, %.2f–%.2f s", walls[len(walls)/2], walls[0], walls[len(walls)-1])
	if len(hovers) > 0 {
		b.say("suite: hover-storm frame estimate %.4g–%.4g µs, spread ×%.3f", hovers[0], hovers[len(hovers)-1], hovers[len(hovers)-1]/hovers[0])
	}
	return nil
}

func (b *bench) plant() error {
	for _, f := range b.o.plants {
		env := []string{fmt.Sprintf("PERFBENCH_PLANT=hover-storm:%g", f)}
		runs, good, err := b.repeat(fmt.Sprintf("plant %g×", f), env, b.planted, fixed([]string{"scenarios", "hover-storm"}), hoverCaught)
		if err != nil {
			return err
		}
		b.say("plant: hover-storm frame %g× slower caught in %d of %d runs%s", f, good, b.o.runs, unjudged(runs))
	}
	return nil
}

// timeCreep runs the creep phases of time: commit k slowed by a plant of
// work to step^k (creep), to nothing (creep-aa), or, after a slower
// commit 0, to step^(k−1) (creep-faster).
func (b *bench) timeCreep(phase string) error {
	ref, err := b.stepCost()
	if err != nil {
		return err
	}
	b.say("%s: plants of work at REF = %.4g µs a crossing (the unplanted base estimate)", phase, ref)
	// factor is commit k's slowdown against unplanted code.
	factor := func(k int) float64 { return math.Pow(b.o.step, float64(k)) }
	switch phase {
	case "creep-aa":
		factor = func(int) float64 { return 1 }
	case "creep-faster":
		// Commit 1 takes away a slowdown commit 0 had; the commits after
		// it creep again.
		factor = func(k int) float64 {
			if k == 0 {
				return fasterBy
			}
			return math.Pow(b.o.step, float64(k-1))
		}
	}
	return b.creepRuns(phase, workCreep(ref, factor), b.o.scenarios)
}

// instrCreep is the creep phase of instructions: commit k planted
// k × -creep-spins iterations of work a step.
func (b *bench) instrCreep() error {
	sim := creepSim{
		plant: func(k int) string {
			if k == 0 {
				return ""
			}
			return fmt.Sprintf("hover-storm:+%d", k*b.o.creepSpins)
		},
		label:  func(k int) string { return fmt.Sprintf("+%d spins", k*b.o.creepSpins) },
		number: "instructions",
		// The times are not what this phase judges: the fewest pairs
		// that judge them at all, one look.
		args: []string{"--pairs", "4", "--budget", "0", "--instructions", "require"},
	}
	return b.creepRuns("instr-creep", sim, nil)
}

// creepRuns runs o.runs simulated mains and says each one's lines.
func (b *bench) creepRuns(phase string, sim creepSim, scenarios []string) error {
	for i := range b.o.runs {
		lines, err := creep(phase, b.planted, b.tmp, sim, b.o.commits, scenarios)
		if err != nil {
			return err
		}
		for _, l := range lines {
			b.say("%s run %d/%d: %s", phase, i+1, b.o.runs, l)
		}
	}
	return nil
}

func (b *bench) basePlant() error {
	ref, err := b.stepCost()
	if err != nil {
		return err
	}
	b.say("base-plant: plants of work at REF = %.4g µs a crossing (the unplanted base estimate)", ref)
	for _, f := range b.o.basePlants {
		env := []string{fmt.Sprintf("PERFBENCH_PLANT=hover-storm:%g@%g", f, ref)}
		// The planted binary on both sides (perfbench gives the base no
		// PERFBENCH_PLANT), so the two differ only by the plant, not by
		// how the build tag laid the code out.
		runs, good, err := b.repeat(fmt.Sprintf("base plant %g×", f), env, b.planted, func() []string { return append([]string{"scenarios", "hover-storm"}, b.pairedArgs()...) }, hoverCaught)
		if err != nil {
			return err
		}
		var ratios, walls []float64
		pairs, unsure := 0, 0
		for _, r := range runs {
			v, verdict := r.out.hover()
			ratios = append(ratios, v)
			walls = append(walls, r.wall.Seconds())
			pairs += r.out.hoverPairs()
			if verdict == "unsure" {
				unsure++
			}
		}
		slices.Sort(ratios)
		slices.Sort(walls)
		b.say("base-plant: hover-storm frame planted %g× (effective ratio, median of the runs' estimates, %.4f; %.4f–%.4f) caught in %d of %d paired runs, unsure in %d; %.0f pairs a run on average, %.1f–%.1f s a run; %s",
			f, ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1], good, b.o.runs, unsure, float64(pairs)/float64(len(runs)), walls[0], walls[len(walls)-1], b.buildsDescribed)
	}
	return nil
}

// ci runs go run xtask.go ci o.runs times with no cached test results.
func (b *bench) ci() {
	good := 0
	var walls []float64
	for i := range b.o.runs {
		cmd := exec.Command("go", "run", "xtask.go", "ci")
		// -count=1: every run runs every test again; a test result cached
		// from an earlier run measured nothing under this load.
		cmd.Env = append(os.Environ(), "GOFLAGS=-count=1")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		t := time.Now()
		err := cmd.Run()
		walls = append(walls, time.Since(t).Seconds())
		if err == nil {
			good++
			fmt.Fprintf(os.Stderr, "noise: ci run %d/%d: passed in %s\n", i+1, b.o.runs, since(t))
			continue
		}
		// Which step failed and what it printed last: a failure under
		// load is only worth counting with its cause.
		fmt.Fprintf(os.Stderr, "noise: ci run %d/%d: %v after %s; its last lines:\n%s\n", i+1, b.o.runs, err, since(t), tail(out.String(), 40))
	}
	slices.Sort(walls)
	b.say("ci: go run xtask.go ci passed %d of %d runs, %.0f–%.0f s each", good, b.o.runs, walls[0], walls[len(walls)-1])
}
