package callgrind

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every captured profile's stacks add up to the total Callgrind wrote in
// its summary line: no cost line is lost or counted twice, the cost of a
// call (the line after calls=) included once, in the callee. The hover
// file is perfbench's hover-storm scenario under --separate-callers=12.
func TestReadStacksAddsUpToTheTotals(t *testing.T) {
	for _, file := range []string{"idle.callgrind.out.1", "idle.callgrind.out", "scroll.callgrind.out.1", "spin.callgrind.out.1", "hover.stacks.callgrind.out.1"} {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", file))
			require.NoError(t, err)
			p, err := Parse(bytes.NewReader(data), file)
			require.NoError(t, err)
			s, err := ReadStacks(bytes.NewReader(data), file)
			require.NoError(t, err)
			want, _ := p.Instructions()
			assert.Equal(t, want, s.Total())
			assert.Equal(t, p.Trigger, s.Trigger)
		})
	}
}

// In hover-storm's profile each stack runs from the function that retired
// the instructions out through its callers, and a recursion level is not
// a frame.
func TestReadStacksFrames(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "hover.stacks.callgrind.out.1"))
	require.NoError(t, err)
	defer f.Close()
	s, err := ReadStacks(f, "hover")
	require.NoError(t, err)
	var found bool
	for _, c := range s.Costs {
		assert.Len(t, c.Files, len(c.Frames))
		assert.LessOrEqual(t, len(c.Frames), Depth+1)
		for _, fr := range c.Frames {
			assert.NotEqual(t, "2", fr)
		}
		if c.Frames[0] == "github.com/perfbench/perfbench/ui/style.(*Computed).LayoutEqual" {
			found = true
			assert.Equal(t, "github.com/perfbench/perfbench/ui/window.(*Window).restyle", c.Frames[1])
			assert.Equal(t, "/src/perfbench/ui/style/style.go", c.Files[0])
		}
	}
	assert.True(t, found, "LayoutEqual under restyle")
	assert.Equal(t, []string{"runtime.gopark", "runtime.mcall"}, frames("runtime.gopark'2'runtime.mcall'2"))
}

// A hand-written profile whose self costs are known: main calls work
// (cost of the call, 700, inclusive) and spends 5 itself; work spends 700.
const small = `# callgrind format
version: 1
positions: line
events: Ir
desc: Trigger: Client Request: step
fl=(1) main.go
fn=(1) main'start
3 2
cfl=(1)
cfn=(2) work'main'start
calls=1 10
4 700
+1 3
fn=(2)
10 400
+2 300
totals: 705
`

func TestReadStacksSelfCosts(t *testing.T) {
	s, err := ReadStacks(strings.NewReader(small), "small")
	require.NoError(t, err)
	require.Len(t, s.Costs, 2)
	assert.Equal(t, StackCost{Frames: []string{"main", "start"}, Files: []string{"main.go", ""}, Instructions: 5}, s.Costs[0])
	assert.Equal(t, StackCost{Frames: []string{"work", "main", "start"}, Files: []string{"main.go", "main.go", ""}, Instructions: 700}, s.Costs[1])
}

func TestReadStacksRefuses(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"not callgrind", "hello\n", "x:1: not a Callgrind profile"},
		{"undefined name", "# callgrind format\nevents: Ir\nfn=(9)\n", "x:3: name (9) used before it is defined"},
		{"no fn", "# callgrind format\nevents: Ir\n3 4\n", "x:3: a cost line before any fn= line"},
		{"bad cost", "# callgrind format\nevents: Ir\nfn=f\n3 x\n", `x:4: cost "x" is not a count`},
		{"no Ir", "# callgrind format\nevents: Dr\n", `x:2: events "Dr" has no Ir`},
		{"no events", "# callgrind format\n", "x:1: no events line"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadStacks(strings.NewReader(tt.text), "x")
			assert.EqualError(t, err, tt.want)
		})
	}
}

// The pprof profile holds each label's instructions as its samples, the
// end-of-program dump left out, and survives pprof's own encoding.
func TestPprof(t *testing.T) {
	var dumps []Stacks
	for _, file := range []string{"hover.stacks.callgrind.out.1", "idle.callgrind.out"} {
		data, err := os.ReadFile(filepath.Join("testdata", file))
		require.NoError(t, err)
		s, err := ReadStacks(bytes.NewReader(data), file)
		require.NoError(t, err)
		dumps = append(dumps, s)
	}
	second, err := ReadStacks(strings.NewReader(small), "small")
	require.NoError(t, err)
	dumps = append(dumps, second, second)
	p := Pprof(dumps)
	require.NoError(t, p.CheckValid())
	var buf bytes.Buffer
	require.NoError(t, p.Write(&buf))
	back, err := profile.Parse(&buf)
	require.NoError(t, err)
	sums := map[string]int64{}
	for _, s := range back.Sample {
		sums[s.Label[StepLabel][0]] += s.Value[0]
	}
	assert.Equal(t, map[string]int64{"cross": 2007243, "step": 2 * 705}, sums)
	assert.Equal(t, "instructions", back.SampleType[0].Type)
}

// What reading a dump for its stacks costs the parent, per counted
// process: hover-storm's (148 KB, 700 stacks).
func BenchmarkReadStacks(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "hover.stacks.callgrind.out.1"))
	require.NoError(b, err)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		s, err := ReadStacks(bytes.NewReader(data), "hover")
		if err != nil {
			b.Fatal(err)
		}
		Pprof([]Stacks{s})
	}
}

// KeepStacks adds its two options among Valgrind's, before the program.
func TestKeepStacks(t *testing.T) {
	cmd := exec.Command("/bin/program", "scenario-child", "idle")
	Wrap(cmd, "/usr/bin/valgrind", "/tmp/profiles")
	n := len(cmd.Args)
	KeepStacks(cmd)
	require.Len(t, cmd.Args, n+2)
	assert.Equal(t, []string{"--separate-callers=12", "--dump-instr=yes"}, cmd.Args[1:3])
	assert.Equal(t, []string{"/bin/program", "scenario-child", "idle"}, cmd.Args[len(cmd.Args)-3:])
}
