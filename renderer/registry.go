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
// window's text stage, reached as paint.Frame.List.Text, implements it.
// A renderer reads through Shaper.Peek and Atlas.Peek, which count nothing,
// so drawing text changes no engine count.
type GlyphSource interface {
	Caches() (*text.Shaper, *text.Atlas)
}

// A Factory makes a renderer. A renderer that holds a device returns one
// that is also a Closer.
type Factory func() (Renderer, error)

// A Kind is a registered renderer: what it states of itself before one is
// made, and how to make one.
type Kind struct {
	// Caps is what every renderer of the kind states (Renderer.Caps), but
	// for the device, which Device names.
	Caps Caps
	// Device, for a renderer that draws on a graphics device, names this
	// machine's as Caps.Device does, asking the device alone: no renderer
	// is made. An error says the device cannot start here. Nil for a
	// renderer that draws on none.
	Device func() (string, error)
	// New makes a renderer.
	New Factory
}

var kinds = map[string]Kind{}

// Register makes a renderer available by name; renderers register from
// init (the gpu renderer only in a build with its tag). Registering a name
// twice, or a Kind that cannot make a renderer, panics.
func Register(name string, k Kind) {
	if _, dup := kinds[name]; dup {
		panic("renderer: " + name + " registered twice")
	}
	if k.New == nil || k.Caps.Name != name {
		panic("renderer: " + name + " registered without New, or with Caps naming another")
	}
	kinds[name] = k
}

// Names returns the registered renderers, sorted.
func Names() []string {
	names := make([]string, 0, len(kinds))
	for n := range kinds {
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
	k, err := kind(name)
	if err != nil {
		return nil, err
	}
	return k.New()
}

// Describe returns what the named renderer states of itself here, its
// device included, without making one: a process that only names the
// renderer (a parent whose children draw) opens no device. Its errors are
// New's, and a device's that cannot start here.
func Describe(name string) (Caps, error) {
	k, err := kind(name)
	if err != nil {
		return Caps{}, err
	}
	caps := k.Caps
	if k.Device != nil {
		if caps.Device, err = k.Device(); err != nil {
			return Caps{}, err
		}
	}
	return caps, nil
}

func kind(name string) (Kind, error) {
	if k, ok := kinds[name]; ok {
		return k, nil
	}
	if name == "gpu" {
		return Kind{}, ErrNotBuilt{name}
	}
	if slices.Contains(Known, name) {
		return Kind{}, fmt.Errorf("renderer %q is not registered in this program: import its package for its init", name)
	}
	return Kind{}, fmt.Errorf("unknown renderer %q (valid: %s)", name, strings.Join(Known, " "))
}
