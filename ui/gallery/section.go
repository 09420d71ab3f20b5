package gallery

import (
	"fmt"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
)

// The shape of one repeated section. These numbers set the element count
// per section (the table in the package doc); change them together with
// that table.
const (
	sectionButtons    = 6  // the last one disabled
	sectionChecks     = 14 // labelled checkboxes, every third checked, the last disabled
	sectionRadios     = 5  // one group, the first checked
	sectionSliders    = 4  // label, slider, value
	sectionFields     = 3  // label, text field
	sectionSprites    = 16 // images
	sectionTableRows  = 24 // mini table body rows of four cells
	sectionLogLines   = 16 // rows of the small rigid scroll
	miniListRows      = 64 // model rows of the section's virtualised list
	miniListHeight    = 96 // px
	miniListRowHeight = 16 // px
	miniListOverscan  = 2
)

var sectionButtonLabels = [sectionButtons]string{"Run", "Step", "Pause", "Reset", "Export", "Delete"}

// section adds repeated section i (0-based): every element kind, with
// content that differs from section to section but only by its index.
func (b builder) section(parent *document.Node, i int) *document.Node {
	d := b.d
	sec := d.Add(parent, document.Box, "section")

	head := d.Add(sec, document.Box, "section-head")
	b.text(head, fmt.Sprintf("Section %02d", i+1), "section-title")
	b.text(head, sentence(i+100, 6), "note")

	buttons := d.Add(sec, document.Box, "button-row")
	for k, l := range sectionButtonLabels {
		cls := "button"
		if k == 0 {
			cls = "button primary"
		}
		btn := b.button(buttons, l, cls)
		if k == sectionButtons-1 {
			d.SetState(btn, style.Disabled, true)
		}
	}

	grid := d.Add(sec, document.Box, "grid")
	checks := d.Add(grid, document.Box, "column")
	for k := range sectionChecks {
		c := b.labelled(checks, document.Checkbox, "check", fmt.Sprintf("Option %c", 'A'+k))
		d.SetState(c, style.Checked, (i+k)%3 == 0)
		d.SetState(c, style.Disabled, k == sectionChecks-1)
	}
	radios := d.Add(grid, document.Box, "column")
	group := fmt.Sprintf("section-%02d", i+1)
	for k := range sectionRadios {
		r := b.labelled(radios, document.Radio, "radio", fmt.Sprintf("Mode %d", k+1))
		d.SetGroup(r, group)
		d.SetState(r, style.Checked, k == 0)
	}
	inputs := d.Add(grid, document.Box, "column")
	for k := range sectionSliders {
		row := d.Add(inputs, document.Box, "control-row")
		b.text(row, word(i+k), "row-label")
		s := d.Add(row, document.Slider, "slider")
		v := float32((i*3+k*5)%11) / 10
		d.SetValue(s, v)
		b.text(row, fmt.Sprintf("%.1f", v), "value")
	}
	for k := range sectionFields {
		row := d.Add(inputs, document.Box, "control-row")
		b.text(row, fmt.Sprintf("Field %d", k+1), "row-label")
		f := d.Add(row, document.TextField, "field")
		d.SetText(f, word(i*3+k))
	}

	b.tabs(sec, [3]string{"Summary", "History", "Notes"}, func(k int, p *document.Node) {
		b.text(p, sentence(i*3+k, 9), "paragraph")
		row := d.Add(p, document.Box, "button-row")
		b.button(row, "Accept", "button primary")
		b.button(row, "Dismiss", "button")
		b.labelled(p, document.Checkbox, "check", "Remember")
	})

	sprites := d.Add(sec, document.Box, "sprite-row")
	for k := range sectionSprites {
		d.SetSprite(d.Add(sprites, document.Image, "icon"), (i+k)%16)
	}

	// A progress bar that never animates: only the header's bar runs, so
	// the animation cost of a gallery does not grow with its size.
	prog := d.Add(sec, document.Box, "control-row")
	b.text(prog, "Syncing", "row-label")
	d.Add(prog, document.Progress, "progress")

	table := d.Add(sec, document.Table, "mini-table")
	mhead := d.Add(table, document.Box, "mini-head")
	for c := range miniColumns {
		b.text(mhead, fmt.Sprintf("Col %d", c+1), "cell", miniClass[c])
	}
	for r := range sectionTableRows {
		row := d.Add(table, document.Box, "mini-row")
		for c := range miniColumns {
			b.text(row, fmt.Sprintf("%d.%d", r+1, (i+c*7+r)%100), "cell", miniClass[c])
		}
	}

	log := d.Add(sec, document.Scroll, "log")
	for k := range sectionLogLines {
		b.text(log, fmt.Sprintf("[%02d:%02d] %s", i%24, k*5, sentence(i+k, 4)), "log-line")
	}

	list := d.Add(sec, document.List, "mini-list")
	d.SetList(list, &document.ListModel{
		Rows:      miniListRows,
		RowHeight: miniListRowHeight,
		Overscan:  miniListOverscan,
		Label:     func(r int) string { return fmt.Sprintf("%02d/%02d %s", i+1, r+1, word(r)) },
		RowClass:  "mini-list-row",
	})
	mountRows(d, list, miniListHeight)

	b.text(sec, sentence(i+200, 24), "paragraph")
	return sec
}
