package callgrind

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The testdata are profiles Callgrind 3.19 wrote under Wrap's options
// (paths shortened): perfbench's idle scenario (a dump named after its
// one label, then the empty profile of the program's end), its scroll
// scenario, and a loop of 100 000 iterations of seven instructions
// counted between two toggles with 28 instructions of the requests.
func TestParseCapturedProfiles(t *testing.T) {
	for _, tt := range []struct {
		file         string
		part         int
		trigger      string
		instructions uint64
	}{
		{"idle.callgrind.out.1", 1, "Client Request: second", 2340},
		{"idle.callgrind.out", 2, "Program termination", 0},
		{"scroll.callgrind.out.1", 1, "Client Request: wheel", 4766905},
		{"spin.callgrind.out.1", 1, "Client Request: phase 0", 7*100_000 + 28},
	} {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", tt.file))
			require.NoError(t, err)
			defer f.Close()
			p, err := Parse(f, tt.file)
			require.NoError(t, err)
			assert.Equal(t, tt.part, p.Part)
			assert.Equal(t, tt.trigger, p.Trigger)
			assert.Equal(t, []string{"Ir"}, p.Events)
			n, ok := p.Instructions()
			assert.True(t, ok)
			assert.Equal(t, tt.instructions, n)
			why, asked := p.Request()
			assert.Equal(t, strings.HasPrefix(tt.trigger, "Client Request: "), asked)
			if asked {
				assert.Equal(t, strings.TrimPrefix(tt.trigger, "Client Request: "), why)
			}
		})
	}
}

// What does not read as a whole profile is a SyntaxError naming the file
// and line, never a count of zero.
func TestParseRefuses(t *testing.T) {
	whole, err := os.ReadFile(filepath.Join("testdata", "idle.callgrind.out.1"))
	require.NoError(t, err)
	text := string(whole)
	cut := text[:strings.Index(text, "totals:")]
	for name, in := range map[string]string{
		"not a profile":       "hello\nevents: Ir\ntotals: 5\n",
		"cut short":           strings.Replace(cut, "summary: 2340", "", 1),
		"no events":           strings.Replace(text, "events: Ir", "", 1),
		"a total not a count": strings.Replace(text, "totals: 2340", "totals: 23x0", 1),
		"part not a number":   strings.Replace(text, "part: 1", "part: one", 1),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(in), "callgrind.out.1")
			var se *SyntaxError
			require.ErrorAs(t, err, &se)
			assert.Contains(t, err.Error(), "callgrind.out.1:")
		})
	}
	// A profile cut after its summary still has its count.
	p, err := Parse(strings.NewReader(cut), "cut")
	require.NoError(t, err)
	n, _ := p.Instructions()
	assert.Equal(t, uint64(2340), n)
}

// ReadDir reads the profiles Callgrind wrote under Wrap's name in the
// order of the dumps, whatever order the directory lists them in, and
// leaves other files alone.
func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	for from, to := range map[string]string{
		"idle.callgrind.out":     "callgrind.out",
		"idle.callgrind.out.1":   "callgrind.out.1",
		"scroll.callgrind.out.1": "other.out.1",
	} {
		b, err := os.ReadFile(filepath.Join("testdata", from))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, to), b, 0o600))
	}
	ps, err := ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, ps, 2)
	assert.Equal(t, 1, ps[0].Part)
	assert.Equal(t, "Program termination", ps[1].Trigger)
}

// Wrap runs the command under Callgrind with collection off at start,
// its profiles in the directory given, and the Go settings Valgrind and
// a count that does not move need added after any GODEBUG the command already had.
func TestWrap(t *testing.T) {
	cmd := exec.Command("/bin/program", "scenario-child", "idle")
	cmd.Env = []string{"HOME=/home/x", "GODEBUG=gctrace=1"}
	Wrap(cmd, "/usr/bin/valgrind", "/tmp/profiles")
	assert.Equal(t, "/usr/bin/valgrind", cmd.Path)
	assert.Equal(t, []string{"/usr/bin/valgrind", "--tool=callgrind", "--quiet", "--vgdb=no", "--collect-atstart=no", "--instr-atstart=no",
		"--callgrind-out-file=/tmp/profiles/callgrind.out", "/bin/program", "scenario-child", "idle"}, cmd.Args)
	assert.Equal(t, []string{"HOME=/home/x", "GODEBUG=gctrace=1", "GOMAXPROCS=1", "GOGC=off", "GODEBUG=gctrace=1,asyncpreemptoff=1,gcshrinkstackoff=1,memprofilerate=0"}, cmd.Env)
}

