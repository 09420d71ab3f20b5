package baselines

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"github.com/shirou/gopsutil/v4/cpu"
)

// Machine identifies where a time was measured: a baseline is only
// comparable with times from the same CPU model, core count, OS/arch and Go
// toolchain.
type Machine struct {
	CPU   string // CPU model name, whitespace collapsed
	Cores int    // logical CPUs the process may use (runtime.NumCPU)
	OS    string // GOOS
	Arch  string // GOARCH
	Go    string // toolchain version (runtime.Version), e.g. go1.26.8
	// Renderer names the renderer the scenarios drew with when it is not
	// the null one, with the graphics device: "gpu: llvmpipe (LLVM 15.0.6,
	// 256 bits)". Its times are baselined apart from the null renderer's,
	// and a software rasteriser's apart from a real device's.
	Renderer string
}

// String returns the machine's key in the baselines file and the docs:
// "AMD EPYC 7B13, 2 cores, linux/amd64, go1.26.8". The same machine always
// gives the same string.
func (m Machine) String() string {
	cores := "cores"
	if m.Cores == 1 {
		cores = "core"
	}
	key := fmt.Sprintf("%s, %d %s, %s/%s, %s", m.CPU, m.Cores, cores, m.OS, m.Arch, m.Go)
	if m.Renderer != "" {
		key += ", renderer " + m.Renderer
	}
	return key
}

// IsZero reports whether m is the zero Machine, which Options reads as
// "detect this one".
func (m Machine) IsZero() bool { return m == Machine{} }

// DetectMachine describes the machine the process runs on. The CPU model
// comes from the operating system (gopsutil's cpu.Info); where it names
// none, the model is "unknown <GOARCH> CPU" so the key is still stable.
func DetectMachine() Machine {
	m := Machine{
		Cores: runtime.NumCPU(),
		OS:    runtime.GOOS,
		Arch:  runtime.GOARCH,
		Go:    runtime.Version(),
	}
	if infos, err := cpu.InfoWithContext(context.Background()); err == nil {
		for _, info := range infos {
			if name := strings.Join(strings.Fields(info.ModelName), " "); name != "" {
				m.CPU = name
				break
			}
		}
	}
	if m.CPU == "" {
		m.CPU = "unknown " + runtime.GOARCH + " CPU"
	}
	return m
}
