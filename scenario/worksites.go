package scenario

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// WorkSitesEnv names the directory a process records, into WorkFile,
// which elements its subject's work was for, when set: the runner sets
// it on a process of its own (never a timed or counted one, nor the one
// that records allocation sites, whose numbers the recording's own
// allocations would move), and only where a count that has a subject of
// its own failed or moved.
const WorkSitesEnv = "PERFBENCH_WORK_SITES"

// WorkFile is the file, in the WorkSitesEnv directory, that the work a
// subject reported is written to: a JSON object of each step label's
// sites with their counts ([WorkSites]).
const WorkFile = "work.json"

// WorkSite is one element's part of a count that has a subject of its
// own (restyles, relayouts, emitted primitives, draw-order insertions),
// as a subject that can say which elements did its work reports it
// ([Session.Work]).
type WorkSite struct {
	// Count names the subject's count (its CountSource name).
	Count string `json:"count"`
	// Element names the element; Why says why it was queued.
	Element string `json:"element"`
	Why     string `json:"why"`
}

// WorkSites are the sites of one step label's work, largest first.
type WorkSites []WorkCount

// WorkCount is how much of its count one site did, over the steps of
// one label.
type WorkCount struct {
	WorkSite
	N uint64 `json:"n"`
}

// work is a session's part in recording which elements did the
// subject's work; the zero value records nothing, and costs a step one
// test of an empty string.
type work struct {
	dir   string
	label string
	sites map[string]map[WorkSite]uint64
}

// begin decides, once before the first step, whether to record.
func (w *work) begin() { w.dir = os.Getenv(WorkSitesEnv) }

// at starts a step with label.
func (w *work) at(label string) {
	if w.dir != "" {
		w.label = label
	}
}

// RecordsWork reports whether this process records which elements did
// its subject's work ([Session.Work]): only one the runner started for
// that. A subject asks before it opens its window, so that no other
// process pays for it.
func (s *Session) RecordsWork() bool { return os.Getenv(WorkSitesEnv) != "" }

// Work records that the subject did n of count for element, queued for
// why, inside the step running: the subject's part of the work a failed
// count names. Outside a step, or in a process that does not record
// (RecordsWork), it records nothing.
func (s *Session) Work(count, element, why string, n uint64) {
	w := &s.work
	if w.dir == "" || !s.stepping {
		return
	}
	if w.sites == nil {
		w.sites = map[string]map[WorkSite]uint64{}
	}
	m := w.sites[w.label]
	if m == nil {
		m = map[WorkSite]uint64{}
		w.sites[w.label] = m
	}
	m[WorkSite{Count: count, Element: element, Why: why}] += n
}

// end writes what was recorded into WorkFile, each label's sites largest
// first.
func (w *work) end() {
	if w.dir == "" {
		return
	}
	out := map[string]WorkSites{}
	for label, m := range w.sites {
		var ws WorkSites
		for site, n := range m {
			ws = append(ws, WorkCount{site, n})
		}
		slices.SortFunc(ws, func(a, b WorkCount) int {
			return cmp.Or(cmp.Compare(b.N, a.N), cmp.Compare(a.Count, b.Count), cmp.Compare(a.Element, b.Element), cmp.Compare(a.Why, b.Why))
		})
		out[label] = ws
	}
	data, err := json.Marshal(out)
	if err == nil {
		err = os.WriteFile(filepath.Join(w.dir, WorkFile), data, 0o644)
	}
	if err != nil {
		panic(fmt.Sprintf("scenario: recording which elements did the work: %v", err))
	}
}