// A program that never switches instrumentation on is instrumented from
// its start instead.
func TestInstrumentAtStart(t *testing.T) {
	cmd := exec.Command("/bin/prog", "scenario-child", "idle")
	Wrap(cmd, "/usr/bin/valgrind", "/tmp/x")
	InstrumentAtStart(cmd)
	assert.Contains(t, cmd.Args, "--instr-atstart=yes")
	assert.NotContains(t, cmd.Args, "--instr-atstart=no")
}

// A process that counted scenarios in turn leaves each one's dumps, up to
// the dump that closes it, in a directory of its own; the closing dumps
// go, and the profile of the program's end joins the last scenario's. A
// process that ended early leaves the scenarios it did not close
// unclosed, and a closing dump that counted anything is refused.
func TestSplitGivesEachScenarioItsDumps(t *testing.T) {
	profile := func(part int, trigger string, n uint64) string {
		return fmt.Sprintf("# callgrind format\nversion: 1\npart: %d\ndesc: Trigger: %s\nevents: Ir\ntotals: %d\n", part, trigger, n)
	}
	write := func(t *testing.T, files map[string]string) string {
		dir := t.TempDir()
		for name, text := range files {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
		}
		return dir
	}
	read := func(t *testing.T, dir string) []string {
		ps, err := ReadDir(dir)
		require.NoError(t, err)
		var out []string
		for _, p := range ps {
			n, _ := p.Instructions()
			out = append(out, fmt.Sprintf("%s %d", p.Trigger, n))
		}
		return out
	}
	names := []string{"hover-storm", "scroll", "kitchen-sink"}

	dir := write(t, map[string]string{
		"callgrind.out.1": profile(1, "Client Request: cross", 2024762),
		"callgrind.out.2": profile(2, "Client Request: "+EndOf("hover-storm"), 0),
		"callgrind.out.3": profile(3, "Client Request: wheel", 4557017),
		"callgrind.out.4": profile(4, "Client Request: "+EndOf("scroll"), 0),
		"callgrind.out.5": profile(5, "Client Request: tab", 427791),
		"callgrind.out.6": profile(6, "Client Request: type", 156190),
		"callgrind.out.7": profile(7, "Client Request: "+EndOf("kitchen-sink"), 0),
		"callgrind.out":   profile(8, "Program termination", 0),
	})
	dirs, closed, err := Split(dir, names)
	require.NoError(t, err)
	assert.Equal(t, 3, closed)
	assert.Equal(t, []string{"Client Request: cross 2024762"}, read(t, dirs[0]))
	assert.Equal(t, []string{"Client Request: wheel 4557017"}, read(t, dirs[1]))
	assert.Equal(t, []string{"Client Request: tab 427791", "Client Request: type 156190", "Program termination 0"}, read(t, dirs[2]))

	dir = write(t, map[string]string{
		"callgrind.out.1": profile(1, "Client Request: cross", 2024762),
		"callgrind.out.2": profile(2, "Client Request: "+EndOf("hover-storm"), 0),
		"callgrind.out.3": profile(3, "Client Request: wheel", 1000),
		"callgrind.out":   profile(4, "Program termination", 0),
	})
	dirs, closed, err = Split(dir, names)
	require.NoError(t, err)
	assert.Equal(t, 1, closed, "the process ended in scroll")
	assert.Equal(t, []string{"Client Request: wheel 1000", "Program termination 0"}, read(t, dirs[1]))
	assert.Empty(t, read(t, dirs[2]))

	dir = write(t, map[string]string{
		"callgrind.out.1": profile(1, "Client Request: cross", 2024762),
		"callgrind.out.2": profile(2, "Client Request: "+EndOf("hover-storm"), 17),
	})
	_, _, err = Split(dir, names)
	assert.ErrorContains(t, err, "counted 17 instructions after the last step of hover-storm")
}
