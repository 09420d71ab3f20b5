package renderer

import (
	"fmt"
	"image"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/ui/text"
)

// A Picture is a renderer whose frames can be read back as an image.
type Picture interface {
	Renderer
	// Image returns the last presented frame, top row first, in
	// premultiplied RGBA. The image belongs to the caller.
	Image() (*image.RGBA, error)
}

// A Closer holds a resource (a graphics context) until Close.
type Closer interface {
	Close() error
}

// GlyphSource is how a renderer reaches the engine's glyph masks: the
// window's text stage, reached as paint.Frame.Painter.Text, implements it.
// A renderer reads through Shaper.Peek and Atlas.Peek, which count nothing,
// so drawing text changes no engine count.
type GlyphSource interface {
	Caches() (*text.Shaper, *text.Atlas)
}

// A Factory makes a renderer. A renderer that holds a device returns one
// that is also a Closer.
type Factory func() (Renderer, error)

var factories = map[string]Factory{}

// Register makes a renderer available by name; renderers register from
// init (the gpu renderer only in a build with its tag). Registering a name
// twice panics.
func Register(name string, f Factory) {
	if _, dup := factories[name]; dup {
		panic("renderer: " + name + " registered twice")
	}
	factories[name] = f
}

// Names returns the registered renderers, sorted.
func Names() []string {
	names := make([]string, 0, len(factories))
	for n := range factories {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Known are the renderer names perfbench knows of, registered in this
// build or not.
var Known = []string{"null", "cpu", "gpu"}

// ErrNotBuilt says the gpu renderer is not in this binary: it was built
// without the gpu tag (or without cgo).
type ErrNotBuilt struct{ Name string }

func (e ErrNotBuilt) Error() string {
	return fmt.Sprintf("renderer %q is not in this build: build perfbench with `go build -tags %s ./cmd/perfbench` (needs cgo and the EGL and OpenGL ES development packages)", e.Name, e.Name)
}

// New makes the named renderer. An unknown name lists the valid ones; a
// known one missing from this build says how to build it (ErrNotBuilt).
func New(name string) (Renderer, error) {
	if f, ok := factories[name]; ok {
		return f()
	}
	if name == "gpu" {
		return nil, ErrNotBuilt{name}
	}
	if slices.Contains(Known, name) {
		return nil, fmt.Errorf("renderer %q is not registered in this program: import its package for its init", name)
	}
	return nil, fmt.Errorf("unknown renderer %q (valid: %s)", name, strings.Join(Known, " "))
}
