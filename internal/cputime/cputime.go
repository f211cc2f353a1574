// Package cputime reads the CPU time the process has used, for the
// benchmarks that report it beside the wall time: on a machine shared
// with other work the CPU time is the figure that does not depend on the
// load.
package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time of the process so far (user and system),
// or 0 where the system does not say.
func Process() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
