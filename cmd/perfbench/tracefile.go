package main

import (
	"io/fs"
	"os"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

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
