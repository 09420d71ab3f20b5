package callgrind

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"testing"

	"github.com/google/pprof/profile"
)

//go:noinline
func symbolized() int { return 42 }

func TestSymbolizeNamesAddresses(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("no executable to read: %v", err)
	}
	pc := reflect.ValueOf(symbolized).Pointer()
	want := runtime.FuncForPC(pc).Name()
	p := &profile.Profile{Function: []*profile.Function{
		{ID: 1, Name: fmt.Sprintf("0x%016x", pc)},
		{ID: 2, Name: "main.named"},
		{ID: 3, Name: "0xnothex"},
	}}
	if n := Symbolize(p, exe); n != 1 {
		t.Fatalf("Symbolize named %d functions, want 1", n)
	}
	if p.Function[0].Name != want || p.Function[0].Filename == "" {
		t.Errorf("the address became %q in %q, want %q in this file", p.Function[0].Name, p.Function[0].Filename, want)
	}
	if p.Function[1].Name != "main.named" || p.Function[2].Name != "0xnothex" {
		t.Errorf("names that are not addresses changed: %q, %q", p.Function[1].Name, p.Function[2].Name)
	}
	// A file that is no Go binary names nothing, and changes nothing.
	q := &profile.Profile{Function: []*profile.Function{{ID: 1, Name: fmt.Sprintf("0x%016x", pc)}}}
	if n := Symbolize(q, "testdata"); n != 0 || q.Function[0].Name != fmt.Sprintf("0x%016x", pc) {
		t.Errorf("a directory named %d functions: %q", n, q.Function[0].Name)
	}
}

func TestForPrint(t *testing.T) {
	for in, want := range map[string]string{
		"main.f":              "main.f",
		"pkg.F[go.shape.int]": "pkg.F[...]",
		"pkg.(*T[go.shape.struct { a [2]int }]).M": "pkg.(*T[...]).M",
		"pkg.(*T[...]).M.func1":                    "pkg.(*T[...]).M.func1",
		"weird]name[":                              "weird]name[",
	} {
		if got := ForPrint(in); got != want {
			t.Errorf("ForPrint(%q) = %q, want %q", in, got, want)
		}
	}
}
