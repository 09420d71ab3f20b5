package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/perfbench/perfbench/internal/instrument/latency"
)

// MaxLine is the longest line Lines hands on. A mark is about
// a hundred bytes and a header two hundred; a line past a megabyte is not
// a trace's, and reading it whole (a 1 GB file with no newline, /dev/zero
// through a link) would take all the memory there is.
const MaxLine = 1 << 20

// StopError is a trace line that ends the reading: longer than
// MaxLine, or a header of a version this perfbench does not read.
type StopError struct {
	// Line is the line's number, from 1.
	Line int
	// Msg says what is wrong with it.
	Msg string
}

func (e *StopError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// lines is what Lines returns.
type lines struct {
	r       *bufio.Reader
	line    int
	buf     []byte
	pending []byte
	err     error
}

// Lines hands the trace r on line by line, never holding more than one
// line of at most MaxLine bytes, and stops with a *StopError at a line
// too long or a header of an unknown version: marks after a header this
// reader does not know would be summarised under rules they were not
// written for.
func Lines(r io.Reader) io.Reader {
	return &lines{r: bufio.NewReaderSize(r, 64<<10)}
}

func (t *lines) Read(p []byte) (int, error) {
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
func (t *lines) next() ([]byte, error) {
	t.buf = t.buf[:0]
	for {
		frag, err := t.r.ReadSlice('\n')
		t.buf = append(t.buf, frag...)
		if len(t.buf) > MaxLine {
			return nil, &StopError{t.line + 1, fmt.Sprintf("a line over %d MiB, which no trace has (one JSON mark a line, each well under a kilobyte); is this a trace recorded with %s?", MaxLine>>20, latency.EnvVar)}
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
func (t *lines) checkHeader(line []byte) error {
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
		return &StopError{t.line, fmt.Sprintf("a header of trace format version %d; this perfbench reads version %d: summarize it with the perfbench that recorded it", *h.Version, latency.HeaderVersion)}
	}
	return nil
}
