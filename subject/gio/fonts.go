package gio

import (
	"gioui.org/font/gofont"
	"gioui.org/text"
	"gioui.org/widget/material"
)

// Shaper returns a new text shaper of the Go fonts only. A program
// measured with the system's fonts shapes other glyphs on each machine
// (another fallback, another face's metrics), so its allocations and
// op-list bytes are the same nowhere else; a scenario gives the program
// this shaper where its main gives one that loads the system's. A shaper
// keeps caches and is not safe for concurrent use: one per theme.
func Shaper() *text.Shaper {
	return text.NewShaper(text.NoSystemFonts(), text.WithCollection(gofont.Collection()))
}

// Theme returns material's default theme with [Shaper]: what a program
// built on gioui.org/widget/material needs in place of the theme its main
// makes.
func Theme() *material.Theme {
	th := material.NewTheme()
	th.Shaper = Shaper()
	return th
}
