// Package stats is perfbench's statistics of times: the estimate of a
// time measured over several processes (the median of the processes'
// fastest samples, with a two-level bootstrap interval), the ratio of two
// builds' times (the Hodges–Lehmann estimate with the Mann–Whitney
// interval and shift test), and the spread between builds that differ only
// in their function layout, which widens a ratio's interval as a random
// effect. Counts are exact and need none of it; package band chooses, by
// a number's kind, what judges it.
//
// Every function here is deterministic: the bootstrap draws from a fixed
// seed, so the same samples judge the same way on every run.
package stats

// Confidence is the level of the interval reported around a time's
// estimate, and of a ratio's interval where no other level is asked for.
const Confidence = 0.95
