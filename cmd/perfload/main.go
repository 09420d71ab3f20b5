// Command perfload runs the noise harness's background load until it is
// interrupted: 2 busy threads per CPU and a thread streaming through a
// 256 MiB buffer (noise.DefaultLoad), or as set by its flags.
//
//	perfload                      # the default load
//	perfload -spinners 4 -mem 64  # four busy threads, a 64 MiB hog
package main

import (
	"context"
	"flag"
	"os"
	"os/signal"
	"syscall"

	"github.com/perfbench/perfbench/internal/check/noise"
)

func main() {
	l := noise.DefaultLoad()
	flag.IntVar(&l.Spinners, "spinners", l.Spinners, "busy threads")
	mem := flag.Int("mem", l.MemoryBytes>>20, "MiB the memory hog streams through (0: no hog)")
	flag.Parse()
	l.MemoryBytes = *mem << 20
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	l.Run(ctx)
}
