//go:build ignore

// gen.go writes zcounters.go from table.go: go generate ./internal/instrument/counter
package main

import (
	"log"
	"os"

	"github.com/perfbench/perfbench/internal/instrument/counter/internal/countergen"
)

func main() {
	src, err := os.ReadFile("table.go")
	if err != nil {
		log.Fatal(err)
	}
	rows, err := countergen.Parse(src)
	if err != nil {
		log.Fatal(err)
	}
	out, err := countergen.Generate(rows)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("zcounters.go", out, 0o644); err != nil {
		log.Fatal(err)
	}
}
