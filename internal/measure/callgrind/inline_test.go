package callgrind

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// selfs returns each function's own instructions in p: a sample's value
// on the first line of its first location, as pprof's flat column.
func selfs(p *profile.Profile) (map[string]int64, int64) {
	out := map[string]int64{}
	var total int64
	for _, s := range p.Sample {
		out[s.Location[0].Line[0].Function.Name] += s.Value[0]
		total += s.Value[0]
	}
	return out, total
}

// A program whose work is all in functions Go inlines (testdata/inlined:
// mix into fnv into layout), counted as perfbench counts a scenario with
// its stacks kept, reads with that work on the inlined functions and its
// stacks running through them, not on layout, the one function Callgrind
// has a symbol for; the instructions add up as before.
func TestInlinedFramesFromDWARF(t *testing.T) {
	valgrind, err := Find()
	if err != nil {
		t.Skip(err)
	}
	if testing.Short() {
		t.Skip("builds a program and runs it under Valgrind")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "inlined")
	build := exec.Command("go", "build", "-o", bin, "./testdata/inlined")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	cmd := exec.CommandContext(context.Background(), bin)
	Wrap(cmd, valgrind, dir)
	KeepStacks(cmd)
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	dumps, err := ReadStacksDir(dir)
	require.NoError(t, err)
	profiles, err := ReadDir(dir)
	require.NoError(t, err)
	want, _ := profiles[0].Instructions()
	require.Equal(t, want, dumps[0].Total())

	p := Pprof(dumps)
	before := len(p.Location)
	Symbolize(p, bin)
	require.NoError(t, p.CheckValid())
	self, total := selfs(p)
	assert.Equal(t, int64(want), total)
	inlined := self["main.mix"] + self["main.fnv[...]"]
	assert.Greater(t, float64(inlined)/float64(total), 0.95, "self: %v", self)
	assert.Less(t, float64(self["main.layout"])/float64(total), 0.05, "self: %v", self)
	var chain []string
	for _, s := range p.Sample {
		if l := s.Location[0]; l.Line[0].Function.Name == "main.mix" {
			for _, line := range l.Line {
				chain = append(chain, line.Function.Name)
			}
			assert.Equal(t, "main.main", s.Location[1].Line[len(s.Location[1].Line)-1].Function.Name)
		}
	}
	assert.Equal(t, []string{"main.mix", "main.fnv[...]", "main.layout"}, chain)
	assert.Less(t, len(p.Location), before, "locations merged")
	for _, l := range p.Location {
		assert.Zero(t, l.Address)
	}
}

// square is inlined into sumSquares.
func square(x int) int { return x * x }

//go:noinline
func sumSquares(n int) int {
	t := 0
	for i := range n {
		t += square(i)
	}
	return t
}

// This program names the functions inlined at its own addresses from
// its runtime, without DWARF (go test links without it): of
// sumSquares' instructions, some are square's, inlined, and the first is
// sumSquares' own. A location naming another function than the one at
// its address, or in a binary that is none, keeps its one line.
func TestInlinedFramesFromTheRuntime(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	require.Equal(t, 328350, sumSquares(100))
	entry := reflect.ValueOf(sumSquares).Pointer()
	outer := runtime.FuncForPC(entry).Name()
	inner := strings.TrimSuffix(outer, "sumSquares") + "square"
	one := func(name string, pc uint64) *profile.Profile {
		f := &profile.Function{ID: 1, Name: name}
		l := &profile.Location{ID: 1, Address: pc, Line: []profile.Line{{Function: f}}}
		return &profile.Profile{
			SampleType: []*profile.ValueType{{Type: SampleType, Unit: "count"}},
			Function:   []*profile.Function{f}, Location: []*profile.Location{l},
			Sample: []*profile.Sample{{Location: []*profile.Location{l}, Value: []int64{7}}},
		}
	}
	chains := map[string]int{}
	for pc := entry; runtime.FuncForPC(pc) != nil && runtime.FuncForPC(pc).Entry() == entry; pc++ {
		p := one(outer, uint64(pc))
		Symbolize(p, exe)
		require.NoError(t, p.CheckValid())
		var names []string
		for _, line := range p.Location[0].Line {
			names = append(names, line.Function.Name)
		}
		chains[strings.Join(names, " < ")]++
		if pc == entry {
			assert.Equal(t, []string{outer}, names, "the first instruction")
		}
	}
	assert.Len(t, chains, 2, "%v", chains)
	assert.Positive(t, chains[inner+" < "+outer], "%v", chains)

	// Named otherwise by Callgrind (an ELF symbol of an assembly label,
	// or of a function "F.abi0") beside two that agree with the runtime,
	// a location gets the runtime's name.
	f := &profile.Function{ID: 1, Name: outer}
	label := &profile.Function{ID: 2, Name: "aLabel"}
	p := &profile.Profile{SampleType: []*profile.ValueType{{Type: SampleType, Unit: "count"}}, Function: []*profile.Function{f, label}}
	for i, fn := range []*profile.Function{f, f, label} {
		l := &profile.Location{ID: uint64(i + 1), Address: uint64(entry) + uint64(i), Line: []profile.Line{{Function: fn}}}
		p.Location = append(p.Location, l)
		p.Sample = append(p.Sample, &profile.Sample{Location: []*profile.Location{l}, Value: []int64{1}})
	}
	Symbolize(p, exe)
	require.NoError(t, p.CheckValid())
	for _, s := range p.Sample {
		lines := s.Location[0].Line
		assert.Equal(t, outer, lines[len(lines)-1].Function.Name)
	}

	for _, tt := range []struct{ name, binary string }{{"main.other", exe}, {outer, "testdata"}} {
		q := one(tt.name, uint64(entry+1))
		Symbolize(q, tt.binary)
		assert.Len(t, q.Location[0].Line, 1, "%s in %s", tt.name, tt.binary)
	}
}

type counter struct{ n int }

// bump is inlined into the wrapper Go makes for the deferred call.
func (c *counter) bump() { c.n++ }

//go:noinline
func deferred(c *counter) { defer c.bump() }

// A deferred call runs in a wrapper, deferred.deferwrap1, which a
// traceback leaves out: the runtime names what was inlined into it, and
// the wrapper itself, not nothing.
func TestInlinedFramesInAWrapper(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	var c counter
	deferred(&c)
	require.Equal(t, 1, c.n)
	table, err := functionTable(exe)
	require.NoError(t, err)
	pkg := strings.TrimSuffix(runtime.FuncForPC(reflect.ValueOf(deferred).Pointer()).Name(), "deferred")
	wrapper := table.LookupFunc(pkg + "deferred.deferwrap1")
	require.NotNil(t, wrapper, "the wrapper's name")
	chains := map[string]bool{}
	for pc := wrapper.Entry; pc < wrapper.End; pc++ {
		var names []string
		for _, fr := range runtimeFrames(pc) {
			names = append(names, fr.name)
		}
		chains[strings.Join(names, " < ")] = true
	}
	assert.True(t, chains[pkg+"(*counter).bump < "+pkg+"deferred.deferwrap1"], "%v", chains)
	assert.True(t, chains[pkg+"deferred.deferwrap1"], "%v", chains)
	assert.Len(t, chains, 2, "%v", chains)
}
