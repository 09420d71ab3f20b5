package band

import (
	"runtime"
	"strconv"
	"strings"
)

// kit are the packages that build a band for a scenario's declaration
// rather than declare one: the file:line a bound was declared at is the
// first frame past them, in the program's own code.
var kit = []string{
	"github.com/perfbench/perfbench/band",
	"github.com/perfbench/perfbench/scenario",
	"github.com/perfbench/perfbench/subject/",
}

// declaredAt returns the file:line where a bound written in source was
// declared: the line, in the first package past the kit's, that called
// the kit. A scenario declared as a package variable is built in that
// package's init, and a helper of the same package (suite's drawCalls,
// called from hoverstorm.go with the bound) gives way to the line of the
// declaration that called it. "" when no frame is the program's.
func declaredAt() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	pkg, at := "", ""
	for {
		f, more := frames.Next()
		p := packageOf(f.Function)
		switch {
		case pkg == "" && !inKit(p):
			pkg = p
			at = f.File + ":" + strconv.Itoa(f.Line)
		case pkg != "" && p == pkg && f.Function == pkg+".init":
			return f.File + ":" + strconv.Itoa(f.Line)
		case pkg != "" && p != pkg:
			return at
		}
		if !more {
			return at
		}
	}
}

// packageOf returns the import path of a function runtime names
// ("example.com/a/b.init.func1" → "example.com/a/b").
func packageOf(function string) string {
	slash := strings.LastIndex(function, "/")
	if dot := strings.Index(function[slash+1:], "."); dot >= 0 {
		return function[:slash+1+dot]
	}
	return function
}

func inKit(pkg string) bool {
	for _, k := range kit {
		if pkg == k || strings.HasSuffix(k, "/") && strings.HasPrefix(pkg, k) {
			return true
		}
	}
	return false
}
