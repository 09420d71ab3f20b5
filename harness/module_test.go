package harness_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/slow"
	"github.com/perfbench/perfbench/internal/publish/report"
)

// The throwaway module of TestAGioModuleOfItsOwn: a Gio program's UI in an
// importable package, and the perf binary a user writes beside it — its
// scenarios and its main, all the glue perfbench needs.
const (
	moduleUI = `// Package ui is the counter's interface, importable without gioui.org/app.
package ui

import (
	"fmt"

	"gioui.org/font/gofont"
	"gioui.org/layout"
	"gioui.org/text"
	"gioui.org/widget"
	"gioui.org/widget/material"
)

// UI is the counter: a button that counts its clicks above a list of rows.
type UI struct {
	th     *material.Theme
	button widget.Clickable
	list   widget.List
	rows   [200]widget.Clickable
	Clicks int
}

// New returns the counter with the Go fonts only.
func New() *UI {
	u := &UI{th: material.NewTheme()}
	u.th.Shaper = text.NewShaper(text.NoSystemFonts(), text.WithCollection(gofont.Collection()))
	u.list.Axis = layout.Vertical
	return u
}

// Layout draws one frame.
func (u *UI) Layout(gtx layout.Context) layout.Dimensions {
	for u.button.Clicked(gtx) {
		u.Clicks++
	}
	return layout.Flex{Axis: layout.Vertical}.Layout(gtx,
		layout.Rigid(material.Button(u.th, &u.button, "Click me!").Layout),
		layout.Rigid(material.Body1(u.th, fmt.Sprintf("%d clicks", u.Clicks)).Layout),
		layout.Flexed(1, func(gtx layout.Context) layout.Dimensions {
			return material.List(u.th, &u.list).Layout(gtx, len(u.rows), func(gtx layout.Context, i int) layout.Dimensions {
				return material.Clickable(gtx, &u.rows[i], material.Body2(u.th, fmt.Sprintf("Row %03d", i)).Layout)
			})
		}),
	)
}
`
	moduleGlue = `// Command counter-perf gates the counter's performance: its scenarios run
// headless (no gioui.org/app, no cgo) through perfbench's harness.
package main

import (
	"errors"
	"os"

	"example.com/counter/ui"
	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/subject/gio"
)

func main() { os.Exit(harness.Main(os.Args[1:], os.Stdout, os.Stderr, harness.Options{})) }

// numbers: thread-CPU frame time (+100%, a sketch), and exact counts.
func numbers(frames, allocs float64) []scenario.Number {
	return []scenario.Number{
		scenario.CPUFrameTime(band.Spec{Name: "frame", Unit: "µs/frame", Band: band.Time(1)}, nil),
		{Spec: band.Spec{Name: "frames", Unit: "frames/run", Band: band.Count(frames)}, Value: scenario.FrameCount(nil)},
		{Spec: band.Spec{Name: "allocs", Unit: "allocs/frame", Band: band.Count(allocs)}, Value: gio.Allocs, Varies: true},
	}
}

// add registers a scenario: open the counter, aim at label, do step n times.
func add(name, label string, n int, step func(*gio.Subject, float32, float32, int), nums []scenario.Number) {
	scenario.Register(scenario.Scenario{Name: name, Numbers: nums, Run: func(s *scenario.Session) error {
		sub := gio.Attach(s, ui.New().Layout, gio.Options{})
		x, y, ok := sub.Center(label)
		if !ok {
			return errors.New("no " + label + " on screen")
		}
		for i := range n {
			s.Drive(name, func() { step(sub, x, y, i) })
		}
		if len(sub.Frames()) == 0 {
			return errors.New(name + " drew no frame: the input missed")
		}
		return nil
	}})
}

func init() {
	add("press", "Click me!", 30, func(s *gio.Subject, x, y float32, _ int) { s.Click(x, y) }, numbers(30, 215))
	add("hover", "Row 003", 60, func(s *gio.Subject, x, y float32, i int) { s.PointerMove(x, y+float32(i%8*20)) }, numbers(60, 100))
	add("scroll", "Row 005", 40, func(s *gio.Subject, x, y float32, i int) { s.Wheel(x, y, float32(10-i/20*20)) }, numbers(40, 106))
}
`
)

