package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/workpage"
	"github.com/perfbench/perfbench/internal/check/workreport"
	"github.com/perfbench/perfbench/internal/publish/report"
)

func TestWorkloadUnknownNameIsOneLineUsageError(t *testing.T) {
	code, _, stderr := perfbench(t, "workload", "static")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %q", stderr)
	assert.Contains(t, stderr, "valid: static-slope list-slope rigid-scroll-slope resize-slope renderer-slope resize-relayouts-per-node unvirtualised-probe glide-split renderer-slope-gpu")
}

func TestWorkloadsUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"workloads", "extra"},
		{"workloads", "--rounds", "-1"},
		{"workload"},
		{"workload", "list-slope", "--rounds", "x"},
	} {
		code, _, _ := perfbench(t, args...)
		assert.Equal(t, harness.ExitUsage, code, args)
	}
}

func TestWorkloadsHelpNamesTheGateListAndTheDiagnostics(t *testing.T) {
	code, out, _ := perfbench(t, "workloads", "--help")
	assert.Equal(t, harness.ExitPass, code)
	out = strings.Join(strings.Fields(out), " ") // as wrapped to 80 columns
	assert.Contains(t, out, "static-slope list-slope rigid-scroll-slope resize-slope renderer-slope resize-relayouts-per-node")
	assert.Contains(t, out, "unvirtualised-probe glide-split renderer-slope-gpu")
}

// A diagnostic runs on demand and prints its criteria; its counts are the
// same everywhere, its times are judged at run time and not here.
func TestWorkloadJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the engine; skipped with -short")
	}
	_, out, _ := perfbench(t, "workload", "glide-split", "--rounds", "1", "--json")
	var got workreport.JSON
	require.NoError(t, json.Unmarshal([]byte(out), &got), out)
	assert.Equal(t, report.Header{Version: report.Version, Kind: "workloads", Program: "perfbench", Command: "workload"}, got.Header)
	assert.NotEmpty(t, got.Machine)
	rs := got.Workloads
	require.Len(t, rs, 1)
	assert.Equal(t, rs[0].Verdict, got.Verdict)
	assert.Equal(t, "glide-split", rs[0].Workload)
	assert.False(t, rs[0].Gate)
	require.Len(t, rs[0].Criteria, 2)
	assert.Equal(t, band.Pass, rs[0].Criteria[1].Verdict, "the two halves touch the same rows: %+v", rs[0].Criteria[1])
	assert.Len(t, rs[0].Points, 2)
}

func TestWorkloadRecordWritesTheAdvisoryTable(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the engine; skipped with -short")
	}
	src, err := os.ReadFile(filepath.Join("..", "..", workpage.DefaultDocs))
	require.NoError(t, err)
	page := filepath.Join(t.TempDir(), "reference-workloads.md")
	require.NoError(t, os.WriteFile(page, src, 0o644))
	_, out, stderr := perfbench(t, "workload", "glide-split", "--rounds", "1", "--record", "--docs", page)
	assert.Contains(t, out, "glide-split: ")
	assert.Contains(t, stderr, "recorded the advisory times of ")
	got, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(got), "| split glide median | ")
	assert.True(t, strings.HasPrefix(string(got), "# Reference workloads"))
}

func TestWorkloadRecordRefusesADamagedPage(t *testing.T) {
	page := filepath.Join(t.TempDir(), "reference-workloads.md")
	require.NoError(t, os.WriteFile(page, []byte("# no markers\n"), 0o644))
	code, _, stderr := perfbench(t, "workload", "glide-split", "--rounds", "1", "--record", "--docs", page)
	assert.Equal(t, harness.ExitUsage, code)
	assert.Contains(t, stderr, "missing marker")
	got, _ := os.ReadFile(page)
	assert.Equal(t, "# no markers\n", string(got))
}
