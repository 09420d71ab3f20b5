// Package baselines is the checked-in baselines file (perf/baselines.yaml):
// every time baseline keyed by machine, scenario and number ([Store],
// [Key], [Machine]), and the reference revision the revision ratchet
// judges head against ([Reference]). [Load] and [Parse] read it, refusing
// with an [*writegroup.InputError] of one line anything that is not a
// file perfbench wrote: every value finite and plausible, nothing unknown
// ignored. [Store.Marshal] writes it, the same store always the same
// bytes.
//
// It knows nothing of how a baseline is judged or moved, of the history,
// or of the docs: those read and change a Store.
package baselines