// A Gio module outside this one (a temporary directory whose go.mod
// replaces perfbench with this checkout) with a small Gio UI and three
// scenarios gets the whole front end through its own main: scenarios,
// scenarios NAME beside a baselines file, perf, perf --check, the
// Markdown, benchmark-format and JSON reports, and the paired run
// against another binary, which catches a planted 1.3× CPU slowdown and
// passes an identical build. Its perf binary builds without cgo (no
// gioui.org/app).
//
// It builds a Gio program twice and runs about 200 processes, so -short
// skips it; xtask ci runs it.
func TestAGioModuleOfItsOwn(t *testing.T) {
	slow.Test(t, "builds a Gio module and runs its scenarios in about 200 processes")
	if runtime.GOOS != "linux" {
		t.Skip("the planted slowdown reads the thread-CPU clock of Linux")
	}
	_, dir := moduleOfItsOwn(t, "example.com/counter", map[string]string{
		"ui/ui.go":                 moduleUI,
		"cmd/counter-perf/main.go": moduleGlue,
		"perf/.keep":               "",
		"docs/.keep":               "",
	})
	glue := 0
	for _, l := range strings.Split(moduleGlue, "\n") {
		if strings.TrimSpace(l) != "" {
			glue++
		}
	}
	t.Logf("glue: %d non-blank lines (scenarios and main) for three scenarios", glue)
	assert.LessOrEqual(t, glue, 60, "the glue a Gio module needs for three scenarios")

	build := func(out string, tags ...string) { goBuild(t, dir, "./cmd/counter-perf", out, tags...) }
	bin := filepath.Join(dir, "counter-perf")
	planted := filepath.Join(dir, "counter-perf-planted")
	start := time.Now()
	build(bin)
	build(planted, "-tags", "perfbench_plant")
	t.Logf("built both binaries in %s", time.Since(start).Round(time.Millisecond))

	run := func(env []string, exe string, args ...string) (int, string, string) {
		t.Helper()
		cmd := exec.Command(exe, args...)
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), "PERFBENCH_INSTRUCTIONS=off"), env...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		return code, out.String(), errb.String()
	}
	counter := func(args ...string) (int, string, string) { t.Helper(); return run(nil, bin, args...) }

	code, stdout, stderr := counter("scenarios", "--repeats", "2")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "verdict: unbaselined")
	assert.Contains(t, stderr, "counter-perf: no baselines file at perf/baselines.yaml", "the message names the program")

	code, stdout, stderr = counter("perf", "--repeats", "2")
	require.Equal(t, 0, code, "%s\n%s", stdout, stderr)
	assert.FileExists(t, filepath.Join(dir, "perf", "baselines.yaml"))
	assert.FileExists(t, filepath.Join(dir, "docs", "performance.md"))

	code, stdout, stderr = counter("perf", "--check", "--advisory-times", "--repeats", "2")
	assert.Equal(t, 0, code, "%s\n%s", stdout, stderr)

	code, stdout, stderr = counter("scenarios", "press", "--repeats", "2")
	assert.Equal(t, 0, code, "one scenario beside a baselines file of three: %s", stderr)
	assert.Contains(t, stdout, "press")

	code, stdout, stderr = counter("scenarios", "--format", "markdown", "--repeats", "2", "--advisory-times")
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "## ✅ counter-perf scenarios: pass")

	code, stdout, stderr = counter("scenarios", "--format", "benchfmt", "--repeats", "1", "--advisory-times")
	assert.Equal(t, 0, code, stderr)
	for _, name := range []string{"press", "hover", "scroll"} {
		assert.Contains(t, stdout, "BenchmarkScenario/"+name+" ")
	}
	assert.Contains(t, stdout, "Unit frames/run assume=exact")

	code, stdout, stderr = counter("scenarios", "--json", "--repeats", "2", "--advisory-times")
	assert.Equal(t, 0, code, stderr)
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	var o report.JudgedJSON
	require.NoError(t, dec.Decode(&o), "the module's JSON is perfbench's schema")
	assert.Equal(t, report.Version, o.Version)
	assert.Equal(t, "counter-perf", o.Program)
	require.Len(t, o.Scenarios, 3)

	// The paired run: the planted build (every thread-CPU sample of hover
	// costs 1.3 times its own work: PERFBENCH_PLANT, build tag
	// perfbench_plant) against the plain one, then the plain one against
	// itself. The planted run may look again while unsure (its budget): on
	// a loaded machine twelve pairs of a 1.3× slowdown have read unsure.
	paired := func(env []string, exe, budget string) (int, report.PairedJSON, string) {
		code, stdout, stderr := run(env, exe, "scenarios", "--base-binary", bin, "--pairs", "12", "--budget", budget, "--json", "--quiet")
		var p report.PairedJSON
		require.NoError(t, json.Unmarshal([]byte(stdout), &p), "%s\n%s", stdout, stderr)
		return code, p, stderr
	}
	hoverFrame := func(p report.PairedJSON) report.PairedNumberJSON {
		for _, n := range p.Numbers {
			if n.Scenario == "hover" && n.Name == "frame" {
				return n
			}
		}
		t.Fatal("no hover frame in the paired report")
		return report.PairedNumberJSON{}
	}
	code, p, stderr := paired([]string{"PERFBENCH_PLANT=hover:1.3"}, planted, "30s")
	n := hoverFrame(p)
	t.Logf("planted 1.3×: hover frame %s, ratio %v [%v, %v] over %d pairs", n.Verdict, deref(n.Ratio), deref(n.Lo), deref(n.Hi), n.Pairs)
	assert.Equal(t, 1, code, stderr)
	assert.Equal(t, band.Fail, n.Verdict, "the planted slowdown is caught")

	code, p, stderr = paired(nil, bin, "0")
	n = hoverFrame(p)
	t.Logf("identical build: hover frame %s, ratio %v [%v, %v] over %d pairs", n.Verdict, deref(n.Ratio), deref(n.Lo), deref(n.Hi), n.Pairs)
	assert.Equal(t, 0, code, stderr)
	assert.NotEqual(t, band.Fail, n.Verdict, "an identical build does not fail")
}

