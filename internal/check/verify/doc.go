// Package verify is perfbench's verify gate: the live window against a
// window rebuilt from nothing.
//
// After each step of a 42-step script over the gallery, the live
// window's display list and resolved geometry equal those of a window
// rebuilt from nothing over doc.Clone() in the same viewport; and the
// same after each of 200 random steps (package monkey: interactions and
// document changes) over 50 generated documents and 50 runs over the
// gallery (VerifyRandom; CI runs both), where input routing is judged
// too: points reach the same element on both windows, and input-only
// steps replayed on the previous step's rebuild leave the same states
// (Checker). With a renderer that draws pictures they are compared
// exactly (CI: the script at s1, s13, s26 and three generated seeds).
//
// Like every gate it measures and judges apart, and leaves a gates.Report.
package verify
