// Package latency records a trace of instants: named marks at the stage
// boundaries of a frame (evt.in, f.begin, f.restyle, …, f.end), so that
// every gap between two stages is visible whether or not anybody named what
// filled it. docs/perf/endtoend.md lists the vocabulary in the order one
// frame produces it.
//
// Setting PERFBENCH_LATENCY=FILE turns recording on with no code change:
// one JSON object per mark, newline-delimited, written to FILE (created, or
// truncated, when the first marks are written to it: a process that records
// nothing leaves an existing FILE untouched),
//
//	{"t":142900,"base_unix_ns":1785456583000000000,"stage":"f.layout","note":"…"}
//
// where t is nanoseconds since the epoch started (StartEpoch) on the process
// monotonic clock and base_unix_ns the wall time of that start. Retain keeps
// the last n marks in a ring for a reader inside the process (Recent).
//
// # The header
//
// StartEpoch declares where the epoch's instants come from, and the file
// sink writes that declaration as the epoch's first line, before any mark:
//
//	{"header":"perfbench-latency","version":1,"base_unix_ns":…,"clock":"mono","timing":"virtual","renderer":"null","presents":false,"refresh_hz":60,"schedules":true}
//
// clock is the domain of t (always the process's monotonic clock); timing
// says what scheduled the frames — a virtual scheduler, whose frames run
// back to back whatever their nominal refresh, or the real clock; renderer
// names the renderer and presents whether its pres.out is a presentation
// to a display or surface; refresh_hz is the rate the display reported (0:
// none). A reader derives a metric only from a source
// that can carry it: presentation rates need real timing and real
// presents. Marks of an epoch without a header come from an unknown
// source. schedules says the writer records frames' schedules (below); a
// header without it comes from a writer older than them.
//
// # Frame schedules
//
// A frame drawn at the refresh it was scheduled for begins with a mark
// written by MarkFrame, which carries what the frame was drawn for on the
// timeline of t:
//
//	{"t":16702113,"base_unix_ns":…,"stage":"f.begin","aim":16666667,"sim":16702113}
//
// aim is the refresh the frame was scheduled at, sim the time its
// animations were computed for (only on a frame that advanced one). A
// reader places each present on the display's refresh grid with them:
// when it was shown, how late, whether motion kept step (package metric).
// They are written only under real timing, exactly (differences of
// monotonic readings): a virtual scheduler's instants are not on the
// trace's timeline.
//
// # Cost
//
// When nothing is listening, Mark and NoteWith cost one atomic load. A note
// that allocates must be written with NoteWith, whose closure runs only
// when recording, or the instrumentation becomes part of what it measures.
package latency

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// EnvVar names the environment variable that turns the file sink on.
const EnvVar = "PERFBENCH_LATENCY"

// Record is one line of a trace file.
type Record struct {
	T          int64  `json:"t"`
	BaseUnixNs int64  `json:"base_unix_ns"`
	Stage      string `json:"stage"`
	Note       string `json:"note,omitempty"`
	// Aim and Sim are a scheduled frame's f.begin: the refresh it was
	// scheduled at and the time its animations were computed for, on the
	// same timeline as T (see MarkFrame); nil on every other mark.
	Aim *int64 `json:"aim,omitempty"`
	Sim *int64 `json:"sim,omitempty"`
}

// Schedule is what a frame was drawn for, as instants on the process's
// monotonic clock (a real scheduling clock's, clock.Real.Time): Aim is the
// refresh the frame was scheduled at, Sim the time its animations were
// computed for, zero when it advanced none.
type Schedule struct {
	Aim time.Time
	Sim time.Time
}

// HeaderName and HeaderVersion identify a trace header line.
const (
	HeaderName    = "perfbench-latency"
	HeaderVersion = 1
)

// Timing says what scheduled an epoch's frames.
type Timing string

