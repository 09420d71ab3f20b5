// Package gallery builds the shipped gallery: the document every scenario,
// phase and workload drives, at a named size.
//
// # What it is
//
// A gallery is a fixed part, present at every size, followed by Size
// repeated control sections (s0 has none, s13 — the shipped gallery —
// has thirteen, s26 twenty-six). The fixed part holds, in tree order:
//
//   - a header: the title, the search text field (the first focusable
//     element, so Tab from the top lands in it), three buttons and the
//     indeterminate progress bar;
//   - a toolbar: a checkbox, a radio group, a slider, a second text field
//     and an image;
//   - three panes side by side: a table of 240 rows of five cells in a
//     Scroll, a virtualised List over a 1000-row model, and a rigid Scroll
//     of 100 content rows that all exist;
//   - tabs with three panels;
//   - a paragraph of several sentences that wraps at the window's width.
//
// Every section holds every element kind again: buttons (one disabled),
// checkboxes, a radio group, sliders, text fields, tabs, images, a
// progress bar that never animates, a small table, a small rigid scroll,
// a small virtualised list and a paragraph. So does the fixed part alone:
// every kind is present at every size, s0 included.
//
// # Contract
//
// Build depends on nothing but its arguments: no randomness, no clock, no
// map order. Two builds of one size and options are the same tree, so the
// counts measured over them are the same on every machine.
//
// The Gallery's handles are what scenarios drive:
//
//   - Field: the keystroke target, reached by tabbing from the top.
//   - Check: the one-control update (toggle Checked); it exists at every
//     size, so the static-slope workload updates the same control as the
//     document grows.
//   - Buttons, Radios, Slider, Tabs: clicks.
//   - TableRows: hover crossings. Rows are TableRowHeight px, so the table
//     is regular, and their hover variant changes only the background.
//   - List, ListModel: wheel over a virtualised list. Options.ListRows
//     scales the model (the list-slope workload uses 8×) without changing
//     the mounted rows or the element count.
//   - Rigid, RigidRows: scrolling content that is all mounted.
//   - TableScroll: scrolling a long, regular table.
//   - Paragraph: text that rewraps on resize.
//   - Progress: the only animated element, and only when Options.Animate
//     is set; with it unset (the idle variant) Doc.Animated() is 0.
//
// Each Build has its own stylesheet, a fresh NewSheet: a document interns
// class names into its sheet as it changes, so galleries never share one
// and may be driven from different goroutines. In that sheet every state
// variant (hover, focus, pressed, checked, disabled) changes paint
// properties only; no state change ever invalidates layout. Only the class
// "hidden" (display: none) does.
//
// # Sizes
//
// The element count of each size with DefaultOptions (every node, the
// root included): the fixed part is 1827 elements and each section 315.
// TestDocCounts checks this table against Build.
//
//	size  sections  elements
//	s0           0      1827
//	s1           1      2142
//	s2           2      2457
//	s4           4      3087
//	s8           8      4347
//	s13         13      5922
//	s26         26     10017
//
// s26 is the "roughly ten thousand controls" document of the design
// targets.
package gallery
