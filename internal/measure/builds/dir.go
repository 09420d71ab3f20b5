package builds

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// baseDirPrefix names the temporary directories a base is built in.
const baseDirPrefix = "perfbench-base-"

// baseOwner is the file in a base directory that holds the pid of the run
// it belongs to, so that a later run can tell a directory in use from one
// left by a run killed with SIGKILL, which removes nothing.
const baseOwner = "owner"

// staleAge is how old a base directory without an owner file (one made by
// a version that wrote none) must be before it is taken for a leftover:
// longer than any base build and its pairs take.
const staleAge = time.Hour

// newBaseDir removes the base directories whose run is gone, then makes
// this run's, with its pid, and the directory the go command keeps its
// own temporary files in (GOTMPDIR), so that removing the one removes
// the other, a go build killed midway included.
func newBaseDir(progress io.Writer) (dir, gotmp string, err error) {
	for _, d := range staleBaseDirs(os.TempDir()) {
		if os.RemoveAll(d) == nil && progress != nil {
			fmt.Fprintf(progress, "base: removed %s, left by a run that was killed\n", d)
		}
	}
	dir, err = os.MkdirTemp("", baseDirPrefix)
	if err != nil {
		return "", "", err
	}
	gotmp = filepath.Join(dir, "gotmp")
	if err = os.WriteFile(filepath.Join(dir, baseOwner), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644); err == nil {
		err = os.Mkdir(gotmp, 0o755)
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", "", err
	}
	return dir, gotmp, nil
}

// staleBaseDirs returns the base directories under tmp whose run is gone.
func staleBaseDirs(tmp string) []string {
	dirs, _ := filepath.Glob(filepath.Join(tmp, baseDirPrefix+"*"))
	var stale []string
	for _, d := range dirs {
		fi, err := os.Lstat(d)
		if err != nil || !fi.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(d, baseOwner))
		if err != nil {
			if time.Since(fi.ModTime()) > staleAge {
				stale = append(stale, d)
			}
			continue
		}
		if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && pid != os.Getpid() && !processAlive(pid) {
			stale = append(stale, d)
		}
	}
	return stale
}
