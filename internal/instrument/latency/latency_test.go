package latency

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFileSinkWritesOneJSONObjectPerMark(t *testing.T) {
	var buf bytes.Buffer
	SetSink(&buf)
	defer SetSink(nil)
	StartEpoch(Source{})
	Mark("f.begin")
	built := 0
	NoteWith("f.restyle", func() string { built++; return "restyled=\"3\"\n\x01é" })
	Mark("f.end")
	require.NoError(t, Flush())
	assert.Equal(t, 1, built)

	var recs []Record
	sc := bufio.NewScanner(&buf)
	require.True(t, sc.Scan())
	assert.Contains(t, sc.Text(), `"header":"perfbench-latency"`, "StartEpoch writes the header first")
	for sc.Scan() {
		var r Record
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), sc.Text())
		recs = append(recs, r)
	}
	require.Len(t, recs, 3)
	assert.Equal(t, []string{"f.begin", "f.restyle", "f.end"}, []string{recs[0].Stage, recs[1].Stage, recs[2].Stage})
	assert.Equal(t, "restyled=\"3\"\n\x01é", recs[1].Note)
	assert.LessOrEqual(t, recs[0].T, recs[1].T)
	assert.LessOrEqual(t, recs[1].T, recs[2].T)
	assert.Equal(t, recs[0].BaseUnixNs, recs[2].BaseUnixNs)
	assert.NotZero(t, recs[0].BaseUnixNs)
}

func TestDisabledBuildsNoNote(t *testing.T) {
	SetSink(nil)
	Retain(0)
	assert.False(t, Enabled())
	NoteWith("x", func() string { t.Fatal("note built while disabled"); return "" })
	Mark("x")
}

func TestRetainKeepsTheLastN(t *testing.T) {
	Retain(3)
	defer Retain(0)
	Retain(10) // capacity is fixed by the first non-zero call
	for _, s := range []string{"a", "b", "c", "d", "e"} {
		Mark(s)
	}
	got := Recent()
	require.Len(t, got, 3)
	assert.Equal(t, "c", got[0].Stage)
	assert.Equal(t, "e", got[2].Stage)
	Retain(0)
	assert.Nil(t, Recent())
}

func BenchmarkMarkDisabled(b *testing.B) {
	SetSink(nil)
	Retain(0)
	for b.Loop() {
		Mark("f.layout")
	}
}

func BenchmarkNoteWithDisabled(b *testing.B) {
	SetSink(nil)
	Retain(0)
	n := 3
	for b.Loop() {
		NoteWith("f.restyle", func() string { return string(rune('0' + n)) })
	}
}

func BenchmarkMarkToFile(b *testing.B) {
	var buf bytes.Buffer
	SetSink(&buf)
	defer SetSink(nil)
	b.ReportAllocs()
	for b.Loop() {
		Mark("f.layout")
		if buf.Len() > 1<<20 {
			buf.Reset()
		}
	}
}

// undeclare forgets the current epoch's source, as at process start.
func undeclare() {
	mu.Lock()
	declared = false
	mu.Unlock()
}

func TestStartEpochWritesTheHeaderFirst(t *testing.T) {
	undeclare()
	var buf bytes.Buffer
	SetSink(&buf)
	defer SetSink(nil)
	StartEpoch(Source{Timing: Virtual, Renderer: "null"})
	Mark("f.begin")
	StartEpoch(Source{Timing: Real, Renderer: "gpu", Presents: true, RefreshHz: 144})
	Mark("f.begin")
	require.NoError(t, Flush())

	lines := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))
	require.Len(t, lines, 4)
	var h1, h2 Header
	require.NoError(t, json.Unmarshal(lines[0], &h1))
	require.NoError(t, json.Unmarshal(lines[2], &h2))
	assert.Equal(t, Header{Header: HeaderName, Version: HeaderVersion, BaseUnixNs: h1.BaseUnixNs, Clock: "mono", Timing: Virtual, Renderer: "null", Schedules: true}, h1)
	assert.Equal(t, Header{Header: HeaderName, Version: HeaderVersion, BaseUnixNs: h2.BaseUnixNs, Clock: "mono", Timing: Real, Renderer: "gpu", Presents: true, RefreshHz: 144, Schedules: true}, h2)
	assert.Greater(t, h2.BaseUnixNs, h1.BaseUnixNs, "each epoch has a base of its own")
	var r Record
	require.NoError(t, json.Unmarshal(lines[1], &r))
	assert.Equal(t, h1.BaseUnixNs, r.BaseUnixNs)
	require.NoError(t, json.Unmarshal(lines[3], &r))
	assert.Equal(t, h2.BaseUnixNs, r.BaseUnixNs)
}

