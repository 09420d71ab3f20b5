package revisions

import "github.com/perfbench/perfbench/internal/front/frontend"

// Front is one program's front end with the commands that measure it
// against another revision.
type Front struct{ *frontend.Front }
