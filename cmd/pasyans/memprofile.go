package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"time"
)

// heapProfiles writes a heap profile to name.1, name.2, … every period
// until the returned function is called (which writes the last one): the
// live memory of a long search over time, for go tool pprof -inuse_space.
// A profile that cannot be written is reported on stderr and skipped.
func heapProfiles(name string, period time.Duration) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(period)
		defer t.Stop()
		for i := 1; ; i++ {
			select {
			case <-done:
				writeHeapProfile(fmt.Sprintf("%s.%d", name, i))
				return
			case <-t.C:
				writeHeapProfile(fmt.Sprintf("%s.%d", name, i))
			}
		}
	}()
	return func() { close(done); <-finished }
}

func writeHeapProfile(path string) {
	f, err := os.Create(path)
	if err == nil {
		err = pprof.WriteHeapProfile(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "pasyans: heap profile: %v\n", err)
	}
}
