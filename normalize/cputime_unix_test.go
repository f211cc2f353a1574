//go:build unix

package normalize

import (
	"syscall"
	"time"
)

// cpuTime returns the process's user plus system CPU time, so that a
// benchmark on a busy machine can report throughput per CPU second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
