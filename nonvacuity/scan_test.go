package nonvacuity_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/nonvacuity"
)

// fixture scans for the fake counter table of the modules under testdata:
// Laid is work done; Held, Cached and Culled are skips.
var fixture = nonvacuity.ScanOptions{
	NonvacuityPath: "example.com/fixture/nonvacuity",
	CounterPath:    "example.com/fixture/counter",
	Skips:          []string{"Held", "Cached", "Culled"},
}

func TestScanFixtures(t *testing.T) {
	tests := []struct {
		name    string
		want    nonvacuity.Report
		missing []string
	}{{
		// Plain, aliased and dot imports, a call inside a subtest, and a
		// call inside package nonvacuity itself.
		name: "complete",
		want: nonvacuity.Report{
			Module: "example.com/fixture",
			Files:  4,
			Skips: []nonvacuity.Asserted{
				{Counter: "Held", Calls: []nonvacuity.Call{
					{File: "layout/layout_test.go", Line: 16, Func: "TestHeld"},
					{File: "nonvacuity/nonvacuity_test.go", Line: 10, Func: "TestHeldFromInside"},
				}},
				{Counter: "Cached", Calls: []nonvacuity.Call{{File: "text/text_test.go", Line: 12, Func: "TestCached"}}},
				{Counter: "Culled", Calls: []nonvacuity.Call{{File: "paint/paint_test.go", Line: 11, Func: "TestCulled"}}},
			},
		},
	}, {
		// Cached is "asserted" only where the scan must not look: a file
		// that is not a test, another package named nonvacuity, the
		// external test package of nonvacuity, testdata, vendor, hidden
		// and underscore directories and files, and a nested module.
		name: "missing",
		want: nonvacuity.Report{
			Module: "example.com/fixture",
			Files:  4,
			Skips: []nonvacuity.Asserted{
				{Counter: "Held", Calls: []nonvacuity.Call{{File: "layout/layout_test.go", Line: 16, Func: "TestHeld"}}},
				{Counter: "Cached"},
				{Counter: "Culled", Calls: []nonvacuity.Call{{File: "paint/paint_test.go", Line: 11, Func: "TestCulled"}}},
			},
		},
		missing: []string{"Cached"},
	}, {
		name: "aliased",
		want: nonvacuity.Report{
			Module: "example.com/fixture",
			Files:  2,
			Skips: []nonvacuity.Asserted{
				{Counter: "Held", Calls: []nonvacuity.Call{{File: "check/a_test.go", Line: 12, Func: "TestAliased"}}},
				{Counter: "Cached"},
				{Counter: "Culled", Calls: []nonvacuity.Call{{File: "check/b_test.go", Line: 12, Func: "TestShadowedNames"}}},
			},
			Problems: []nonvacuity.Problem{
				{File: "check/b_test.go", Line: 15, Message: "the counter argument of Assert, counter.Cached, does not name a counter of example.com/fixture/counter, so the scan cannot tell which counter it checks; write it as counter.Name"},
			},
		},
		missing: []string{"Cached"},
	}, {
		name: "problems",
		want: nonvacuity.Report{
			Module: "example.com/fixture",
			Files:  2,
			Skips: []nonvacuity.Asserted{
				{Counter: "Held", Calls: []nonvacuity.Call{{File: "paint/ok_test.go", Line: 13, Func: "TestAll"}}},
				{Counter: "Cached", Calls: []nonvacuity.Call{
					// bad_test.go sorts before ok_test.go. Line 25 counts:
					// the directive trailing line 24 covers only line 24.
					{File: "paint/bad_test.go", Line: 25, Func: "TestIgnored"},
					{File: "paint/ok_test.go", Line: 14, Func: "TestAll"},
				}},
				{Counter: "Culled", Calls: []nonvacuity.Call{{File: "paint/ok_test.go", Line: 15, Func: "TestAll"}}},
			},
			Problems: []nonvacuity.Problem{
				{File: "paint/bad_test.go", Line: 12, Message: "the counter argument of Assert, c, does not name a counter of example.com/fixture/counter, so the scan cannot tell which counter it checks; write it as counter.Name"},
				{File: "paint/bad_test.go", Line: 17, Message: "Assert names counter.Laid, which is not a skip counter"},
				{File: "paint/bad_test.go", Line: 18, Message: "the counter argument of Assert, counter.Counter(2), does not name a counter of example.com/fixture/counter, so the scan cannot tell which counter it checks; write it as counter.Name"},
				{File: "paint/bad_test.go", Line: 24, Message: "//nonvacuity:ignore needs a reason after it"},
				{File: "paint/bad_test.go", Line: 27, Message: "//nonvacuity:ignore is not on or just above a call to Assert"},
			},
			Ignored: []nonvacuity.Ignored{
				{Call: nonvacuity.Call{File: "paint/bad_test.go", Line: 23, Func: "TestIgnored"}, Reason: "drives counters by hand"},
				{Call: nonvacuity.Call{File: "paint/bad_test.go", Line: 24, Func: "TestIgnored"}},
			},
		},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := fixture.Scan(filepath.Join("testdata", tc.name))
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.missing, got.Missing())
			assert.Equal(t, tc.missing == nil && tc.want.Problems == nil, got.OK())
		})
	}
}

