package text

import (
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// A Family is the set of faces a Style chooses from. Regular is required; a
// missing face falls back to the nearest one present (MonoBold to Mono, then
// Bold, then Regular; Mono and Bold to Regular).
//
// A Family is read-only once in use: Shapers and Atlases key their caches by
// its address and read its fonts from whatever goroutine owns them (sfnt
// fonts are safe for concurrent reads, each reader with its own Buffer).
type Family struct {
	Regular, Bold, Mono, MonoBold *sfnt.Font
}

// Go returns the Go fonts (regular, bold, mono, mono bold), embedded in the
// binary and parsed once per process. They are the default Family.
//
// The Go fonts carry no kerning data (neither a kern table nor GPOS), so
// every kerning pair they give is zero; a Family with kerning data is kerned.
func Go() *Family { return goFamily() }

var goFamily = sync.OnceValue(func() *Family {
	parse := func(ttf []byte) *sfnt.Font {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			panic("text: embedded Go font: " + err.Error())
		}
		return f
	}
	return &Family{
		Regular:  parse(goregular.TTF),
		Bold:     parse(gobold.TTF),
		Mono:     parse(gomono.TTF),
		MonoBold: parse(gomonobold.TTF),
	}
})

func (fam *Family) face(w Weight, mono bool) *sfnt.Font {
	var order [4]*sfnt.Font
	switch {
	case mono && w == Bold:
		order = [4]*sfnt.Font{fam.MonoBold, fam.Mono, fam.Bold, fam.Regular}
	case mono:
		order = [4]*sfnt.Font{fam.Mono, fam.Regular}
	case w == Bold:
		order = [4]*sfnt.Font{fam.Bold, fam.Regular}
	default:
		order = [4]*sfnt.Font{fam.Regular}
	}
	for _, f := range order {
		if f != nil {
			return f
		}
	}
	panic("text: family has no Regular face")
}
