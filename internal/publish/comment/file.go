package comment

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ReadFile reads the regular file at path whole, to at most limit bytes.
// A FIFO would block for ever and a device such as /dev/zero never end,
// so anything but a regular file is refused before it is opened, and
// again after (it may have been swapped between). what names the file in
// messages.
func ReadFile(path, what string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path) // never opens, so a FIFO cannot block it
	if err != nil {
		return nil, fmt.Errorf("comment: %s: %w", what, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("comment: %s %s is not a regular file (%s)", what, path, kind(fi.Mode()))
	}
	// Non-blocking, so that a FIFO put in its place since cannot block.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("comment: %s: %w", what, err)
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("comment: %s %s is not a regular file", what, path)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("comment: %s: %w", what, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("comment: %s %s is over %d MiB; it is not one", what, path, limit>>20)
	}
	return data, nil
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}
