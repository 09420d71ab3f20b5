package comment

import "github.com/perfbench/perfbench/internal/publish/comment/event"

// ReadFile reads the regular file at path whole, to at most limit bytes
// (event.ReadFile): anything but a regular file is refused unopened.
func ReadFile(path, what string, limit int64) ([]byte, error) {
	return event.ReadFile(path, what, limit)
}