func TestScanParseErrorIsInputError(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.mod", "module example.com/fixture\n")
	write(t, dir, "ui/broken_test.go", "package ui\n\nfunc TestX(t *testing.T) {\n\tnonvacuity.Assert(t,\n")
	_, err := fixture.Scan(dir)
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "ui/broken_test.go:4:"), "want file:line first, got %v", err)
}

func TestScanNeedsModuleRoot(t *testing.T) {
	_, err := fixture.Scan(t.TempDir())
	assert.ErrorContains(t, err, "not a module root")

	dir := t.TempDir()
	write(t, dir, "go.mod", "go 1.26\n")
	_, err = fixture.Scan(dir)
	assert.EqualError(t, err, "go.mod:1: no module directive")
}

func TestScanQuotedModulePath(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.mod", "// a comment\nmodule \"example.com/fixture\" // quoted\n")
	r, err := fixture.Scan(dir)
	require.NoError(t, err)
	assert.Equal(t, "example.com/fixture", r.Module)
}

// The default options come from the counter table, and a zero field
// takes its default.
func TestDefaultScanOptions(t *testing.T) {
	var want []string
	for _, c := range counter.Skips() {
		want = append(want, c.String())
	}
	require.NotEmpty(t, want)
	assert.Equal(t, want, nonvacuity.DefaultScanOptions.Skips)
	assert.Equal(t, "github.com/perfbench/perfbench/nonvacuity", nonvacuity.DefaultScanOptions.NonvacuityPath)
	assert.Equal(t, "github.com/perfbench/perfbench/internal/instrument/counter", nonvacuity.DefaultScanOptions.CounterPath)

	dir := t.TempDir()
	write(t, dir, "go.mod", "module example.com/app\n")
	write(t, dir, "app_test.go", `package app

import (
	"testing"

	pc "github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/nonvacuity"
)

func TestSkip(t *testing.T) {
	nonvacuity.Assert(t, pc.`+want[0]+`, nonvacuity.Scenario{}, nonvacuity.Scenario{})
}
`)
	for _, scan := range []func(string) (nonvacuity.Report, error){nonvacuity.Scan, nonvacuity.ScanOptions{}.Scan} {
		r, err := scan(dir)
		require.NoError(t, err)
		require.Len(t, r.Skips, len(want))
		assert.Equal(t, []nonvacuity.Call{{File: "app_test.go", Line: 11, Func: "TestSkip"}}, r.Skips[0].Calls)
		assert.Equal(t, want[1:], r.Missing())
	}
}

// The tests of Assert drive counters by hand; the scan of this module must
// not count them as checks of the engine.
func TestOwnTestsAssertNothing(t *testing.T) {
	r, err := nonvacuity.Scan("..")
	require.NoError(t, err)
	for _, s := range r.Skips {
		for _, c := range s.Calls {
			assert.False(t, strings.HasPrefix(c.File, "nonvacuity/"), "%s counts as asserting %s", c, s.Counter)
		}
	}
	for _, p := range r.Problems {
		assert.False(t, strings.HasPrefix(p.File, "nonvacuity/"), "%v", p)
	}
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
}
