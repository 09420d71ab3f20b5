//go:build gpu && cgo

package main

import _ "github.com/perfbench/perfbench/renderer/gpu" // registers "gpu"
