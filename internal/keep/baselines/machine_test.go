package baselines_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/internal/keep/baselines"
)

func TestMachineString(t *testing.T) {
	tests := []struct {
		name string
		m    baselines.Machine
		want string
	}{
		{"several cores", machineA, "Test CPU 3000, 2 cores, linux/amd64, go1.26.0"},
		{"one core", baselines.Machine{CPU: "Tiny", Cores: 1, OS: "linux", Arch: "arm", Go: "go1.26.8"}, "Tiny, 1 core, linux/arm, go1.26.8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assert.Equal(t, tt.want, tt.m.String()) })
	}
}

func TestDetectMachine(t *testing.T) {
	m := baselines.DetectMachine()
	assert.NotEmpty(t, m.CPU, "a CPU model, or the unknown-CPU fallback")
	assert.Positive(t, m.Cores)
	assert.NotEmpty(t, m.OS)
	assert.NotEmpty(t, m.Arch)
	assert.NotEmpty(t, m.Go)
	assert.Equal(t, m, baselines.DetectMachine(), "the key is stable")
	t.Logf("this machine: %s", m)
}
