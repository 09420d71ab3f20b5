//go:build fyne

package main

import fynepeer "github.com/perfbench/perfbench/subject/fyne/peer"

// With -tags fyne the peers command has the Fyne peer too (see morePeers
// for why only then).
func init() { morePeers = append(morePeers, fynepeer.Peer{}) }
