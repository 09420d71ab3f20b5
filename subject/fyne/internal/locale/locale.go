// Package locale says what a C locale means to Fyne before Fyne asks.
//
// Fyne reads the user's locale with go-locale when its lang package
// initializes, and go-locale takes a C locale with a codeset ("C.UTF-8",
// the LANG of most containers) for the language "C", which Fyne cannot
// parse: every process of a Fyne program then prints "Fyne error: Error
// parsing user locale C" and falls back to English. This package's init
// sets LANGUAGE=en where that would happen (LANGUAGE unset, and the
// locale C or POSIX with a codeset or modifier): English is what Fyne
// falls back to, and what gettext's C locale means, so Fyne ends where it
// did, quietly. A locale Fyne truly cannot parse still prints its error.
//
// It must run before Fyne's lang package initializes, which Go's
// initialization order guarantees without an import between the two: a
// package is initialized as soon as it is the first, by import path, of
// those whose imports are all initialized. This one imports only os and
// strings, which every path to Fyne's lang imports too (through
// golang.org/x/text, whose path sorts after this one's), so it is ready
// first and sorts first. A test in package fyne holds it.
package locale

import (
	"os"
	"strings"
)

func init() {
	if quiet, ok := Quiet(os.Getenv); ok {
		os.Setenv("LANGUAGE", quiet)
	}
}

// Quiet returns the LANGUAGE that keeps Fyne from misreading a C locale,
// and whether one is needed, for the environment getenv reads: the locale
// is the first of LC_ALL, LC_MESSAGES and LANG that is set, as go-locale
// reads it, and a set LANGUAGE is go-locale's answer already.
func Quiet(getenv func(string) string) (string, bool) {
	if getenv("LANGUAGE") != "" {
		return "", false
	}
	var loc string
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if loc = getenv(name); loc != "" {
			break
		}
	}
	lang, rest, found := strings.Cut(strings.Replace(loc, "@", ".", 1), ".")
	if !found || rest == "" || (lang != "C" && lang != "POSIX") {
		return "", false
	}
	return "en", true
}
