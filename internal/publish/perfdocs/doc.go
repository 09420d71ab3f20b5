// Package perfdocs writes what perfbench publishes of its baselines: the
// generated section of docs/performance.md ([Docs], [Section]), one chart
// per scenario embedded in it ([Charts]), and the page of the reference
// revision ([ReferencePage]).
//
// Nothing it renders depends on the clock or on a run's noise: times show
// their recorded baselines and the dates they were set, counts their exact
// values, so the same baselines give the same bytes. Text outside the
// docs file's markers is kept byte for byte. It reads the baselines and
// the history and writes nothing itself: the caller puts what it renders
// in a write group.
package perfdocs