func TestASinkOpenedLateGetsTheEpochHeader(t *testing.T) {
	SetSink(nil)
	StartEpoch(Source{Timing: Real, Renderer: "null"})
	var buf bytes.Buffer
	SetSink(&buf)
	defer SetSink(nil)
	Mark("loop.wake")
	require.NoError(t, Flush())
	first, _, _ := bytes.Cut(buf.Bytes(), []byte("\n"))
	var h Header
	require.NoError(t, json.Unmarshal(first, &h))
	assert.Equal(t, HeaderName, h.Header)
	assert.Equal(t, Real, h.Timing)
}

// The trace named by the environment is created by its first marks: a
// process that records nothing (a command refused while tracing) leaves an
// existing file byte-identical, and one that records replaces it.
func TestEnvTraceIsCreatedByItsFirstMarks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "trace.jsonl")
	old := []byte("{\"t\":1,\"base_unix_ns\":2,\"stage\":\"f.begin\"}\n")
	require.NoError(t, os.WriteFile(path, old, 0o644))

	openLazy(path)
	require.NoError(t, Flush())
	require.NoError(t, Close())
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, old, got, "no mark: the file is untouched")

	openLazy(path)
	StartEpoch(Source{Timing: Virtual})
	Mark("f.end")
	require.NoError(t, Close())
	got, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.NotContains(t, string(got), `"stage":"f.begin"`, "the first marks truncate the old trace")
	assert.Contains(t, string(got), `"header":"perfbench-latency"`)
	assert.Contains(t, string(got), `"stage":"f.end"`)

	missing := filepath.Join(t.TempDir(), "no", "such", "dir", "trace.jsonl")
	openLazy(missing)
	Mark("f.end")
	assert.Error(t, Close(), "a file that cannot be created is the sink's write error")
}

func TestMarkFrameCarriesTheScheduleOnTheEpochsTimeline(t *testing.T) {
	for _, tc := range []struct {
		name     string
		animated bool
		aim      bool
	}{
		{"animated", true, true},
		{"still: no sim", false, true},
		{"no instant: a plain mark", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			SetSink(&buf)
			defer SetSink(nil)
			StartEpoch(Source{Timing: Real, Presents: true})
			mu.Lock()
			s0 := start
			mu.Unlock()
			var s Schedule
			if tc.aim {
				s.Aim = s0.Add(16666667)
			}
			if tc.animated {
				s.Sim = s0.Add(16700000)
			}
			MarkFrame("f.begin", s)
			require.NoError(t, Flush())
			sc := bufio.NewScanner(&buf)
			require.True(t, sc.Scan())
			var h Header
			require.NoError(t, json.Unmarshal(sc.Bytes(), &h))
			assert.True(t, h.Schedules, "the header says frames carry their schedule")
			require.True(t, sc.Scan())
			var r Record
			require.NoError(t, json.Unmarshal(sc.Bytes(), &r), sc.Text())
			assert.Equal(t, "f.begin", r.Stage)
			if !tc.aim {
				assert.Nil(t, r.Aim, sc.Text())
				assert.Nil(t, r.Sim, sc.Text())
				return
			}
			require.NotNil(t, r.Aim, sc.Text())
			assert.Equal(t, int64(16666667), *r.Aim, "exactly the instant's distance from the epoch's start")
			if tc.animated {
				require.NotNil(t, r.Sim)
				assert.Equal(t, int64(16700000), *r.Sim)
			} else {
				assert.Nil(t, r.Sim, "a frame that animated nothing carries no sim")
			}
		})
	}
}

// CheckEnv passes a path whose directory takes a new file, leaving nothing
// there, and refuses a directory and a path whose directory is missing.
func TestCheckEnv(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvVar, "")
	assert.NoError(t, CheckEnv(), "unset")
	t.Setenv(EnvVar, filepath.Join(dir, "trace.jsonl"))
	require.NoError(t, CheckEnv())
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, left, "the check removes the file it made")
	t.Setenv(EnvVar, dir)
	assert.ErrorContains(t, CheckEnv(), "is a directory; name a file for the trace, such as "+filepath.Join(dir, "trace.jsonl"))
	t.Setenv(EnvVar, filepath.Join(dir, "gone", "trace.jsonl"))
	assert.ErrorContains(t, CheckEnv(), ": cannot create a file in "+filepath.Join(dir, "gone")+": no such file or directory")
}
