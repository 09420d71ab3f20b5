package workloads_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/check/workpage"
	"github.com/perfbench/perfbench/workloads"
)

var update = flag.Bool("update", false, "rewrite the generated criteria section of the reference page")

// The reference page's criteria table is generated from the Limits in
// source, so the numbers live in one place; this holds the page to them.
func TestReferencePageCriteriaAreUpToDate(t *testing.T) {
	path := filepath.Join("..", workpage.DefaultDocs)
	if *update {
		_, err := workpage.UpdateCriteria(path)
		require.NoError(t, err)
	}
	got, err := workpage.CriteriaSection(path)
	require.NoError(t, err)
	assert.Equal(t, workpage.Criteria(), got, "%s is stale: run go test ./workloads -run TestReferencePage -update", workpage.DefaultDocs)
}

func TestCriteriaNameEveryLimit(t *testing.T) {
	c := workpage.Criteria()
	for _, w := range workloads.All() {
		for _, l := range w.Limits {
			assert.Contains(t, c, "| "+w.Name+" | ", w.Name)
			assert.Contains(t, c, strings.ReplaceAll(l.Name, "|", `\|`), w.Name)
		}
	}
	assert.Contains(t, c, "| unvirtualised-probe | no (diagnostic) |")
	assert.Contains(t, c, "≤ 1.05 ×")
}

const blank = `# Reference workloads

Prose the writer must keep.

<!-- BEGIN GENERATED: workload criteria (go test ./workloads -update) -->
<!-- END GENERATED: workload criteria -->

More prose.

<!-- BEGIN GENERATED: advisory times (perfbench workloads --record) -->
<!-- END GENERATED: advisory times -->

Closing prose.
`

func writePage(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "reference-workloads.md")
	require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	return p
}

func result(name string, median float64) workloads.Result {
	return workloads.Result{Workload: name, Verdict: band.Pass,
		Points:   []workloads.Summary{{Series: "wheel", Label: "1x", N: 3, MedianUs: median}},
		Criteria: []workloads.Criterion{workloads.ListTime.Judge(1.01, "")}}
}

func TestRecordReplacesOnlyWhatItMeasured(t *testing.T) {
	p := writePage(t, blank)
	const a, b = "CPU A, 8 cores, linux/arm64, go1.26.8", "CPU B, 2 cores, linux/amd64, go1.26.8"
	require.NoError(t, workpage.Record(p, b, "2026-01-02", []workloads.Result{result("list-slope", 2.5), result("glide-split", 7)}))
	require.NoError(t, workpage.Record(p, a, "2026-01-02", []workloads.Result{result("list-slope", 1.25)}))
	require.NoError(t, workpage.Record(p, b, "2026-01-03", []workloads.Result{result("list-slope", 3.5)}))
	require.NoError(t, workpage.Record(p, b, "2026-01-04", []workloads.Result{result("static-slope", 0.5)}))
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	s := string(data)
	assert.True(t, strings.HasPrefix(s, "# Reference workloads\n\nProse the writer must keep.\n"))
	assert.True(t, strings.HasSuffix(s, "<!-- END GENERATED: advisory times -->\n\nClosing prose.\n"))
	ia, ib := strings.Index(s, "#### "+a), strings.Index(s, "#### "+b)
	require.True(t, ia > 0 && ib > ia, "machines sorted, each once:\n%s", s)
	assert.Equal(t, 1, strings.Count(s, "#### "+b))
	mb := s[ib:]
	assert.Contains(t, mb, "| list-slope | 2026-01-03 | wheel 1x median | 3.5 µs (n=3) |")
	assert.NotContains(t, mb, "2.5 µs", "list-slope's old rows on CPU B are replaced")
	assert.Contains(t, mb, "| glide-split | 2026-01-02 | wheel 1x median | 7 µs (n=3) |", "glide-split's rows are kept")
	assert.Contains(t, mb, "| list-slope | 2026-01-03 | time 8×/1× | 1.01 × (pass) |")
	// Rows follow the registry: static-slope, list-slope, …, glide-split.
	assert.Less(t, strings.Index(mb, "| static-slope |"), strings.Index(mb, "| list-slope |"))
	assert.Less(t, strings.Index(mb, "| list-slope |"), strings.Index(mb, "| glide-split |"))
	assert.Contains(t, s[ia:ib], "| list-slope | 2026-01-02 | wheel 1x median | 1.25 µs (n=3) |")

	// Recording the same again changes nothing but what was measured.
	before := s
	require.NoError(t, workpage.Record(p, b, "2026-01-04", []workloads.Result{result("static-slope", 0.5)}))
	data, err = os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, before, string(data))
}

func TestRecordRefusesDamagedMarkers(t *testing.T) {
	for name, body := range map[string]string{
		"missing end":   strings.Replace(blank, "<!-- END GENERATED: advisory times -->", "", 1),
		"reversed":      strings.Replace(strings.Replace(blank, "<!-- BEGIN GENERATED: advisory times (perfbench workloads --record) -->", "@@", 1), "<!-- END GENERATED: advisory times -->", "<!-- BEGIN GENERATED: advisory times (perfbench workloads --record) -->", 1),
		"twice begun":   blank + "<!-- BEGIN GENERATED: advisory times (perfbench workloads --record) -->\n",
		"criteria gone": strings.Replace(blank, "<!-- END GENERATED: workload criteria -->", "", 1),
	} {
		t.Run(name, func(t *testing.T) {
			p := writePage(t, body)
			err := workpage.Record(p, "m", "2026-01-02", nil)
			if name == "criteria gone" {
				require.NoError(t, err, "the advisory writer reads only its own markers")
				_, err = workpage.UpdateCriteria(p)
			}
			var de *workpage.DocsError
			require.ErrorAs(t, err, &de)
			assert.NotContains(t, err.Error(), "\n")
			data, rerr := os.ReadFile(p)
			require.NoError(t, rerr)
			if name != "criteria gone" {
				assert.Equal(t, body, string(data), "a refused page is left untouched")
			}
		})
	}
}
