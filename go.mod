module github.com/perfbench/perfbench

go 1.26.0

require github.com/stretchr/testify v1.12.1

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/shirou/gopsutil/v4 v4.26.10 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/image v0.48.0 // indirect
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)
