package commands

import "github.com/perfbench/perfbench/internal/front/revisions"

// front is one program's front end with its scenario commands.
type front struct{ *revisions.Front }
