package counter

// GroupKind says what sort of work a counter records.
type GroupKind uint8

const (
	// BackendNeutral counters count work the engine did, whatever renders it.
	BackendNeutral GroupKind = iota
	// RendererSpecific counters depend on which renderer is attached.
	RendererSpecific
	// Skip counters count work avoided. Each names the counter of the work
	// it avoided (Group.Done); a skip counter reads zero when the stage is
	// perfect, deleted or never wired, so each needs a nonvacuity.Assert
	// call in a test (perfbench skips enforces it).
	Skip
)

func (k GroupKind) String() string {
	switch k {
	case BackendNeutral:
		return "BackendNeutral"
	case RendererSpecific:
		return "RendererSpecific"
	case Skip:
		return "Skip"
	}
	return "GroupKind(?)"
}

// Group is a counter's group. Done is meaningful only for Skip.
type Group struct {
	Kind GroupKind
	Done Counter
}

func (g Group) String() string {
	if g.Kind == Skip {
		return "Skip{Done: " + g.Done.String() + "}"
	}
	return g.Kind.String()
}

// row is one line of the declaration in table.go.
type row struct {
	name  string
	group rowGroup
	help  string
}

// rowGroup names a group before the enum exists (Done by name).
type rowGroup struct {
	kind GroupKind
	done string
}

var (
	neutral  = rowGroup{kind: BackendNeutral}
	renderer = rowGroup{kind: RendererSpecific}
)

func skip(done string) rowGroup { return rowGroup{kind: Skip, done: done} }
