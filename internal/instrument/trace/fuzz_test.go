package trace

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/perfbench/perfbench/internal/instrument/registry"
)

// FuzzSummarize feeds Summarize traces mutated from the recorded ones in
// testdata (real.jsonl, with its headers, from perfbench phase click s0 12
// --real) and checks that it never panics and that its counts add up.
func FuzzSummarize(f *testing.F) {
	seeds, err := filepath.Glob("testdata/*.jsonl")
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seed traces in testdata: %v", err)
	}
	for _, name := range seeds {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(""))
	f.Add([]byte("\n"))
	f.Add([]byte(`{"t":0,"base_unix_ns":0,"stage":"f.begin"}` + "\n" + `{"t":0,"base_unix_ns":0,"stage":"f.end"}`))
	f.Add([]byte(`{"t":9223372036854775807,"base_unix_ns":-1,"stage":"pres.out"}` + "\n" + `{"t":0,"base_unix_ns":-1,"stage":"pres.out"}`))

	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Summarize(bytes.NewReader(data))
		if s.Lines != s.Headers+s.Marks+len(s.Malformed) {
			t.Fatalf("%d lines = %d headers + %d marks + %d malformed?", s.Lines, s.Headers, s.Marks, len(s.Malformed))
		}
		last := 0
		for _, e := range s.Malformed {
			if e.Line <= last || e.Line > s.Lines || e.Reason == "" {
				t.Fatalf("malformed line %d (after %d, of %d): %q", e.Line, last, s.Lines, e.Reason)
			}
			last = e.Line
		}
		if s.Marks > 0 && (s.Epochs < 1 || s.Breaks < s.Epochs-1) {
			t.Fatalf("%d marks, %d epochs, %d breaks", s.Marks, s.Epochs, s.Breaks)
		}
		switch {
		case s.Lines == 0:
			if !errors.Is(err, ErrEmpty) {
				t.Fatalf("no lines: err = %v", err)
			}
			return
		case err != nil:
			if !errors.Is(err, ErrNoFrames) {
				t.Fatalf("err = %v", err)
			}
			return
		}
		n := 0
		for _, r := range s.Metrics {
			if r.Label == "" {
				n++
			}
			v, ok := r.Value.Get()
			if !ok {
				continue
			}
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				t.Fatalf("%s %s = %v", r.ID, r.Label, v)
			}
		}
		if want := len(registry.Select(registry.DefsVersion, registry.Session)) - 2; n != want { // less stage.p50 and the distribution, labelled
			t.Fatalf("%d metrics, want %d", n, want)
		}
		if frames, _ := s.Metrics[0].Value.Get(); frames < 1 {
			t.Fatalf("summary without frames: %v", s.Metrics[0])
		}
		if _, err := json.Marshal(s); err != nil {
			t.Fatal(err)
		}
	})
}
