package stats

import (
	"fmt"
	"os"
	"runtime/pprof"
	"time"
)

// HeapProfiles writes a heap profile to name.1, name.2, … every period
// until the returned function is called (which writes the last one): the
// live memory of a long search over time, for go tool pprof -inuse_space.
// A profile that cannot be written is reported on stderr and skipped;
// stop returns the first such error.
func HeapProfiles(name string, period time.Duration) (stop func() error) {
	done := make(chan struct{})
	finished := make(chan struct{})
	var first error
	keep := func(err error) {
		if first == nil {
			first = err
		}
	}
	go func() {
		defer close(finished)
		t := time.NewTicker(period)
		defer t.Stop()
		for i := 1; ; i++ {
			select {
			case <-done:
				keep(writeHeapProfile(fmt.Sprintf("%s.%d", name, i)))
				return
			case <-t.C:
				keep(writeHeapProfile(fmt.Sprintf("%s.%d", name, i)))
			}
		}
	}()
	return func() error { close(done); <-finished; return first }
}

func writeHeapProfile(path string) error {
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
	return err
}
