//go:build unix

package stats

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time of the process so far (user and
// system), or 0 where the system does not say. Benchmarks report it
// beside the wall time: on a machine shared with other work it is the
// figure that does not depend on the load.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
