package revision

import (
	"context"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
)

// RunReference drives one revision ratchet run as the reference command
// does, with compare for its paired run.
func RunReference(ctx context.Context, opts Options, compare func(context.Context, baselines.Reference) (outcome.Outcome, error)) (Outcome, error) {
	v, err := Open(opts)
	if err != nil {
		return Outcome{}, err
	}
	defer v.Close()
	o := v.Outcome()
	if ref, run := v.Against(); run {
		c, err := compare(ctx, ref)
		if err != nil {
			return o, err
		}
		o = v.Judge(c)
	}
	return v.Finish(o)
}
