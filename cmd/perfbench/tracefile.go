package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

// maxTraceLine is the longest line trace summarize reads. A mark is about
// a hundred bytes and a header two hundred; a line past a megabyte is not
// a trace's, and reading it whole (a 1 GB file with no newline, /dev/zero
// through a link) would take all the memory there is.
const maxTraceLine = 1 << 20

// openTrace opens a trace file for reading: a regular file only, since a
// FIFO would block and a device never end. Each refusal is a usage error
// naming the file.
func openTrace(path string) (*os.File, fs.FileInfo, error) {
	fi, err := os.Stat(path) // never opens, so a FIFO cannot block it
	if err != nil {
		return nil, nil, harness.Usagef("trace summarize: %v", err) // names the file
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, harness.Usagef("%s: not a regular file (%s); summarize a trace file recorded with %s=FILE", path, writegroup.FileKind(fi.Mode()), latency.EnvVar)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, harness.Usagef("trace summarize: %v", err)
	}
	return f, fi, nil
}

// traceLineError is a trace line that ends the reading: longer than
// maxTraceLine, or a header of a version this perfbench does not read.
type traceLineError struct {
	line int
	msg  string
}

func (e *traceLineError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

// traceLines hands a trace on line by line, never holding more than one
// line of at most maxTraceLine bytes, and stops with a *traceLineError at
// a line too long or a header of an unknown version: marks after a header
// this reader does not know would be summarised under rules they were not
// written for.
type traceLines struct {
	r       *bufio.Reader
	line    int
	buf     []byte
	pending []byte
	err     error
}

func newTraceLines(r io.Reader) *traceLines {
	return &traceLines{r: bufio.NewReaderSize(r, 64<<10)}
}

func (t *traceLines) Read(p []byte) (int, error) {
	for len(t.pending) == 0 {
		if t.err != nil {
			return 0, t.err
		}
		t.pending, t.err = t.next()
	}
	n := copy(p, t.pending)
	t.pending = t.pending[n:]
	return n, nil
}

// next reads one line, its newline included.
func (t *traceLines) next() ([]byte, error) {
	t.buf = t.buf[:0]
	for {
		frag, err := t.r.ReadSlice('\n')
		t.buf = append(t.buf, frag...)
		if len(t.buf) > maxTraceLine {
			return nil, &traceLineError{t.line + 1, fmt.Sprintf("a line over %d MiB, which no trace has (one JSON mark a line, each well under a kilobyte); is this a trace recorded with %s?", maxTraceLine>>20, latency.EnvVar)}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if len(t.buf) > 0 {
			t.line++
			if herr := t.checkHeader(t.buf); herr != nil {
				return nil, herr
			}
		}
		return t.buf, err
	}
}

// checkHeader refuses a perfbench latency header of another version.
func (t *traceLines) checkHeader(line []byte) error {
	if !bytes.Contains(line, []byte(`"header"`)) {
		return nil
	}
	var h struct {
		Header  *string `json:"header"`
		Version *int    `json:"version"`
	}
	if json.Unmarshal(line, &h) != nil || h.Header == nil || *h.Header != latency.HeaderName || h.Version == nil {
		return nil // not a header: the summary counts it malformed
	}
	if *h.Version != latency.HeaderVersion {
		return &traceLineError{t.line, fmt.Sprintf("a header of trace format version %d; this perfbench reads version %d: summarize it with the perfbench that recorded it", *h.Version, latency.HeaderVersion)}
	}
	return nil
}
