package runner

import (
	"context"
	"fmt"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"golang.org/x/sys/cpu"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/measure/callgrind"
	"github.com/perfbench/perfbench/scenario"
)

// WithInstructions returns times with each scenario's instructions from
// counted (a run with Runner.Instructions of the same scenarios) added as
// the numbers its result declares (scenario.Result.InstructionNumbers).
// A counted scenario that broke breaks its times' result too: its steps
// did something else under Valgrind. A result counted returns nothing for
// is left as it is.
func WithInstructions(times, counted []scenario.Result) []scenario.Result {
	out := slices.Clone(times)
	for i := range out {
		res := &out[i]
		k := slices.IndexFunc(counted, func(c scenario.Result) bool { return c.Name == res.Name })
		if k < 0 || res.Broken != "" {
			continue
		}
		c := counted[k]
		switch {
		case c.Broken != "":
			res.Broken = "counting instructions: " + c.Broken
			continue
		case c.NotCounted != "":
			res.NotCounted = c.NotCounted
			continue
		}
		res.Instructions = c.Instructions
		res.Numbers = append(slices.Clone(res.Numbers), c.InstructionNumbers()...)
	}
	return out
}

// Counts reports whether a result is worth counting: it has a time, so its
// steps do CPU work that a count of named work may not see.
func Counts(res scenario.Result) bool {
	return res.Broken == "" && slices.ContainsFunc(res.Numbers, func(m band.Measured) bool { return m.Band.Kind.Slowed() })
}

// Toolchain returns the key instructions are recorded under: what decides
// them — the operating system and architecture with its level (GOAMD64,
// GOARM64), the CPU features Valgrind shows the program, the Go toolchain,
// and the Valgrind that counts — so that every machine with those judges
// against one baseline. It fails where Valgrind is missing.
func Toolchain(ctx context.Context) (string, error) {
	valgrind, err := callgrind.Find()
	if err != nil {
		return "", err
	}
	out, err := exec.CommandContext(ctx, valgrind, "--version").Output()
	if err != nil {
		return "", fmt.Errorf("%s --version: %w", valgrind, err)
	}
	arch := runtime.GOOS + "/" + runtime.GOARCH
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "GO"+strings.ToUpper(runtime.GOARCH) {
				arch += " " + s.Value
			}
		}
	}
	if f := features(); f != "" {
		arch += " " + f
	}
	return fmt.Sprintf("instructions: %s, %s, %s", arch, runtime.Version(), strings.TrimSpace(string(out))), nil
}

// features names the widest of the CPU models Valgrind presents to the
// program on amd64. Valgrind does not pass the host's CPUID through: it
// answers as one of a few fixed models, chosen by which of these the host
// has, whatever its vendor, and Go's runtime picks its memmove and memclr
// by what CPUID answers. So two hosts with the same feature level count
// alike, an AMD and an Intel among them, and hosts that differ here would
// not.
func features() string {
	if runtime.GOARCH != "amd64" {
		return ""
	}
	switch {
	case cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2:
		return "avx2"
	case cpu.X86.HasAVX:
		return "avx"
	case cpu.X86.HasSSE42:
		return "sse4.2"
	case cpu.X86.HasSSE3:
		return "sse3"
	}
	return "baseline"
}