// A user's module set up as docs/programs.md says: a module and git
// repository of its own, whose go.mod stays the application's, and a perf
// build with a module file of its own (go.perf.mod) that replaces
// perfbench with ../perfbench, a checkout beside the module — a RELATIVE
// replace, which the base builds from a temporary directory resolve
// against the working tree. Through its own main, built from files git
// does not hold yet, perf records no reference revision (that commit has
// no perf program to build); committed, perf records one, and after a
// no-op commit scenarios --base HEAD~1 and reference --check both build
// their base from the revision and pass.
//
// It builds a Gio program four times and runs about 60 processes, so
// -short skips it; xtask ci runs it.
func TestAModuleSetUpAsTheDocsSay(t *testing.T) {
	slow.Test(t, "builds a Gio module with a relative replace at two revisions and runs its paired commands")
	checkout, err := filepath.Abs("..")
	require.NoError(t, err)
	top := t.TempDir()
	require.NoError(t, os.Symlink(checkout, filepath.Join(top, "perfbench")))
	dir := filepath.Join(top, "counter")
	sum, err := os.ReadFile(filepath.Join(checkout, "go.sum"))
	require.NoError(t, err)
	app := "module example.com/counter\n\ngo 1.26.0\n\nrequire gioui.org v0.10.3\n"
	files := map[string]string{
		"go.mod":   app,
		"go.sum":   string(sum),
		"ui/ui.go": moduleUI,
		// What the docs' cp, go mod edit -replace and go mod tidy
		// -modfile=go.perf.mod make of them.
		"go.perf.mod": strings.Replace(app, "require gioui.org v0.10.3\n", "require (\n\tgioui.org v0.10.3\n\tgithub.com/perfbench/perfbench v0.0.0\n)\n", 1) +
			"\nreplace github.com/perfbench/perfbench => ../perfbench\n",
		"go.perf.sum":              string(sum),
		"cmd/counter-perf/main.go": "//go:build perf\n\n" + strings.Replace(moduleGlue, "harness.Options{}", `harness.Options{ModFile: "go.perf.mod"}`, 1),
		"perf/.keep":               "",
		"docs/.keep":               "",
		".gitignore":               "/counter-perf\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	git("init", "-q", "-b", "main")
	git("add", "go.mod", "go.sum", "ui")
	git("commit", "-q", "-m", "the counter")

	// go run stamps no revision: perf asks git, as it would of a binary
	// built with -buildvcs=false.
	bin := filepath.Join(dir, "counter-perf")
	goBuild(t, dir, "./cmd/counter-perf", bin, "-modfile=go.perf.mod", "-tags=perf", "-buildvcs=false")
	run := func(args ...string) (int, string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PERFBENCH_INSTRUCTIONS=off")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode(), out.String()
		}
		require.NoError(t, err)
		return 0, out.String()
	}
	code, out := run("perf", "--repeats", "2")
	require.Equal(t, 0, code, out)
	assert.Regexp(t, `counter-perf: not recording [0-9a-f]{12} as the reference revision: the base does not build: `, out,
		"HEAD holds no perf program yet")
	assert.NotContains(t, out, "(the first)")

	git("add", ".")
	git("commit", "-q", "-m", "perf: the scenarios and their baselines")
	code, out = run("perf", "--repeats", "2")
	require.Equal(t, 0, code, out)
	assert.Regexp(t, `counter-perf: recorded [0-9a-f]{12} as the reference revision \(the first\)`, out)
	git("add", ".")
	git("commit", "-q", "-m", "perf: the reference")
	git("commit", "-q", "--allow-empty", "-m", "a no-op commit")

	code, out = run("scenarios", "--base", "HEAD~1", "--layouts", "1", "--pairs", "6", "--budget", "0", "--quiet")
	assert.Equal(t, 0, code, "scenarios --base HEAD~1: %s", out)
	assert.NotContains(t, out, "does not build")
	code, out = run("reference", "--check", "--layouts", "1", "--pairs", "6", "--budget", "0", "--quiet")
	assert.Equal(t, 0, code, "reference --check: %s", out)
	assert.NotContains(t, out, "does not build")
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// examples/gioapp copied into a module of its own (its go.mod replacing
// perfbench with this checkout), as a user's program would be, prints its
// help in perfbench's layout: the same sections in the same order, the
// reasoning after the flags, within 80 columns, for the root and for each
// scenario command; and its shell completion completes its own scenario
// names.
func TestAModuleOfItsOwnGetsPerfbenchsHelpLayout(t *testing.T) {
	slow.Test(t, "builds examples/gioapp in a module of its own, and perfbench")
	checkout, err := filepath.Abs("..")
	require.NoError(t, err)
	files := map[string]string{}
	src, err := filepath.Glob(filepath.Join(checkout, "examples", "gioapp", "*.go"))
	require.NoError(t, err)
	for _, p := range src {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		files["cmd/gioapp/"+filepath.Base(p)] = string(b)
	}
	require.Contains(t, files, "cmd/gioapp/main.go")
	_, dir := moduleOfItsOwn(t, "example.com/gioapp", files)
	gioapp, perfbench := filepath.Join(dir, "gioapp"), filepath.Join(dir, "perfbench")
	goBuild(t, dir, "./cmd/gioapp", gioapp)
	goBuild(t, checkout, "./cmd/perfbench", perfbench)
	help := func(exe string, args ...string) string {
		t.Helper()
		cmd := exec.Command(exe, append(args, "--help")...)
		cmd.Dir = dir
		out, err := cmd.Output()
		require.NoError(t, err, "%s %v --help", exe, args)
		return string(out)
	}
	for _, path := range [][]string{nil, {"scenarios"}, {"scenario"}, {"perf"}, {"reference"}} {
		t.Run(strings.Join(append([]string{"root"}, path...), " "), func(t *testing.T) {
			want, got := helpLayout(help(perfbench, path...)), helpLayout(help(gioapp, path...))
			if len(path) == 0 {
				// perfbench's root says what it is after its flags
				// (Options.About); gioapp's has no About to say.
				want = slices.DeleteFunc(want, func(s string) bool { return s == "(prose)" })
			}
			t.Logf("%v", got)
			require.Contains(t, want, "Flags:")
			assert.Equal(t, want, got)
		})
	}
	// Its shell completion knows its own scenarios, not perfbench's.
	cmd := exec.Command(gioapp, "__complete", "scenarios", "gio-")
	cmd.Dir = dir
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Equal(t, "gio-hover\ngio-scroll\ngio-type\ngio-resize\ngio-idle\n:4\n", string(out))
}

// helpLayout is the shape of a help text: its section headings and where
// its prose stands between them, as "(prose)", every line checked to fit
// 80 columns.
func helpLayout(help string) []string {
	var layout []string
	lines := strings.Split(help, "\n")
	for i, l := range lines[1:] { // the first line is the summary
		switch {
		case len([]rune(l)) > 80:
			layout = append(layout, "(wider than 80 columns)")
		case l == "" || strings.HasPrefix(l, " "):
		case strings.HasSuffix(l, ":") && !strings.Contains(l, " ") || l == "Global flags:":
			layout = append(layout, l)
		case strings.HasPrefix(l, "Use \""):
			layout = append(layout, "(use COMMAND --help)")
		case lines[i] == "": // a paragraph's first line
			if len(layout) == 0 || layout[len(layout)-1] != "(prose)" {
				layout = append(layout, "(prose)")
			}
		}
	}
	return layout
}

// moduleOfItsOwn writes files, with a go.mod naming module and requiring
// Gio and this checkout (replaced by its path) and this checkout's go.sum,
// into a temporary directory: a user's module, outside this one. It
// returns the checkout's path and the module's directory.
func moduleOfItsOwn(t *testing.T, module string, files map[string]string) (checkout, dir string) {
	t.Helper()
	checkout, err := filepath.Abs("..")
	require.NoError(t, err)
	dir = t.TempDir()
	sum, err := os.ReadFile(filepath.Join(checkout, "go.sum"))
	require.NoError(t, err)
	files["go.mod"] = "module " + module + "\n\ngo 1.26.0\n\nrequire (\n\tgioui.org v0.10.3\n\tgithub.com/perfbench/perfbench v0.0.0\n)\n\n" +
		"replace github.com/perfbench/perfbench => " + checkout + "\n"
	files["go.sum"] = string(sum)
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	return checkout, dir
}

// goBuild builds pkg in dir to out, with cgo off (as the README's recipe
// builds) and the toolchain that runs the test.
func goBuild(t *testing.T, dir, pkg, out string, tags ...string) {
	t.Helper()
	args := append(append([]string{"build", "-o", out}, tags...), pkg)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build %s: %s", pkg, b)
}