const (
	// Unknown: nobody declared it (a trace without a header).
	Unknown Timing = ""
	// Virtual: a virtual scheduler; frames run back to back, and the real
	// time between them is the harness's, not a refresh's.
	Virtual Timing = "virtual"
	// Real: the real clock; frames fall at real refreshes.
	Real Timing = "real"
)

// Source declares where an epoch's marks come from.
type Source struct {
	Timing Timing
	// Renderer names the renderer ("null", "gpu"); "" where none is known.
	Renderer string
	// Presents reports whether the renderer's pres.out is a presentation
	// to a display or surface (false for a renderer that discards).
	Presents bool
	// RefreshHz is the refresh rate the display reported; 0 where it
	// reported none.
	RefreshHz float64
}

// Header is a trace's header line: the Source of the epoch it starts.
type Header struct {
	Header     string `json:"header"`
	Version    int    `json:"version"`
	BaseUnixNs int64  `json:"base_unix_ns"`
	// Clock is the domain of every t of the epoch: "mono", the recording
	// process's monotonic clock.
	Clock     string  `json:"clock"`
	Timing    Timing  `json:"timing"`
	Renderer  string  `json:"renderer"`
	Presents  bool    `json:"presents"`
	RefreshHz float64 `json:"refresh_hz"`
	// Schedules says this writer puts a scheduled frame's Schedule on its
	// f.begin under real timing (MarkFrame): a reader tells a frame that
	// was not scheduled from a trace written before frames carried one.
	Schedules bool `json:"schedules"`
}

// Recorded is one mark kept by the in-process ring.
type Recorded struct {
	Stage string
	Note  string
	AtNs  int64 // since the epoch start
}

var (
	active atomic.Bool // a sink is listening: the only thing a disabled Mark reads

	mu       sync.Mutex
	sink     *bufio.Writer
	sinkFile io.Closer
	sinkErr  error
	start    time.Time // epoch start (carries the monotonic reading)
	baseUnix int64
	source   Source
	declared bool // StartEpoch declared the current epoch's source
	headed   bool // the sink has the current epoch's header
	line     []byte
	ring     []Recorded
	ringNext int
	ringFull bool
	ringOn   bool
)

func init() {
	start = time.Now()
	baseUnix = start.UnixNano()
	if path := os.Getenv(EnvVar); path != "" {
		openLazy(path)
	}
}

// openLazy starts writing marks to the file at path, which is created when
// the first bytes reach it, not now: a command that refuses to run while
// tracing (perf, scenarios) exits before any mark, and must leave an
// existing trace as it was.
func openLazy(path string) {
	f := &lazyFile{path: path}
	SetSink(f)
	mu.Lock()
	sinkFile = f
	mu.Unlock()
}

// lazyFile creates (truncating) the file at path on its first Write. The
// sink's buffer holds marks until a Flush or until it fills, so a process
// that records nothing never touches the file. An error creating it is the
// sink's first write error, reported by Flush and Close.
type lazyFile struct {
	path string
	f    *os.File
}

func (l *lazyFile) Write(p []byte) (int, error) {
	if l.f == nil {
		if err := checkOverwrite(l.path); err != nil {
			return 0, err
		}
		f, err := os.Create(l.path)
		if err != nil {
			return 0, err
		}
		l.f = f
	}
	return l.f.Write(p)
}

// ErrNotATrace is the sink's error for a path that holds a file other
// than a latency trace.
var ErrNotATrace = errors.New("the file exists and is not a latency trace, so it is not overwritten")

// checkOverwrite refuses to truncate a file that is not a latency trace:
// a mistyped PERFBENCH_LATENCY (perf/baselines.yaml, docs/performance.md,
// a source file) would otherwise lose it. A trace is JSON lines, so a
// file whose first byte is anything but "{" was never one; an empty file
// and one that does not exist are fine, and so is anything that is not a
// regular file (/dev/null), which truncating cannot lose.
func checkOverwrite(path string) error {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
		return nil // os.Create reports what is wrong with it
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var first [1]byte
	if _, err := io.ReadFull(f, first[:]); err == nil && first[0] != '{' {
		return &fs.PathError{Op: "open", Path: path, Err: ErrNotATrace}
	}
	return nil
}

