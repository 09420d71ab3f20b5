package fyne_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/script"
	subject "github.com/perfbench/perfbench/subject/fyne"
)

// childEnv makes the test binary the runner's child, serving the scenarios
// below; processEnv tells a child which process of its scenario it is.
const (
	childEnv   = "PERFBENCH_FYNE_TEST_CHILD"
	processEnv = "PERFBENCH_FYNE_TEST_PROCESS"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		registerPrograms()
		if len(os.Args) != 3 || os.Args[1] != runner.ChildCommand {
			fmt.Fprintln(os.Stderr, "usage: scenario-child NAME")
			os.Exit(2)
		}
		if err := runner.ServeChild(os.Stdout, os.Args[2], scenario.Options{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// tapper is a program of a button and what its taps start on goroutines.
func tapper(s *scenario.Session, content fyne.CanvasObject, n int) error {
	sub := subject.Attach(s, func(fyne.Window) fyne.CanvasObject { return content }, small)
	at, err := script.Match{Role: script.Button}.Find(sub.Targets(), "Go")
	if err != nil {
		return err
	}
	s.Repeat("tap", n, func(int) { sub.Tap(fyne.NewPos(at.Center())) })
	return nil
}

func registerPrograms() {
	// A search on a goroutine of its own, whose result the program hands
	// back with fyne.Do: the subject lets it finish before each frame.
	scenario.Register(scenario.Scenario{
		Name: "fyne-goroutine-search", Numbers: subject.Numbers(subject.Bounds{}),
		Run: func(s *scenario.Session) error {
			result := widget.NewLabel("nothing yet")
			found := 0
			go_ := widget.NewButton("Go", func() {
				go func() {
					sum := sha256.Sum256([]byte("query"))
					for range 20000 {
						sum = sha256.Sum256(sum[:])
					}
					fyne.Do(func() { found++; result.SetText(fmt.Sprintf("found %d: %x", found, sum[:2])) })
				}()
			})
			return tapper(s, container.NewVBox(go_, result), 20)
		},
	})
	// A program whose goroutine moves a label after a wall-clock wait:
	// at once in the first process, after an hour in the others, standing
	// for a timer that fires within the run on one machine and not on
	// another. Each tap also counts itself on screen, in every process.
	scenario.Register(scenario.Scenario{
		Name: "fyne-wall-clock-move", Numbers: subject.Numbers(subject.Bounds{}),
		Run: func(s *scenario.Session) error {
			wait := time.Hour
			if os.Getenv(processEnv) == "1" {
				wait = 0
			}
			taps := widget.NewLabel("no taps")
			moved := widget.NewLabel("Moved")
			slot := container.NewWithoutLayout(moved)
			slot.Resize(fyne.NewSize(200, 40))
			moved.Resize(moved.MinSize())
			n := 0
			go_ := widget.NewButton("Go", func() {
				n++
				taps.SetText(fmt.Sprintf("%d taps", n))
				go func() {
					time.Sleep(wait)
					fyne.Do(func() { moved.Move(fyne.NewPos(100, 0)); moved.SetText("Moved by itself") })
				}()
			})
			return tapper(s, container.NewVBox(go_, taps, slot), 2)
		},
	})
}

// processes runs the named scenario in n processes of this test binary
// and pools their results, as perfbench's runner does.
func processes(t *testing.T, name string, n int) scenario.Result {
	t.Helper()
	var started atomic.Int32
	r := runner.Runner{Repeats: n, Timeout: time.Minute, Command: func(name string) *exec.Cmd {
		cmd := exec.Command(os.Args[0], runner.ChildCommand, name)
		cmd.Env = append(os.Environ(), childEnv+"=1", processEnv+"="+strconv.Itoa(int(started.Add(1))))
		return cmd
	}}
	res, err := r.Run(context.Background(), []string{name})
	require.NoError(t, err)
	require.Len(t, res, 1)
	return res[0]
}

// The result a goroutine hands back lands in the same frame in every
// process, so the counts agree between processes.
func TestAGoroutinesWorkCountsTheSameInEveryProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the scenario in three processes")
	}
	res := processes(t, "fyne-goroutine-search", 3)
	assert.Empty(t, res.Broken)
}

// A count a program's own wall-clock goroutine moves is Broken, and the
// reason names the first frame that differs and the object that appeared
// in one process and not the other.
func TestACountTheProgramMovesNamesTheFrameAndTheObject(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the scenario in two processes")
	}
	res := processes(t, "fyne-wall-clock-move", 2)
	t.Log(res.Broken)
	assert.Contains(t, res.Broken, "differs between processes")
	assert.Contains(t, res.Broken, `the first frame that differs is frame 1 (step 1, "tap")`)
	assert.Contains(t, res.Broken, `laid out *widget.Label "Moved by itself" at 104,`)
	assert.Contains(t, res.Broken, `; in process 2 only, drawn at `, "the frame's counts differ too, and nothing else")
	assert.Nil(t, res.Frames, "a pooled result carries no trace")
}