func (l *lazyFile) Close() error {
	if l.f == nil {
		return nil
	}
	return l.f.Close()
}

// CheckEnv returns why no trace can be written where EnvVar points, or
// nil when it is unset or one can: it must not name a directory, and its
// directory must exist and take a new file. A process that traces learns
// otherwise only when its first marks are flushed, and a runner's child,
// whose stderr is read only when it fails, would lose its trace without
// a word; a runner's children write beside the path (runner.TracePath),
// so its directory is what they need.
func CheckEnv() error {
	path := os.Getenv(EnvVar)
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s=%q is a directory; name a file for the trace, such as %s", EnvVar, path, filepath.Join(path, "trace.jsonl"))
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, ".perfbench-latency-check-*")
	if err != nil {
		why := err
		var pe *fs.PathError
		if errors.As(err, &pe) {
			why = pe.Err
		}
		return fmt.Errorf("%s=%q: cannot create a file in %s: %v; point it at a file in a writable directory", EnvVar, path, dir, why)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// Open starts writing marks to the file at path, truncating it; a file
// there that is not a latency trace is refused (ErrNotATrace).
func Open(path string) error {
	if err := checkOverwrite(path); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	SetSink(f)
	mu.Lock()
	sinkFile = f
	mu.Unlock()
	return nil
}

// SetSink starts writing marks to w (nil stops the file sink). It flushes
// and closes any previous sink opened by Open.
func SetSink(w io.Writer) {
	mu.Lock()
	defer mu.Unlock()
	closeSinkLocked()
	headed = false
	if w != nil {
		sink = bufio.NewWriterSize(w, 64<<10)
	}
	active.Store(sink != nil || ringOn)
}

// writeHeaderLocked writes the current epoch's header to the sink, once,
// if StartEpoch declared its source. It runs before the epoch's first mark,
// so a sink that is given no mark is given no bytes at all.
func writeHeaderLocked() {
	if sink == nil || headed || !declared {
		return
	}
	headed = true
	line = append(line[:0], `{"header":`...)
	line = appendJSONString(line, HeaderName)
	line = append(line, `,"version":`...)
	line = strconv.AppendInt(line, HeaderVersion, 10)
	line = append(line, `,"base_unix_ns":`...)
	line = strconv.AppendInt(line, baseUnix, 10)
	line = append(line, `,"clock":"mono","timing":`...)
	line = appendJSONString(line, string(source.Timing))
	line = append(line, `,"renderer":`...)
	line = appendJSONString(line, source.Renderer)
	line = append(line, `,"presents":`...)
	line = strconv.AppendBool(line, source.Presents)
	line = append(line, `,"refresh_hz":`...)
	line = strconv.AppendFloat(line, source.RefreshHz, 'g', -1, 64)
	line = append(line, `,"schedules":true}`...)
	line = append(line, '\n')
	if _, err := sink.Write(line); err != nil && sinkErr == nil {
		sinkErr = err
	}
}

func closeSinkLocked() {
	if sink != nil {
		if err := sink.Flush(); err != nil && sinkErr == nil {
			sinkErr = err
		}
	}
	if sinkFile != nil {
		if err := sinkFile.Close(); err != nil && sinkErr == nil {
			sinkErr = err
		}
	}
	sink, sinkFile = nil, nil
}

// Close flushes and closes the file sink, returning the first write error
// seen since it was opened.
func Close() error {
	mu.Lock()
	defer mu.Unlock()
	closeSinkLocked()
	active.Store(ringOn)
	err := sinkErr
	sinkErr = nil
	return err
}

// Enabled reports whether any sink is listening.
func Enabled() bool { return active.Load() }

// StartEpoch starts a new epoch declaring src: t counts from now, and the
// file sink writes the epoch's header line before its first mark. Each
// epoch has a base_unix_ns of its own, later than the previous one's, so a
// reader never subtracts across two.
func StartEpoch(src Source) {
	mu.Lock()
	defer mu.Unlock()
	prev := baseUnix
	start = time.Now()
	baseUnix = max(start.UnixNano(), prev+1)
	source, declared, headed = src, true, false
}

// Flush writes buffered marks to the file sink.
func Flush() error {
	mu.Lock()
	defer mu.Unlock()
	if sink == nil {
		return sinkErr
	}
	if err := sink.Flush(); err != nil {
		sinkErr = err
	}
	return sinkErr
}

// Mark records the instant a stage boundary was crossed.
func Mark(stage string) {
	if !active.Load() {
		return
	}
	record(stage, "", nil)
}

// MarkFrame records the instant a scheduled frame crossed stage (its
// f.begin), with what it was scheduled for. The record carries
//
//	"aim": s.Aim − the epoch's start   the refresh the frame was scheduled at
//	"sim": s.Sim − the epoch's start   the time its animations were computed for
//
// on the timeline of t, exactly: both are differences of monotonic
// readings, and nothing is read twice. A virtual scheduler's instants
// are on no monotonic timeline, so a window on one calls Mark instead; a
// zero Aim (no instant given) writes neither field, and a zero Sim no sim.
func MarkFrame(stage string, s Schedule) {
	if !active.Load() {
		return
	}
	record(stage, "", &s)
}

// NoteWith records a mark with a note; note is called only when recording.
func NoteWith(stage string, note func() string) {
	if !active.Load() {
		return
	}
	record(stage, note(), nil)
}

// Retain keeps the last n marks for Recent. The capacity is fixed by the
// first non-zero call; Retain(0) stops keeping marks and empties the ring.
func Retain(n int) {
	mu.Lock()
	defer mu.Unlock()
	switch {
	case n == 0:
		ringOn = false
		ring, ringNext, ringFull = nil, 0, false
	case n < 0:
		panic("latency: Retain with a negative capacity")
	case !ringOn:
		ringOn = true
		if ring == nil {
			ring = make([]Recorded, n)
		}
	}
	active.Store(sink != nil || ringOn)
}

// Recent returns the retained marks, oldest first.
func Recent() []Recorded {
	mu.Lock()
	defer mu.Unlock()
	if !ringOn {
		return nil
	}
	if !ringFull {
		return append([]Recorded(nil), ring[:ringNext]...)
	}
	out := make([]Recorded, 0, len(ring))
	out = append(out, ring[ringNext:]...)
	return append(out, ring[:ringNext]...)
}

func record(stage, note string, sched *Schedule) {
	mu.Lock()
	defer mu.Unlock()
	t := int64(time.Since(start))
	if ringOn {
		ring[ringNext] = Recorded{Stage: stage, Note: note, AtNs: t}
		ringNext++
		if ringNext == len(ring) {
			ringNext, ringFull = 0, true
		}
	}
	if sink == nil {
		return
	}
	writeHeaderLocked()
	line = append(line[:0], `{"t":`...)
	line = strconv.AppendInt(line, t, 10)
	line = append(line, `,"base_unix_ns":`...)
	line = strconv.AppendInt(line, baseUnix, 10)
	line = append(line, `,"stage":`...)
	line = appendJSONString(line, stage)
	if note != "" {
		line = append(line, `,"note":`...)
		line = appendJSONString(line, note)
	}
	if sched != nil && !sched.Aim.IsZero() {
		line = append(line, `,"aim":`...)
		line = strconv.AppendInt(line, int64(sched.Aim.Sub(start)), 10)
		if !sched.Sim.IsZero() {
			line = append(line, `,"sim":`...)
			line = strconv.AppendInt(line, int64(sched.Sim.Sub(start)), 10)
		}
	}
	line = append(line, "}\n"...)
	if _, err := sink.Write(line); err != nil && sinkErr == nil {
		sinkErr = err
	}
}

// appendJSONString appends s as a JSON string. strconv.Quote is not JSON
// (it writes \x escapes), so the few escapes JSON needs are written here.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
